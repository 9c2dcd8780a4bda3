/**
 * An entity's declared actions (server/documents/types.ts ActionSpec) as calls: `POST /api/<entity>/<name>`
 * (scope entity) or `POST /api/<entity>/<name>/:id` (scopes record and id), or at the action's own `path`. Who may call one: whoever may read the
 * entity (readRoles) and holds the action's `roles`; anyone else 403. A writing action runs in a transaction
 * of its own with its audit row and outbox event; a reading one runs without.
 */
import type { FastifyInstance } from 'fastify';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { ActionSpec, Documents } from '../documents/types';
import { allowAction } from './access';
import { objectBody, parseId } from './input';

const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The call's route (as registered, under /api). */
export const actionUrl = (entity: string, name: string, spec: Pick<ActionSpec, 'scope' | 'path'>) =>
  `/${spec.path ?? `${entity}/${name}`}${spec.scope === 'entity' ? '' : '/:id'}`;

export function actionRoutes(app: FastifyInstance, docs: Documents, entity: ResolvedEntity) {
  for (const [name, spec] of Object.entries(docs.server(entity).actions ?? {})) {
    const url = actionUrl(entity.name, name, spec);
    app.post<{ Params: { id?: string } }>(url, { bodyLimit: spec.bodyLimit ?? DEFAULT_BODY_LIMIT }, async (request) => {
      const actor = allowAction(request, entity, spec);
      const body = objectBody(request.body, 'VALIDATION_FAILED');
      const reader = docs.reader(actor, request.log);
      const raw = request.params.id;
      const id = raw === undefined ? undefined : spec.findId ? await spec.findId(reader, raw) : parseId(raw);
      if (spec.read) return docs.run(reader, entity, name, { id, body });
      return docs.transaction(actor, request.log, (ctx) => docs.run(ctx, entity, name, { id, body }));
    });
  }
}
