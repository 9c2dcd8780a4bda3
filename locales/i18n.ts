/** i18next set-up shared by the app, Storybook and the UI tests. Spanish is the default language. */
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import es from './es.json';
import en from './en.json';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
const STORAGE_KEY = 'flujos.lang';

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

/** The persisted choice, or Spanish. */
export function storedLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function setLanguage(lang: Language, instance: i18n = i18next): Promise<void> {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  await instance.changeLanguage(lang);
}

export function initI18n(lng: Language = storedLanguage()): i18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { es: { translation: es }, en: { translation: en } },
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;
  return i18next;
}

export default i18next;
