// Loads the real keytar module (native, CommonJS). A machine without it (or
// without a working build) gets null, and the TokenVault keeps tokens in memory.

import { createRequire } from 'node:module';
import type { KeytarLike } from './services/TokenVault';

export function loadKeytar(): KeytarLike | null {
  try {
    const mod = createRequire(import.meta.url)('keytar') as KeytarLike & { default?: KeytarLike };
    return typeof mod.getPassword === 'function' ? mod : (mod.default ?? null);
  } catch {
    return null;
  }
}
