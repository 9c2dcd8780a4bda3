/**
 * The report form's built-in query as pickers (issue 14): the entity is a select of the entities (by their
 * titles), and grouping, measures and filters are selects of that entity's query fields (engine/reports/query.ts
 * `queryFields`, by their labels); measures offer only numeric fields, as only those can be summed or averaged.
 * The server checks the same (unknown entity or field: 400 VALIDATION_FAILED, code `enum`). While the group is no
 * date, the interval's help says it needs one, in the words the server answers on save (INTERVALO_SIN_FECHA); it
 * stays editable, so an interval left from a date group can be cleared.
 */
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { UiSchema } from '../../engine/metadata/types';
import { fieldLabelKey } from '../../engine/metadata/resolve';
import { CREATED_AT, INTERVAL_WITHOUT_DATE, isDateKind, queryFields } from '../../engine/reports/query';
import { entities } from '../metadata';

type Data = Record<string, unknown>;
type Node = Record<string, unknown>;

const chosen = (data: Data, key: 'entidad' | 'agrupar') => {
  const name = (data.consulta as Record<string, unknown> | null | undefined)?.[key];
  return typeof name === 'string' ? name : '';
};
const chosenEntity = (data: Data) => chosen(data, 'entidad');

const groupsByDate = (data: Data) => {
  const target = entities[chosenEntity(data)];
  return Boolean(target) && isDateKind(queryFields(target).get(chosen(data, 'agrupar')));
};

/** What the pickers depend on: the entity chosen, and whether its group is a date (the interval's help). */
export const reportQueryKey = (data: Data) => `${chosenEntity(data)}${groupsByDate(data) ? ':date' : ''}`;

function fieldOptions(name: string, numeric: boolean) {
  const target = entities[name];
  if (!target) return [];
  return [...queryFields(target)]
    .filter(([, kind]) => !numeric || kind === 'number' || kind === 'integer')
    .map(([field]) => ({ value: field, label: field === CREATED_AT ? 'reports.createdAt' : fieldLabelKey(name, field) }));
}

const picker = (offered: { value: string; label: string }[], options: Node = {}) => ({ 'ui:widget': 'select', 'ui:options': { offered, ...options } });
const node = (ui: unknown): Node => (ui && typeof ui === 'object' ? (ui as Node) : {});

/** The report entity with its ui.json completed for the data on screen. */
export function reportQueryUi(entity: ResolvedEntity, data: Data): ResolvedEntity {
  const name = chosenEntity(data);
  const every = fieldOptions(name, false);
  const consulta = node(entity.ui.consulta);
  const items = (key: string) => node(node(consulta[key]).items);
  const ui: UiSchema = {
    ...entity.ui,
    consulta: {
      ...consulta,
      entidad: picker(Object.keys(entities).sort().map((e) => ({ value: e, label: `entities.${e}.title` }))),
      agrupar: picker(every, { allowNull: true }),
      intervalo: { ...node(consulta.intervalo), ...(!groupsByDate(data) && { 'ui:description': `validation.${INTERVAL_WITHOUT_DATE}` }) },
      medidas: { ...node(consulta.medidas), items: { ...items('medidas'), campo: picker(fieldOptions(name, true), { allowNull: true }) } },
      filtros: { ...node(consulta.filtros), items: { ...items('filtros'), campo: picker(every) } },
    },
  };
  return { ...entity, ui };
}
