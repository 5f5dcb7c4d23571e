// i18next set-up: zh is the default, en is complete (see zh.ts / en.ts).
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh from './zh';
import en from './en';
import { GENERATED_ENTRIES } from '../screens/generated/entries';
import { messageResources } from '../../src-shared/messages';

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
  // the screens made by 生成代码 bring their strings (their menu labels are needed before they are opened)
  for (const e of GENERATED_ENTRIES) addMessages(e.messages);
  // the message table the server answers from too (src-shared/messages): keys `msg.<family>.<name>`
  addMessages({ zh: messageResources('zh'), en: messageResources('en') });
  return i18n;
}

export default i18n;

/** A screen area's own messages: zh is the source, en mirrors every key. */
export interface AreaMessages<T extends object = object> {
  zh: T;
  en: T;
}

/**
 * Adds an area's messages (content area, system administration...) to the
 * running i18next. Area message modules call it when they are imported, so a
 * screen's strings load with the screen and stay out of the login chunk.
 */
export function addMessages(messages: AreaMessages): void {
  i18n.addResourceBundle('zh', 'translation', messages.zh, true, false);
  i18n.addResourceBundle('en', 'translation', messages.en, true, false);
}
