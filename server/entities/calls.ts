/** The generic calls every entity has (entities/list-routes.ts, record-routes.ts): an action may not take these names. */
export const GENERIC_CALLS: readonly string[] = ['index', 'select', 'show', 'save', 'update', 'delete', 'updateColumn', 'history', 'export'];
