/**
 * `npm run new-screen -- <entity> [--area backOffice|main] [--path <segment>]`
 * Scaffolds schemas/<entity>/ (schema + columns manifest with its route) and the labels in both
 * locales. After a restart the list and the form work with no other code.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const entity = args.find((a) => !a.startsWith('--'));
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

if (!entity || !/^[a-z][a-z0-9_]{1,40}$/.test(entity)) {
  console.error('usage: npm run new-screen -- <entity>   (lower case letters, digits, _; 2 to 41 characters)');
  process.exit(1);
}
const root = process.env.PROJECT_ROOT ?? process.cwd();
const dir = join(root, 'schemas', entity);
if (existsSync(dir)) {
  console.error(`schemas/${entity} already exists`);
  process.exit(1);
}
const area = opt('area') === 'main' ? 'main' : 'backOffice';
const path = opt('path') ?? entity;

const schema = {
  type: 'object',
  required: ['nombre'],
  properties: {
    nombre: { type: 'string', minLength: 1, maxLength: 120 },
    notas: { type: 'string', maxLength: 2000 },
  },
};
const columns = {
  route: { area, path },
  columns: ['nombre', { name: 'notas', truncate: 40, sortable: false }],
};
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'schema.json'), `${JSON.stringify(schema, null, 2)}\n`);
writeFileSync(join(dir, 'columns.json'), `${JSON.stringify(columns, null, 2)}\n`);

const title = entity.charAt(0).toUpperCase() + entity.slice(1).replace(/_/g, ' ');
const labels: Record<string, [string, string]> = { nombre: ['Nombre', 'Name'], notas: ['Notas', 'Notes'] };
for (const [lang, i] of [['es', 0], ['en', 1]] as const) {
  const file = join(root, 'locales', `${lang}.json`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  data.routes[entity] = title;
  data.routes[`${entity}Form`] = title;
  data.entities ??= {};
  data.entities[entity] = { title, fields: Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, v[i]])) };
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
console.log(`Created schemas/${entity}/ (schema.json, columns.json) and its labels in locales/es.json and locales/en.json.`);
console.log(`Restart the app: the list is at #/${area === 'main' ? '' : 'backOffice/'}${path}, the form at .../${path}/create.`);
