import { describe, expect, it } from 'vitest';
import { feedbackFor } from './errorFeedback';

const known = (c: string) => ['EPF0003', 'LOGIN_FAILED'].includes(c);

describe('error feedback (spec §8)', () => {
  it('406 shows the translated code, or else the message', () => {
    expect(feedbackFor({ status: 406, url: 'perfil/save', code: 'EPF0003', message: 'x' }, known)).toEqual({
      kind: 'code', code: 'EPF0003', message: 'x',
    });
    expect(feedbackFor({ status: 406, url: 'perfil/save', code: 'ODD', message: 'Texto' }, known)).toEqual({
      kind: 'message', message: 'Texto',
    });
  });
  it('other errors with a message show it, without one the unknown-error toast', () => {
    expect(feedbackFor({ status: 500, url: 'articulo/index', message: 'Falló' }, known)).toEqual({
      kind: 'message', message: 'Falló',
    });
    expect(feedbackFor({ status: 500, url: 'articulo/index' }, known)).toEqual({ kind: 'unknown' });
  });
  it('stays silent where spec §8 says so', () => {
    expect(feedbackFor({ status: 403, url: 'registrocab/show/4', message: 'ajeno' }, known).kind).toBe('silent');
    expect(feedbackFor({ status: 403, url: 'registro/show/4', code: 'REGISTRO_SIN_PERMISO', message: 'No tiene permiso' }, known).kind).toBe('silent');
    expect(feedbackFor({ status: 404, url: 'instructivo/show/9' }, known).kind).toBe('silent');
    expect(feedbackFor({ status: 404, url: 'tarea/show/9' }, known).kind).toBe('silent');
    expect(feedbackFor({ status: 401, url: 'articulo/index' }, known).kind).toBe('silent');
    expect(feedbackFor({ status: 400, url: 'x', message: 'El registro no está asignado al usuario' }, known).kind).toBe('silent');
  });
  it('a 403 elsewhere is shown', () => {
    expect(feedbackFor({ status: 403, url: 'categoria/delete/1', code: 'FORBIDDEN', message: 'No' }, known).kind).toBe('message');
  });
});
