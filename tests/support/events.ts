/** Short waits for the web hook tests: a receiver on 127.0.0.1 allowed, quick polls, timeouts and retries. */
export const FAST_EVENTS = { eventAllowedHosts: ['127.0.0.1'], eventPollMs: 30, eventTimeoutMs: 400, eventRetryBaseMs: 40, eventRetryMaxMs: 150 };

export async function until<T>(probe: () => Promise<T | undefined | false | null>, what = 'condition', timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
