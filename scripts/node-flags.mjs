/**
 * The V8 heap flags the server runs with (`npm start`, and the bench's server, which runs it the same way).
 *
 * - `--max-old-space-size=256`: the heap stays small instead of growing with a long export's garbage.
 * - the young generation, by database: on PGlite, whose WebAssembly memory lives in the same process, semi-spaces
 *   of 8 MB (half V8's default) keep what start-up grows them to from staying resident, within the export's
 *   300 MB; on PostgreSQL there is room for 32 MB, and at 32 callers each request's data outlives fewer
 *   scavenges: ~20 % less of the server's CPU for a list page (README, Performance).
 *
 * Plain JavaScript, so `npm start` can ask for them before tsx loads: `node scripts/node-flags.mjs` prints them.
 */
import { pathToFileURL } from 'node:url';

/** The flags for a server started with `env` (its DATABASE_URL: set and not blank is PostgreSQL). */
export function serverNodeFlags(env) {
  const postgres = Boolean(env.DATABASE_URL?.trim());
  return ['--max-old-space-size=256', `--max-semi-space-size=${postgres ? 32 : 8}`];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(serverNodeFlags(process.env).join(' '));
