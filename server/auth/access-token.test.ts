/** Access tokens: a verified token is remembered until it expires, never past it, and only its exact text. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, accessTokens } from './access-token';

const secret = new TextEncoder().encode('a-test-secret-of-enough-length-for-hs256');
const user = { id: 7, username: 'ana', roles: ['ROLE_USER'], session: 's1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token again and again with the same answer, and refuses it once expired even after it was remembered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = accessTokens(secret);
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    expect(await tokens.verify(token)).toEqual(user);
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_SECONDS + 1) * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('a remembered token does not vouch for an edited copy, nor for another key\'s tokens', async () => {
    const tokens = accessTokens(secret);
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).not.toBeNull();
    const [h, p, s] = token.split('.');
    const promoted = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), roles: ['ROLE_ROOT'] })).toString('base64url');
    expect(await tokens.verify(`${h}.${promoted}.${s}`)).toBeNull();
    expect(await accessTokens(new TextEncoder().encode('another-secret-of-enough-length-for-hs256')).verify(token)).toBeNull();
  });

  it('the user it answers cannot be changed by one request for the next', async () => {
    const tokens = accessTokens(secret);
    const token = await tokens.sign(user);
    const first = (await tokens.verify(token))!;
    expect(() => first.roles.push('ROLE_ROOT')).toThrow();
    expect((await tokens.verify(token))!.roles).toEqual(['ROLE_USER']);
  });
});
