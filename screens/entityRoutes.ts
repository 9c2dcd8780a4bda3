/**
 * The routes entities name in their columns.json, read apart from the rest of the metadata: the route tree
 * needs them at start-up, while the schemas (screens/metadata.ts) load with the first entity screen.
 */
import type { ColumnsManifest } from '../engine/metadata/types';
import type { EntityRoute } from '../engine/routeTree';

const manifests = import.meta.glob<ColumnsManifest>('../schemas/*/columns.json', { eager: true, import: 'default' });

export const entityRoutes: EntityRoute[] = Object.entries(manifests).flatMap(([path, m]) =>
  m.route ? [{ entity: path.split('/').at(-2)!, area: m.route.area, path: m.route.path, roles: m.route.roles }] : [],
);
