// Types of scripts/saber.mjs for the TypeScript tests and benchmarks that use it.
export declare const SABER_SOURCE: string;
export declare const SABER_DEMO_KEY: string;
/** the line said when the source is absent (upstream repository and commit), undefined when it is there */
export declare function saberSourceMissing(): string | undefined;
export declare function sourceHash(dir?: string): string;
export declare function ensureSaberBuild(options?: { log?: (line: string) => void }): string;
export declare function serveSaber(options: { dist: string; api: string; publicKey: string; port?: number }): Promise<{ url: string; close(): Promise<void> }>;
