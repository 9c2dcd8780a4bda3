import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveEntity } from '../engine/metadata/resolve';

describe('npm run new-screen', () => {
  it('scaffolds a folder the engine resolves, with its route and labels in both locales', () => {
    const root = mkdtempSync(join(tmpdir(), 'new-screen-'));
    try {
      cpSync('locales', join(root, 'locales'), { recursive: true });
      execFileSync('npx', ['tsx', 'scripts/new-screen.ts', 'color'], { env: { ...process.env, PROJECT_ROOT: root }, stdio: 'pipe' });
      const schema = JSON.parse(readFileSync(join(root, 'schemas/color/schema.json'), 'utf8'));
      const columns = JSON.parse(readFileSync(join(root, 'schemas/color/columns.json'), 'utf8'));
      const entity = resolveEntity({ name: 'color', schema, columns });
      expect(entity.routeForm).toBe('/backOffice/color');
      expect(entity.columns.map((c) => c.name)).toEqual(['nombre', 'notas']);
      for (const lang of ['es', 'en']) {
        const locale = JSON.parse(readFileSync(join(root, `locales/${lang}.json`), 'utf8'));
        expect(locale.routes.color).toBeTruthy();
        expect(locale.entities.color.fields.nombre).toBeTruthy();
      }
      // a second run refuses to overwrite
      expect(() => execFileSync('npx', ['tsx', 'scripts/new-screen.ts', 'color'], { env: { ...process.env, PROJECT_ROOT: root }, stdio: 'pipe' })).toThrow();
      expect(existsSync(join(root, 'schemas/color/ui.json'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    // two runs of `npx tsx` start two Node processes: seconds on a busy machine
  }, 60_000);
});
