/**
 * The invoicing worker: after commit, it takes queued vouchers (`factura`, estado pendiente / solicitando) with
 * `SELECT … FOR UPDATE SKIP LOCKED` and a lease (any number of instances share the queue), and asks the tax
 * authority for their CAE. Never two CAEs for one voucher, never a gap:
 *
 * - numbering: a voucher first takes its sales point's slot (one `solicitando` voucher per sales point and type,
 *   decided under a row lock of factura_numeracion), then its number = FECompUltimoAutorizado + 1, stored before
 *   FECAESolicitar is sent;
 * - a retry of a voucher that has a number (a timeout, a cut connection, a process killed mid-call) first asks
 *   FECompConsultar: a voucher AFIP has with that number and our amounts and receiver is recorded as issued (its
 *   CAE), not requested again; otherwise it is sent again with the same number, which is still the next one;
 * - AFIP's answer: A records the CAE and its due date; R records the observations and errors and frees the
 *   number (the record may be issued again once fixed). Error 600 (ticket) drops the cached ticket and retries.
 * - before a number is taken: a foreign currency with no rate given gets AFIP's (FEParamGetCotizacion), stored
 *   with the voucher so a retry sends the same; a voucher dated before the last authorised one (issued outside
 *   this app, or queued out of order) is rejected here with AFIP's 10016, not sent.
 */
import { toAfipDate } from '../../../engine/billing/dates';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { fromAfipDate } from '../../../engine/billing/dates';
import type { Config } from '../../config';
import { SYSTEM_ACTOR, type Data, type Documents } from '../../documents/types';
import { ApiError } from '../../http/api-error';
import { writeInvoice, type InvoiceWrite } from './record';
import { loadSetup, type BillingSetup } from './setup';
import { AfipUnreachable } from './afip/soap';
import { dropTicket, wsfeAuth } from './tickets';
import { wsfeClient, type Auth, type CaeAnswer, type VoucherRequest, type WsfeClient } from './afip/wsfe';

export interface BillingWorker {
  runOnce(): Promise<number>;
  kick(): void;
  stop(): Promise<void>;
}

interface Job extends Data {
  id: number;
  estado: string;
  numero: number | null;
  punto_venta: number;
  cbte_tipo: number;
  cuit_emisor: string;
  entorno: string;
  intentos: number;
  solicitud: any;
}

const MAX_BACKOFF_MS = 10 * 60_000;

