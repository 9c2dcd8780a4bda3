/**
 * One process per PGlite data folder (issue 18): a second server on a folder in use refuses to start with a
 * clear message; a lock left by a process that is gone (kill -9) is taken over.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/connect';
import { describeBackends, freshStore, startTestServer } from '../support/server';

describeBackends('PGlite data folder lock', (backend) => {
  it.skipIf(backend.name !== 'pglite')('refuses a second server on the same folder, and takes over a stale lock', async () => {
    const store = await freshStore(backend, true);
    try {
      const first = await startTestServer(backend, { store });
      try {
        await expect(startTestServer(backend, { store })).rejects.toThrow(/in use by another Flujos process \(pid \d+\)/);
        expect((await fetch(`${first.baseUrl}/api/version`)).status).toBe(200);
      } finally {
        await first.close();
      }
      // a lock whose process is gone: a pid no process has
      await writeFile(path.join(store.options.dataDir!, LOCK_FILE), '999999999');
      const again = await startTestServer(backend, { store });
      expect((await fetch(`${again.baseUrl}/api/version`)).status).toBe(200);
      await again.close();
    } finally {
      await store.dispose();
    }
  });
});
