/** The database engines' names as the console shows them (proper names, the same in every language). */
export const ENGINE_LABELS: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
