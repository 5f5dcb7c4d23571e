import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A menu item whose screen is not part of this version yet. */
export function NotAvailable({ name }: { name: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={t('screen.notAvailable')} subTitle={t('screen.notAvailableHint', { name })} />;
}
