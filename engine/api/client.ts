/**
 * The one HTTP client of the browser (spec §7, §8): bearer token on every call, refresh-token exchange
 * when only a refresh token exists, one refresh-and-retry on 401, log out when that fails.
 * Token storage is injected so the same client runs in the browser (cookies) and in tests.
 *
 * ky carries the calls: a read (./readCalls.ts) is sent again, twice at most, after a network failure or a
 * transient answer (408, 429, 502, 503, 504; Retry-After honoured); a write never is. A write carries an
 * Idempotency-Key (./requestKeys.ts): the user sending the same data again after a lost answer gets what the
 * first attempt stored, not a second write. A call that takes too
 * long fails with REQUEST_TIMEOUT, a call that cannot reach the server with NETWORK_ERROR (client-side codes,
 * status 0, shown by the same error feedback as the server's). The 401 exchange stays here rather than in a
 * ky hook: it is the same for reads and writes, shared by concurrent calls, and it decides the logout.
 */
import ky, { isHTTPError, isTimeoutError, type RetryOptions } from 'ky';
import { isLoginUrl, type SessionUser, type TokenReply } from '../session';
import { isApiErrorBody, type FieldError } from '../errors';
import { isReadCall } from './readCalls';
import { submissionKeys } from './requestKeys';

export interface TokenStore {
  accessToken(): string | undefined;
  refreshToken(): string | undefined;
  /** Store the tokens (and user fields) of a login or refresh reply. */
  save(reply: TokenReply & Partial<SessionUser>): void;
}

export interface ApiClientOptions {
  /** Prefix of every call, e.g. '/api/'. */
  baseUrl: string;
  tokens: TokenStore;
  /** The session cannot be kept: the app logs out. */
  onAuthLost: () => void;
  /** Every failed call, after the 401 handling; the app decides on a toast (engine/errorFeedback). */
  onError?: (error: ApiError) => void;
  /** ky calls it with a Request (tests fake the server with it). */
  fetch?: typeof fetch;
  /**
   * Milliseconds before a call fails with REQUEST_TIMEOUT: a read (30 s by default), and a write, upload or
   * download (120 s: a write may wait on the tax authority, and giving up early invites a second, duplicate one).
   */
  timeouts?: { read?: number; write?: number };
  /** Wait before the n-th retry of a read (ms); ky's 0.3 s doubling by default. */
  retryDelay?: (attempt: number) => number;
  /**
   * The language the user reads (sent as Accept-Language): the server's messages, and lists sorted by values'
   * names, follow it.
   */
  language?: () => string | undefined;
  /** How many calls are under way, each time it changes (the navigation indicator waits for a screen's reads). */
  onCallsInFlight?: (count: number) => void;
}

/** Client-side codes (status 0): the call got no answer from the server. */
export const REQUEST_TIMEOUT = 'REQUEST_TIMEOUT';
export const NETWORK_ERROR = 'NETWORK_ERROR';
const RETRY_STATUS = [408, 429, 502, 503, 504];

/** How much of a failed answer an ApiError keeps (a proxy's error page can be large). */
export const RESPONSE_KEPT = 4000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly code: string | undefined,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly requestBody?: unknown,
    /** What the server answered, as text (cut to RESPONSE_KEPT): an error report's body. */
    readonly responseBody = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not report this failure to onError (the caller shows it itself). */
  quiet?: boolean;
  signal?: AbortSignal;
}

/** The file name of a content-disposition header (its UTF-8 `filename*` first). */
export function fileName(disposition: string | null): string {
  if (!disposition) return '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall back to the plain name */
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? '';
}

export type RefreshReply = TokenReply & Omit<SessionUser, 'rememberMe'>;

const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === 'AbortError';

