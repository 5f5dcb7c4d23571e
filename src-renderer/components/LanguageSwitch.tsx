import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';
import { useUi } from '../stores/ui';

/** zh / en switch; the current language is disabled in the menu. */
export function LanguageSwitch({ light }: { light?: boolean }) {
  const { t } = useTranslation();
  const language = useUi((s) => s.language);
  const setLanguage = useUi((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [language],
        items: LANGUAGES.map((l) => ({ key: l, label: t(`lang.${l}`), disabled: l === language })),
        onClick: ({ key }) => setLanguage(key as (typeof LANGUAGES)[number]),
      }}
    >
      {/* the accessible name starts with the visible text (the current language), then says what the button does */}
      <Button type="text" icon={<GlobalOutlined aria-hidden />} aria-label={`${t(`lang.${language}`)} ${t('lang.switch')}`} style={light ? { color: '#fff' } : undefined}>
        {t(`lang.${language}`)}
      </Button>
    </Dropdown>
  );
}
