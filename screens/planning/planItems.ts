/**
 * The planning reply (instructivoExec/getFlowsPlaneam) as timeline rows: a heading row per record (its number,
 * activity and flow, spanning its tasks) and a bar per task, with the locks of its state (machines/taskState.ts)
 * so the timeline offers only the moves the server will take.
 */
import type { TFunction } from 'i18next';
import { locksOf } from '../../machines/taskState';
import type { TimelineItem } from '../../widgets/Timeline/Timeline';
import { dmy } from '../tasks/format';
import type { PlannedRecord } from '../tasks/taskCalls';

const TONE = { no_iniciada: 'todo', iniciada: 'doing', finalizada: 'done' } as const;

export const taskRowId = (id: number) => `t${id}`;

export function planItems(records: readonly PlannedRecord[], t: TFunction): TimelineItem[] {
  const out: TimelineItem[] = [];
  for (const r of records) {
    const starts = r.tareas.map((x) => x.inicio ?? x.fin).filter((d): d is string => Boolean(d)).sort();
    const ends = r.tareas.map((x) => x.fin ?? x.inicio).filter((d): d is string => Boolean(d)).sort();
    out.push({
      id: `r${r.id}`,
      kind: 'group',
      label: t('planning.group', { numero: r.numero ?? `#${r.id}`, actividad: r.actividad_titulo ?? '' }),
      detail: r.flujo_nombre ?? undefined,
      start: starts[0] ?? null,
      end: ends.at(-1) ?? null,
      barLabel: '',
    });
    for (const task of r.tareas) {
      const locks = new Set(locksOf(task.estado).map((l) => l.field));
      const words = {
        title: task.titulo,
        start: dmy(task.inicio) || t('planning.noDate'),
        end: dmy(task.fin) || t('planning.noDate'),
        state: t(`entities.tarea.enums.estado.${task.estado}`),
      };
      out.push({
        id: taskRowId(task.id),
        kind: 'item',
        label: task.titulo,
        detail: task.asignado_nombre ?? undefined,
        start: task.inicio,
        end: task.fin,
        critical: task.critica,
        tone: TONE[task.estado],
        lockedStart: locks.has('fecha_inicio_estimada'),
        lockedEnd: locks.has('fecha_fin_estimada'),
        barLabel: t(task.critica ? 'planning.barCritical' : 'planning.bar', words),
      });
    }
  }
  return out;
}
