/**
 * The WSAA login ticket, cached in the database until shortly before it expires and shared by every instance:
 * WSAA refuses a second ticket while one is valid (coe.alreadyAuthenticated), so instances must not each ask.
 * Getting a new one happens under a row lock, so only one instance asks and the others read its ticket.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { AfipFault } from './afip/soap';
import { loginCms, loginTicketRequest, signTra } from './afip/wsaa';
import type { BillingSetup } from './setup';
import type { Auth } from './afip/wsfe';

const SERVICE = 'wsfe';
/** A ticket this close to its expiry is not used: a call may take a while. */
const MARGIN_MS = 5 * 60_000;
const TICKET_LOCK = 727_316;

export class TicketElsewhere extends Error {
  constructor() {
    super('WSAA says a valid ticket exists that this app does not have');
    this.name = 'TicketElsewhere';
  }
}

async function cached(db: Kysely<any>, setup: BillingSetup): Promise<Auth | null> {
  const row = await db
    .selectFrom('facturacion_ticket')
    .selectAll()
    .where('servicio', '=', SERVICE)
    .where('cuit', '=', setup.cuit)
    .where('entorno', '=', setup.entorno)
    .where('expira', '>', new Date(Date.now() + MARGIN_MS))
    .executeTakeFirst();
  return row ? { token: row.token, sign: row.sign, cuit: setup.cuit } : null;
}

export async function wsfeAuth(db: Kysely<any>, setup: BillingSetup, timeoutMs: number): Promise<Auth> {
  const hit = await cached(db, setup);
  if (hit) return hit;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(TICKET_LOCK)})`.execute(trx);
    const again = await cached(trx, setup);
    if (again) return again;
    let ticket;
    try {
      ticket = await loginCms(setup.endpoints.wsaa, signTra(loginTicketRequest(SERVICE, new Date()), setup.certPem, setup.keyPem), timeoutMs);
    } catch (err) {
      if (err instanceof AfipFault && err.faultCode === 'coe.alreadyAuthenticated') throw new TicketElsewhere();
      throw err;
    }
    await trx.deleteFrom('facturacion_ticket').where('servicio', '=', SERVICE).execute();
    await trx
      .insertInto('facturacion_ticket')
      .values({ servicio: SERVICE, cuit: setup.cuit, entorno: setup.entorno, token: ticket.token, sign: ticket.sign, expira: ticket.expiresAt })
      .execute();
    return { token: ticket.token, sign: ticket.sign, cuit: setup.cuit };
  });
}

/** Forgets the ticket (WSFEv1 refused it: error 600). */
export async function dropTicket(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('facturacion_ticket').where('servicio', '=', SERVICE).execute();
}
