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

  function send(path: string, body: unknown, signal?: AbortSignal) {
    const token = opts.tokens.accessToken();
    return doFetch(url(path), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token && !isLoginUrl(path) ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body ?? {}),
      signal,
    });
  }

  async function post<T>(path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
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
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  return { post, refresh };
}

export type ApiClient = ReturnType<typeof createApiClient>;
