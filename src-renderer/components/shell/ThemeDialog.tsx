import { useState } from 'react';
import { Button, Modal } from 'antd';
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUi } from '../../stores/ui';
import { PALETTES, THEMES } from '../../themes';

/** Theme picker: the 11 themes of the spec, each with a small preview. */
export function ThemeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = useUi((s) => s.theme);
  const setTheme = useUi((s) => s.setTheme);
  return (
    <>
      <Button type="text" className="desk-header-btn" icon={<BgColorsOutlined />} aria-label={t('shell.theme')} onClick={() => setOpen(true)} />
      <Modal open={open} title={t('shell.themeTitle')} onCancel={() => setOpen(false)} footer={null} width={720}>
        <div className="desk-theme-grid" role="radiogroup" aria-label={t('shell.themeTitle')}>
          {THEMES.map((name) => {
            const p = PALETTES[name];
            return (
              <button
                key={name}
                type="button"
                role="radio"
                aria-checked={name === current}
                aria-label={t(`shell.themes.${name}`)}
                className={`desk-theme-card${name === current ? ' active' : ''}`}
                onClick={() => setTheme(name)}
              >
                <span className="desk-theme-preview" style={{ background: p.content }}>
                  <span style={{ background: p.sider }} className="desk-theme-preview-sider" />
                  <span style={{ background: p.header }} className="desk-theme-preview-header" />
                </span>
                <span>
                  {name === current && <CheckOutlined />} {t(`shell.themes.${name}`)}
                </span>
              </button>
            );
          })}
        </div>
      </Modal>
    </>
  );
}
