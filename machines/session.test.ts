import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine, type Credentials } from './session';
import type { SessionUser } from '../engine/session';

const ana: SessionUser = { id: 7, username: 'ana', roles: ['ROLE_USER'], perfilid: null, rememberMe: false };

function start(overrides: { stored?: SessionUser | null; password?: string } = {}) {
  const log: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      restore: fromPromise(async () => overrides.stored ?? null),
      login: fromPromise(async ({ input }: { input: Credentials }) => {
        log.push(`login:${input.username}:${input.rememberMe}`);
        if (input.password !== (overrides.password ?? 'Secreta1!')) throw Object.assign(new Error('no'), { code: 'LOGIN_FAILED' });
        return { ...ana, rememberMe: input.rememberMe };
      }),
    },
    actions: { clearAndReload: () => void log.push('clear+reload'), endSession: () => void log.push('end') },
  });
  const actor = createActor(machine).start();
  return { actor, log };
}

describe('session machine', () => {
  it('starts logged out without a stored session', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('restores a stored session as logged in', async () => {
    const { actor } = start({ stored: ana });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context.user?.username).toBe('ana');
  });

  it('a throttled login keeps the wait the server answered, for the message', async () => {
    const machine = sessionMachine.provide({
      actors: {
        restore: fromPromise<SessionUser | null>(async () => null),
        login: fromPromise<SessionUser, Credentials>(async () => {
          throw Object.assign(new Error('429'), { code: 'LOGIN_LOCKED', fieldErrors: [{ field: 'username', code: 'LOGIN_LOCKED', params: { seconds: 90, minutes: 2 } }] });
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'LOGIN', username: 'ana', password: 'x', rememberMe: false });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'LOGIN_LOCKED', errorParams: { minutes: 2 } });
  });

  it('a wrong login stays logged out with the error code; a right one logs in', async () => {
    const { actor, log } = start();
    await waitFor(actor, (s) => s.matches('loggedOut'));
    actor.send({ type: 'LOGIN', username: 'ana', password: 'mala', rememberMe: false });
    await waitFor(actor, (s) => s.matches('loggedOut') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('LOGIN_FAILED');
    actor.send({ type: 'LOGIN', username: 'ana', password: 'Secreta1!', rememberMe: true });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, user: { username: 'ana', rememberMe: true } });
    expect(log).toEqual(['login:ana:false', 'login:ana:true']);
  });

  it('logout ends the session at once, without a reload: logged out in the same step', async () => {
    const { actor, log } = start({ stored: ana });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(log).toEqual(['end']);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('a lost session clears and reloads without calling the server', async () => {
    const { actor, log } = start({ stored: ana });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'AUTH_LOST' });
    await waitFor(actor, (s) => s.matches('loggedOut'));
    expect(log).toEqual(['clear+reload']);
  });

  it('ignores LOGIN while logged in', async () => {
    const { actor, log } = start({ stored: ana });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    actor.send({ type: 'LOGIN', username: 'x', password: 'y', rememberMe: false });
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(log).toEqual([]);
  });
});
