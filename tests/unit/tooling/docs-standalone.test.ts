// The repository's docs stand on their own (issue 39): README.md and docs/ never send a reader to a folder
// outside the repository (../shared), and every relative link in them names a file that is there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Relative markdown links of a text whose target file is missing, as "file -> target". */
export function brokenLinks(file: string, text: string, exists: (path: string) => boolean): string[] {
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .filter((target) => !exists(join(dirname(file), target)))
    .map((target) => `${file} -> ${target}`);
}

describe('docs stand on their own', () => {
  it('finds a broken link when there is one (the check can fail)', () => {
    const text = 'see [a](architecture.md), [b](missing.md#x) and [c](https://example.com)';
    expect(brokenLinks('docs/x.md', text, (p) => p === 'docs/architecture.md')).toEqual(['docs/x.md -> missing.md']);
  });

  it('README.md and docs/ never point at ../shared, and hold the architecture, the behaviour and the guide', () => {
    const outside = docs.filter((f) => readFileSync(join(root, f), 'utf8').includes('../shared'));
    expect(outside).toEqual([]);
    for (const f of ['docs/architecture.md', 'docs/behaviour.md', 'docs/development.md']) expect(docs).toContain(f);
  });

  it('every relative link of README.md and docs/ names a file of the repository', () => {
    const broken = docs.flatMap((f) => brokenLinks(f, readFileSync(join(root, f), 'utf8'), (p) => existsSync(join(root, p))));
    expect(broken).toEqual([]);
  });
});
