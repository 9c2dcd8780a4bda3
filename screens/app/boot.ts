/**
 * What start-up does when a step before the first render fails (spec §8): an error that names a url sends the
 * browser there; any other is logged and the app renders anyway (texts that did not load show as their keys, which
 * beats a blank page).
 */
export function bootFailure(error: unknown, go: (url: string) => void, log: (...args: unknown[]) => void = console.error): 'redirected' | 'logged' {
  const url = (error as { url?: unknown } | null)?.url;
  if (typeof url === 'string' && url) {
    go(url);
    return 'redirected';
  }
  log('start-up failed', error);
  return 'logged';
}
