/** `npm start`: the server from the environment, on HOST:PORT (0.0.0.0:3000); SIGTERM / SIGINT close it cleanly. */
import { buildServer, type ServerHandle } from './app';
import { loadConfig } from './config';

let server: ServerHandle | undefined;
let stopping = false;

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  if (!server) return; // still starting: the start-up code below closes once it is done
  server.app.log.info(`${signal}: shutting down`);
  try {
    await server.close();
    process.exit(0);
  } catch (err) {
    server.app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const config = loadConfig();
server = await buildServer(config);
if (stopping) {
  await server.close();
  process.exit(0);
}
const address = await server.app.listen({ host: config.host, port: config.port });
server.app.log.info(`Listening on ${address.replace('0.0.0.0', 'localhost')}`);
