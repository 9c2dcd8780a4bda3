/** The entity calls bound to the app's client, and the table source and select options built on them. */
import { entityApi, type ColumnEdit } from '../../engine/api/entityApi';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { ListQuery, SelectOption } from '../../engine/list/query';
import { localPage } from '../../widgets/SchemaForm/selectOptions';
import i18next from 'i18next';
import { api } from './session';
import { saveFile } from '../../widgets/saveFile';
import { pageTreeOptions, treeOptions, type CategoryNode } from '../../engine/categoryTree';

export const entityCalls = entityApi(api);

/** What a DataTable needs, for one entity. */
export function tableSource(entity: ResolvedEntity) {
  return {
    index: (q: ListQuery) => entityCalls.index(entity.list, q),
    options: optionsSource,
    saveColumns: async (tipo: string, jsondata: string) => {
      await entityCalls.saveColumns(tipo, jsondata);
    },
    updateColumn: async (edit: ColumnEdit) => {
      // quiet: a refusal shows at the cell, with its reason (DataTable)
      await entityCalls.updateColumn(entity.name, edit, { quiet: true });
    },
    remove: async (id: number | string) => {
      await entityCalls.remove(entity.name, id);
    },
    exportRows: async (q: ListQuery, format: 'csv' | 'xlsx') => {
      const { blob, name } = await entityCalls.exportList(entity.list, q, format, i18next.language, Intl.DateTimeFormat().resolvedOptions().timeZone);
      saveFile(blob, name || `${entity.list}.${format}`);
    },
  };
}

/**
 * Remote options of the form's select widget. `ui:options.filters.tree` offers the list's tree (its entity's
 * `treeSelect` action) with each option's path; `ui:options.filters.action` the options a read action of the
 * entity answers (an event's origins; with `grupo`, a category group's entries), paged and searched here.
 */
export async function optionsSource(list: string, q: ListQuery) {
  const { tree, tipo, action, grupo, ...filters } = q.filters ?? {};
  if (typeof action === 'string') {
    const all = await entityCalls.action<SelectOption[]>(list, action, typeof grupo === 'string' ? { grupo } : {});
    const { id } = filters;
    return localPage(id === undefined ? all : all.filter((o) => String(o.id) === String(id)), { ...q, filters });
  }
  if (tree) {
    const nodes = await entityCalls.action<CategoryNode[]>(list, 'treeSelect', typeof tipo === 'string' ? { tipo } : {});
    return pageTreeOptions(treeOptions(nodes), { ...q, filters });
  }
  return entityCalls.select(list, q);
}
