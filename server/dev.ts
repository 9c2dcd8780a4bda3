/** `npm run dev`: the API on API_PORT (3001) and Vite's dev server (hot reload) proxying /api to it. */
import { createServer } from 'vite';
import { buildServer } from './app';
import { loadConfig } from './config';

const apiPort = Number(process.env.API_PORT ?? 3001);
process.env.API_PORT = String(apiPort);

const api = await buildServer({ ...loadConfig(), staticDir: '__none__' });
await api.app.listen({ port: apiPort, host: '127.0.0.1' });
const vite = await createServer({ server: { port: Number(process.env.VITE_PORT ?? 5173) } });
await vite.listen();
vite.printUrls();

const stop = async () => {
  await vite.close();
  await api.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
