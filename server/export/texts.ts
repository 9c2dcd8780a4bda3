/**
 * Screen texts on the server, for files the server writes in the user's language (exports, reports): the
 * same locales and the same i18next as the browser, so a header reads exactly as the table's.
 */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import type { Lang } from '../http/lang';

export const LANGS: readonly Lang[] = ['es', 'en'];

const cache = new Map<Lang, TFunction>();
const files = new Map<Lang, Record<string, unknown>>();

/** The texts of a language as its locale file holds them (locales/<lang>.json), read once. */
export function localeFile(lang: Lang): Record<string, unknown> {
  let file = files.get(lang);
  if (!file) files.set(lang, (file = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>));
  return file;
}

/** The translate function of a language (locales/<lang>.json), made once. */
export function textsOf(lang: Lang): TFunction {
  let t = cache.get(lang);
  if (!t) {
    const instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: 'es',
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: { es: { translation: localeFile('es') }, en: { translation: localeFile('en') } },
    });
    t = instance.t.bind(instance) as TFunction;
    cache.set(lang, t);
  }
  return t;
}
