import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three suites: pure/unit beside the code, API over real HTTP on both databases, end-to-end in Chromium.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['engine/**/*.test.ts', 'scripts/**/*.test.ts', 'machines/**/*.test.ts', 'locales/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['widgets/**/*.test.tsx', 'screens/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['widgets/test-setup.ts'],
          // jsdom renders of large tables share 2 cores with the API and browser suites
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/postgres.ts'],
          // a first start of the embedded database on a busy 2-core machine can take 20 s
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/build.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // a page's answer on a busy 2-core machine can take more than expect.poll's default second (Playwright's
          // own waits are 30 s): patience, not a looser check
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
