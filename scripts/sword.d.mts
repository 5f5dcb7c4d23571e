// Types of scripts/sword.mjs for the TypeScript tests that use it.
export declare const SWORD_SOURCE: string;
export declare const SWORD_DEMO_KEY: string;
/** the line said when the source is absent (upstream repository and commit), undefined when it is there */
export declare function swordSourceMissing(): string | undefined;
export declare function ensureSwordBuild(options?: { log?: (line: string) => void }): string;
export declare function serveSword(options: { dist: string; api: string; publicKey: string; port?: number }): Promise<{ url: string; close(): Promise<void> }>;
