/** `POST /api/audit/verify` (ROLE_ROOT): whether the audit log's hash chain holds, and where it breaks. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ROLES } from '../../engine/roles';
import { requireAnyRole } from '../auth/guard';
import { verifyAudit } from '../documents/audit';
import type { AppContext } from './context';

export function auditRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post('/audit/verify', { bodyLimit: 1024, preHandler: requireAnyRole(ROLES.ROOT) }, () => verifyAudit(db as unknown as Kysely<any>));
}
