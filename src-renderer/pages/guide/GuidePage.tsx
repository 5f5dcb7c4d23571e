// The ? icon's page: this product's own user guide, docs/guide.zh.md or docs/guide.en.md (the same text as in
// the repository) in the console's language, with its sections listed first.
import { memo, useMemo, useRef, type ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import zhGuide from '../../../docs/guide.zh.md?raw';
import enGuide from '../../../docs/guide.en.md?raw';
import { parseMarkdown, type Block, type Inline } from './markdown';

const GUIDES = { zh: zhGuide, en: enGuide } as const;

function spans(list: Inline[]): ReactNode[] {
  return list.map((s, i) =>
    s.kind === 'strong' ? <Typography.Text key={i} strong>{s.text}</Typography.Text> : s.kind === 'code' ? <Typography.Text key={i} code>{s.text}</Typography.Text> : s.text,
  );
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === 'heading') return <Typography.Title level={block.level} id={block.id} style={{ scrollMarginTop: 16 }}>{block.text}</Typography.Title>;
  if (block.kind === 'paragraph') return <Typography.Paragraph>{spans(block.inlines)}</Typography.Paragraph>;
  const items = block.items.map((item, i) => <li key={i}>{spans(item)}</li>);
  return <Typography.Paragraph>{block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>}</Typography.Paragraph>;
}

export default memo(function GuidePage() {
  const { t, i18n } = useTranslation();
  const body = useRef<HTMLDivElement>(null);
  const blocks = useMemo(() => parseMarkdown(i18n.language === 'en' ? GUIDES.en : GUIDES.zh), [i18n.language]);
  const sections = blocks.filter((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading' && b.level === 2);
  // the console routes by the address's hash: the contents scroll to a section instead of linking to it
  const show = (id: string) => body.current?.querySelector(`[id="${id}"]`)?.scrollIntoView({ block: 'start' });
  return (
    <Card className="desk-guide">
      <div ref={body} style={{ maxWidth: 860 }}>
        {blocks.length > 0 && <BlockView block={blocks[0]!} />}
        <nav aria-label={t('shell.guideContents')} className="desk-guide-contents">
          <Typography.Text strong>{t('shell.guideContents')}</Typography.Text>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <Typography.Link onClick={() => show(s.id)}>{s.text}</Typography.Link>
              </li>
            ))}
          </ol>
        </nav>
        {blocks.slice(1).map((b, i) => (
          <BlockView key={i} block={b} />
        ))}
      </div>
    </Card>
  );
});
