// Inputs of the generate-article task form: prompt rows (the first cannot be
// deleted; deleting another shows 删除成功) and the keyword .txt file (one file,
// at most 51200 KB, uploaded through main's 'file:upload' with scene keyword).
import { App as AntApp, Button, Input, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { fileToBase64 } from '../../components/upload/files';
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

export function KeywordFile({ value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const link = typeof value === 'string' ? value : '';
  const onFile = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.txt')) return void message.error(t('content.c2.task.fileType'));
    if (file.size > 51200 * 1024) return void message.error(t('content.c2.task.fileSize'));
    try {
      const r = await call('file:upload', { name: file.name, type: 'text/plain', base64: await fileToBase64(file), scene: 'keyword' });
      onChange?.(r.link);
      void message.success(t('upload.success'));
    } catch (e) {
      void message.error((e as Error).message || t('upload.failed'));
    }
  };
  return (
    <Space>
      <Upload accept=".txt" maxCount={1} showUploadList={false} disabled={disabled} beforeUpload={(f) => { void onFile(f); return false; }}>
        <Button disabled={disabled}>{t('content.c2.task.chooseFile')}</Button>
      </Upload>
      <span data-testid="keyword-file">{link ? link.split('/').pop() : ''}</span>
    </Space>
  );
}
