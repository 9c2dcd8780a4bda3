/**
 * Every entity of schemas/, resolved with the engine's defaults. Bundled at build time, in the chunk of the
 * entity screens (the route tree reads only the routes, from screens/entityRoutes.ts).
 */
import { linkReferences, resolveEntity, type ResolvedEntity } from '../engine/metadata/resolve';
import type { EntityRules } from '../engine/metadata/rules';
import type { ColumnsManifest, JsonSchema, UiSchema } from '../engine/metadata/types';

const schemas = import.meta.glob<JsonSchema>('../schemas/*/schema.json', { eager: true, import: 'default' });
const manifests = import.meta.glob<ColumnsManifest>('../schemas/*/columns.json', { eager: true, import: 'default' });
const uis = import.meta.glob<UiSchema>('../schemas/*/ui.json', { eager: true, import: 'default' });
const ruleModules = import.meta.glob<EntityRules>('../schemas/*/rules.ts', { eager: true, import: 'default' });

const folder = (path: string) => path.split('/').at(-2)!;

export const entities: Readonly<Record<string, ResolvedEntity>> = Object.fromEntries(
  Object.entries(schemas).map(([path, schema]) => {
    const name = folder(path);
    const dir = path.slice(0, path.lastIndexOf('/'));
    const columns = manifests[`${dir}/columns.json`] ?? { columns: [] };
    return [name, resolveEntity({ name, schema, columns, ui: uis[`${dir}/ui.json`] })];
  }),
);

linkReferences(Object.values(entities));

/** The entity's own rules (schemas/<entity>/rules.ts), which the server runs on every write too. */
export const rulesOf = (name: string): EntityRules | undefined => ruleModules[`../schemas/${name}/rules.ts`];

export function entityOf(name: string | undefined): ResolvedEntity {
  const found = name ? entities[name] : undefined;
  if (!found) throw new Error(`Unknown entity: ${name}`);
  return found;
}
