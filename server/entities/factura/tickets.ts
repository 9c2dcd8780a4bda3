/**
 * The WSAA login ticket, cached in the database until shortly before it expires and shared by every instance:
 * WSAA refuses a second ticket while one is valid (coe.alreadyAuthenticated), so instances must not each ask.
 * Getting a new one takes a lease (a row of facturacion_ticket_pedido, one statement, no transaction held):
 * the holder calls WSAA with nothing of the database locked — a transaction open across a call that may take
 * AFIP_TIMEOUT_MS would stall every other query on PGlite's single connection — and stores the ticket after;
 * the others wait for it in the cache, and take the lease over if its holder died.
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
/** How often an instance waiting for another's ticket looks at the cache. */
const WAIT_STEP_MS = 100;

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

/** Takes the lease when nobody holds it (or its holder's lease ran out): true when taken. */
async function takeLease(db: Kysely<any>, leaseMs: number): Promise<boolean> {
  const until = sql<Date>`now() + ${leaseMs}::int * interval '1 millisecond'`;
  const row = await db
    .insertInto('facturacion_ticket_pedido')
    .values({ servicio: SERVICE, hasta: until })
    .onConflict((oc) => oc.column('servicio').doUpdateSet({ hasta: until }).where('facturacion_ticket_pedido.hasta', '<', sql<Date>`now()`))
    .returning('servicio')
    .executeTakeFirst();
  return Boolean(row);
}

const releaseLease = (db: Kysely<any>) => db.deleteFrom('facturacion_ticket_pedido').where('servicio', '=', SERVICE).execute();

/** `db` must not be a transaction: the call to WSAA happens while nothing is held. */
export async function wsfeAuth(db: Kysely<any>, setup: BillingSetup, timeoutMs: number): Promise<Auth> {
  const leaseMs = timeoutMs + 5_000;
  const deadline = Date.now() + 2 * leaseMs;
  for (;;) {
    const hit = await cached(db, setup);
    if (hit) return hit;
    if (await takeLease(db, leaseMs)) break;
    if (Date.now() > deadline) throw new Error('timed out waiting for another instance’s WSAA ticket');
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
  try {
    // another instance may have stored one between our look and the lease
    const again = await cached(db, setup);
    if (again) return again;
    let ticket;
    try {
      ticket = await loginCms(setup.endpoints.wsaa, signTra(loginTicketRequest(SERVICE, new Date()), setup.certPem, setup.keyPem), timeoutMs);
    } catch (err) {
      if (err instanceof AfipFault && err.faultCode === 'coe.alreadyAuthenticated') throw new TicketElsewhere();
      throw err;
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('facturacion_ticket').where('servicio', '=', SERVICE).execute();
      await trx
        .insertInto('facturacion_ticket')
        .values({ servicio: SERVICE, cuit: setup.cuit, entorno: setup.entorno, token: ticket.token, sign: ticket.sign, expira: ticket.expiresAt })
        .execute();
    });
    return { token: ticket.token, sign: ticket.sign, cuit: setup.cuit };
  } finally {
    await releaseLease(db);
  }
}

/** Forgets the ticket (WSFEv1 refused it: error 600; a new certificate was uploaded). */
export async function dropTicket(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('facturacion_ticket').where('servicio', '=', SERVICE).execute();
}
