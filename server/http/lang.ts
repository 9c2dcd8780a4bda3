/** The language of server texts (error messages, mails): Spanish unless the client prefers English. */
import { readFileSync } from 'node:fs';

export type Lang = 'es' | 'en';

/** Picks the first of es/en in Accept-Language order of preference (q values honoured); Spanish by default. */
export function preferredLang(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'es';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'es' || tag.startsWith('es-')) return 'es';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'es';
}

type Texts = Record<string, string>;

function loadErrors(lang: Lang): Texts {
  try {
    const file = new URL(`../../locales/${lang}.json`, import.meta.url);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { errors?: Texts };
    return json.errors ?? {};
  } catch {
    return {};
  }
}

const ERROR_TEXTS: Record<Lang, Texts> = { es: loadErrors('es'), en: loadErrors('en') };

/**
 * The translated text of an error code (locales/<lang>.json, key errors.<code>), or the code itself; `{{name}}`
 * placeholders take the values of `params` (a field error's, e.g. the article and location of a stock error).
 */
export function errorText(code: string, lang: Lang, params?: Record<string, unknown>): string {
  const text = ERROR_TEXTS[lang][code] ?? ERROR_TEXTS.es[code] ?? code;
  return params ? text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (params[name] == null ? all : String(params[name]))) : text;
}
