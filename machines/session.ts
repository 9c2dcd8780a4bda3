/**
 * The browser session (spec §4): logged out or logged in. The machine is pure; reading and writing cookies,
 * calling the server and reloading the page are implementations the app provides (and tests replace).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SessionUser } from '../engine/session';

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export interface SessionContext {
  user: SessionUser | null;
  /** Stable error code of the last failed login. */
  error: string | null;
  /** What its message needs, from the server's answer (LOGIN_LOCKED: `minutes` to wait). */
  errorParams?: Record<string, unknown>;
}

export type SessionEvent =
  | ({ type: 'LOGIN' } & Credentials)
  | { type: 'LOGOUT' }
  /** The refresh token is gone or refused: the session cannot continue. */
  | { type: 'AUTH_LOST' }
  /** Another tab logged in or out: read the cookies again. */
  | { type: 'RECHECK' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** The user of the stored session, or null when not authenticated. */
    restore: fromPromise<SessionUser | null>(async () => null),
    login: fromPromise<SessionUser, Credentials>(async () => {
      throw new Error('login not provided');
    }),
  },
  actions: {
    /** Clears the session cookies and reloads the page (spec §4): a session lost while working. */
    clearAndReload: () => undefined,
    /**
     * Logout: revokes the refresh token on the server without waiting for it (a failure does not keep the user
     * logged in), clears the cookies and what the browser holds of the user, and the login screen shows at once,
     * with no reload and its blank page (issue 19).
     */
    endSession: () => undefined,
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'restore',
        onDone: [
          { guard: ({ event }) => event.output !== null, target: 'loggedIn', actions: assign({ user: ({ event }) => event.output }) },
          { target: 'loggedOut', actions: assign({ user: null }) },
        ],
        onError: { target: 'loggedOut', actions: assign({ user: null }) },
      },
    },
    loggedOut: {
      on: {
        LOGIN: 'authenticating',
        RECHECK: 'checking',
      },
    },
    authenticating: {
      entry: assign({ error: null, errorParams: undefined }),
      invoke: {
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'LOGIN');
          return { username: event.username, password: event.password, rememberMe: event.rememberMe };
        },
        onDone: { target: 'loggedIn', actions: assign({ user: ({ event }) => event.output }) },
        onError: {
          target: 'loggedOut',
          actions: assign({ error: ({ event }) => errorCode(event.error), errorParams: ({ event }) => errorParams(event.error) }),
        },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: 'loggedOut', actions: ['endSession', assign({ user: null, error: null, errorParams: undefined })] },
        AUTH_LOST: { target: 'loggedOut', actions: ['clearAndReload', assign({ user: null })] },
        RECHECK: 'checking',
      },
    },
  },
});

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'UNKNOWN_ERROR';
}

/** The params of the answer's error of that code (the API client's `fieldErrors`). */
function errorParams(error: unknown): Record<string, unknown> | undefined {
  const { code, fieldErrors } = (error ?? {}) as { code?: unknown; fieldErrors?: unknown };
  if (!Array.isArray(fieldErrors)) return undefined;
  const own = fieldErrors.find((e) => (e as { code?: unknown })?.code === code) as { params?: Record<string, unknown> } | undefined;
  return own?.params;
}
