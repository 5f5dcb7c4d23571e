// The frame of a list screen while its code loads: where the search bar, the
// toolbar and the table will be, in plain CSS (no antd: it shows before the
// screen's chunks have arrived), with the loading status for screen readers.
import { useTranslation } from 'react-i18next';

export function ScreenFrame() {
  const { t } = useTranslation();
  return (
    <div className="desk-frame" role="status" aria-live="polite" aria-label={t('app.loading')}>
      <div className="desk-frame-bar" />
      <div className="desk-frame-bar desk-frame-short" />
      <div className="desk-frame-table">
        <div className="desk-frame-head" />
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="desk-frame-row" />
        ))}
      </div>
    </div>
  );
}
