// 账号设置: the tenant's search-engine accounts. The endpoints (empty: the public
// service), the Google service-account key pasted or read from the downloaded
// .json file (checked here as the server checks it: JSON, a service account's,
// with its client e-mail and private key), the Bing API key, the API roots under
// "advanced". A stored secret is never shown: its field stays empty (kept as is)
// unless a new one is given, or its removal is ticked.
import { useRef, useState } from 'react';
import { App as AntApp, Button, Checkbox, Collapse, Form, Input, Modal, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  BAIDU_DEFAULT_ENDPOINT,
  BING_DEFAULT_API_ROOT,
  GOOGLE_DEFAULT_API_ROOT,
  INDEXNOW_DEFAULT_ENDPOINT,
  SEARCH_API,
  type SearchAccountSubmit,
  type SearchAccountView,
} from '../../../../src-shared/search-engines';
import { call } from '../../../platform/bridge';
import { notify } from '../../../crud/notify';
import { Toned } from './tones';
import '../../../i18n/areas/search';

const HTTP_URL = /^https?:\/\/[^\s/?#]+(\/\S*)?$/i;
const BING_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** why a pasted key is not a service account's (an i18n key), or null; empty: the stored key stays */
export function keyProblem(text: string): string | null {
  const v = text.trim();
  if (!v) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(v);
  } catch {
    return 'search.account.keyNotJson';
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return 'search.account.keyNotObject';
  const r = raw as Record<string, unknown>;
  if (r.type !== 'service_account') return 'search.account.notServiceAccount';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typeof r.client_email === 'string' ? r.client_email.trim() : '')) return 'search.account.keyNoEmail';
  if (!/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(typeof r.private_key === 'string' ? r.private_key : '')) return 'search.account.keyNoPrivateKey';
  return null;
}

/** the client e-mail of a pasted key that passes the checks */
function emailOf(text: unknown): string {
  if (typeof text !== 'string' || keyProblem(text) !== null || !text.trim()) return '';
  return String((JSON.parse(text) as { client_email: string }).client_email).trim();
}

const urlRules = (t: TFunction, label: string): Rule[] => [
  { max: 500, message: t('search.account.urlMax', { label: t(label) }) },
  { pattern: HTTP_URL, message: t('search.account.urlInvalid', { label: t(label) }) },
];

interface Values {
  indexnowEndpoint: string;
  baiduEndpoint: string;
  googleKey: string;
  googleApiRoot: string;
  bingApiKey: string;
  bingApiRoot: string;
  removeGoogleKey: boolean;
  removeBingApiKey: boolean;
}

/** the form's values: the endpoints as stored (a default shows as empty), the secrets empty */
function initialValues(a: SearchAccountView): Values {
  const unlessDefault = (v: string, d: string) => (v === d ? '' : v);
  return {
    indexnowEndpoint: unlessDefault(a.indexnowEndpoint, INDEXNOW_DEFAULT_ENDPOINT),
    baiduEndpoint: unlessDefault(a.baiduEndpoint, BAIDU_DEFAULT_ENDPOINT),
    googleKey: '',
    googleApiRoot: unlessDefault(a.googleApiRoot, GOOGLE_DEFAULT_API_ROOT),
    bingApiKey: '',
    bingApiRoot: unlessDefault(a.bingApiRoot, BING_DEFAULT_API_ROOT),
    removeGoogleKey: false,
    removeBingApiKey: false,
  };
}

