/**
 * Category constants both sides agree on (spec §3 Category, §7 categoria/*). The server seeds and
 * answers with them; the browser asks with them.
 */

/** `categoria/index` with `filters.tipo` equal to this answers the flow-group list (distinct `grupo`). */
export const FLOW_GROUP_TIPO = 'grupo_flujo';

/**
 * The profile-type group: categories with tipo and grupo `perfil_tipo`, one per profile type, its key in
 * `valor`. The default profile type is the one whose valor is PERFIL_TIPO_DEFAULT: look it up with
 * `categoria/getByGrupoValor` `{ grupo: PERFIL_TIPO, valor: PERFIL_TIPO_DEFAULT }`.
 */
export const PERFIL_TIPO = 'perfil_tipo';
export const PERFIL_TIPO_DEFAULT = 'clientes';
export const PERFIL_TIPO_VALUES = ['clientes', 'proveedores', 'empleados'] as const;

/**
 * Named conditions `categoria/index` accepts in `filtercondition` (an allow-list; anything else is 400):
 * - `raiz`: top-level categories (no parentid);
 * - `hijos`: categories that have a parent.
 */
export const CATEGORIA_CONDITIONS = ['raiz', 'hijos'] as const;
export type CategoriaCondition = (typeof CATEGORIA_CONDITIONS)[number];
