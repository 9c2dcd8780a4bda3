/**
 * The schema engine's server side: `loadEntities` reads schemas/ (./registry.ts; bad metadata throws before
 * the database is touched) and finds the entity modules (server/documents/modules.ts); `syncEntities` brings
 * the tables in line (./storage.ts) and runs the modules' seeds through the document service;
 * `entityRoutes` (./routes.ts) serves the generic API.
 */
import type { Kysely } from 'kysely';
import { linkReferences } from '../../engine/metadata/resolve';
import type { EntityRules } from '../../engine/metadata/rules';
import type { Database } from '../db/types';
import type { SchemaStep } from '../db/apply-schema';
import { checkServers, coreTablesOf, discoverRules, discoverServers, moduleTablesOf } from '../documents/modules';
import { SYSTEM_ACTOR, type Documents, type EntityServer, type Logger } from '../documents/types';
import { GENERIC_CALLS } from './calls';
import { loadRegistry, MetadataError, type Registry } from './registry';
import { syncStorage } from './storage';

export { entityRoutes } from './routes';
export type { Registry } from './registry';

/** The registry, with each entity's server module and rules. */
export interface Entities extends Registry {
  servers: ReadonlyMap<string, EntityServer>;
  rules: ReadonlyMap<string, EntityRules>;
  /** Entities over a core table (their module says `coreTable`). */
  coreTables: ReadonlySet<string>;
  /** Tables the entity modules own (EntityServer `tables`), created with the core schema. */
  moduleTables: readonly SchemaStep[];
}

export async function loadEntities(schemasDir: string): Promise<Entities> {
  const servers = await discoverServers();
  const coreTables = coreTablesOf(servers);
  const registry = await loadRegistry(schemasDir, coreTables);
  for (const r of linkReferences(registry.entities))
    throw new MetadataError('schemas', `"${r.path}" refers to the entity "${r.entity}", which schemas/ does not have`);
  checkServers(registry, servers, GENERIC_CALLS);
  // the manifest tells the browser; only a module can make an entity show a core table
  for (const e of registry.entities)
    if (e.coreTable !== coreTables.has(e.name))
      throw new MetadataError(`schemas/${e.name}/columns.json`, e.coreTable ? '"coreTable": no module of the server keeps this table' : 'its module keeps the table: say "coreTable": true');
  for (const e of registry.entities)
    for (const r of e.related) {
      const other = registry.byName.get(r.entity);
      if (!other?.columns.some((c) => c.filter === r.field))
        throw new MetadataError(`schemas/${e.name}/columns.json`, `related list "${r.entity}" has no column with the filter "${r.field}"`);
    }
  // a table a module owns is the server's, unless it is the table of that module's own core-table entity
  for (const [name, server] of servers)
    for (const step of server.tables ?? [])
      if (registry.byName.has(step.name) && !(step.name === name && coreTables.has(name)))
        throw new MetadataError(`schemas/${step.name}`, `"${step.name}" is a table server/entities/${name} owns`);
  const present = new Map([...servers].filter(([name]) => registry.byName.has(name)));
  return { ...registry, servers: present, rules: await discoverRules(schemasDir, registry), coreTables, moduleTables: moduleTablesOf(present) };
}

export async function syncEntities(db: Kysely<Database>, entities: Entities, docs: Documents, log: Logger): Promise<void> {
  return syncStorage(
    db as unknown as Kysely<any>,
    entities.entities,
    (trx) =>
      docs.transaction(
        SYSTEM_ACTOR,
        log,
        async (ctx) => {
          for (const server of entities.servers.values()) await server.seed?.(ctx);
        },
        trx,
      ),
    entities.coreTables,
  );
}
