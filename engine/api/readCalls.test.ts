import { describe, expect, it } from 'vitest';
import { isReadCall } from './readCalls';

describe('read calls (retried; writes never are)', () => {
  it('lists, selects, records, history, trees and exports read', () => {
    for (const p of ['articulo/index', '/perfil/select', 'perfil/show/7', 'registro/show', 'perfil/history/3', 'categoria/treeSelect', 'articulo/export'])
      expect(isReadCall(p), p).toBe(true);
  });
  it('saves, updates, deletes, actions and the session calls write', () => {
    for (const p of ['articulo/save', 'articulo/update/3', 'articulo/delete/3', 'articulo/updateColumn', 'rowConfig/update', 'secuencia/take/2', 'login', 'oauth/access_token', 'workspace/DeleteRegistrosCab'])
      expect(isReadCall(p), p).toBe(false);
  });
});
