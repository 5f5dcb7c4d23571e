// Types of what TypeScript scripts import from bench-consoles.mjs (scripts/bench-team.ts).
export declare function benchTeamFirstOpen(backendUrl: string, runs?: number): Promise<number[]>;
