/**
 * The schema engine's server side: `loadEntities` reads schemas/ (./registry.ts; bad metadata throws before
 * the database is touched), `syncEntities` brings the tables in line (./storage.ts) and runs the entity
 * seeds, `entityRoutes` (./routes.ts) serves the generic API.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { CORE_TABLE_ENTITIES, checkExtensions, extensionsOf } from './extensions';
import { loadRegistry, type Registry } from './registry';
import { syncStorage } from './storage';

export { entityRoutes } from './routes';
export type { Registry } from './registry';

export async function loadEntities(schemasDir: string): Promise<Registry> {
  const registry = await loadRegistry(schemasDir, CORE_TABLE_ENTITIES);
  checkExtensions(registry);
  return registry;
}

export async function syncEntities(db: Kysely<Database>, registry: Registry): Promise<{ trigram: boolean }> {
  return syncStorage(
    db,
    registry.entities,
    async (trx) => {
      for (const ext of extensionsOf(registry)) await ext.seed?.(trx);
    },
    CORE_TABLE_ENTITIES,
  );
}
