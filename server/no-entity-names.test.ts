/**
 * Generic code names no entity (issue 9): what is special about an entity lives in its metadata
 * (schemas/<entity>/) and its module (server/entities/<entity>/), so the engine's API client, the app's data
 * layer, the widgets and the server outside the entity modules must work for any entity. Entities over a core
 * table (the mail outbox, comunicacion) are exempt: the server owns that table. Tests, stories and fixtures
 * may name entities as sample data.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
const GENERIC = ['engine/api', 'screens/app', 'widgets', 'server'];

const entityFolders = readdirSync(path.join(ROOT, 'schemas'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, 'schemas', d.name, 'schema.json')))
  .map((d) => d.name);
const coreTable = (name: string) => {
  const module = path.join(ROOT, 'server/entities', name, 'index.ts');
  return existsSync(module) && /coreTable:\s*true/.test(readFileSync(module, 'utf8'));
};
const entities = entityFolders.filter((e) => !coreTable(e));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      // an entity's own module may name entities
      const rel = path.relative(ROOT, file);
      if (rel.startsWith(`server${path.sep}entities${path.sep}`) && entityFolders.includes(name)) return [];
      return sources(file);
    }
    return /\.(ts|tsx)$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [file] : [];
  });
}

const isFixture = (text: string) => /^\/\*\*?\s*\n?\s*\*?\s*STORY \/ TEST FIXTURE/.test(text) || text.includes('* STORY / TEST FIXTURE');

describe('generic code', () => {
  it('names no entity', () => {
    expect(entities.length).toBeGreaterThan(3);
    const found: string[] = [];
    const word = new RegExp(`\\b(${entities.join('|')})\\b`);
    for (const dir of GENERIC)
      for (const file of sources(path.join(ROOT, dir))) {
        if (file.includes(`${path.sep}fixtures${path.sep}`)) continue;
        const text = readFileSync(file, 'utf8');
        if (isFixture(text)) continue;
        text.split('\n').forEach((line, i) => {
          const m = word.exec(line);
          if (m) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${m[1]}`);
        });
      }
    expect(found).toEqual([]);
  });
});
