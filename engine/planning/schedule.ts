/**
 * Estimated dates from a PERT schedule (./pert.ts): a task starts on the day its earliest start falls on and
 * ends on the last day its expected time reaches (a task of 2 days starting Monday ends Tuesday; a task of
 * no time starts and ends the same day). Also what "overdue" means for a task.
 */
import { addDays, dayNumber } from './days';
import type { PertResult, TaskId } from './pert';

export interface EstimatedDates {
  fecha_inicio_estimada: string;
  fecha_fin_estimada: string;
}

export function datesFrom(start: string, es: number, ef: number): EstimatedDates {
  const first = Math.floor(es + 1e-9);
  const last = Math.max(first, Math.ceil(ef - 1e-9) - 1);
  return { fecha_inicio_estimada: addDays(start, first), fecha_fin_estimada: addDays(start, last) };
}

/** Every task's estimated dates when the whole starts on `start`. */
export function scheduleFrom(start: string, result: Pick<PertResult, 'tasks'>): Map<TaskId, EstimatedDates> {
  return new Map(result.tasks.map((t) => [t.id, datesFrom(start, t.es, t.ef)]));
}

/** A task not finished whose estimated end is before `today`. */
export function isOverdue(task: { estado?: unknown; fecha_fin_estimada?: unknown }, today: string): boolean {
  if (task.estado === 'finalizada') return false;
  const end = dayNumber(typeof task.fecha_fin_estimada === 'string' ? task.fecha_fin_estimada : null);
  const now = dayNumber(today);
  return end !== null && now !== null && end < now;
}
