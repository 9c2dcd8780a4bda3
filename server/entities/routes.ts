/** Registers the generic entity API (spec §7) for every entity of the registry, plus rowConfig/update. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { TableUpkeep } from '../db/upkeep';
import { extensionOf } from './extensions';
import { listRoutes } from './list-routes';
import { recordRoutes } from './record-routes';
import type { Registry } from './registry';
import { rowConfigRoutes } from './row-config';

export function entityRoutes(app: FastifyInstance, db: Kysely<Database>, registry: Registry, upkeep: TableUpkeep) {
  for (const entity of registry.entities) {
    const ext = extensionOf(entity.name);
    listRoutes(app, db, entity, ext);
    recordRoutes(app, db, entity, ext, upkeep);
    ext?.routes?.(app, { db, registry, entity });
  }
  rowConfigRoutes(app, db, registry);
}
