import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';

/** /wel/index: who is signed in, and a short guide. */
export function Welcome() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const name = user?.nick_name || user?.user_name || user?.account || '';
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('wel.greeting', { name })}
      </Typography.Title>
      <Descriptions
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'account', label: t('wel.account'), children: user?.account },
          { key: 'tenant', label: t('wel.tenant'), children: user?.tenant_id },
          { key: 'role', label: t('wel.role'), children: user?.role_name },
        ]}
      />
      <Typography.Title level={5}>{t('wel.guideTitle')}</Typography.Title>
      <Typography.Paragraph>
        <ul>
          <li>{t('wel.guide1')}</li>
          <li>{t('wel.guide2')}</li>
          <li>{t('wel.guide3')}</li>
        </ul>
      </Typography.Paragraph>
    </Card>
  );
}
