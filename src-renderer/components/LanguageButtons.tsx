import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';
import { useUi } from '../stores/ui';

/** The login page's language switch: one button per language, the current one disabled (plain HTML, no antd). */
export function LanguageButtons() {
  const { t } = useTranslation();
  const language = useUi((s) => s.language);
  const setLanguage = useUi((s) => s.setLanguage);
  return (
    <div className="desk-lang-buttons" role="group" aria-label={t('lang.switch')}>
      {LANGUAGES.map((l) => (
        <button key={l} type="button" className="desk-lang-button" disabled={l === language} onClick={() => setLanguage(l)}>
          {t(`lang.${l}`)}
        </button>
      ))}
    </div>
  );
}
