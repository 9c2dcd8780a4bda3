import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markBuilt, needsBuild } from './build-if-changed';

describe('build only when sources changed', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'flujos-build-'));
    await mkdir(path.join(root, 'screens'), { recursive: true });
    await writeFile(path.join(root, 'screens', 'a.tsx'), 'export const a = 1;');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('builds without a built app, not again after a build, and again after a source changed', async () => {
    expect(needsBuild(root)).toBe(true);
    await mkdir(path.join(root, 'dist'), { recursive: true });
    await writeFile(path.join(root, 'dist', 'index.html'), '<!doctype html>');
    markBuilt(root);
    expect(needsBuild(root)).toBe(false);
    const later = new Date(Date.now() + 5000);
    await utimes(path.join(root, 'screens', 'a.tsx'), later, later);
    expect(needsBuild(root)).toBe(true);
    markBuilt(root);
    await writeFile(path.join(root, 'screens', 'b.tsx'), 'export const b = 2;');
    expect(needsBuild(root)).toBe(true);
  });
});
