import { describe, expect, it } from 'vitest';
import { mayCreate, mayUpdate } from './editModes';

describe('client and article edit modes', () => {
  it.each([
    [undefined, false, false],
    ['no_permitido', false, false],
    ['solo_actualizar', false, true],
    ['solo_crear', true, false],
    ['ambos', true, true],
  ] as const)('%s: create %s, update %s', (mode, create, update) => {
    expect(mayCreate(mode)).toBe(create);
    expect(mayUpdate(mode)).toBe(update);
  });
});
