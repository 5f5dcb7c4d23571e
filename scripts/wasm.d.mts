// Types of scripts/wasm.mjs for the unit test that checks the generated module.
export declare const WAT: string;
export declare const OUT: string;
export declare function assemble(source?: string): Promise<string>;
export declare const moduleText: (base64: string) => string;
