// The generated sections of docs/benchmarks.md: each benchmark writes its own between
// `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`, the prose around them kept.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const DOC = join(resolve(import.meta.dirname, '..'), 'docs/benchmarks.md');

/** Replaces section `name` of docs/benchmarks.md with `body`; a section the file lacks is an error, not a lost result. */
export function writeBenchSection(name, body) {
  const doc = readFileSync(DOC, 'utf8');
  const re = new RegExp(`<!-- bench:${name}:start -->[\\s\\S]*<!-- bench:${name}:end -->`);
  if (!re.test(doc)) throw new Error(`docs/benchmarks.md has no bench:${name} section`);
  writeFileSync(DOC, doc.replace(re, `<!-- bench:${name}:start -->\n${body}\n<!-- bench:${name}:end -->`));
}
