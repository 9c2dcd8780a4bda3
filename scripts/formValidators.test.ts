/**
 * The app's precompiled form validators (scripts/formValidators.ts) against the server's run-time ones: same
 * field errors for the same records, found under the key the form looks them up by, and no code compiled in
 * the browser.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEntity } from '../engine/metadata/resolve';
import type { ColumnsManifest, JsonSchema } from '../engine/metadata/types';
import { validateRecord } from '../engine/validation/fieldErrors';
import { toFieldErrors } from '../engine/validation/toFieldErrors';
import { formValidatorsCode, withImports } from './formValidators';

const schemasDir = path.resolve('schemas');
let code: string;
let validators: Record<string, ValidateFunction>;
let dir: string;

beforeAll(async () => {
  code = formValidatorsCode(schemasDir);
  // the module as the bundler gets it; Node's ES modules have no `require`, so the test lends one
  dir = mkdtempSync(path.join(tmpdir(), 'form-validators-'));
  const file = path.join(dir, 'validators.mjs');
  const lend = `import { createRequire } from 'node:module';\nconst require = createRequire(${JSON.stringify(path.resolve('package.json'))});\n`;
  writeFileSync(file, lend + code);
  validators = (await import(pathToFileURL(file).href)).default;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The entities as the app resolves them (screens/metadata.ts): name -> schema. */
function entities(): Map<string, JsonSchema> {
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8'));
  const out = new Map<string, JsonSchema>();
  for (const name of readdirSync(schemasDir)) {
    const dir = path.join(schemasDir, name);
    if (!existsSync(path.join(dir, 'schema.json'))) continue;
    const columns: ColumnsManifest = existsSync(path.join(dir, 'columns.json')) ? read(path.join(dir, 'columns.json')) : { columns: [] };
    out.set(name, resolveEntity({ name, schema: read(path.join(dir, 'schema.json')), columns }).schema);
  }
  return out;
}

const precompiledOf = (schema: JsonSchema) => validators[hashForSchema(schema as RJSFSchema)];

/** A record for a schema: its own fields with values of any JSON type, plus sometimes a field it lacks. */
function recordOf(schema: JsonSchema) {
  const value = fc.oneof(
    fc.constantFrom(null, '', 'x', 'a@b.co', 'no-mail', '2024-02-30', '2024-01-31', 'y'.repeat(300)),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    fc.constantFrom(0, 1, -1, 1.5, 1.23456789, 1e-7, 100000, 2 ** 31),
    fc.boolean(),
    fc.constant([{}]),
    fc.constant({}),
  );
  const keys = [...Object.keys(schema.properties ?? {}), 'campo_inexistente'];
  return fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 });
}

describe('precompiled form validators', () => {
  it('are found under the key the form gives each entity schema', () => {
    expect(entities().size).toBeGreaterThanOrEqual(7);
    for (const [name, schema] of entities()) expect(precompiledOf(schema), name).toBeTypeOf('function');
  });

  it('compile nothing when they run, and import what they need', () => {
    const served = withImports(code);
    expect(served).not.toMatch(/new Function|\beval\(|require\(/);
    expect(served).toContain('import * as module0 from "ajv/dist/runtime/ucs2length";');
  });

  it('give the field errors the server gives, for any record', () => {
    for (const [, schema] of entities()) {
      const precompiled = precompiledOf(schema);
      fc.assert(
        fc.property(recordOf(schema), (record) => {
          const ahead = precompiled(record) ? [] : toFieldErrors(precompiled.errors);
          expect(ahead).toEqual(validateRecord(schema, record));
        }),
        { numRuns: 200 },
      );
    }
  });

  it('check max decimals as the server does', () => {
    const validate = precompiledOf(entities().get('articulo')!);
    const record = { nombre: 'Caja', listas_precio: [{ lista: 'General', precio: 10.123 }] };
    expect(validate(record)).toBe(false);
    expect(toFieldErrors(validate.errors)).toContainEqual({ field: 'listas_precio.0.precio', code: 'maxDecimal', params: { max: 2 } });
  });
});
