/** Serves the built browser app (STATIC_DIR) at `/`; index.html for `/`. Hash routing needs no other fallback. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Registers the folder when it exists; returns whether it did. */
export async function serveStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const root = path.resolve(staticDir);
  if (!existsSync(root) || !statSync(root).isDirectory()) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    setHeaders(reply, filePath) {
      // Vite puts content hashes in the names under assets/; everything else must be revalidated.
      const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
