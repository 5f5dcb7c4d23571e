// No import cycles in the product's code, and no import from a lower layer of
// the back end into its modules (see 'layers' below). The graph is read with the TypeScript
// compiler itself (ts.preProcessFile + ts.resolveModuleName with the project's
// options), so `import type` counts as an edge too: a type-only cycle still ties
// two modules together. (madge 8, the usual tool, declares a peer TypeScript
// below 6 and does not install next to this project's TypeScript 6.)
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const FOLDERS = ['src-main', 'src-server', 'src-renderer', 'src-shared', 'src-preload'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
}

/** file -> the project files it imports (relative or aliased imports that resolve inside the folders). */
export function importGraph(): Map<string, string[]> {
  const options = compilerOptions();
  const files = FOLDERS.flatMap((f) => sourceFiles(join(root, f)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets: string[] = [];
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && known.has(resolve(resolved))) targets.push(resolve(resolved));
    }
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the list of files around it (one per back edge). */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const s = state.get(next);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('import graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('reads real edges of the project (db/ is imported by the modules)', () => {
    const graph = importGraph();
    const content = join(root, 'src-server/modules/index.ts');
    expect(graph.get(content)).toContain(join(root, 'src-server/db/migrations.ts'));
  });

  it('has no import cycle in src-main, src-server, src-renderer, src-shared, src-preload', () => {
    const cycles = findCycles(importGraph()).map((c) => c.map((f) => relative(root, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});

/**
 * The back end's layers, lowest first: util/, db/, files/, http/, crud/, auth/, jobs/, system/ (the machinery every
 * module uses), then modules/ (the screens' resources and routes), then the files that put it all together (app.ts,
 * cli.ts, and what builds a whole app: access-routes.ts, backup/commands.ts). A lower layer never imports a module or
 * the top: what it needs from them is passed in or registered.
 */
const LOWER = ['util', 'db', 'files', 'http', 'crud', 'auth', 'jobs', 'system'].map((f) => join(root, 'src-server', f) + sep);
const UPPER = [join(root, 'src-server/modules') + sep, join(root, 'src-server/app.ts'), join(root, 'src-server/cli.ts'), join(root, 'src-server/access-routes.ts')];

/** Imports from a file of a lower layer into modules/ or the top files, as "from -> to". */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const lower = (f: string) => LOWER.some((d) => f.startsWith(d));
  const upper = (f: string) => UPPER.some((u) => (u.endsWith(sep) ? f.startsWith(u) : f === u));
  return [...graph].flatMap(([from, tos]) => (lower(from) ? tos.filter(upper).map((to) => `${relative(root, from)} -> ${relative(root, to)}`) : []));
}

describe('layers', () => {
  it('finds an upward import when there is one (the check can fail)', () => {
    const file = (p: string) => join(root, 'src-server', p);
    const graph = new Map([
      [file('files/a.ts'), [file('modules/content/b.ts'), file('util/c.ts')]],
      [file('modules/content/b.ts'), [file('files/a.ts')]],
      [file('http/d.ts'), [file('app.ts')]],
    ]);
    expect(upwardImports(graph)).toEqual(['src-server/files/a.ts -> src-server/modules/content/b.ts', 'src-server/http/d.ts -> src-server/app.ts']);
  });

  it('no file of util/, db/, files/, http/, crud/, auth/, jobs/ or system/ imports from modules/ or the top (app.ts, cli.ts)', () => {
    expect(upwardImports(importGraph())).toEqual([]);
  });
});
