/** Runs idempotent schema steps at start-up, one instance at a time (an advisory lock), in one transaction. */
import { sql, type Kysely } from 'kysely';

export interface SchemaStep {
  /** For the log and error messages. */
  name: string;
  /** Statements run in order; each must be safe to run again (IF NOT EXISTS), and must never drop data. */
  sql: readonly string[];
}

/** An arbitrary constant: every instance of the app takes the same advisory lock. */
const SCHEMA_LOCK = 727_001;

export async function applySchema(db: Kysely<any>, steps: readonly SchemaStep[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SCHEMA_LOCK)})`.execute(trx);
    for (const step of steps) {
      for (const statement of step.sql) {
        try {
          await sql.raw(statement).execute(trx);
        } catch (err) {
          throw new Error(`schema step "${step.name}" failed: ${(err as Error).message}`, { cause: err });
        }
      }
    }
  });
}
