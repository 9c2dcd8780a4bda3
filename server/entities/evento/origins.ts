/**
 * What a subscription's origin may be (issue 15): `*` or the name of an entity of the schema registry whose
 * writes are delivered (not the delivery log itself). The save's check and the form's picker
 * (`POST /api/evento/origenes`) read this one list; its options carry both languages' texts (nombre / name).
 */
import type { Documents } from '../../documents/types';
import { textsOf } from '../../export/texts';
import { entityTitleKey } from '../../../engine/metadata/resolve';
import { NOT_ORIGINS } from './delivery/fanout';

export const ANY_ORIGIN = '*';

export function originNames(docs: Documents): string[] {
  return [ANY_ORIGIN, ...docs.entities().map((e) => e.name).filter((name) => !NOT_ORIGINS.has(name)).sort()];
}

export const isOrigin = (docs: Documents, origin: unknown): boolean => typeof origin === 'string' && originNames(docs).includes(origin);

export interface OriginOption {
  id: string;
  nombre: string;
  name: string;
}

export function originOptions(docs: Documents): OriginOption[] {
  const [es, en] = [textsOf('es'), textsOf('en')];
  const text = (t: typeof es, name: string) => {
    if (name === ANY_ORIGIN) return t('events.anyOrigin');
    const title = t(entityTitleKey(name), { defaultValue: name });
    return title === name ? name : `${title} (${name})`;
  };
  return originNames(docs).map((id) => ({ id, nombre: text(es, id), name: text(en, id) }));
}
