// What main's keyword preview worker found in a .txt file (keywords:preview): name, encoding, lines, distinct
// keywords, duplicates, empty lines and the first lines. Shown by the generate-article task's keyword file (whose
// choice is its upload) and by the keyword and article imports before their rows go in (确认导入).
import type { ReactNode } from 'react';
import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeywordFileRef, KeywordPreview } from '../../../src-shared/ipc';
import { pathForFile } from '../../platform/bridge';
import { fileToBase64 } from '../../components/upload/files';
import '../../i18n/areas/content';
import '../../i18n/areas/content-checks';

/** a chosen or dropped file as main reads it: its path (Electron), else its bytes */
export async function keywordSource(file: File): Promise<KeywordFileRef> {
  const path = pathForFile(file);
  return path ? { path } : { name: file.name, base64: await fileToBase64(file) };
}

interface Props {
  preview: KeywordPreview;
  /** i18n key of the distinct lines' label (default: keywords) */
  uniqueLabel?: string;
  /** under the counts: the upload's state, the import's buttons */
  children?: ReactNode;
}

export function KeywordPreviewCard({ preview: p, uniqueLabel = 'content.c2.task.kw.unique', children }: Props) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('content.c2.task.kw.preview')} style={{ marginTop: 8 }} data-testid="keyword-preview">
      <Descriptions size="small" column={3} items={[
        { key: 'name', label: t('content.c2.task.kw.name'), children: <span data-testid="kw-name">{p.name}</span>, span: 2 },
        { key: 'encoding', label: t('content.c2.task.kw.encoding'), children: <span data-testid="kw-encoding">{p.encoding.toUpperCase()}</span> },
        { key: 'lines', label: t('content.c2.task.kw.lines'), children: <span data-testid="kw-lines">{p.lines}</span> },
        { key: 'unique', label: t(uniqueLabel), children: <span data-testid="kw-unique">{p.unique}</span> },
        { key: 'duplicates', label: t('content.c2.task.kw.duplicates'), children: <span data-testid="kw-duplicates">{p.duplicates}</span> },
        { key: 'empty', label: t('content.c2.task.kw.empty'), children: <span data-testid="kw-empty">{p.empty}</span> },
      ]} />
      <div style={{ marginTop: 6, color: 'var(--ant-color-text-secondary, rgba(0, 0, 0, 0.65))' }}>{t('content.c2.task.kw.first', { n: p.firstLines.length })}</div>
      <pre data-testid="kw-first" style={{ maxHeight: 160, overflow: 'auto', margin: '4px 0 8px', padding: 8, background: 'var(--ant-color-fill-quaternary, #fafafa)', fontSize: 12 }}>
        {p.firstLines.join('\n')}
      </pre>
      {children}
    </Card>
  );
}
