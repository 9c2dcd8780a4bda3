/**
 * The calls the workspace and the record screens make (spec §7 workspace/*, registro/*, adjunto/*), typed,
 * over the app's entity calls. Reads of the record screen are quiet: the screen itself says what failed
 * (a 403 on the record header shows a message page, no toast: spec §8).
 */
import { FLOW_GROUP_TIPO } from '../../engine/categoria';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { OfferedStep } from '../../engine/records/moves';
import type { AttachmentRow } from '../../widgets/Attachments';
import { entityCalls } from '../app/entityData';

export interface FlowCardRow {
  id: number;
  nombre: string;
  descripcion?: string;
  tarjeta?: { color?: string; icono?: string; texto?: string };
  grupo?: number | null;
  actividades: number;
}

export interface FlowActivityRow {
  id: number;
  titulo: string;
  codificacion?: string;
  clave: string;
}

export interface GroupRow {
  id: number;
  nombre: string;
}

export const workspaceCalls = {
  groups: async () => (await entityCalls.index<GroupRow>('categoria', { offset: 0, max: 200, sortOrder: 'asc', filters: { tipo: FLOW_GROUP_TIPO } })).rows,
  flows: () => entityCalls.action<FlowCardRow[]>('workspace', 'getFlows', {}),
  /** Quiet: a group that is gone (an old link) answers 404, which the screen shows as a group without flows. */
  groupCards: (group: number) => entityCalls.quietAction<FlowCardRow[]>('workspace', 'getFlowsCards', {}, group),
  /** Quiet: a flow the user may not work in answers 404, which the screen shows as an empty state. */
  flowActivities: (flow: number) => entityCalls.quietAction<FlowActivityRow[]>('workspace', 'getFlowActivities', {}, flow),
};

export const recordCalls = {
  show: (id: number | string) => entityCalls.showQuiet('registro', id),
  flow: (id: number | string) => entityCalls.showQuiet('flujo', id),
  activity: (id: number | string) => entityCalls.showQuiet('actividad', id),
  article: (id: number) => entityCalls.showQuiet('articulo', id),
  /** The client's price type only: a seller may not read the client's whole record (the narrow view). */
  clientPriceType: (id: number) => entityCalls.quietAction<{ tipo_precio: string | null }>('perfil', 'tipoPrecio', {}, id),
  save: (data: Record<string, unknown>) => entityCalls.save('registro', data),
  update: (id: number, data: Record<string, unknown>) => entityCalls.update('registro', id, data),
  nextSteps: (id: number) => entityCalls.quietAction<OfferedStep[]>('registro', 'nextSteps', {}, id),
  move: (id: number, body: Record<string, unknown>) => entityCalls.quietAction<StoredRecord>('registro', 'move', body, id),
  take: (id: number) => entityCalls.quietAction<StoredRecord>('registro', 'take', {}, id),
  release: (id: number) => entityCalls.quietAction<StoredRecord>('registro', 'release', {}, id),
  responsibles: (actividad: number) => entityCalls.quietAction<{ id: number; username: string }[]>('registro', 'responsables', { actividad }),
  /** A client or article written from the record form, as the activity's edit mode allows (server/entities/registro/inline-edits.ts). */
  inlineEdit: (kind: 'party' | 'article', actividad: number, id: number | null, datos: Record<string, unknown>) =>
    entityCalls.quietAction<StoredRecord>('registro', kind, { actividad, ...(id !== null ? { id } : {}), datos }),
  inlineShow: (kind: 'party' | 'article', actividad: number, id: number) => entityCalls.quietAction<StoredRecord>('registro', `${kind}Show`, { actividad, id }),
  fromParent: (parent: number, body: { actividad: number; items: { parentItem: number; cantidad: number }[] }) =>
    entityCalls.quietAction<StoredRecord>('registro', 'fromParent', body, parent),
};

export const attachmentCalls = {
  list: async (registro: number) =>
    (await entityCalls.quietIndex<AttachmentRow>('adjunto', { offset: 0, max: 200, sort: 'creado_en', sortOrder: 'desc', filters: { registro } })).rows,
  upload: (registro: number, file: File, audio = false) =>
    entityCalls.upload<AttachmentRow>('adjunto', 'upload', { registro: String(registro), ...(audio ? { audio: 'true' } : {}) }, file, file.name),
  download: (id: number) => entityCalls.download('adjunto', 'download', id),
  remove: (id: number) => entityCalls.quietAction<{ ok: true }>('adjunto', 'quitar', {}, id),
};
