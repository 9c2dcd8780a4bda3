/**
 * The form validators of every entity in schemas/, compiled at build time (issue 5: the browser compiles no
 * code, so the Content-Security-Policy needs no 'unsafe-eval'). Each entity's schema is resolved as the app
 * resolves it (engine/metadata/resolve), its parts RJSF asks about are listed by RJSF's own schemaParser, and
 * all are compiled with the engine's ajv set-up (engine/validation/ajv.ts, keyword `maxDecimals` included)
 * into one ES module: `virtual:form-validators`, RJSF's key of a schema -> its validate function.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import standaloneCode from 'ajv/dist/standalone';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import type { Plugin } from 'vite';
import { resolveEntity } from '../engine/metadata/resolve';
import type { ColumnsManifest, JsonSchema, UiSchema } from '../engine/metadata/types';
import { createAjv } from '../engine/validation/ajv';

export const VIRTUAL_ID = 'virtual:form-validators';

/** The folders of schemas/ with a schema.json, as screens/metadata.ts finds them. */
function entityFolders(schemasDir: string): string[] {
  return readdirSync(schemasDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.') && existsSync(path.join(schemasDir, d.name, 'schema.json')))
    .map((d) => d.name)
    .sort();
}

function readJson<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

/** Every schema the app's forms validate with: each entity's resolved schema and the parts RJSF checks. */
export function formSchemas(schemasDir: string): Map<string, RJSFSchema> {
  const out = new Map<string, RJSFSchema>();
  for (const name of entityFolders(schemasDir)) {
    const dir = path.join(schemasDir, name);
    const entity = resolveEntity({
      name,
      schema: readJson<JsonSchema>(path.join(dir, 'schema.json'))!,
      columns: readJson<ColumnsManifest>(path.join(dir, 'columns.json')) ?? { columns: [] },
      ui: readJson<UiSchema>(path.join(dir, 'ui.json')),
    });
    // keyed by RJSF's $id-or-hash, each schema carrying that key as its $id
    for (const [key, schema] of Object.entries(schemaParser(entity.schema as RJSFSchema))) out.set(key, schema);
  }
  return out;
}

/** The ES module of the precompiled validators; its default export maps each schema key to its function. */
export function formValidatorsCode(schemasDir: string): string {
  const schemas = [...formSchemas(schemasDir)];
  const ajv = createAjv({ code: { source: true, esm: true } });
  for (const [, schema] of schemas) ajv.addSchema(schema);
  const exported = Object.fromEntries(schemas.map(([key], i) => [`formValidator${i}`, key]));
  const table = schemas.map(([key], i) => `  ${JSON.stringify(key)}: formValidator${i},`).join('\n');
  return `${standaloneCode(ajv, exported)}\nexport default {\n${table}\n};\n`;
}

/**
 * ajv's standalone code reaches its run-time helpers (ucs2length, formats) with `require("…")`, even as an ES
 * module; browsers have none. Each becomes a namespace import read as `require` would read it: Vite's dev
 * server and the bundler hand a CommonJS module over either as its exports (flagged __esModule, as ajv's
 * compiled helpers are) or, the way Node does, wrapped as `default`.
 */
export function withImports(code: string): string {
  const modules = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
  const head = modules.map(
    (from, i) => `import * as module${i} from ${JSON.stringify(from)};\nconst required${i} = module${i}.__esModule ? module${i} : module${i}.default;`,
  );
  const body = modules.reduce((c, from, i) => c.replaceAll(`require(${JSON.stringify(from)})`, `required${i}`), code);
  return `${head.join('\n')}\n${body}`;
}

/**
 * Vite plugin of the app (not Storybook, see .storybook/main.ts): serves `virtual:form-validators`, and gives
 * the form precompiledRules.ts where widgets/SchemaForm/validator.ts imports ./rules (the run-time compiler).
 */
export function formValidators(): Plugin {
  const resolved = `\0${VIRTUAL_ID}`;
  let root = process.cwd();
  return {
    name: 'form-validators',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source, importer) {
      if (source === VIRTUAL_ID) return resolved;
      if (source === './rules' && importer && path.resolve(importer) === path.join(root, 'widgets/SchemaForm/validator.ts'))
        return path.join(root, 'widgets/SchemaForm/precompiledRules.ts');
    },
    load(id) {
      if (id !== resolved) return;
      const schemasDir = path.join(root, 'schemas');
      // the dev server rebuilds the module when a schema changes
      for (const name of entityFolders(schemasDir))
        for (const file of ['schema.json', 'columns.json', 'ui.json'].map((f) => path.join(schemasDir, name, f)))
          if (existsSync(file)) this.addWatchFile(file);
      return withImports(formValidatorsCode(schemasDir));
    },
  };
}
