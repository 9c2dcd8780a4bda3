import { describe, expect, it, vi } from 'vitest';
import { bootFailure } from './boot';

describe('bootFailure', () => {
  it('an error with a url redirects there, any other is logged', () => {
    const go = vi.fn();
    const log = vi.fn();
    expect(bootFailure(Object.assign(new Error('moved'), { url: '/maintenance.html' }), go, log)).toBe('redirected');
    expect(go).toHaveBeenCalledWith('/maintenance.html');
    expect(log).not.toHaveBeenCalled();
    const plain = new Error('chunk failed');
    expect(bootFailure(plain, go, log)).toBe('logged');
    expect(bootFailure(null, go, log)).toBe('logged');
    expect(log).toHaveBeenCalledWith('start-up failed', plain);
    expect(go).toHaveBeenCalledTimes(1);
  });
});
