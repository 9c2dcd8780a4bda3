/**
 * The calls of the task area, the planning and the instructive form (issue 13), typed, over the app's client.
 * Failures show their toast (spec §8) unless a caller asks for quiet and shows them itself.
 */
import type { StoredRecord } from '../../engine/api/entityApi';
import type { Decision } from '../../engine/flow/next';
import type { TaskState } from '../../machines/taskState';
import { api } from '../app/session';

export interface MyTask {
  id: number;
  version: number;
  titulo: string;
  estado: TaskState;
  fecha_inicio_estimada: string | null;
  fecha_fin_estimada: string | null;
  horas_asignadas: number | null;
  critica: boolean;
  vencida: boolean;
  asignado_nombre: string | null;
  registro: number;
  registro_numero: string | null;
  actividad: number | null;
  actividad_titulo: string | null;
  instructivo: number;
  instructivo_titulo: string | null;
}

export interface PlannedTask {
  id: number;
  version: number;
  titulo: string;
  estado: TaskState;
  critica: boolean;
  holgura: number | null;
  inicio: string | null;
  fin: string | null;
  asignado_nombre: string | null;
  predecesoras: number[];
}

export interface PlannedRecord {
  id: number;
  numero: string | null;
  fecha: string | null;
  flujo_nombre: string | null;
  actividad_titulo: string | null;
  tareas: PlannedTask[];
}

export interface PertRow {
  id: number;
  version: number;
  titulo: string;
  predecesoras: number[];
  optimista: number | null;
  probable: number | null;
  pesimista: number | null;
  te: number;
  sd: number;
  es: number;
  ef: number;
  ls: number;
  lf: number;
  holgura: number;
  critica: boolean;
}

export interface PertReply {
  duracion: number;
  desviacion: number;
  varianza: number;
  rutaCritica: number[];
  tareas: PertRow[];
}

export interface NextStepView {
  decisiones: Decision[];
  destino: { fin: true } | { flujo: number; nodo: string; actividad: number; titulo: string; flujoNombre: string };
}

export type Dates = { fecha_inicio_estimada?: string | null; fecha_fin_estimada?: string | null; horas_asignadas?: number | null };

export const taskCalls = {
  mine: (body: { filtro: string; hoy: string; offset: number; max: number }) => api.post<{ total: number; hoy: string; rows: MyTask[] }>('tarea/mine', body, { quiet: true }),
  send: (event: 'start' | 'finish' | 'reopen', id: number, version?: number) => api.post<StoredRecord>(`tarea/${event}/${id}`, version ? { version } : {}),
  reschedule: (id: number, dates: Dates, version?: number) => api.post<StoredRecord>(`tarea/reschedule/${id}`, { ...dates, ...(version ? { version } : {}) }),
  planning: (body: Record<string, unknown> = {}) => api.post<{ truncated: boolean; total: number; registros: PlannedRecord[] }>('instructivoExec/getFlowsPlaneam', body, { quiet: true }),
  pert: (instructivo: number) => api.post<PertReply>(`instructivo/pert/${instructivo}`, {}),
  /** Meets `version` when given (409 VERSION_CONFLICT when the instructive changed meanwhile). */
  mode: (instructivo: number, to: 'publish' | 'revise', version?: number) => api.post<StoredRecord>(`instructivo/${to}/${instructivo}`, version ? { version } : {}),
  nextSteps: (registro: number) => api.post<NextStepView[]>(`registro/nextSteps/${registro}`, {}),
  /** Quiet: the move dialog shows why a move is refused. */
  move: (registro: number, choice: Record<string, unknown>) => api.post<StoredRecord>(`registro/move/${registro}`, choice, { quiet: true }),
};