export function AccountDialog({ account, onClose, onSaved }: { account: SearchAccountView; onClose(): void; onSaved(a: SearchAccountView): void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const removeGoogle = Form.useWatch('removeGoogleKey', form) === true;
  const removeBing = Form.useWatch('removeBingApiKey', form) === true;
  const pasted = emailOf(Form.useWatch('googleKey', form));
  const stored = { google: account.googleKey !== '', bing: account.bingApiKey !== '' };

  const chooseFile = (f: File | undefined) => {
    if (!f) return;
    f.text().then(
      (text) => {
        form.setFieldValue('googleKey', text);
        void form.validateFields(['googleKey']).catch(() => undefined);
      },
      () => notify(message, 'error', t('search.account.fileUnreadable')),
    );
  };

  const onSave = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    const data: SearchAccountSubmit = {
      indexnowEndpoint: values.indexnowEndpoint ?? '',
      baiduEndpoint: values.baiduEndpoint ?? '',
      googleKey: values.removeGoogleKey ? '' : (values.googleKey ?? ''),
      googleApiRoot: values.googleApiRoot ?? '',
      bingApiKey: values.removeBingApiKey ? '' : (values.bingApiKey ?? ''),
      bingApiRoot: values.bingApiRoot ?? '',
      removeGoogleKey: values.removeGoogleKey === true,
      removeBingApiKey: values.removeBingApiKey === true,
    };
    try {
      const reply = await call('api:request', { method: 'post', url: `${SEARCH_API.account}/submit`, data });
      notify(message, 'success', t('crud.updateSuccess'));
      onSaved(reply.data as SearchAccountView);
    } catch (e) {
      notify(message, 'error', (e as Error).message);
      setSaving(false);
    }
  };

  const placeholder = (value: string) => t('search.account.defaultIs', { value });
  return (
    <Modal
      open
      title={t('search.account.edit')}
      width={820}
      maskClosable={false}
      onCancel={saving ? undefined : onClose}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={saving}>
          {t('crud.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void onSave()}>
          {t('crud.save')}
        </Button>,
      ]}
    >
      <Form form={form} name="searchAccount" layout="vertical" initialValues={initialValues(account)} disabled={saving}>
        <Form.Item name="indexnowEndpoint" label={t('search.account.indexnowEndpoint')} rules={urlRules(t, 'search.account.indexnowEndpoint')}>
          <Input allowClear placeholder={placeholder(INDEXNOW_DEFAULT_ENDPOINT)} />
        </Form.Item>
        <Form.Item name="baiduEndpoint" label={t('search.account.baiduEndpoint')} rules={urlRules(t, 'search.account.baiduEndpoint')}>
          <Input allowClear placeholder={placeholder(BAIDU_DEFAULT_ENDPOINT)} />
        </Form.Item>
        <Form.Item
          label={t('search.account.googleKey')}
          extra={
            stored.google && !pasted ? (
              <Toned tone="muted">
                {t('search.account.keepSecret')}
                {account.googleClientEmail && ` (${account.googleClientEmail})`}
              </Toned>
            ) : pasted ? (
              <span data-testid="pasted-email">
                <Toned tone="muted">{`${t('search.account.googleClientEmail')}: ${pasted}`}</Toned>
              </span>
            ) : undefined
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Form.Item
              name="googleKey"
              noStyle
              rules={[
                {
                  validator: (_r, value: unknown) => {
                    const problem = keyProblem(typeof value === 'string' ? value : '');
                    return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input.TextArea
                rows={5}
                aria-label={t('search.account.googleKey')}
                placeholder={t('search.account.pasteKey')}
                disabled={removeGoogle || saving}
                style={{ fontFamily: 'monospace', fontSize: 12 }}
              />
            </Form.Item>
            <Space wrap>
              <Button onClick={() => file.current?.click()} disabled={removeGoogle || saving} data-action="choose-key-file">
                {t('search.account.chooseFile')}
              </Button>
              <input ref={file} type="file" accept=".json,application/json" style={{ display: 'none' }} onChange={(e) => chooseFile(e.target.files?.[0])} data-testid="key-file" />
              {stored.google && (
                <Form.Item name="removeGoogleKey" valuePropName="checked" noStyle>
                  <Checkbox>{t('search.account.remove')}</Checkbox>
                </Form.Item>
              )}
            </Space>
          </Space>
        </Form.Item>
        <Form.Item label={t('search.account.bingApiKey')} extra={stored.bing ? <Toned tone="muted">{t(removeBing ? 'search.account.removed' : 'search.account.keepSecret')}</Toned> : undefined}>
          <Space wrap style={{ width: '100%' }}>
            <Form.Item name="bingApiKey" noStyle rules={[{ pattern: BING_KEY, message: t('search.account.bingKeyPattern') }]}>
              <Input.Password aria-label={t('search.account.bingApiKey')} disabled={removeBing || saving} style={{ width: 360 }} autoComplete="off" />
            </Form.Item>
            {stored.bing && (
              <Form.Item name="removeBingApiKey" valuePropName="checked" noStyle>
                <Checkbox>{t('search.account.remove')}</Checkbox>
              </Form.Item>
            )}
          </Space>
        </Form.Item>
        <Collapse
          size="small"
          items={[
            {
              key: 'advanced',
              label: t('search.account.advanced'),
              forceRender: true,
              children: (
                <>
                  <Form.Item name="googleApiRoot" label={t('search.account.googleApiRoot')} rules={urlRules(t, 'search.account.googleApiRoot')}>
                    <Input allowClear placeholder={placeholder(GOOGLE_DEFAULT_API_ROOT)} />
                  </Form.Item>
                  <Form.Item name="bingApiRoot" label={t('search.account.bingApiRoot')} rules={urlRules(t, 'search.account.bingApiRoot')} style={{ marginBottom: 0 }}>
                    <Input allowClear placeholder={placeholder(BING_DEFAULT_API_ROOT)} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
