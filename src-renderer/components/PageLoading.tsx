import { useTranslation } from 'react-i18next';

/** A CSS-only loading indicator (kept out of antd so the entry chunk stays small). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="desk-loading" role="status" aria-live="polite">
      <span className="desk-spinner" aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  );
}
