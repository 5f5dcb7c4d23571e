// UI preferences: sidebar collapse and language. Both survive a reload
// (localStorage; neither is a secret).
import { create } from 'zustand';
import i18n from '../i18n';
import { isLanguage, type Language } from '../i18n';
import { DEFAULT_THEME, isTheme, type ThemeName } from '../themes/names';

const LANG_KEY = 'desk.language';
const COLLAPSE_KEY = 'desk.collapsed';
const THEME_KEY = 'desk.theme';
const COLOUR_KEY = 'desk.colour';
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The language chosen by the user earlier, if any. */
export function storedLanguage(): Language | null {
  const value = localStorage.getItem(LANG_KEY);
  return isLanguage(value) ? value : null;
}

interface UiState {
  collapsed: boolean;
  language: Language;
  setCollapsed(collapsed: boolean): void;
  toggleCollapsed(): void;
  setLanguage(language: Language, remember?: boolean): void;
  theme: ThemeName;
  /** the colour the user picked (null: the profile's, else #2EA300) */
  colour: string | null;
  setTheme(theme: ThemeName): void;
  setColour(colour: string): void;
}

export const useUi = create<UiState>((set, get) => ({
  collapsed: localStorage.getItem(COLLAPSE_KEY) === '1',
  language: storedLanguage() ?? 'zh',
  theme: ((v) => (isTheme(v) ? v : DEFAULT_THEME))(localStorage.getItem(THEME_KEY)),
  colour: ((v) => (v && HEX.test(v) ? v : null))(localStorage.getItem(COLOUR_KEY)),
  setTheme(theme) {
    localStorage.setItem(THEME_KEY, theme);
    set({ theme });
  },
  setColour(colour) {
    if (!HEX.test(colour)) return;
    localStorage.setItem(COLOUR_KEY, colour);
    set({ colour });
  },
  setCollapsed(collapsed) {
    localStorage.setItem(COLLAPSE_KEY, collapsed ? '1' : '0');
    set({ collapsed });
  },
  toggleCollapsed() {
    get().setCollapsed(!get().collapsed);
  },
  setLanguage(language, remember = true) {
    if (remember) localStorage.setItem(LANG_KEY, language);
    void i18n.changeLanguage(language);
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    set({ language });
  },
}));
