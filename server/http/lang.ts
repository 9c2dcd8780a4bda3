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
type Tree = { [key: string]: string | Tree };

function loadLocale(lang: Lang): Tree {
  try {
    return JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
  } catch {
    return {};
  }
}

const LOCALES: Record<Lang, Tree> = { es: loadLocale('es'), en: loadLocale('en') };
const ERROR_TEXTS: Record<Lang, Texts> = { es: (LOCALES.es.errors ?? {}) as Texts, en: (LOCALES.en.errors ?? {}) as Texts };

/** The text at a dotted key of the locale, if it is one. */
const textAt = (tree: Tree, key: string): string | undefined => {
  const found = key.split('.').reduce<string | Tree | undefined>((node, k) => (node && typeof node === 'object' ? node[k] : undefined), tree);
  return typeof found === 'string' ? found : undefined;
};

/** i18next's nesting, `$t(entities.<entity>.fields.<field>)`, as the browser resolves it (a field's label in a message). */
function nested(text: string, lang: Lang, depth = 0): string {
  if (depth > 3) return text;
  return text.replace(/\$t\(([\w.]+)\)/g, (all, key: string) => {
    const found = textAt(LOCALES[lang], key);
    return found === undefined ? all : nested(found, lang, depth + 1);
  });
}

/**
 * The translated text of an error code (locales/<lang>.json, key errors.<code>), or the code itself; `{{name}}`
 * placeholders take the values of `params` (a field error's, e.g. the article and location of a stock error).
 */
export function errorText(code: string, lang: Lang, params?: Record<string, unknown>): string {
  const text = nested(ERROR_TEXTS[lang][code] ?? ERROR_TEXTS.es[code] ?? code, ERROR_TEXTS[lang][code] === undefined ? 'es' : lang);
  return params ? text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (params[name] == null ? all : String(params[name]))) : text;
}
