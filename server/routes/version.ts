/** The build id the browser polls to offer "new content available" (spec §1). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';

/** Used when the build wrote no version.json: changes at every start. */
export const PROCESS_VERSION = `dev-${Date.now().toString(36)}`;

async function buildVersion(staticDir: string): Promise<string | null> {
  try {
    const json = JSON.parse(await readFile(path.join(staticDir, 'version.json'), 'utf8')) as { version?: unknown };
    return typeof json.version === 'string' && json.version ? json.version : null;
  } catch {
    return null;
  }
}

export function versionRoutes(app: FastifyInstance, { config }: AppContext) {
  app.get('/version', async () => ({ version: (await buildVersion(path.resolve(config.staticDir))) ?? PROCESS_VERSION }));
}
