// i18next set-up: zh is the default, en is complete (see zh.ts / en.ts).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh from './zh';
import en from './en';

export type Language = 'zh' | 'en';
export const LANGUAGES: Language[] = ['zh', 'en'];

export function isLanguage(value: unknown): value is Language {
  return value === 'zh' || value === 'en';
}

export function initI18n(language: Language): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { zh: { translation: zh }, en: { translation: en } },
    lng: language,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnNull: false,
    // resources are bundled: initialise synchronously, so no component suspends on first render
    initAsync: false,
  });
  return i18n;
}

export default i18n;
