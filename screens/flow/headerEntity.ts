/**
 * The flow's header form: the `flujo` entity as its form shows it, without the graph (the designer draws that).
 * Same schema object, so the form keeps the validators compiled for it at build time.
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { entityOf } from '../metadata';

const flujo = entityOf('flujo');

export const headerEntity: ResolvedEntity = {
  ...flujo,
  ui: { ...flujo.ui, nodos: { 'ui:widget': 'hidden' }, conexiones: { 'ui:widget': 'hidden' } },
};
