import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';
import { useUi } from '../stores/ui';

/** The login page's language switch: one button per language, the current one disabled. */
export function LanguageButtons() {
  const { t } = useTranslation();
  const language = useUi((s) => s.language);
  const setLanguage = useUi((s) => s.setLanguage);
  return (
    <div className="desk-lang-buttons" role="group" aria-label={t('lang.switch')}>
      {LANGUAGES.map((l) => (
        <Button key={l} size="small" ghost={l !== language} disabled={l === language} onClick={() => setLanguage(l)}>
          {t(`lang.${l}`)}
        </Button>
      ))}
    </div>
  );
}
