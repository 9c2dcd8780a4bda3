/**
 * The articles a record form prices with: each read once per open form (`articulo/show`: its price lists,
 * conversion factor, tax rate), and the article cell's options, searched by code or name (`articulo/index`,
 * whose search covers both) and shown as "code · name".
 */
import { useEffect, useMemo, useState } from 'react';
import type { ListQuery, SelectOption } from '../../engine/list/query';
import type { ItemArticle } from '../../engine/records/itemDetails';
import type { ArticlePriceFacts } from '../../engine/records/pricing';
import type { SliceSource } from '../../widgets/SchemaForm/useSelectOptions';
import { rememberOptions } from '../../widgets/SchemaForm/useCurrentOption';
import { entityCalls } from '../app/entityData';
import { recordCalls } from './calls';

export interface Article extends ArticlePriceFacts, ItemArticle {
  id: number;
  nombre: string;
  codigo_interno?: string;
  es_a_medida?: boolean;
}

export const ARTICLE_OPTIONS = 'record-articles';

const optionText = (a: { nombre?: unknown; codigo_interno?: unknown }) =>
  [a.codigo_interno, a.nombre].filter((v) => typeof v === 'string' && v.trim()).join(' · ');
const option = (a: { id: number; nombre?: unknown; codigo_interno?: unknown }): SelectOption => ({ id: a.id, name: optionText(a), nombre: optionText(a) });

/** One form's article facts: loaded on demand, each once; `version` changes when one arrives. */
export function useArticles(ids: readonly (number | null)[]) {
  const [version, setVersion] = useState(0);
  const store = useMemo(() => {
    const loaded = new Map<number, Article>();
    const pending = new Map<number, Promise<Article | null>>();
    const load = (id: number) => {
      let p = pending.get(id);
      if (!p) {
        p = recordCalls.article(id).then(
          (a) => {
            const article = a as unknown as Article;
            loaded.set(id, article);
            rememberOptions(ARTICLE_OPTIONS, [option(article)]);
            setVersion((v) => v + 1);
            return article;
          },
          () => null,
        );
        pending.set(id, p);
      }
      return p;
    };
    const source: SliceSource = async (q: ListQuery) => {
      const wanted = q.filters?.id;
      if (wanted !== undefined && wanted !== null) {
        const a = await load(Number(wanted));
        return a ? { total: 1, rows: [option(a)] } : { total: 0, rows: [] };
      }
      const reply = await entityCalls.index<{ id: number; nombre: string; codigo_interno?: string }>('articulo', {
        pattern: q.pattern,
        offset: q.offset,
        max: q.max,
        sort: 'nombre',
        sortOrder: 'asc',
        cols: ['nombre', 'codigo_interno'],
      });
      return { total: reply.total, rows: reply.rows.map(option) };
    };
    return { loaded, pending, load, source };
  }, []);

  const key = [...new Set(ids.filter((id): id is number => id !== null))].sort().join(',');
  useEffect(() => {
    for (const id of key ? key.split(',').map(Number) : []) if (!store.loaded.has(id)) void store.load(id);
  }, [key, store]);

  return {
    get: (id: number) => store.loaded.get(id),
    source: store.source,
    version,
    /** An article just created or changed from the form: priced and named from now on as stored. */
    put: (article: Article) => {
      store.loaded.set(article.id, article);
      store.pending.set(article.id, Promise.resolve(article));
      rememberOptions(ARTICLE_OPTIONS, [option(article)]);
      setVersion((v) => v + 1);
    },
  };
}
