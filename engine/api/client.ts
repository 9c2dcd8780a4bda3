/**
 * The one HTTP client of the browser (spec §7, §8): bearer token on every call, refresh-token exchange
 * when only a refresh token exists, one refresh-and-retry on 401, log out when that fails.
 * Token storage is injected so the same client runs in the browser (cookies) and in tests.
 */
import { isLoginUrl, type SessionUser, type TokenReply } from '../session';
import { isApiErrorBody, type FieldError } from '../errors';

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
  fetch?: typeof fetch;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly code: string | undefined,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly requestBody?: unknown,
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

export function createApiClient(opts: ApiClientOptions) {
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const url = (path: string) => opts.baseUrl + path.replace(/^\//, '');
  let refreshing: Promise<RefreshReply> | null = null;

  async function toError(res: Response, path: string, body: unknown): Promise<ApiError> {
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      data = undefined;
    }
    const code = isApiErrorBody(data) ? data.code : undefined;
    const message = isApiErrorBody(data) ? data.message : '';
    return new ApiError(res.status, path, code, message, isApiErrorBody(data) ? data.errors : [], body);
  }

  /** Exchange the refresh token; concurrent callers share one exchange (tokens rotate). */
  function refresh(): Promise<RefreshReply> {
    refreshing ??= (async () => {
      const token = opts.tokens.refreshToken();
      if (!token) throw new ApiError(401, 'oauth/access_token', 'INVALID_REFRESH_TOKEN', '');
      const res = await doFetch(url('oauth/access_token'), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      });
      if (!res.ok) throw await toError(res, 'oauth/access_token', undefined);
      const reply = (await res.json()) as RefreshReply;
      opts.tokens.save(reply);
      return reply;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** JSON bodies by default; a FormData goes as multipart (the browser sets its boundary). */
  function send(path: string, body: unknown, signal?: AbortSignal) {
    const token = opts.tokens.accessToken();
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    return doFetch(url(path), {
      method: 'POST',
      headers: {
        ...(form ? {} : { 'content-type': 'application/json' }),
        ...(token && !isLoginUrl(path) ? { authorization: `Bearer ${token}` } : {}),
      },
      body: form ? body : JSON.stringify(body ?? {}),
      signal,
    });
  }

  /** One call with the session rules of the file header; resolves the successful response. */
  async function call(path: string, body: unknown, options: CallOptions): Promise<Response> {
    const fail = (e: ApiError): never => {
      if (!options.quiet) opts.onError?.(e);
      throw e;
    };
    const loginUrl = isLoginUrl(path);
    if (!loginUrl && !opts.tokens.accessToken() && opts.tokens.refreshToken()) {
      try {
        await refresh();
      } catch (e) {
        opts.onAuthLost();
        throw e;
      }
    }
    let res = await send(path, body, options.signal);
    if (res.status === 401 && !loginUrl) {
      if (!opts.tokens.refreshToken()) {
        opts.onAuthLost();
        throw await toError(res, path, body);
      }
      try {
        await refresh();
      } catch (e) {
        opts.onAuthLost();
        throw e;
      }
      res = await send(path, body, options.signal);
      if (res.status === 401) {
        opts.onAuthLost();
        throw await toError(res, path, body);
      }
    }
    if (!res.ok) return fail(await toError(res, path, body));
    return res;
  }

  async function post<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
    const res = await call(path, body, options);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /** A multipart upload (one file and its fields); answers the JSON reply. */
  const upload = <T>(path: string, form: FormData, options: CallOptions = {}) => post<T>(path, form, options);

  /** A file the server sends: its bytes and the name of its content-disposition. */
  async function download(path: string, body?: unknown, options: CallOptions = {}): Promise<{ blob: Blob; name: string }> {
    const res = await call(path, body, options);
    return { blob: await res.blob(), name: fileName(res.headers.get('content-disposition')) };
  }

  return { post, upload, download, refresh };
}

export type ApiClient = ReturnType<typeof createApiClient>;
