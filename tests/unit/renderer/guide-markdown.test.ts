import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlines, parseMarkdown } from '../../../src-renderer/pages/guide/markdown';

describe('the guide page reads docs/guide.*.md', () => {
  it('reads headings, paragraphs, both kinds of list, bold and code', () => {
    const blocks = parseMarkdown('# Title\n\nOne line\nand the next.\n\n## Part\n\n- **a** b\n- `c` d\n\n1. first\n2. second\n');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Title', id: 'guide-0' },
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'One line and the next.' }] },
      { kind: 'heading', level: 2, text: 'Part', id: 'guide-2' },
      { kind: 'list', ordered: false, items: [[{ kind: 'strong', text: 'a' }, { kind: 'text', text: ' b' }], [{ kind: 'code', text: 'c' }, { kind: 'text', text: ' d' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] },
    ]);
    expect(inlines('x **y** `z`')).toEqual([{ kind: 'text', text: 'x ' }, { kind: 'strong', text: 'y' }, { kind: 'text', text: ' ' }, { kind: 'code', text: 'z' }]);
  });

  it('has the same sections in zh and en, and nothing the page would show as raw Markdown', () => {
    const read = (lang: string) => parseMarkdown(readFileSync(resolve(import.meta.dirname, `../../../docs/guide.${lang}.md`), 'utf8'));
    const zh = read('zh');
    const en = read('en');
    const shape = (blocks: typeof zh) => blocks.map((b) => (b.kind === 'heading' ? `h${b.level}` : b.kind === 'list' ? `${b.kind}${b.items.length}` : b.kind));
    expect(shape(en)).toEqual(shape(zh));
    for (const b of [...zh, ...en]) {
      const texts = b.kind === 'heading' ? [b.text] : b.kind === 'paragraph' ? b.inlines.map((i) => i.text) : b.items.flat().map((i) => i.text);
      for (const text of texts) expect(text).not.toMatch(/\*\*|`|^#|\]\(/);
    }
  });
});
