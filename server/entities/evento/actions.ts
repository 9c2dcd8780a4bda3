/**
 * What a subscription's action may be (issue 15): `*` (every action) or an action a write of its origin carries —
 * a record write the pipeline names (RECORD_ACTIONS of server/documents/types.ts: insert, update, patch, delete) or
 * a writing action an entity's module declares (a record's `move`, `DeleteRegistrosCab`, a sequence's `next` …),
 * whose audit row and outbox event take the action's name (server/documents/service.ts `run`), or a write the
 * module makes itself and names in `writes` (an invoice's `cae`, `rechazo`: service.ts `notify`). Read from the
 * modules, never copied: the save's check, the start-up warning and the form's picker (`POST /api/evento/acciones`)
 * read this one list. Options carry both languages' texts: the history's names of actions (`history.actions.*`).
 */
import { RECORD_ACTIONS, type Documents } from '../../documents/types';
import { textsOf } from '../../export/texts';
import { entityTitleKey } from '../../../engine/metadata/resolve';
import { ANY_ORIGIN, isOrigin, originNames } from './origins';

export const ANY_ACTION = '*';

export type ActionProblem = 'EVENTO_ACCION_DESCONOCIDA' | 'EVENTO_ACCION_DE_OTRO_ORIGEN';

/**
 * The writing actions an entity's module declares (a read action writes nothing, so no event), and the writes it
 * makes itself (`writes`: an invoice authorised or rejected by the tax authority).
 */
function declaredActions(docs: Documents, entity: string): string[] {
  const server = docs.server(entity);
  const actions = Object.entries(server.actions ?? {})
    .filter(([, spec]) => !spec.read)
    .map(([name]) => name);
  return [...actions, ...(server.writes ?? [])];
}

/**
 * The actions an event of `origin` can carry (`*`: of any origin), each with the entities that declare it — none
 * for a record write, which every entity has.
 */
export function actionsOf(docs: Documents, origin: string = ANY_ORIGIN): Map<string, string[]> {
  const out = new Map<string, string[]>(RECORD_ACTIONS.map((a) => [a, []]));
  const entities = origin === ANY_ORIGIN || !isOrigin(docs, origin) ? originNames(docs).filter((n) => n !== ANY_ORIGIN) : [origin];
  const declared = entities.flatMap((e) => declaredActions(docs, e).map((a) => [a, e] as const)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [action, entity] of declared) if (!RECORD_ACTIONS.includes(action)) out.set(action, [...(out.get(action) ?? []), entity]);
  return out;
}

/** Why a subscription's action can never match an event of its origin, or null when it can. */
export function actionProblem(docs: Documents, action: unknown, origin: unknown): ActionProblem | null {
  if (action === ANY_ACTION) return null;
  if (typeof action !== 'string' || !actionsOf(docs).has(action)) return 'EVENTO_ACCION_DESCONOCIDA';
  if (typeof origin === 'string' && origin !== ANY_ORIGIN && isOrigin(docs, origin) && !actionsOf(docs, origin).has(action)) return 'EVENTO_ACCION_DE_OTRO_ORIGEN';
  return null;
}

export interface ActionOption {
  id: string;
  nombre: string;
  name: string;
}

/**
 * The picker's options: `*`, the record writes, then the declared actions, each as the history names it with the
 * name a receiver gets (`event`, `x-flujos-event`) — "Movió (move) — Registro": a declared action names its entities.
 */
export function actionOptions(docs: Documents): ActionOption[] {
  const [es, en] = [textsOf('es'), textsOf('en')];
  const text = (t: typeof es, action: string, entities: readonly string[]) => {
    if (action === ANY_ACTION) return t('events.anyAction');
    const shown = t(`history.actions.${action}`, { defaultValue: action });
    const own = shown === action ? action : `${shown} (${action})`;
    return entities.length ? `${own} — ${entities.map((e) => t(entityTitleKey(e), { defaultValue: e })).join(', ')}` : own;
  };
  const all: [string, string[]][] = [[ANY_ACTION, []], ...actionsOf(docs)];
  return all.map(([id, entities]) => ({ id, nombre: text(es, id, entities), name: text(en, id, entities) }));
}
