// The SSL status of one website (GET websiteInfo/ssl), opened from its row.
import { useEffect, useState } from 'react';
import { Descriptions, Modal, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';

interface Ssl {
  websiteName: string;
  domainName: string;
  isSsl: number;
}

export function SslDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [ssl, setSsl] = useState<Ssl | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call('api:request', { method: 'get', url: '/website-blade-material/websiteInfo/ssl', params: { id: ctx.row?.id } })
      .then((r) => setSsl(r.data as Ssl))
      .catch((e: unknown) => setError((e as Error).message));
  }, [ctx.row]);
  return (
    <Modal open title={t('content.website.sslTitle')} onCancel={onClose} footer={null} width={520}>
      {error ? (
        <div role="alert">{error}</div>
      ) : !ssl ? (
        <Spin />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('content.website.websiteName')}>{ssl.websiteName}</Descriptions.Item>
          <Descriptions.Item label={t('content.website.domainName')}>{ssl.domainName}</Descriptions.Item>
          <Descriptions.Item label={t('content.website.isSsl')}>
            <Tag color={ssl.isSsl === 1 ? 'green' : 'default'}>{t(ssl.isSsl === 1 ? 'content.website.sslIssued' : 'content.website.sslNone')}</Tag>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
