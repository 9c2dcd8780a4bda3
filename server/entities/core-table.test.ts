/**
 * An entity over a table a server module keeps says so in its manifest (`coreTable`), for the browser (the report
 * pickers offer no creation time there); only the module can make it so: the start fails when the two differ.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEntities } from '.';

describe('entities over a core table', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('every entity whose module keeps its table says so in columns.json, and no other does', async () => {
    const { entities, coreTables } = await loadEntities(path.resolve('schemas'));
    expect(entities.filter((e) => e.coreTable).map((e) => e.name).sort()).toEqual([...coreTables].sort());
    expect(coreTables.has('cheque')).toBe(true);
  });

  it('refuses a manifest that claims a core table no module keeps', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flujos-core-'));
    await mkdir(path.join(dir, 'pieza'));
    await writeFile(path.join(dir, 'pieza', 'schema.json'), JSON.stringify({ type: 'object', properties: { nombre: { type: 'string' } } }));
    await writeFile(path.join(dir, 'pieza', 'columns.json'), JSON.stringify({ coreTable: true, columns: ['nombre'] }));
    await expect(loadEntities(dir)).rejects.toThrow(/pieza\/columns\.json.*no module of the server keeps this table/);
  });

  it('refuses a core-table entity whose manifest does not say so', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'flujos-core-'));
    await cp(path.resolve('schemas'), dir, { recursive: true });
    const file = path.join(dir, 'cheque', 'columns.json');
    const { coreTable: _, ...rest } = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify(rest));
    await expect(loadEntities(dir)).rejects.toThrow(/cheque\/columns\.json.*say "coreTable": true/);
  });
});
