// Theme names and the default colour, without antd: the entry chunk (login
// page, stores) reads these; the antd theme objects live in ./index.

export const THEMES = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeName = 'default';
export const DEFAULT_COLOUR = '#2EA300';

export const isTheme = (v: unknown): v is ThemeName => typeof v === 'string' && (THEMES as readonly string[]).includes(v);
