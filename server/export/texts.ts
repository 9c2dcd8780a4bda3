/**
 * Screen texts on the server, for files the server writes in the user's language (exports, reports): the
 * same locales and the same i18next as the browser, so a header reads exactly as the table's.
 */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import type { Lang } from '../http/lang';

const cache = new Map<Lang, TFunction>();

/** The translate function of a language (locales/<lang>.json), made once. */
export function textsOf(lang: Lang): TFunction {
  let t = cache.get(lang);
  if (!t) {
    const read = (l: Lang) => JSON.parse(readFileSync(new URL(`../../locales/${l}.json`, import.meta.url), 'utf8'));
    const instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: 'es',
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: { es: { translation: read('es') }, en: { translation: read('en') } },
    });
    t = instance.t.bind(instance) as TFunction;
    cache.set(lang, t);
  }
  return t;
}
