import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { markReady } from '../../router/ready';

export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${code} - ${t('app.title')}`;
    markReady();
  }, [code, t]);
  return (
    <Result
      status={String(code) as '403' | '404' | '500'}
      title={code}
      subTitle={t(`error.${code}`)}
      extra={
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
