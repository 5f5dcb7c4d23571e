// UI preferences: sidebar collapse and language. Both survive a reload
// (localStorage; neither is a secret).
import { create } from 'zustand';
import i18n from '../i18n';
import { isLanguage, type Language } from '../i18n';

const LANG_KEY = 'desk.language';
const COLLAPSE_KEY = 'desk.collapsed';

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
}

export const useUi = create<UiState>((set, get) => ({
  collapsed: localStorage.getItem(COLLAPSE_KEY) === '1',
  language: storedLanguage() ?? 'zh',
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
