/**
 * For UI tests: the app's client faked (`api.post`, `download`, `upload`) by `answer`, a failure thrown there
 * reported as the client reports it (a toast unless the call is quiet: engine/api/client.ts `onError`), and the
 * error toasts counted, so a test sees each failure told once.
 */
import { vi } from 'vitest';
import { ApiError } from '../engine/api/client';
import { toaster } from '../widgets/toaster';
import { reportFailure } from './app/feedback';
import { api } from './app/session';

export function fakeCalls(answer: (call: string, body?: unknown) => unknown) {
  const created = vi.spyOn(toaster, 'create');
  const calls: { call: string; quiet: boolean }[] = [];
  const run = async (call: string, body: unknown, options?: { quiet?: boolean }) => {
    calls.push({ call, quiet: Boolean(options?.quiet) });
    try {
      return await answer(call, body);
    } catch (e) {
      if (e instanceof ApiError && !options?.quiet) reportFailure(e);
      throw e;
    }
  };
  vi.spyOn(api, 'post').mockImplementation(async (call, body, options) => (await run(call, body, options)) as never);
  vi.spyOn(api, 'upload').mockImplementation(async (call, body, options) => (await run(call, body, options)) as never);
  vi.spyOn(api, 'download').mockImplementation(async (call, body, options) => (await run(call, body, options)) as never);
  return {
    calls,
    /** How many error toasts were shown. */
    errorToasts: () => created.mock.calls.filter(([toast]) => toast.type === 'error').length,
  };
}
