/**
 * i18next set-up shared by the app, Storybook and the UI tests. Spanish is the default language. Each
 * language's texts are a chunk of their own, fetched the first time the language is used: the first screen
 * carries one language, and switching fetches the other. Add resources to a language only once it has loaded
 * (event 'loaded'): i18next does not fetch a language that already has a bundle.
 */
import i18next, { type BackendModule, type i18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
const STORAGE_KEY = 'flujos.lang';

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

const bundles: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('./es.json'),
  en: () => import('./en.json'),
};

/** i18next asks this backend for a language's texts once, when the language is first needed. */
const lazyBundles: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, done) {
    if (!isLanguage(language)) return done(new Error(`No texts for language ${language}`), false);
    bundles[language]().then(
      (m) => done(null, m.default),
      (e: Error) => done(e, false),
    );
  },
};

/** The persisted choice, or Spanish. */
export function storedLanguage(): Language {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Resolves once the new language's texts are loaded and shown. Rejects, leaving the screen and the stored choice
 * as they were, when the texts cannot be fetched (offline, or a newer version of the app no longer has the chunk
 * this page knows): i18next would switch anyway and every text would show as its key.
 */
export async function setLanguage(lang: Language, instance: i18n = i18next): Promise<void> {
  await instance.loadLanguages(lang);
  if (!instance.hasResourceBundle(lang, 'translation')) throw new Error(`The texts of ${lang} could not be loaded`);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  await instance.changeLanguage(lang);
}

let started: Promise<i18n> | undefined;

/** Starts i18next once; resolves when the texts of `lng` are loaded (render after that, or texts show as keys). */
export function initI18n(lng: Language = storedLanguage()): Promise<i18n> {
  started ??= i18next
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng,
      // Both locales hold the same keys (locales.test.ts): a fallback would only fetch a second language.
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
    })
    .then(() => {
      if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;
      return i18next;
    });
  return started;
}

export default i18next;