export function startBillingWorker(opts: { db: Kysely<any>; docs: Documents; config: Config; log: FastifyBaseLogger }): BillingWorker {
  const { db, docs, config, log } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  const tx = <T>(fn: Parameters<Documents['transaction']>[2]) => docs.transaction(SYSTEM_ACTOR, log, fn) as Promise<T>;

  async function claim(): Promise<Job | null> {
    const next = db
      .selectFrom('factura')
      .select('id')
      .where('estado', 'in', ['pendiente', 'solicitando'])
      .where((eb) => eb.or([eb('bloqueado_hasta', 'is', null), eb('bloqueado_hasta', '<', sql<Date>`now()`)]))
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    const row = await db
      .updateTable('factura')
      .set({ bloqueado_hasta: sql<Date>`now() + ${config.billingLeaseSeconds}::int * interval '1 second'`, intentos: sql<number>`intentos + 1` })
      .where('id', 'in', next)
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return { ...row, solicitud: typeof row.solicitud === 'string' ? JSON.parse(row.solicitud) : row.solicitud } as Job;
  }

  const postpone = (job: Job, why: string) => {
    const wait = Math.min(MAX_BACKOFF_MS, config.billingPollMs * 2 ** Math.min(job.intentos - 1, 12));
    log.warn(`invoice ${job.id}: ${why}; retrying in ${wait} ms`);
    return db.updateTable('factura').set({ bloqueado_hasta: new Date(Date.now() + wait), ultimo_error: why.slice(0, 2000) }).where('id', '=', job.id).execute();
  };

  /** The sales point's slot: no other voucher of this point and type is being requested. */
  async function takeSlot(job: Job): Promise<boolean> {
    return tx<boolean>(async (ctx) => {
      const key = { cuit: job.cuit_emisor, entorno: job.entorno, punto_venta: job.punto_venta, cbte_tipo: job.cbte_tipo };
      await ctx.trx.insertInto('factura_numeracion').values(key).onConflict((oc) => oc.doNothing()).execute();
      await ctx.trx.selectFrom('factura_numeracion').select('cuit').where('cuit', '=', key.cuit).where('entorno', '=', key.entorno).where('punto_venta', '=', key.punto_venta).where('cbte_tipo', '=', key.cbte_tipo).forUpdate().execute();
      const busy = await ctx.trx
        .selectFrom('factura')
        .select('id')
        .where('estado', '=', 'solicitando')
        .where('id', '<>', job.id)
        .where('cuit_emisor', '=', key.cuit)
        .where('entorno', '=', key.entorno)
        .where('punto_venta', '=', key.punto_venta)
        .where('cbte_tipo', '=', key.cbte_tipo)
        .executeTakeFirst();
      if (busy) return false;
      await ctx.trx.updateTable('factura').set({ estado: 'solicitando' }).where('id', '=', job.id).execute();
      return true;
    });
  }

  const settle = (job: Job, action: InvoiceWrite, changes: Data) =>
    tx(async (ctx) => writeInvoice(ctx, job.id, action, { ...changes, bloqueado_hasta: null, ultimo_error: null }));

  async function send(job: Job, wsfe: WsfeClient, auth: Auth, numero: number) {
    const request: VoucherRequest = { ...(job.solicitud as Omit<VoucherRequest, 'nro'>), nro: numero };
    const answer: CaeAnswer = await wsfe.request(auth, request);
    if (answer.resultado === 'A' && answer.cae) {
      await settle(job, 'cae', { estado: 'emitida', cae: answer.cae, cae_vencimiento: fromAfipDate(answer.caeFchVto), observaciones: JSON.stringify(answer.observaciones), emitida_en: new Date() });
      return;
    }
    if (answer.errors.some((e) => e.code === 600)) {
      await dropTicket(db);
      return postpone(job, answer.errors.map((e) => `${e.code}: ${e.msg}`).join('; '));
    }
    // rejected: the number was not used; the record may be issued again
    await settle(job, 'rechazo', { estado: 'rechazada', numero: null, observaciones: JSON.stringify([...answer.observaciones, ...answer.errors]) });
  }

  async function process(job: Job) {
    let setup: BillingSetup;
    try {
      setup = await loadSetup(docs.reader(SYSTEM_ACTOR, log), config);
    } catch (err) {
      return postpone(job, err instanceof ApiError ? err.code : (err as Error).message);
    }
    const wsfe = wsfeClient(setup.endpoints.wsfe, config.afipTimeoutMs);
    const auth = await wsfeAuth(db, setup, config.afipTimeoutMs);
    if (job.estado === 'solicitando' && job.numero !== null) {
      // a previous attempt may have reached AFIP: ask before sending anything
      const found = await wsfe.query(auth, job.punto_venta, job.cbte_tipo, job.numero);
      const mine = found && Math.round(found.impTotal * 100) === Math.round(job.solicitud.amounts.impTotal * 100) && found.docNro === job.solicitud.docNro;
      if (found && mine) {
        await settle(job, 'cae', { estado: 'emitida', cae: found.cae, cae_vencimiento: fromAfipDate(found.caeFchVto), emitida_en: new Date() });
        return;
      }
      const last = await wsfe.lastAuthorized(auth, job.punto_venta, job.cbte_tipo);
      if (!found && last === job.numero - 1) return send(job, wsfe, auth, job.numero);
      // the number went to another voucher (issued outside this app): number it again
      await db.updateTable('factura').set({ numero: null }).where('id', '=', job.id).execute();
      job.numero = null;
    }
    if (job.solicitud.monCotiz == null) {
      job.solicitud.monCotiz = await wsfe.rate(auth, job.solicitud.monId);
      await db.updateTable('factura').set({ cotizacion: job.solicitud.monCotiz, solicitud: JSON.stringify(job.solicitud) }).where('id', '=', job.id).execute();
    }
    if (job.estado === 'pendiente' && !(await takeSlot(job))) return postpone(job, 'another voucher of this sales point is being requested');
    const last = await wsfe.lastAuthorized(auth, job.punto_venta, job.cbte_tipo);
    const lastDate = last > 0 ? await dateOf(job, wsfe, auth, last) : null;
    if (lastDate && job.solicitud.cbteFch < lastDate) {
      const msg = `CbteFch ${job.solicitud.cbteFch} anterior a la del ultimo comprobante autorizado (${last}: ${lastDate}); no se pidio el CAE`;
      return settle(job, 'rechazo', { estado: 'rechazada', numero: null, observaciones: JSON.stringify([{ code: 10016, msg }]) });
    }
    const numero = last + 1;
    await db.updateTable('factura').set({ numero, estado: 'solicitando' }).where('id', '=', job.id).execute();
    return send(job, wsfe, auth, numero);
  }

  /** yyyymmdd of the authorised voucher `nro` of the job's sales point and type: ours if we hold it, else AFIP's. */
  async function dateOf(job: Job, wsfe: WsfeClient, auth: Auth, nro: number): Promise<string | null> {
    const ours = await db
      .selectFrom('factura')
      .select('fecha')
      .where('cuit_emisor', '=', job.cuit_emisor)
      .where('entorno', '=', job.entorno)
      .where('punto_venta', '=', job.punto_venta)
      .where('cbte_tipo', '=', job.cbte_tipo)
      .where('numero', '=', nro)
      .where('estado', '=', 'emitida')
      .executeTakeFirst();
    if (ours) return toAfipDate(String(ours.fecha));
    return (await wsfe.query(auth, job.punto_venta, job.cbte_tipo, nro))?.cbteFch || null;
  }

  async function drain(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const job = await claim();
      if (!job) break;
      try {
        await process(job);
      } catch (err) {
        await postpone(job, err instanceof AfipUnreachable ? `AFIP unreachable: ${err.message}` : (err as Error).message).catch(() => {});
      }
      handled++;
    }
    return handled;
  }

  function runOnce(): Promise<number> {
    running = running.then(drain, drain).catch((err) => {
      if (!stopped) log.error({ err }, 'invoicing round failed');
      return 0;
    });
    return running;
  }

  function schedule(ms = config.billingPollMs) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void runOnce().finally(() => schedule()), ms);
    timer.unref();
  }

  schedule(0);
  return {
    runOnce,
    kick: () => schedule(50),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => 0);
    },
  };
}
