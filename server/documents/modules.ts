/**
 * Entity server modules are found by convention, with no hand-kept list: every folder
 * `server/entities/<entity>/` with an `index.ts` default-exporting `defineEntityServer(...)` (./types.ts) is
 * that entity's module. An entity's pure rules sit beside its metadata: `schemas/<entity>/rules.ts`
 * (engine/metadata/rules.ts). A module or rules file whose entity is absent does nothing.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EntityRules } from '../../engine/metadata/rules';
import { MetadataError, type Registry } from '../entities/registry';
import { storedField } from '../entities/layout';
import type { SchemaStep } from '../db/apply-schema';
import type { EntityServer } from './types';

export const ENTITY_MODULES_DIR = fileURLToPath(new URL('../entities/', import.meta.url));

async function folders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((d) => d.isDirectory() && !/^[._]/.test(d.name)).map((d) => d.name).sort();
}

async function importDefault<T>(file: string, what: string): Promise<T> {
  const mod = (await import(pathToFileURL(file).href)) as { default?: T };
  if (!mod.default) throw new Error(`${what} has no default export`);
  return mod.default;
}

/** Every entity module of `dir`, by entity name. */
export async function discoverServers(dir = ENTITY_MODULES_DIR): Promise<Map<string, EntityServer>> {
  const out = new Map<string, EntityServer>();
  for (const name of await folders(dir)) {
    const file = path.join(dir, name, 'index.ts');
    if (existsSync(file)) out.set(name, await importDefault<EntityServer>(file, `server/entities/${name}/index.ts`));
  }
  return out;
}

/** Every `schemas/<entity>/rules.ts` of the registry's entities. */
export async function discoverRules(schemasDir: string, registry: Registry): Promise<Map<string, EntityRules>> {
  const out = new Map<string, EntityRules>();
  for (const e of registry.entities) {
    const file = path.resolve(schemasDir, e.name, 'rules.ts');
    if (existsSync(file)) out.set(e.name, await importDefault<EntityRules>(file, `schemas/${e.name}/rules.ts`));
  }
  return out;
}

/** Entities over a core table: the registry admits these core table names. */
export const coreTablesOf = (servers: ReadonlyMap<string, EntityServer>): Set<string> =>
  new Set([...servers].filter(([, s]) => s.coreTable).map(([name]) => name));

/** The tables the modules own (EntityServer `tables`), in module order. */
export const moduleTablesOf = (servers: ReadonlyMap<string, EntityServer>): SchemaStep[] => [...servers.values()].flatMap((s) => s.tables ?? []);

/** The start fails when an entity lacks a property its module relies on, or names an action (or a write) twice. */
export function checkServers(registry: Registry, servers: ReadonlyMap<string, EntityServer>, reservedCalls: readonly string[]) {
  for (const [name, s] of servers) {
    const entity = registry.byName.get(name);
    if (!entity) continue;
    const file = `schemas/${name}/schema.json`;
    const missing = [...(s.needs ?? []), ...(s.serverOwned ?? [])].filter((f) => !storedField(entity, f) && !entity.children.some((c) => c.name === f));
    if (missing.length) throw new MetadataError(file, `server/entities/${name} needs the properties ${missing.join(', ')}`);
    if (s.coreTable && entity.children.length) throw new MetadataError(file, 'an entity over a core table cannot have child tables (arrays of objects)');
    for (const action of Object.keys(s.actions ?? {}))
      if (reservedCalls.includes(action) || !/^[A-Za-z][A-Za-z0-9_]{0,59}$/.test(action))
        throw new MetadataError(`server/entities/${name}/index.ts`, `action "${action}" clashes with a generic call or is not a plain name`);
    for (const write of s.writes ?? [])
      if (write in (s.actions ?? {}) || !/^[A-Za-z][A-Za-z0-9_]{0,59}$/.test(write))
        throw new MetadataError(`server/entities/${name}/index.ts`, `write "${write}" is also an action's name or is not a plain name`);
  }
}
