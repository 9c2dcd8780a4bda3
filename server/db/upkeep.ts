/**
 * PGlite has no autovacuum: without it, updated and deleted rows stay behind as dead space, index-only scans
 * stop paying off, and the planner's statistics never follow the data (lists then choose bad plans — see
 * entities/list.ts). So the server does autovacuum's job for the tables it writes: once a table has taken
 * 500 changes plus 10 % of its rows (autovacuum's analyze rule is 50 + 10 %), it runs VACUUM ANALYZE on it a
 * second later (a batch of writes finishes first). PGlite runs one statement at a time, so requests wait meanwhile:
 * milliseconds for a small table, about two seconds for a million rows.
 * On PostgreSQL the real autovacuum runs, and this does nothing.
 */
import { sql, type Kysely } from 'kysely';

const BASE = 500;
const SCALE = 0.1;
const DELAY_MS = 1000;

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TableUpkeep {
  /** `count` rows of `table` were inserted, updated or deleted. */
  changed(table: string, count?: number): void;
  /** Cancels what is planned and waits for a run in progress. */
  stop(): Promise<void>;
}

export const noUpkeep: TableUpkeep = { changed() {}, stop: async () => {} };

export function embeddedUpkeep(db: Kysely<any>, log: Logger): TableUpkeep {
  const changes = new Map<string, number>();
  /**
   * Rows of each table at its last upkeep, or as the database last counted them (read at the table's first change
   * after start: with 0 until then, a table of a million rows was vacuumed after its first 500 changes after every
   * start, holding every request for seconds).
   */
  const sizes = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();
  const learning = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const rowsOf = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`.execute(db);
    // -1: never counted
    return Math.max(0, rows[0]?.n ?? 0);
  };

  /** Plans an upkeep once the table's changes reach its threshold. */
  const check = (table: string) => {
    const size = sizes.get(table);
    const total = changes.get(table) ?? 0;
    if (size === undefined || total < BASE + SCALE * size) return;
    changes.set(table, 0);
    if (!timers.has(table)) timers.set(table, setTimeout(() => run(table), DELAY_MS));
  };

  const learn = (table: string) => {
    if (learning.has(table)) return;
    learning.add(table);
    void rowsOf(table)
      .catch((err: unknown) => (log.error({ err, table }, 'table upkeep: row count failed'), 0))
      .then((n) => {
        learning.delete(table);
        if (stopped || sizes.has(table)) return;
        sizes.set(table, n);
        check(table);
      });
  };

  const run = (table: string) => {
    timers.delete(table);
    running = running.then(async () => {
      if (stopped) return;
      const started = performance.now();
      try {
        await sql`vacuum analyze ${sql.table(table)}`.execute(db);
        sizes.set(table, await rowsOf(table));
        log.info({ table, ms: Math.round(performance.now() - started) }, 'table upkeep (vacuum analyze)');
      } catch (err) {
        log.error({ err, table }, 'table upkeep failed');
      }
    });
  };

  return {
    changed(table, count = 1) {
      if (stopped) return;
      changes.set(table, (changes.get(table) ?? 0) + count);
      if (sizes.has(table)) check(table);
      else learn(table);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await running;
    },
  };
}
