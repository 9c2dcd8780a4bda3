/**
 * An entity's declared actions (server/documents/types.ts ActionSpec) as calls: `POST /api/<entity>/<name>`
 * (scope entity) or `POST /api/<entity>/<name>/:id` (scopes record and id), or at the action's own `path`.
 * Who may call one: whoever may read the entity (readRoles) and holds the action's `roles`; anyone else 403.
 * A writing action runs in a transaction of its own with its audit row and outbox event, once per
 * Idempotency-Key when sent with one (../http/idempotency.ts; not an upload); a reading one runs without. An upload action takes a multipart body with one file; an action answering a FileReply sends it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { ApiError, badRequest } from '../http/api-error';
import { writeOnce } from '../http/idempotency';
import { preferredLang } from '../http/lang';
import { FileReply, type ActionSpec, type DocContext, type Documents } from '../documents/types';
import { allowAction } from './access';
import { objectBody, parseId } from './input';

const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The call's route (as registered, under /api). */
export const actionUrl = (entity: string, name: string, spec: Pick<ActionSpec, 'scope' | 'path'>) =>
  `/${spec.path ?? `${entity}/${name}`}${spec.scope === 'entity' ? '' : '/:id'}`;

/** The fields and the one file of a multipart body (@fastify/multipart, registered on the API). */
async function multipartBody(request: FastifyRequest, limits: NonNullable<ActionSpec['upload']>): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw badRequest('BAD_REQUEST', [{ field: 'file', code: 'required' }]);
  const part = await request.file({ limits: { fileSize: limits.maxBytes, files: 1, fields: 20, fieldSize: 4096 } });
  if (!part) throw badRequest('VALIDATION_FAILED', [{ field: 'file', code: 'required' }]);
  if ([...part.filename].length >= limits.maxName) throw new ApiError(400, 'name_too_long', [{ field: 'file', code: 'name_too_long', params: { max: limits.maxName } }]);
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'FILEUPLOAD_TOO_BIG', [{ field: 'file', code: 'FILEUPLOAD_TOO_BIG', params: { max: limits.maxBytes } }]);
    throw err;
  }
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(part.fields)) if (v && typeof v === 'object' && 'value' in v && k !== 'file') fields[k] = (v as { value: unknown }).value;
  return { ...fields, file: { name: part.filename, type: part.mimetype || 'application/octet-stream', data } };
}

function sendFile(reply: FastifyReply, file: FileReply) {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.data);
}

export function actionRoutes(app: FastifyInstance, docs: Documents, entity: ResolvedEntity) {
  for (const [name, spec] of Object.entries(docs.server(entity).actions ?? {})) {
    const url = actionUrl(entity.name, name, spec);
    const bodyLimit = spec.upload ? spec.upload.maxBytes + 64 * 1024 : (spec.bodyLimit ?? DEFAULT_BODY_LIMIT);
    app.post<{ Params: { id?: string } }>(url, { bodyLimit }, async (request, reply) => {
      const actor = allowAction(request, entity, spec);
      const body = spec.upload ? await multipartBody(request, spec.upload) : objectBody(request.body, 'VALIDATION_FAILED');
      const reader = docs.reader(actor, request.log);
      const raw = request.params.id;
      const id = raw === undefined ? undefined : spec.findId ? await spec.findId(reader, raw) : parseId(raw);
      const lang = preferredLang(request.headers['accept-language']);
      const run = (ctx: DocContext) => docs.run(ctx, entity, name, { id, body, lang });
      const result = spec.read ? await run(reader) : spec.upload ? await docs.transaction(actor, request.log, run) : await writeOnce(request, reply, docs, actor, run);
      return result instanceof FileReply ? sendFile(reply, result) : result;
    });
  }
}
