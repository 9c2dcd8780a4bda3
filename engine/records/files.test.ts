import { describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, fileProblem } from './files';

describe('attached file limits', () => {
  it('5 MB at most, a name under 100 characters (counted as characters)', () => {
    expect(fileProblem('remito.pdf', FILE_MAX_BYTES)).toBeNull();
    expect(fileProblem('remito.pdf', FILE_MAX_BYTES + 1)).toBe('FILEUPLOAD_TOO_BIG');
    expect(fileProblem(`${'n'.repeat(96)}.txt`, 10)).toBe('name_too_long');
    expect(fileProblem(`${'ñ'.repeat(95)}.txt`, 10)).toBeNull();
  });
});
