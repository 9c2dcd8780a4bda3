/**
 * The generic entity calls of spec §7, typed, over the one client. The server serves exactly these routes
 * (server/entities/routes.ts); the browser and the API tests call them through here.
 */
import type { ListQuery, ListReply, SelectOption } from '../list/query';
import type { CategoryNode } from '../categoryTree';

export interface Poster {
  post<T>(path: string, body?: unknown, options?: { quiet?: boolean; signal?: AbortSignal }): Promise<T>;
}

/** Every stored record carries its id and version (optimistic locking). */
export type StoredRecord = Record<string, unknown> & { id: number; version: number };

export interface ColumnEdit {
  rowid: number | string;
  tablename: string;
  colname: string;
  colvalue: unknown;
}

export function entityApi(client: Poster) {
  return {
    index: <Row = Record<string, unknown>>(list: string, q: ListQuery, signal?: AbortSignal) =>
      client.post<ListReply<Row>>(`${list}/index`, q, { signal }),
    select: (list: string, q: ListQuery, signal?: AbortSignal) =>
      client.post<{ total: number; rows: SelectOption[] }>(`${list}/select`, q, { signal }),
    show: (entity: string, id: number | string) => client.post<StoredRecord>(`${entity}/show/${id}`),
    /** Quiet: the form shows field errors itself. */
    save: (entity: string, data: Record<string, unknown>) => client.post<StoredRecord>(`${entity}/save`, data, { quiet: true }),
    update: (entity: string, id: number | string, data: Record<string, unknown>) =>
      client.post<StoredRecord>(`${entity}/update/${id}`, data, { quiet: true }),
    remove: (entity: string, id: number | string) => client.post<{ ok: true }>(`${entity}/delete/${id}`),
    updateColumn: (entity: string, edit: ColumnEdit) => client.post<StoredRecord>(`${entity}/updateColumn`, edit),
    saveColumns: (tipo: string, jsondata: string) => client.post<{ ok: true }>('rowConfig/update', { tipo, jsondata }),
    treeSelect: (body: { tipo?: string; pattern?: string }) => client.post<CategoryNode[]>('categoria/treeSelect', body),
  };
}

export type EntityApi = ReturnType<typeof entityApi>;
