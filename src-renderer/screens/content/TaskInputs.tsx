// Inputs of the generate-article task form: prompt rows (the first cannot be
// deleted; deleting another shows 删除成功) and the keyword .txt file (one file,
// at most 51200 KB; choosing it previews it and uploads it at once, by main as a stream).
import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Button, Input, Space, Spin } from 'antd';
import type { KeywordFileRef, KeywordPreview } from '../../../src-shared/ipc';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../crud/types';
import { call, hostKind } from '../../platform/bridge';
import { registerUploadMessages } from '../../components/upload/messages';
import { KeywordPreviewCard, keywordSource } from './KeywordPreviewCard';
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

registerUploadMessages();

/**
 * The keyword .txt file: dropped onto the field or chosen (Electron: the native open dialog; browser: a file input).
 * Choosing it is its upload (issue 38): main previews it (line count, distinct keywords, duplicates, empty lines,
 * first lines, encoding), which the card shows, and uploads it to put-file as a stream at once; 保存 then has its
 * link. A wrong type, a file too large, an empty or unreadable one gets its one message and nothing is sent.
 */
export function KeywordFile({ value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const link = typeof value === 'string' ? value : '';
  const [busy, setBusy] = useState<'' | 'reading' | 'uploading'>('');
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<KeywordPreview | null>(null);
  const [uploadedName, setUploadedName] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // main starts the preview's worker thread now, so a dropped file meets a warm one; again when a file is
  // dragged over the field or the file dialog opens (main stops an idle thread after 30 s, and a form may
  // stay open longer before the file comes)
  const warm = () => void call('keywords:warm').catch(() => {});
  useEffect(() => {
    if (!disabled) warm();
  }, [disabled]);

  /** the preview, then the upload: the field holds the file's link once it is stored */
  const take = async (source: KeywordFileRef) => {
    setBusy('reading');
    try {
      setPreview(await call('keywords:preview', source));
    } catch (e) {
      setPreview(null);
      setBusy('');
      return void message.error((e as Error).message);
    }
    setBusy('uploading');
    try {
      const r = await call('keywords:upload', source);
      onChange?.(r.link);
      setUploadedName(r.originalName);
      void message.success(t('upload.success'));
    } catch (e) {
      setPreview(null);
      void message.error((e as Error).message || t('upload.failed'));
    } finally {
      setBusy('');
    }
  };

  /** a File from a drop or the file input: the checks the renderer can make, then its path (Electron) or bytes */
  const onFile = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.txt')) return void message.error(t('content.c2.task.fileType'));
    if (file.size > KEYWORD_MAX_BYTES) return void message.error(t('content.c2.task.fileSize'));
    if (file.size === 0) return void message.error(t('content.c2.task.kw.empty0'));
    let source: KeywordFileRef;
    try {
      source = await keywordSource(file);
    } catch {
      return void message.error(t('upload.failed'));
    }
    return take(source);
  };

  const choose = async () => {
    warm();
    if (hostKind() === 'electron') {
      try {
        const r = await call('keywords:choose');
        if (r.path) await take({ path: r.path });
      } catch (e) {
        void message.error((e as Error).message);
      }
      return;
    }
    input.current?.click();
  };

  const onDrop = (e: React.DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled || busy) return;
    const files = e.dataTransfer.files;
    if (files.length > 1) return void message.error(t('content.c2.task.kw.tooMany'));
    if (files.length === 1) void onFile(files[0]);
  };

  const stored = link ? uploadedName || link.split('/').pop() : '';
  const status =
    busy === 'uploading' ? (
      <span data-testid="keyword-uploading"><Spin size="small" /> {t('content.c2.task.kw.uploading')}</span>
    ) : stored ? (
      <div data-testid="keyword-file">{t('content.c2.task.kw.uploaded', { name: stored })}</div>
    ) : null;
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
        {!preview && status && <div style={{ marginTop: 6 }}>{status}</div>}
      </div>
      {preview && <KeywordPreviewCard preview={preview}>{status}</KeywordPreviewCard>}
    </div>
  );
}
