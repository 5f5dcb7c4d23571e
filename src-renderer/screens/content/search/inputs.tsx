// The connection form's own inputs: the IndexNow key with a "generate" action,
// and the fields whose empty value means a default made from the website's
// address (Baidu's and Bing's site, the Google property), the default shown as
// the placeholder. They read the form's `origin` field (the website's address).
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultProperty } from '../../../../src-shared/search-engines';
import type { CustomInputProps } from '../../../crud/types';
import '../../../i18n/areas/search';

/** a new IndexNow key: 32 hex characters, as a new website gets */
export function newIndexNowKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function IndexNowKeyInput({ id, value, onChange, disabled }: CustomInputProps) {
  const { t } = useTranslation();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        placeholder={t('search.site.indexnowKey')}
        style={{ fontFamily: 'monospace' }}
      />
      <Button onClick={() => onChange?.(newIndexNowKey())} disabled={disabled} data-action="generate-key">
        {t('search.site.generate')}
      </Button>
    </Space.Compact>
  );
}

/** the defaults an empty field stands for, from the website's address (http(s)://host) */
export const DEFAULTS = {
  baiduSite: (origin: string) => origin,
  bingSite: (origin: string) => (origin ? `${origin}/` : ''),
  googleProperty: (origin: string) => {
    try {
      return origin ? defaultProperty(new URL(origin).hostname) : '';
    } catch {
      return '';
    }
  },
} as const;

/** a text input whose placeholder is the default (from the form's `origin`) an empty value stands for */
export function defaultedInput(defaultOf: (origin: string) => string) {
  return function DefaultedInput({ id, value, onChange, disabled }: CustomInputProps) {
    const { t } = useTranslation();
    const origin = Form.useWatch('origin', Form.useFormInstance()) as unknown;
    const fallback = defaultOf(typeof origin === 'string' ? origin : '');
    return (
      <Input
        id={id}
        allowClear
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        placeholder={fallback ? t('search.site.defaultValue', { value: fallback }) : ''}
      />
    );
  };
}
