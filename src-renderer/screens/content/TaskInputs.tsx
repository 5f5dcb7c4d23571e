// Inputs of the generate-article task form: prompt rows (the first cannot be
// deleted; deleting another shows 删除成功) and the keyword .txt file (one file,
// at most 51200 KB, previewed by main, then uploaded by main as a stream).
import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Card, Descriptions, Input, Space, Spin } from 'antd';
import type { KeywordFileRef, KeywordPreview } from '../../../src-shared/ipc';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../crud/types';
import { call, hostKind, pathForFile } from '../../platform/bridge';
import { fileToBase64 } from '../../components/upload/files';
import { registerUploadMessages } from '../../components/upload/messages';
import '../../i18n/areas/content';

type Prompt = { input: string };

export function PromptRows({ value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const rows: Prompt[] = Array.isArray(value) && value.length > 0 ? (value as Prompt[]) : [{ input: '' }];
  const set = (next: Prompt[]) => onChange?.(next);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {rows.map((p, i) => (
        <Space.Compact key={i} style={{ width: '100%' }}>
          <Input.TextArea
            rows={2}
            value={p.input}
            disabled={disabled}
            placeholder={t('content.c2.task.promptPlaceholder')}
            onChange={(e) => set(rows.map((r, j) => (j === i ? { input: e.target.value } : r)))}
          />
          {i > 0 && (
            <Button danger disabled={disabled} onClick={() => { set(rows.filter((_, j) => j !== i)); void message.success(t('crud.deleteSuccess')); }}>
              {t('content.c2.task.deleteRow')}
            </Button>
          )}
        </Space.Compact>
      ))}
      <Button disabled={disabled} onClick={() => set([...rows, { input: '' }])}>{t('content.c2.task.addRow')}</Button>
    </Space>
  );
}

/** 51200 KB: the spec's limit of a keyword file (main checks it again) */
const KEYWORD_MAX_BYTES = 51200 * 1024;

type KeywordSource = KeywordFileRef;

registerUploadMessages();

/**
 * The keyword .txt file: dropped onto the field or chosen (Electron: the native
 * open dialog; browser: a file input). Main previews it first (line count,
 * distinct keywords, duplicates, empty lines, first lines, encoding); the
 * operator confirms and main uploads it to put-file as a stream. A wrong type,
 * a file too large, an empty or unreadable one gets its message and nothing
 * is sent.
 */
