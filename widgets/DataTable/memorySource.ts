/**
 * STORY / TEST FIXTURE: an in-memory TableSource over generated categoria rows, with pattern, filter, sort and
 * paging done naively in memory. Not the app's data path (that is `{list}/index` on the server).
 */
import type { ListQuery, ListReply } from '../../engine/list/query';
import { parseColumnChoice } from '../../engine/list/preferences';
import type { CellEdit, Row, RowId, TableSource } from './types';

const GROUPS = ['perfil_tipo', 'zona', 'rubro', 'unidad', 'moneda'];
const WORDS = ['Norte', 'Sur', 'Centro', 'Mayorista', 'Minorista', 'Servicios', 'Insumos', 'Logística'];

/** Row i of a categoria-shaped list: deterministic, so stories and tests see the same data. */
export function categoriaRow(i: number): Row {
  const word = WORDS[i % WORDS.length];
  return {
    id: i + 1,
    nombre: `${word} ${String(i + 1).padStart(6, '0')}`,
    tipo: GROUPS[i % GROUPS.length],
    grupo: `G${(i % 7) + 1}`,
    valor: word.toLowerCase(),
    orden: i % 100,
    notas: i % 3 === 0 ? `Nota larga de la categoría ${i + 1}: ${'texto de ejemplo '.repeat(5).trim()}.` : '',
  };
}

export interface MemorySourceOptions {
  /** Milliseconds each call waits, to see the loading state. */
  latency?: number;
  /** The saved column choice the first reply carries. */
  savedColumns?: string[] | null;
  /** The saved column widths the first reply carries. */
  savedWidths?: Record<string, number>;
  /** Past this many matching rows the reply's total is an estimate (90 % of the real count), as the server's is. */
  estimateOver?: number;
}

export interface MemorySource extends TableSource {
  rows: Row[];
  saved: Map<string, string>;
  calls: ListQuery[];
}

const collator = new Intl.Collator('es');
const wait = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());
const text = (v: unknown) => (v == null ? '' : String(v)).toLowerCase();

/** Sorted copies, reused while the rows stay the same (100,000 rows sort in a noticeable time). */
function sorter() {
  let cache = new WeakMap<Row[], Map<string, Row[]>>();
  return (rows: Row[], key: string, desc: boolean): Row[] => {
    const byKey = cache.get(rows) ?? new Map<string, Row[]>();
    cache.set(rows, byKey);
    const id = `${key}:${desc}`;
    let out = byKey.get(id);
    if (!out) {
      const dir = desc ? -1 : 1;
      out = [...rows].sort((a, b) => {
        const x = a[key];
        const y = b[key];
        return (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x ?? ''), String(y ?? ''))) * dir;
      });
      byKey.set(id, out);
    }
    if (byKey.size > 8) cache = new WeakMap();
    return out;
  };
}

export function memorySource(rows: Row[], opts: MemorySourceOptions = {}): MemorySource {
  const saved = new Map<string, string>();
  const calls: ListQuery[] = [];
  const sort = sorter();
  const source: MemorySource = {
    rows,
    saved,
    calls,
    async index(q) {
      calls.push(q);
      await wait(opts.latency ?? 0);
      let out = q.sort ? sort(source.rows, q.sort, q.sortOrder === 'desc') : source.rows;
      const pattern = text(q.pattern).trim();
      if (pattern) out = out.filter((r) => Object.values(r).some((v) => text(v).includes(pattern)));
      for (const [key, value] of Object.entries(q.filters ?? {})) {
        out = out.filter((r) => (key === 'tipo' || key === 'parentid' ? r[key] === value : text(r[key]).includes(text(value))));
      }
      const offset = q.offset ?? 0;
      const last = [...saved.values()].at(-1);
      const choice = last ? parseColumnChoice(JSON.parse(last)) : null;
      const cols = choice ? (choice.columns as string[]) : (opts.savedColumns ?? null);
      const widths = (choice?.widths as Record<string, number> | undefined) ?? opts.savedWidths;
      const reply: ListReply<Row> = { total: out.length, rows: out.slice(offset, offset + (q.max ?? 20)), showableColumns: [], cols, ...(widths ? { widths } : {}) };
      if (opts.estimateOver != null && out.length > opts.estimateOver) Object.assign(reply, { total: Math.round(out.length * 0.9), estimated: true });
      return reply;
    },
    async saveColumns(tipo, jsondata) {
      await wait(opts.latency ?? 0);
      saved.set(tipo, jsondata);
    },
    async updateColumn(edit: CellEdit) {
      await wait(opts.latency ?? 0);
      source.rows = source.rows.map((r) => (r.id === edit.rowid ? { ...r, [edit.colname]: edit.colvalue } : r));
    },
    async remove(id: RowId) {
      await wait(opts.latency ?? 0);
      source.rows = source.rows.filter((r) => r.id !== id);
    },
  };
  return source;
}

export const categoriaRows = (n: number): Row[] => Array.from({ length: n }, (_, i) => categoriaRow(i));

/** Tasks as the server lists them: estimated days (ISO), hours with decimals, and the version an edit sends back. */
export const taskRows = (): Row[] => [
  { id: 1, version: 1, titulo: 'Relevar la obra', estado: 'no_iniciada', fecha_inicio_estimada: '2026-12-01', fecha_fin_estimada: '2026-12-04', horas_asignadas: 1.5 },
  { id: 2, version: 1, titulo: 'Presupuestar', estado: 'iniciada', fecha_inicio_estimada: '2026-12-07', fecha_fin_estimada: null, horas_asignadas: 12 },
];

/** Parties as the server lists them (perfil): one known by its business name only, a person, one with no name at all. */
export const partyRows = (): Row[] => [
  { id: 28, version: 3, tipo: 'clientes', razon_social: 'Ferretería Sur', nombre: null, apellido: null, activo: true },
  { id: 29, version: 1, tipo: 'clientes', razon_social: null, nombre: 'Juan', apellido: 'Pérez', activo: false },
  { id: 30, version: 1, tipo: 'proveedores', razon_social: null, nombre: null, apellido: null, activo: true },
];
