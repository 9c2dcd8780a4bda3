/** vitest globalSetup of the end-to-end suite: one production build of the web app for every test file (vitest sets NODE_ENV=test, which would ship React's development build). */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export default function setup() {
  if (process.env.E2E_SKIP_BUILD && existsSync('dist/index.html')) return;
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', BUILD_ID: 'e2e-build' } });
}