export function createApiClient(opts: ApiClientOptions) {
  const timeouts = { read: 30_000, write: 120_000, ...opts.timeouts };
  const readRetry: RetryOptions = {
    limit: 2,
    methods: ['get', 'head', 'post'],
    statusCodes: RETRY_STATUS,
    afterStatusCodes: [429, 503],
    maxRetryAfter: 10_000,
    // the caller gave up (a newer search replaced this one): not a failure to retry
    shouldRetry: ({ error }) => (isAbort(error) ? false : undefined),
    ...(opts.retryDelay ? { delay: opts.retryDelay } : {}),
  };
  const http = ky.create({
    prefixUrl: opts.baseUrl,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    hooks: {
      // read on every attempt: a retry after a refresh made by another call carries the new token
      beforeRequest: [
        (request, options) => {
          const token = opts.tokens.accessToken();
          if (token && !options.context.login) request.headers.set('authorization', `Bearer ${token}`);
          const lang = opts.language?.();
          if (lang) request.headers.set('accept-language', lang);
        },
      ],
    },
  });
  let refreshing: Promise<RefreshReply> | null = null;
  const keys = submissionKeys();

  async function toError(res: Response, path: string, body: unknown): Promise<ApiError> {
    const text = await res.text().catch(() => '');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const code = isApiErrorBody(data) ? data.code : undefined;
    const message = isApiErrorBody(data) ? data.message : '';
    return new ApiError(res.status, path, code, message, isApiErrorBody(data) ? data.errors : [], body, text.slice(0, RESPONSE_KEPT));
  }

  /**
   * One request through ky; resolves the server's answer whatever its status (the session rules read it).
   * No answer at all rejects with an ApiError of a client-side code, or the caller's own abort.
   */
  async function request(path: string, init: { body: BodyInit; headers?: Record<string, string>; signal?: AbortSignal; transfer?: boolean }, sent: unknown): Promise<Response> {
    const read = isReadCall(path);
    try {
      return await http.post(path.replace(/^\//, ''), {
        body: init.body,
        headers: init.headers,
        signal: init.signal,
        timeout: read && !init.transfer ? timeouts.read : timeouts.write,
        retry: read ? readRetry : { limit: 0 },
        context: { login: isLoginUrl(path) },
      });
    } catch (e) {
      if (isHTTPError(e)) return e.response;
      if (isTimeoutError(e)) throw new ApiError(0, path, REQUEST_TIMEOUT, '', [], sent);
      if (isAbort(e) || init.signal?.aborted) throw e;
      throw new ApiError(0, path, NETWORK_ERROR, e instanceof Error ? e.message : '', [], sent);
    }
  }

  /** Exchange the refresh token; concurrent callers share one exchange (tokens rotate). */
  function refresh(): Promise<RefreshReply> {
    refreshing ??= (async () => {
      const token = opts.tokens.refreshToken();
      if (!token) throw new ApiError(401, 'oauth/access_token', 'INVALID_REFRESH_TOKEN', '');
      const res = await request('oauth/access_token', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      }, undefined);
      if (!res.ok) throw await toError(res, 'oauth/access_token', undefined);
      const reply = (await res.json()) as RefreshReply;
      opts.tokens.save(reply);
      return reply;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  const isForm = (body: unknown): body is FormData => typeof FormData !== 'undefined' && body instanceof FormData;

  /** JSON bodies by default; a FormData goes as multipart (the browser sets its boundary). */
  function send(path: string, body: unknown, options: CallOptions & { transfer?: boolean; key?: string }) {
    const form = isForm(body);
    return request(path, {
      body: form ? body : JSON.stringify(body ?? {}),
      headers: { ...(form ? {} : { 'content-type': 'application/json' }), ...(options.key ? { 'idempotency-key': options.key } : {}) },
      signal: options.signal,
      transfer: options.transfer,
    }, body);
  }

  /** The refresh was refused: the session is lost. No answer at all (server down) keeps the session. */
  async function refreshOrLose(): Promise<void> {
    try {
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 0)) opts.onAuthLost();
      throw e;
    }
  }

  const report = (e: ApiError, options: CallOptions): ApiError => {
    if (!options.quiet) opts.onError?.(e);
    return e;
  };

  /** Every call is counted while under way, its reading of the answer included (`onCallsInFlight`). */
  let inFlight = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    opts.onCallsInFlight?.(++inFlight);
    try {
      return await work();
    } finally {
      opts.onCallsInFlight?.(--inFlight);
    }
  };

  /** One call with the session rules of the file header; resolves the successful response. */
  async function call(path: string, body: unknown, options: CallOptions & { transfer?: boolean }): Promise<Response> {
    // a JSON write the user may send again (a multipart upload is not compared)
    const key = isReadCall(path) || isLoginUrl(path) || isForm(body) ? undefined : keys.keyFor(path, body ?? {});
    let res: Response;
    try {
      res = await sessionCall(path, body, { ...options, key });
    } catch (e) {
      // no answer from the server: shown like a server's refusal (the session's own ends are not)
      if (e instanceof ApiError && e.status === 0) report(e, options);
      throw e;
    }
    if (!res.ok) throw report(await toError(res, path, body), options);
    if (key) keys.succeeded(path, key);
    return res;
  }

  /** The answer to the call, after the refresh-and-retry of a 401; a lost session rejects. */
  async function sessionCall(path: string, body: unknown, options: CallOptions & { transfer?: boolean; key?: string }): Promise<Response> {
    const loginUrl = isLoginUrl(path);
    if (!loginUrl && !opts.tokens.accessToken() && opts.tokens.refreshToken()) await refreshOrLose();
    const res = await send(path, body, options);
    if (res.status !== 401 || loginUrl) return res;
    if (!opts.tokens.refreshToken()) {
      opts.onAuthLost();
      throw await toError(res, path, body);
    }
    await refreshOrLose();
    const again = await send(path, body, options);
    if (again.status === 401) {
      opts.onAuthLost();
      throw await toError(again, path, body);
    }
    return again;
  }

  async function post<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    return counted(async () => {
      const res = await call(path, body, options);
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    });
  }

  /** A multipart upload (one file and its fields); answers the JSON reply. */
  async function upload<T>(path: string, form: FormData, options: CallOptions = {}): Promise<T> {
    return counted(async () => (await (await call(path, form, { ...options, transfer: true })).json()) as T);
  }

  /** A file the server sends: its bytes and the name of its content-disposition. */
  async function download(path: string, body?: unknown, options: CallOptions = {}): Promise<{ blob: Blob; name: string }> {
    return counted(async () => {
      const res = await call(path, body, { ...options, transfer: true });
      return { blob: await res.blob(), name: fileName(res.headers.get('content-disposition')) };
    });
  }

  return { post, upload, download, refresh };
}

export type ApiClient = ReturnType<typeof createApiClient>;
