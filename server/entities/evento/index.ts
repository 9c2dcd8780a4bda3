/**
 * Event subscriptions (spec §3 Event, §2 /backOffice/eventosConfig, issue 15): which writes (accion: insert,
 * update — also a patch —, delete, a declared writing action such as a record's move, or `*`) of which origin (an
 * entity's name or `*`; optionally narrowed to the records of one flow or one activity) are POSTed to which web
 * hook URI.
 *
 * - Admin only (columns.json). The URI must be http(s) and its literal host not private, loopback or link-local
 *   unless allowed — by the server (EVENT_ALLOWED_HOSTS) or, for this subscription's host, by its `host_privado`
 *   flag, which the audit log records like any field (engine/events/address.ts; 406 EVENTO_URI_INVALIDA /
 *   EVENTO_URI_PRIVADA; link-local, multicast and unspecified addresses never: EVENTO_URI_PROHIBIDA); the origin
 *   must be `*` or an entity of the registry (./origins.ts; 406 EVENTO_ORIGEN_DESCONOCIDO), which the form offers
 *   in a picker (`POST /api/evento/origenes`); the action `*` or one a write of that origin carries (./actions.ts;
 *   406 EVENTO_ACCION_DESCONOCIDA, or EVENTO_ACCION_DE_OTRO_ORIGEN for another entity's declared action), offered
 *   by `POST /api/evento/acciones`. A stored subscription whose action is neither (saved before this check) never
 *   fires: the start logs a warning for each, and its next save must pick a valid action.
 * - The secret is the server's (./secret.ts): made on insert and shown in that reply only;
 *   `POST /api/evento/rotarSecreto/{id}` makes a new one and answers `{ secreto }`, once.
 * - Every write of any other entity fans out, in its transaction, into one delivery per matching active
 *   subscription (./delivery/fanout.ts); the worker delivers them after commit (./delivery/worker.ts).
 * - Deleting a subscription deletes its deliveries.
 */
import { ROLES } from '../../../engine/roles';
import { webhookUriProblem } from '../../../engine/events/address';
import type { FieldError } from '../../../engine/errors';
import { defineEntityServer, type Data, type StoredRecord } from '../../documents/types';
import { fanOut } from './delivery/fanout';
import { actionOptions, actionProblem } from './actions';
import { isOrigin, originOptions } from './origins';
import { allowedHosts, saveAllowedHosts, saveRetryPolicy, subscriptionHosts } from './delivery/settings';
import { eventWorkerOptions, startEventDelivery } from './delivery/worker';
import { askRotation, isFresh, markFresh, newSecret, rotationFor } from './secret';

export default defineEntityServer({
  needs: ['nombre', 'accion', 'origen', 'flujo', 'actividad', 'uri', 'host_privado', 'debug', 'activo'],
  serverOwned: ['secreto'],
  auditOmit: ['secreto'],

  normalize({ doc, previous, id, ctx }) {
    const out: Data = { accion: '*', origen: '*', activo: true, debug: false, host_privado: false, ...doc };
    if (typeof out.uri === 'string') out.uri = out.uri.trim();
    const rotated = rotationFor(ctx, id);
    if (rotated) out.secreto = rotated;
    else if (previous) out.secreto = previous.secreto as string;
    else {
      out.secreto = newSecret();
      markFresh(ctx, out.secreto as string);
    }
    return out;
  },

  async validate({ doc, ctx }) {
    const errors: FieldError[] = [];
    if (typeof doc.uri === 'string') {
      const problem = webhookUriProblem(doc.uri, subscriptionHosts({ uri: doc.uri, host_privado: doc.host_privado === true }, await allowedHosts(ctx.trx)));
      if (problem) errors.push({ field: 'uri', code: problem });
    }
    if (!isOrigin(ctx.docs, doc.origen)) errors.push({ field: 'origen', code: 'EVENTO_ORIGEN_DESCONOCIDO' });
    const action = actionProblem(ctx.docs, doc.accion, doc.origen);
    if (action) errors.push({ field: 'accion', code: action });
    return errors;
  },

  // subscriptions saved before the action was checked: they never fire until someone picks a valid action
  async seed(ctx) {
    const rows = await ctx.trx.selectFrom('evento').select(['id', 'nombre', 'accion', 'origen']).execute();
    for (const row of rows) {
      const problem = actionProblem(ctx.docs, row.accion, row.origen);
      if (problem)
        ctx.log.warn({ evento: row.id, accion: row.accion, origen: row.origen, code: problem }, `event subscription ${row.id} "${row.nombre}" never fires: its action "${row.accion}" is no action of its origin; edit it and pick one`);
    }
  },

  async present(record: StoredRecord, ctx) {
    if (isFresh(ctx, record.secreto)) return record;
    const { secreto: _hidden, ...rest } = record;
    return rest as StoredRecord;
  },

  // before the delete's reference check: a delivery names its subscription (`x-ref`), and the log goes with it
  async beforeRemove({ previous, ctx }) {
    await ctx.trx.deleteFrom('evento_entrega').where('evento', '=', previous.id).execute();
  },

  subscribe: { '*': fanOut },

  // the server's allowed hosts for every instance's save-time check, its retry policy for the delivery screen; the
  // worker unless EVENT_WORKER=false
  async start({ db, config, log }) {
    await saveAllowedHosts(db, config.eventAllowedHosts);
    const options = eventWorkerOptions(config);
    await saveRetryPolicy(db, options.retry);
    const worker = config.eventWorker ? startEventDelivery({ db, log, ...options }) : null;
    return { stop: async () => void (await worker?.stop()) };
  },

  actions: {
    // the form's origin picker: the origins the save accepts
    origenes: {
      scope: 'entity',
      read: true,
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async run({ ctx }) {
        return originOptions(ctx.docs);
      },
    },
    // the form's action picker: the actions the save accepts, by the history's names
    acciones: {
      scope: 'entity',
      read: true,
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async run({ ctx }) {
        return actionOptions(ctx.docs);
      },
    },
    rotarSecreto: {
      scope: 'record',
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async run({ ctx, id }) {
        const secreto = askRotation(ctx, id!);
        await ctx.docs.patch(ctx, 'evento', id!, {});
        return { secreto };
      },
    },
  },
});
