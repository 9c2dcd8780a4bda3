/** A task's estimated end is not before its estimated start (checked while typing and by the server). */
import type { EntityRules } from '../../engine/metadata/rules';
import { daysBetween } from '../../engine/planning/days';

const rules: EntityRules = (doc) => {
  const span = daysBetween(doc.fecha_inicio_estimada as string | undefined, doc.fecha_fin_estimada as string | undefined);
  return span !== null && span < 0 ? [{ field: 'fecha_fin_estimada', code: 'TAREA_FIN_ANTES_INICIO' }] : [];
};

export default rules;
