import { useId, useState } from 'react';
import { Button, Input, InputNumber, Modal, Radio, Select, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildCron, CRON_FIELDS, FIELD_RANGE, parseCron, type CronField, type FieldChoice } from './cron';
import { CronPreview, type CronPreviewSource } from './CronPreview';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  /** the next trigger times of an expression (shown live under the input and in the builder) */
  preview?: CronPreviewSource;
}

/**
 * Text input plus a "generate cron" button opening a builder dialog that fills the expression: one tab per
 * field (second ... week) and the expression as text, kept in sync both ways.
 */
export function CronInput({ value, onChange, placeholder, id, disabled, preview }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // each field's radios a group of their own (else they take the form field's name and share one native group)
  const uid = useId();
  const [choices, setChoices] = useState<Record<CronField, FieldChoice>>(() => parseCron(value ?? ''));
  // the builder's expression: rebuilt from the tabs, or typed (then the tabs follow it)
  const [expression, setExpression] = useState(() => buildCron(parseCron(value ?? '')));
  const setField = (f: CronField, c: FieldChoice) =>
    setChoices((all) => {
      const next = { ...all, [f]: c };
      setExpression(buildCron(next));
      return next;
    });

  const editor = (f: CronField) => {
    const c = choices[f];
    const [min, max] = FIELD_RANGE[f];
    const unit = t(`shell.cron.${f}`);
    return (
      <Radio.Group
        name={`${uid}-${f}`}
        value={c.mode}
        onChange={(e) => {
          const mode = e.target.value as FieldChoice['mode'];
          setField(f, mode === 'every' ? { mode } : mode === 'at' ? { mode, values: [min] } : { mode, start: min, step: 1 });
        }}
      >
        <Space orientation="vertical">
          <Radio value="every">{t('shell.cron.every', { unit })}</Radio>
          <Radio value="step">
            {t('shell.cron.step')}{' '}
            {c.mode === 'step' && (
              <Space>
                <InputNumber aria-label={`${unit} start`} min={min} max={max} value={c.start} onChange={(v) => setField(f, { ...c, start: Number(v ?? min) })} />
                /
                <InputNumber aria-label={`${unit} step`} min={1} max={max} value={c.step} onChange={(v) => setField(f, { ...c, step: Number(v ?? 1) })} />
              </Space>
            )}
          </Radio>
          <Radio value="at">
            {t('shell.cron.at')}{' '}
            {c.mode === 'at' && (
              <Select
                mode="multiple"
                aria-label={`${unit} values`}
                style={{ minWidth: 240 }}
                value={c.values}
                options={Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }))}
                onChange={(values: number[]) => setField(f, { mode: 'at', values })}
              />
            )}
          </Radio>
        </Space>
      </Radio.Group>
    );
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={value} placeholder={placeholder} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />
        <Button
          disabled={disabled}
          onClick={() => {
            setChoices(parseCron(value ?? ''));
            setExpression(value?.trim() ? value.trim() : buildCron(parseCron('')));
            setOpen(true);
          }}
        >
          {t('shell.cron.generate')}
        </Button>
      </Space.Compact>
      {preview && !open && <CronPreview expression={value ?? ''} source={preview} />}
      <Modal
        open={open}
        title={t('shell.cron.title')}
        width={640}
        okText={t('shell.cron.apply')}
        onCancel={() => setOpen(false)}
        onOk={() => {
          onChange?.(expression);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Tabs items={CRON_FIELDS.map((f) => ({ key: f, label: t(`shell.cron.${f}`), children: editor(f) }))} />
        <Typography.Paragraph>
          {t('shell.cron.result')}: <Typography.Text code data-testid="cron-expression">{expression}</Typography.Text>
        </Typography.Paragraph>
        <Input
          aria-label={t('shell.cron.result')}
          data-testid="cron-text"
          value={expression}
          onChange={(e) => {
            setExpression(e.target.value);
            setChoices(parseCron(e.target.value));
          }}
        />
        {preview && <CronPreview expression={expression} source={preview} />}
      </Modal>
    </>
  );
}
