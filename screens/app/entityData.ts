/** The entity calls bound to the app's client, and the table source and select options built on them. */
import { entityApi } from '../../engine/api/entityApi';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { ListQuery } from '../../engine/list/query';
import { api } from './session';

export const entityCalls = entityApi(api);

/** What a DataTable needs, for one entity. */
export function tableSource(entity: ResolvedEntity) {
  return {
    index: (q: ListQuery) => entityCalls.index(entity.list, q),
    saveColumns: async (tipo: string, jsondata: string) => {
      await entityCalls.saveColumns(tipo, jsondata);
    },
    updateColumn: async (edit: { rowid: number | string; tablename: string; colname: string; colvalue: unknown }) => {
      await entityCalls.updateColumn(entity.name, edit);
    },
    remove: async (id: number | string) => {
      await entityCalls.remove(entity.name, id);
    },
  };
}

/** Remote options of the form's select widget. */
export const optionsSource = (list: string, q: ListQuery) => entityCalls.select(list, q);
