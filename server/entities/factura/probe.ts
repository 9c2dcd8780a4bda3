/**
 * The configuration screen's checks: FEDummy (the service is up), a login ticket (the certificate works), the
 * sales points AFIP knows; and AFIP's parameter tables, cached in facturacion_parametro (they change rarely).
 * AFIP's failures answer 406 FACTURA_AFIP_NO_RESPONDE / FACTURA_AFIP_RECHAZO with AFIP's own words.
 */
import type { Config } from '../../config';
import type { DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';
import { loadSetup } from './setup';
import { AfipFault, AfipUnreachable } from './afip/soap';
import { TicketElsewhere, wsfeAuth } from './tickets';
import { wsfeClient, WsfeError, type ParamKind } from './afip/wsfe';

export async function afipCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AfipUnreachable) throw new ApiError(406, 'FACTURA_AFIP_NO_RESPONDE', [{ field: '', code: 'FACTURA_AFIP_NO_RESPONDE', params: { detalle: err.message } }]);
    if (err instanceof AfipFault || err instanceof WsfeError || err instanceof TicketElsewhere)
      throw new ApiError(406, 'FACTURA_AFIP_RECHAZO', [{ field: '', code: 'FACTURA_AFIP_RECHAZO', params: { detalle: err.message } }]);
    throw err;
  }
}

export async function probe(ctx: DocContext, config: Config) {
  const setup = await loadSetup(ctx, config);
  const wsfe = wsfeClient(setup.endpoints.wsfe, config.afipTimeoutMs);
  const servidores = await afipCall(() => wsfe.dummy());
  const auth = await afipCall(() => wsfeAuth(ctx.trx, setup, config.afipTimeoutMs));
  const puntos = await afipCall(() => wsfe.salesPoints(auth));
  return { entorno: setup.entorno, wsfe: setup.endpoints.wsfe, servidores, puntos_venta: puntos };
}

const KINDS: ParamKind[] = ['TiposCbte', 'TiposIva', 'TiposDoc', 'TiposMonedas'];

export async function parameters(ctx: DocContext, config: Config, refresh: boolean) {
  const out: Record<string, unknown> = {};
  const rows = refresh ? [] : await ctx.trx.selectFrom('facturacion_parametro').selectAll().execute();
  const have = new Map(rows.map((r: any) => [r.clave, typeof r.valor === 'string' ? JSON.parse(r.valor) : r.valor]));
  const missing = KINDS.filter((k) => !have.has(k));
  if (missing.length) {
    const setup = await loadSetup(ctx, config);
    const wsfe = wsfeClient(setup.endpoints.wsfe, config.afipTimeoutMs);
    const auth = await afipCall(() => wsfeAuth(ctx.trx, setup, config.afipTimeoutMs));
    for (const kind of missing) {
      const value = await afipCall(() => wsfe.param(auth, kind));
      have.set(kind, value);
      await ctx.trx
        .insertInto('facturacion_parametro')
        .values({ clave: kind, valor: JSON.stringify(value), leido_en: new Date() })
        .onConflict((oc) => oc.column('clave').doUpdateSet({ valor: JSON.stringify(value), leido_en: new Date() }))
        .execute();
    }
  }
  for (const k of KINDS) out[k] = have.get(k);
  return out;
}
