import { describe, expect, it } from 'vitest';
import { normalizeUsername, usernameProblem, usernameSkeleton } from './username';

describe('usernames that look like another', () => {
  it('full-width and compatibility forms become plain letters', () => {
    expect(normalizeUsername(' ａｄｍｉｎ ')).toBe('admin');
    expect(normalizeUsername('ﬁlo')).toBe('filo');
  });

  it('refuses invisible characters and white space inside', () => {
    for (const name of ['ad\u200bmin', 'admin\u200d', '\u202eadmin', 'ad\u2066min', '\ufeffadmin', 'ad\u00admin', 'ad min', 'ad\tmin', 'a\u0007b'])
      expect(usernameProblem(name), JSON.stringify(name)).toBe('USERNAME_INVISIBLE_CHARS');
  });

  it('refuses letters of two scripts, accepts one script with digits and punctuation', () => {
    expect(usernameProblem('аdmin')).toBe('USERNAME_MIXED_SCRIPTS'); // Cyrillic а
    expect(usernameProblem('pαblo')).toBe('USERNAME_MIXED_SCRIPTS'); // Greek α
    for (const name of ['admin', 'josé.pérez', 'mañana_2', 'ana-maría@acme', 'иван', 'ελένη', '山田たろう'])
      expect(usernameProblem(name), name).toBeNull();
  });

  it('confusable names share a skeleton: case, accents, look-alike letters of other scripts, dotless i', () => {
    const admin = usernameSkeleton('admin');
    for (const name of ['ADMIN', 'Admin', 'аdmin', 'admın', 'ａｄｍｉｎ', 'ádmin', 'ad\u200bmin', 'аdміn'])
      expect(usernameSkeleton(name), name).toBe(admin);
    expect(usernameSkeleton('ceсilia')).toBe(usernameSkeleton('cecilia'));
    expect(usernameSkeleton('admins')).not.toBe(admin);
    expect(usernameSkeleton('adrnin')).not.toBe(admin);
  });
});
