/** Registers the generic entity API (spec §7) for every entity, its declared actions, and rowConfig/update. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { Documents } from '../documents/types';
import { actionRoutes } from './action-routes';
import type { Entities } from './index';
import { listRoutes } from './list-routes';
import { recordRoutes } from './record-routes';
import { rowConfigRoutes } from './row-config';
import { exportRoutes } from '../export/routes';

export function entityRoutes(app: FastifyInstance, db: Kysely<Database>, entities: Entities, docs: Documents) {
  for (const entity of entities.entities) {
    listRoutes(app, db, entity, docs);
    exportRoutes(app, db as unknown as Kysely<any>, entity, docs);
    recordRoutes(app, docs, entity);
    actionRoutes(app, docs, entity);
  }
  rowConfigRoutes(app, db, entities);
}
