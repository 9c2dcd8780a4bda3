/**
 * vitest globalSetup of the 'api' project: a throwaway PostgreSQL 15 for the run, shared through
 * `inject('postgresUrl')`. Each test file creates its own database in it (see server.ts).
 * Without the binaries the PostgreSQL half of the suite is skipped, loudly.
 */
import type { TestProject } from 'vitest/node';
import { PG_BIN, postgresInstalled, startPgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the throwaway server; undefined when PostgreSQL is not installed. */
    postgresUrl: string | undefined;
  }
}

function warnSkipped() {
  const line = '!'.repeat(78);
  console.warn(
    [
      '',
      line,
      `!!  PostgreSQL binaries not found (${PG_BIN}/initdb):`,
      '!!  the PostgreSQL half of the API suite is SKIPPED.',
      '!!  Install them with: apt-get install -y postgresql',
      line,
      '',
    ].join('\n'),
  );
}

export default async function setup(project: TestProject) {
  if (!postgresInstalled()) {
    warnSkipped();
    project.provide('postgresUrl', undefined);
    return;
  }
  const cluster = await startPgCluster();
  project.provide('postgresUrl', cluster.url);
  return cluster.dispose;
}