export function KeywordFile({ value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const link = typeof value === 'string' ? value : '';
  const [busy, setBusy] = useState<'' | 'reading' | 'uploading'>('');
  const [over, setOver] = useState(false);
  const [pending, setPending] = useState<{ source: KeywordSource; preview: KeywordPreview } | null>(null);
  const [uploadedName, setUploadedName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // main starts the preview's worker thread now, so a dropped file meets a warm one; again when a file is
  // dragged over the field or the file dialog opens (main stops an idle thread after 30 s, and a form may
  // stay open longer before the file comes)
  const warm = () => void call('keywords:warm').catch(() => {});
  useEffect(() => {
    if (!disabled) warm();
  }, [disabled]);

  const preview = async (source: KeywordSource) => {
    setBusy('reading');
    try {
      setPending({ source, preview: await call('keywords:preview', source) });
    } catch (e) {
      setPending(null);
      void message.error((e as Error).message);
    } finally {
      setBusy('');
    }
  };

  /** a File from a drop or the file input: the checks the renderer can make, then its path (Electron) or bytes */
  const onFile = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.txt')) return void message.error(t('content.c2.task.fileType'));
    if (file.size > KEYWORD_MAX_BYTES) return void message.error(t('content.c2.task.fileSize'));
    if (file.size === 0) return void message.error(t('content.c2.task.kw.empty0'));
    const path = pathForFile(file);
    if (path) return preview({ path });
    let base64: string;
    try {
      base64 = await fileToBase64(file);
    } catch {
      return void message.error(t('upload.failed'));
    }
    return preview({ name: file.name, base64 });
  };

  const choose = async () => {
    warm();
    if (hostKind() === 'electron') {
      try {
        const r = await call('keywords:choose');
        if (r.path) await preview({ path: r.path });
      } catch (e) {
        void message.error((e as Error).message);
      }
      return;
    }
    input.current?.click();
  };

  const upload = async () => {
    if (!pending) return;
    setBusy('uploading');
    try {
      const r = await call('keywords:upload', pending.source);
      onChange?.(r.link);
      setUploadedName(r.originalName);
      setPending(null);
      void message.success(t('upload.success'));
    } catch (e) {
      void message.error((e as Error).message || t('upload.failed'));
    } finally {
      setBusy('');
    }
  };

  const onDrop = (e: React.DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled || busy) return;
    const files = e.dataTransfer.files;
    if (files.length > 1) return void message.error(t('content.c2.task.kw.tooMany'));
    if (files.length === 1) void onFile(files[0]);
  };

  const p = pending?.preview;
  const stored = link ? uploadedName || link.split('/').pop() : '';
  return (
    <div>
      <div
        data-testid="keyword-drop"
        data-over={over || undefined}
        onDragEnter={() => {
          if (!disabled) warm();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          border: `1px dashed ${over ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-border, #d9d9d9)'}`,
          borderRadius: 6,
          padding: '10px 12px',
          background: over ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
        }}
      >
        <Space wrap>
          <span>{t('content.c2.task.kw.drop')}</span>
          <Button size="small" disabled={disabled || !!busy} onClick={() => void choose()}>{t('content.c2.task.chooseFile')}</Button>
          {busy === 'reading' && <Spin size="small" />}
          {busy === 'reading' && <span>{t('content.c2.task.kw.reading')}</span>}
        </Space>
        <input
          ref={input}
          type="file"
          accept=".txt,text/plain"
          style={{ display: 'none' }}
          data-testid="keyword-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void onFile(f);
          }}
        />
        {stored && !p && <div data-testid="keyword-file" style={{ marginTop: 6 }}>{t('content.c2.task.kw.uploaded', { name: stored })}</div>}
      </div>
      {p && (
        <Card size="small" title={t('content.c2.task.kw.preview')} style={{ marginTop: 8 }} data-testid="keyword-preview">
          <Descriptions size="small" column={3} items={[
            { key: 'name', label: t('content.c2.task.kw.name'), children: <span data-testid="kw-name">{p.name}</span>, span: 2 },
            { key: 'encoding', label: t('content.c2.task.kw.encoding'), children: <span data-testid="kw-encoding">{p.encoding.toUpperCase()}</span> },
            { key: 'lines', label: t('content.c2.task.kw.lines'), children: <span data-testid="kw-lines">{p.lines}</span> },
            { key: 'unique', label: t('content.c2.task.kw.unique'), children: <span data-testid="kw-unique">{p.unique}</span> },
            { key: 'duplicates', label: t('content.c2.task.kw.duplicates'), children: <span data-testid="kw-duplicates">{p.duplicates}</span> },
            { key: 'empty', label: t('content.c2.task.kw.empty'), children: <span data-testid="kw-empty">{p.empty}</span> },
          ]} />
          <div style={{ marginTop: 6, color: 'var(--ant-color-text-secondary, #666)' }}>{t('content.c2.task.kw.first', { n: p.firstLines.length })}</div>
          <pre data-testid="kw-first" style={{ maxHeight: 160, overflow: 'auto', margin: '4px 0 8px', padding: 8, background: 'var(--ant-color-fill-quaternary, #fafafa)', fontSize: 12 }}>
            {p.firstLines.join('\n')}
          </pre>
          <Space>
            <Button type="primary" data-testid="kw-upload" loading={busy === 'uploading'} disabled={disabled} onClick={() => void upload()}>{t('content.c2.task.kw.upload')}</Button>
            <Button disabled={busy === 'uploading'} onClick={() => setPending(null)}>{t('content.c2.task.kw.cancel')}</Button>
          </Space>
        </Card>
      )}
    </div>
  );
}
