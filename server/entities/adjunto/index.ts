/**
 * Files attached to records (issue 11 "Attachments and audio"), kept in the core table adjunto (so several app
 * instances share them) and listed read-only through the generic API (`adjunto/index` with the filter `registro`,
 * only of records the caller may work on; `adjunto/show` and `adjunto/history` of another's answer 403
 * REGISTRO_SIN_PERMISO, as its download does):
 *
 * - `POST /api/adjunto/upload` (multipart: `registro`, a record id, else 400 on `registro`; optional `audio` =
 *   "true"; one file): 413
 *   FILEUPLOAD_TOO_BIG over 5 MB, 400 name_too_long for a name of 100 characters or more, 403
 *   ADJUNTO_NO_PERMITIDO where the record's activity allows no attachments (view only / not allowed; audio notes
 *   only where it allows audio), 409 REGISTRO_CERRADO on a closed or cancelled record (an admin may still: as
 *   with the record itself) -> `{id, nombre, tipo, tamano, audio}`;
 * - `POST /api/adjunto/download/{id}` -> the file, with its type and name;
 * - `POST /api/adjunto/quitar/{id}` removes one (where the activity allows attaching; not from a closed record,
 *   whose signed delivery note is its proof) -> `{ok: true}`.
 * A record's attachments go with it when it is deleted.
 */
import { FILE_MAX_BYTES, FILE_NAME_MAX } from '../../../engine/records/files';
import { ApiError, badRequest, notFound } from '../../http/api-error';
import { parseId } from '../input';
import { defineEntityServer, FileReply, type DocContext, type UploadedFile } from '../../documents/types';
import { checkRecordRow, recordRowsWhere } from '../registro/rows';
import { activityOf } from '../registro/context';
import { checkAccess, checkNotEnded } from '../registro/holding';

export const MAX_FILE_BYTES = FILE_MAX_BYTES;
export const MAX_NAME = FILE_NAME_MAX;

const refused = () => new ApiError(403, 'ADJUNTO_NO_PERMITIDO', [{ field: 'file', code: 'ADJUNTO_NO_PERMITIDO' }]);

/** The record (by id) if the caller may open it: 404 when there is none, 403 REGISTRO_SIN_PERMISO otherwise. */
async function openable(ctx: DocContext, registro: number) {
  const record = await ctx.trx.selectFrom('registro').select(['id', 'actividad', 'estado']).where('id', '=', registro).executeTakeFirst();
  if (!record) throw notFound();
  await checkAccess(ctx, record.actividad as number);
  return record;
}

/** The record (by id) the caller may work on, with its activity's attach settings. */
async function recordOf(ctx: DocContext, registro: number) {
  const record = await openable(ctx, registro);
  const activity = await activityOf(ctx, record.actividad as number);
  return { record, activity, canAttach: activity.adjuntos === undefined || activity.adjuntos === 'obligatorio' || activity.adjuntos === 'opcional' };
}

export default defineEntityServer({
  needs: ['registro', 'nombre', 'tipo', 'tamano'],
  coreTable: true,
  // kept in the database, so every instance serves them
  tables: [
    {
      name: 'adjunto',
      sql: [
        `create table if not exists adjunto (
          id serial primary key,
          version integer not null default 1,
          registro integer not null,
          nombre text not null,
          tipo text not null,
          tamano integer not null,
          audio boolean not null default false,
          datos bytea not null,
          creado_por integer null,
          creado_por_nombre text null,
          creado_en timestamptz not null default now()
        )`,
        `create index if not exists adjunto_registro_idx on adjunto (registro, id)`,
      ],
    },
  ],
  rowScope: (ctx) => recordRowsWhere(ctx),
  // show and history tell what an attachment is: only to those who may open its record, as download
  async present(record, ctx) {
    await checkRecordRow(ctx, record);
    return record;
  },
  actions: {
    upload: {
      scope: 'entity',
      // a user attaches to a record they may open (checked below), not through the generic writes
      forReaders: true,
      upload: { maxBytes: MAX_FILE_BYTES, maxName: MAX_NAME },
      async run({ ctx, body }) {
        if (body.registro == null || body.registro === '') throw badRequest('VALIDATION_FAILED', [{ field: 'registro', code: 'required' }]);
        const registro = parseId(body.registro, 'registro');
        const audio = body.audio === 'true';
        const { record, activity, canAttach } = await recordOf(ctx, registro);
        if (!canAttach || (audio && activity.audio !== true)) throw refused();
        checkNotEnded(ctx.actor, record, 'file');
        const file = body.file as UploadedFile;
        const row = await ctx.trx
          .insertInto('adjunto')
          .values({ registro, nombre: file.name, tipo: file.type, tamano: file.data.length, audio, datos: file.data, creado_por: ctx.actor.id, creado_por_nombre: ctx.actor.username })
          .returning(['id', 'nombre', 'tipo', 'tamano', 'audio'])
          .executeTakeFirstOrThrow();
        return row;
      },
    },
    download: {
      scope: 'id',
      read: true,
      async run({ ctx, id }) {
        const row = await ctx.trx.selectFrom('adjunto').select(['registro', 'nombre', 'tipo', 'datos']).where('id', '=', id!).executeTakeFirst();
        if (!row) throw notFound();
        await recordOf(ctx, row.registro as number);
        return new FileReply(row.nombre as string, row.tipo as string, Buffer.from(row.datos as Uint8Array));
      },
    },
    quitar: {
      scope: 'id',
      forReaders: true,
      async run({ ctx, id }) {
        const row = await ctx.trx.selectFrom('adjunto').select(['registro']).where('id', '=', id!).executeTakeFirst();
        if (!row) throw notFound();
        const { record, canAttach } = await recordOf(ctx, row.registro as number);
        if (!canAttach) throw refused();
        checkNotEnded(ctx.actor, record, 'file');
        await ctx.trx.deleteFrom('adjunto').where('id', '=', id!).execute();
        return { ok: true };
      },
    },
  },
});
