/**
 * `npm start` builds the web app only when its sources changed since the last build (a build takes 20-30 s):
 * a fingerprint of every source file (path, size, modification time) is kept in dist/.build-fingerprint.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What goes into the browser bundle. */
export const SOURCES = ['engine', 'machines', 'screens', 'widgets', 'locales', 'schemas', 'public', 'index.html', 'vite.config.ts', 'scripts/formValidators.ts', 'package.json', 'package-lock.json'];
export const FINGERPRINT_FILE = path.join('dist', '.build-fingerprint');

function files(entry: string): string[] {
  if (!existsSync(entry)) return [];
  const st = statSync(entry);
  if (!st.isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((d) => d.name !== 'node_modules' && !d.name.startsWith('.'))
    .flatMap((d) => files(path.join(entry, d.name)));
}

/** The sources' fingerprint, from the working directory `root`. */
export function fingerprint(root = '.'): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((s) => files(path.join(root, s))).sort()) {
    const st = statSync(file);
    hash.update(`${path.relative(root, file)}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Whether a build is needed: no built app, or sources other than at the last build. */
export function needsBuild(root = '.'): boolean {
  const stamp = path.join(root, FINGERPRINT_FILE);
  if (!existsSync(path.join(root, 'dist', 'index.html')) || !existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== fingerprint(root);
}

export function markBuilt(root = '.'): void {
  writeFileSync(path.join(root, FINGERPRINT_FILE), fingerprint(root));
}

const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (invoked === import.meta.url) {
  if (needsBuild()) {
    execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    markBuilt();
  } else {
    console.log('The web app is up to date (no source changed since the last build).');
  }
}
