/** What route modules get from buildServer. */
import type { Kysely } from 'kysely';
import type { AccessTokens } from '../auth/access-token';
import type { Config } from '../config';
import type { Database } from '../db/types';

export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  tokens: AccessTokens;
}
