/**
 * The app's one session actor and API client, wired together: the client reports a lost session to the
 * machine, the machine logs in and out through the client, and cookies hold the state (spec §4, §7, §9).
 */
import { createActor, fromPromise } from 'xstate';
import { createApiClient } from '../../engine/api/client';
import { withoutSecrets } from '../../engine/api/redact';
import type { LoginReply, SessionUser } from '../../engine/session';
import { sessionMachine, type Credentials } from '../../machines/session';
import { clearSession, cookieTokens, saveSession, storedUser } from './sessionStore';
import { reportFailure, setErrorReporter } from './feedback';
import { readCookie } from './cookies';
import { COOKIE } from '../../engine/session';
import { clearRememberedOptions } from '../../widgets/SchemaForm/rememberedOptions';
import { browserStorage, clearDrafts } from '../../engine/formDrafts';
import i18next from '../../locales/i18n';
import { navigationIndicator } from './navigationIndicator';

const sessionEndListeners = new Set<() => void>();
/** Called when the user logs out: what was read for this user is forgotten (the read cache). Returns the unsubscribe. */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export const api = createApiClient({
  baseUrl: '/api/',
  tokens: cookieTokens,
  onAuthLost: () => sessionActor.send({ type: 'AUTH_LOST' }),
  onError: (e) => reportFailure(e),
  language: () => i18next.language,
  onCallsInFlight: (count) => navigationIndicator.send({ type: 'CALLS', count }),
});

const machine = sessionMachine.provide({
  actors: {
    restore: fromPromise(async () => storedUser()),
    login: fromPromise(async ({ input }: { input: Credentials }): Promise<SessionUser> => {
      const reply = await api.post<LoginReply>('login', input, { quiet: true });
      return saveSession(reply, input.rememberMe)!;
    }),
  },
  actions: {
    endSession: ({ context }) => {
      const refresh_token = readCookie(COOKIE.refreshToken);
      // a login URL: sent without the access token, never refreshed, so the cleared cookies stay cleared
      if (refresh_token) api.post('logout', { refresh_token }, { quiet: true }).catch(() => undefined);
      clearSession();
      clearRememberedOptions();
      // a shared computer keeps no typing of theirs (a lost session keeps it: the user logs in again and recovers it)
      if (context.user) clearDrafts(browserStorage(), context.user.username);
      for (const listener of sessionEndListeners) listener();
    },
    clearAndReload: () => {
      clearSession();
      location.reload();
    },
  },
});

export const sessionActor = createActor(machine).start();

setErrorReporter((e) =>
  api.post('reporteError/save', {
    url: e.url,
    data: withoutSecrets(e.requestBody ?? null),
    body: e.responseBody || e.message,
    httpCode: e.status,
  }, { quiet: true }),
);
