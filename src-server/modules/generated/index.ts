// Modules made by 生成代码 (admin/codegen.ts): every folder here with an
// index.ts whose default export is a ServerModule is a module of the product,
// with nothing to register by hand (applying generated code is dropping its
// folder here and its screen's in src-renderer/screens/generated/). Their
// migrations are numbered in the range reserved for them, 1000-9999 (ten per
// module, given by the generating install).
//
// Found by Vite's import.meta.glob where the code is bundled or transformed by
// Vite (the Electron build, vitest); run from source by tsx (npm run server /
// web, the e2e hosts), which has no glob, by reading this folder.
import { readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerModule } from '../types';

type Found = Record<string, { default: ServerModule }>;

function globbed(): Found | null {
  try {
    return import.meta.glob<{ default: ServerModule }>('./*/index.ts', { eager: true });
  } catch {
    return null; // not transformed by Vite: import.meta.glob does not exist
  }
}

async function fromFolder(): Promise<Found> {
  const here = dirname(fileURLToPath(import.meta.url));
  const found: Found = {};
  for (const entry of readdirSync(here, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(here, entry.name, 'index.ts');
    if (entry.isDirectory() && existsSync(file)) found[`./${entry.name}/index.ts`] = (await import(pathToFileURL(file).href)) as { default: ServerModule };
  }
  return found;
}

const found = globbed() ?? (await fromFolder());

/** The generated modules, in the order of their folder names. */
export const GENERATED_MODULES: ServerModule[] = Object.keys(found)
  .sort()
  .map((k) => found[k]!.default);
