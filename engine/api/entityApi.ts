/**
 * The generic entity calls of spec §7, typed, over the one client. The server serves exactly these routes
 * (server/entities/routes.ts); the browser and the API tests call them through here.
 */
import type { ListQuery, ListReply, SelectOption } from '../list/query';

type Options = { quiet?: boolean; signal?: AbortSignal };

export interface Poster {
  post<T>(path: string, body?: unknown, options?: Options): Promise<T>;
  /** Multipart, for an upload action. */
  upload?<T>(path: string, form: FormData, options?: Options): Promise<T>;
  /** An action answering a file. */
  download?(path: string, body?: unknown, options?: Options): Promise<{ blob: Blob; name: string }>;
}

/** Every stored record carries its id and version (optimistic locking). */
export type StoredRecord = Record<string, unknown> & { id: number; version: number };

export interface ColumnEdit {
  rowid: number | string;
  tablename: string;
  colname: string;
  colvalue: unknown;
  /** The row's version as listed: a stale edit answers 409 VERSION_CONFLICT. */
  version?: number;
}

/** One row of a record's history (the audit log). */
export interface AuditEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  username: string;
  /** insert, update, patch, delete, or an action's name. */
  action: string;
  changes: {
    fields?: Record<string, [unknown, unknown]>;
    children?: Record<string, { added?: Record<string, unknown>[]; removed?: Record<string, unknown>[]; changed?: { id: unknown; fields: Record<string, [unknown, unknown]> }[] }>;
    body?: unknown;
  };
}

export function entityApi(client: Poster) {
  return {
    index: <Row = Record<string, unknown>>(list: string, q: ListQuery, signal?: AbortSignal) =>
      client.post<ListReply<Row>>(`${list}/index`, q, { signal }),
    /** `index` without the error toast: the caller shows a failed read where its rows would be (LoadFailed). */
    quietIndex: <Row = Record<string, unknown>>(list: string, q: ListQuery) => client.post<ListReply<Row>>(`${list}/index`, q, { quiet: true }),
    select: (list: string, q: ListQuery, signal?: AbortSignal) =>
      client.post<{ total: number; rows: SelectOption[] }>(`${list}/select`, q, { signal }),
    show: (entity: string, id: number | string) => client.post<StoredRecord>(`${entity}/show/${id}`),
    /** Quiet: the form shows field errors itself. */
    save: (entity: string, data: Record<string, unknown>) => client.post<StoredRecord>(`${entity}/save`, data, { quiet: true }),
    update: (entity: string, id: number | string, data: Record<string, unknown>) =>
      client.post<StoredRecord>(`${entity}/update/${id}`, data, { quiet: true }),
    remove: (entity: string, id: number | string) => client.post<{ ok: true }>(`${entity}/delete/${id}`),
    updateColumn: (entity: string, edit: ColumnEdit, options: Options = {}) => client.post<StoredRecord>(`${entity}/updateColumn`, edit, options),
    saveColumns: (tipo: string, jsondata: string) => client.post<{ ok: true }>('rowConfig/update', { tipo, jsondata }),
    /** A record's history from the audit log, newest first. Quiet: the history dialog says its failure itself. */
    history: (entity: string, id: number | string, page: { offset?: number; max?: number } = {}) =>
      client.post<{ total: number; rows: AuditEntry[] }>(`${entity}/history/${id}`, page, { quiet: true }),
    /** A declared action of an entity (`<entity>/<name>[/<id>]`). */
    action: <T>(entity: string, name: string, body: Record<string, unknown> = {}, id?: number | string) =>
      client.post<T>(`${entity}/${name}${id === undefined ? '' : `/${id}`}`, body),
    /** A declared action quietly (the caller shows its failure itself). */
    quietAction: <T>(entity: string, name: string, body: Record<string, unknown> = {}, id?: number | string) =>
      client.post<T>(`${entity}/${name}${id === undefined ? '' : `/${id}`}`, body, { quiet: true }),
    /** An upload action (`<entity>/<name>`, multipart: the fields first, then one file); quiet. */
    upload: <T>(entity: string, name: string, fields: Record<string, string>, file: Blob, fileName: string) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', file, fileName);
      if (!client.upload) throw new Error('this client cannot upload');
      return client.upload<T>(`${entity}/${name}`, form, { quiet: true });
    },
    /** An action answering a file (`<entity>/<name>/<id>`). */
    download: (entity: string, name: string, id: number | string) => {
      if (!client.download) throw new Error('this client cannot download');
      return client.download(`${entity}/${name}/${id}`);
    },
    /** Every row of a list query as a file (`{list}/export`): format csv or xlsx, texts in `lang`, moments in `tz`. */
    exportList: (list: string, q: ListQuery, format: 'csv' | 'xlsx', lang?: string, tz?: string) => {
      if (!client.download) throw new Error('this client cannot download');
      return client.download(`${list}/export`, { ...q, format, ...(lang ? { lang } : {}), ...(tz ? { tz } : {}) });
    },
    /** `show` without the error toast: the caller shows a refusal itself (spec §8, the record-header fetch). */
    showQuiet: (entity: string, id: number | string) => client.post<StoredRecord>(`${entity}/show/${id}`, undefined, { quiet: true }),
  };
}

export type EntityApi = ReturnType<typeof entityApi>;
