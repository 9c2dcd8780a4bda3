/** The real server serving the built app, on loopback, with an embedded in-memory database. */
import { buildServer } from '../../server/app';

export const ADMIN_PASSWORD = 'Admin-pass1!';

export async function startApp(extra: Record<string, unknown> = {}) {
  const server = await buildServer({ dataDir: 'memory://', staticDir: 'dist', adminPassword: ADMIN_PASSWORD, logger: false, ...extra });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...server, baseUrl: `http://127.0.0.1:${port}` };
}
