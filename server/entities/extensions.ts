/** The entity extensions (./extension.ts), by entity name. An extension whose entity is absent does nothing. */
import { articulo } from './articulo';
import { categoria } from './categoria';
import { comunicacion } from './comunicacion';
import type { EntityExtension } from './extension';
import { perfil } from './perfil';
import { MetadataError, type Registry } from './registry';
import { secuencia } from './secuencia';
import { storedField } from './layout';

const EXTENSIONS: readonly EntityExtension[] = [categoria, perfil, articulo, secuencia, comunicacion];

export function extensionOf(entity: string): EntityExtension | undefined {
  return EXTENSIONS.find((e) => e.entity === entity);
}

/** Entities over a core table (`coreTable`): the registry admits these core table names. */
export const CORE_TABLE_ENTITIES: ReadonlySet<string> = new Set(EXTENSIONS.filter((e) => e.coreTable).map((e) => e.entity));

/** The start fails when an entity lacks a property its extension's code relies on. */
export function checkExtensions(registry: Registry) {
  for (const ext of EXTENSIONS) {
    const entity = registry.byName.get(ext.entity);
    if (!entity) continue;
    const missing = ext.needs.filter((f) => !storedField(entity, f));
    if (missing.length) throw new MetadataError(`schemas/${ext.entity}/schema.json`, `server/entities/${ext.entity} needs the properties ${missing.join(', ')}`);
    if (ext.coreTable && entity.children.length)
      throw new MetadataError(`schemas/${ext.entity}/schema.json`, 'an entity over a core table cannot have child tables (arrays of objects)');
  }
}

export const extensionsOf = (registry: Registry) => EXTENSIONS.filter((e) => registry.byName.has(e.entity));
