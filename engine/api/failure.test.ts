import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from './client';
import { failureText, isNotFound } from './failure';

const known = (code: string) => code === NETWORK_ERROR;

describe('a failed read', () => {
  it('is "not there" only for a 404', () => {
    expect(isNotFound(new ApiError(404, 'registro/show/1', 'NOT_FOUND', ''))).toBe(true);
    expect(isNotFound(new ApiError(0, 'registro/show/1', NETWORK_ERROR, ''))).toBe(false);
    expect(isNotFound(new ApiError(503, 'registro/show/1', undefined, ''))).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
  });

  it('is told by its code, else by the server\'s message, else generically', () => {
    expect(failureText(new ApiError(0, 'x', NETWORK_ERROR, ''), known)).toEqual({ key: 'errors.NETWORK_ERROR', values: undefined });
    expect(failureText(new ApiError(500, 'x', 'OTHER', 'Se cayó'), known)).toEqual({ message: 'Se cayó' });
    expect(failureText(new ApiError(500, 'x', undefined, ''), known)).toBeNull();
    expect(failureText(new Error('x'), known)).toBeNull();
  });
});
