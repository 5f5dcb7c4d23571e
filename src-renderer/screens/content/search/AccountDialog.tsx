// 账号设置: the tenant's search-engine accounts. The endpoints (empty: the public
// service), the Google service-account key pasted or read from the downloaded
// .json file, the Bing API key, the API roots under "advanced": their rules are the
// declaration's (src-shared/declarations/search-account.ts), which the server judges too. A stored secret is never shown: its field stays empty (kept as is)
// unless a new one is given, or its removal is ticked.
import { useRef, useState } from 'react';
import { App as AntApp, Button, Checkbox, Collapse, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BAIDU_DEFAULT_ENDPOINT,
  BING_DEFAULT_API_ROOT,
  GOOGLE_DEFAULT_API_ROOT,
  INDEXNOW_DEFAULT_ENDPOINT,
  SEARCH_API,
  type SearchAccountSubmit,
  type SearchAccountView,
} from '../../../../src-shared/search-engines';
import { readServiceAccount, SEARCH_ACCOUNT } from '../../../../src-shared/declarations/search-account';
import { call } from '../../../platform/bridge';
import { inputRules } from '../../../crud/declared';
import { notify } from '../../../crud/notify';
import { Toned } from './tones';
import '../../../i18n/areas/search';
import { validateForm } from '../../../crud/validateForm';

/** the client e-mail of a pasted key that reads as a service account's (the declaration's reader) */
function emailOf(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return '';
  const read = readServiceAccount(text.trim());
  return 'account' in read ? read.account.clientEmail : '';
}

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
      values = await validateForm(form);
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
        <Form.Item name="indexnowEndpoint" label={t('search.account.indexnowEndpoint')} rules={inputRules(t, SEARCH_ACCOUNT, 'indexnowEndpoint')}>
          <Input allowClear placeholder={placeholder(INDEXNOW_DEFAULT_ENDPOINT)} />
        </Form.Item>
        <Form.Item name="baiduEndpoint" label={t('search.account.baiduEndpoint')} rules={inputRules(t, SEARCH_ACCOUNT, 'baiduEndpoint')}>
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
              rules={inputRules(t, SEARCH_ACCOUNT, 'googleKey')}
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
            <Form.Item name="bingApiKey" noStyle rules={inputRules(t, SEARCH_ACCOUNT, 'bingApiKey')}>
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
                  <Form.Item name="googleApiRoot" label={t('search.account.googleApiRoot')} rules={inputRules(t, SEARCH_ACCOUNT, 'googleApiRoot')}>
                    <Input allowClear placeholder={placeholder(GOOGLE_DEFAULT_API_ROOT)} />
                  </Form.Item>
                  <Form.Item name="bingApiRoot" label={t('search.account.bingApiRoot')} rules={inputRules(t, SEARCH_ACCOUNT, 'bingApiRoot')} style={{ marginBottom: 0 }}>
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
