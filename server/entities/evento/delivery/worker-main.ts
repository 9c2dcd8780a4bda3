/**
 * `npm run events:worker`: the web hook delivery worker alone, against the server's database (DATABASE_URL:
 * PostgreSQL, shared with the app instances, which may then run with EVENT_WORKER=false). Same settings as the
 * server (EVENT_*); SIGTERM / SIGINT let the deliveries in flight finish.
 */
import type { Kysely } from 'kysely';
import { loadConfig } from '../../../config';
import { connect, describeTarget } from '../../../db/connect';
import { saveRetryPolicy } from './settings';
import { eventWorkerOptions, startEventDelivery } from './worker';

const config = loadConfig();
// one line per message, like the server's compact log
const line = (level: string) => (obj: object | string, msg?: string) =>
  console.log(`${new Date().toISOString()} ${level} ${typeof obj === 'string' ? obj : `${msg ?? ''} ${JSON.stringify(obj, (k, v) => (v instanceof Error ? v.message : v))}`}`);
const log = { info: line('INFO'), warn: line('WARN'), error: line('ERROR') };
const db = await connect(config, (err) => log.error({ err }, 'idle database connection failed'));
log.info(`Web hook delivery worker on ${describeTarget(config)}`);
const options = eventWorkerOptions(config);
// the policy this worker retries by, for the delivery screen
await saveRetryPolicy(db as unknown as Kysely<any>, options.retry);
const worker = startEventDelivery({ db: db as unknown as Kysely<any>, log, ...options });

async function shutdown(signal: string) {
  log.info(`${signal}: stopping`);
  await worker.stop();
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
