/**
 * The billing configuration as the calls to the tax authority need it: the company's CUIT and tax condition,
 * the environment and its endpoints, the sales points, the certificate and the decrypted key. Problems are
 * codes (406): no configuration, no certificate, no BILLING_KEY, an expired certificate.
 */
import type { TaxCondition } from '../../../engine/billing/voucher';
import { normalizeCuit } from '../../../engine/cuit';
import type { Config } from '../../config';
import type { DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';
import { OFFICIAL_ENDPOINTS, type BillingEnvironment, type Endpoints } from './afip/endpoints';
import { decryptSecret } from './secret';

export interface SalesPoint {
  numero: number;
  tipo: string;
}

export interface BillingSetup {
  cuit: string;
  entorno: BillingEnvironment;
  condicionIva: TaxCondition | null;
  puntosVenta: SalesPoint[];
  limiteConsumidorFinal: number;
  endpoints: Endpoints;
  certPem: string;
  keyPem: string;
  certExpires: Date;
}

/** AFIP's threshold for an anonymous final consumer (RG 5700/2025), unless the configuration says otherwise. */
export const DEFAULT_ANONYMOUS_LIMIT = 10_000_000;

export function endpointsOf(config: Config, entorno: BillingEnvironment): Endpoints {
  const official = OFFICIAL_ENDPOINTS[entorno];
  return { wsaa: config.afipWsaaUrl ?? official.wsaa, wsfe: config.afipWsfeUrl ?? official.wsfe };
}

export async function billingConfigRecord(ctx: DocContext): Promise<Record<string, any> | null> {
  const row = await ctx.trx.selectFrom('facturacion').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row ? ((await ctx.docs.get(ctx, 'facturacion', row.id, { raw: true })) as Record<string, any>) : null;
}

export async function loadSetup(ctx: DocContext, config: Config, now = new Date()): Promise<BillingSetup> {
  const rec = await billingConfigRecord(ctx);
  if (!rec || !rec.cuit) throw new ApiError(406, 'FACTURA_SIN_CONFIGURACION');
  const cred = await ctx.trx.selectFrom('facturacion_credencial').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!cred) throw new ApiError(406, 'FACTURA_SIN_CERTIFICADO');
  if (!config.billingKey) throw new ApiError(406, 'FACTURA_SIN_CLAVE_CIFRADO');
  if (new Date(cred.vence).getTime() <= now.getTime()) throw new ApiError(406, 'FACTURA_CERTIFICADO_VENCIDO');
  let keyPem: string;
  try {
    keyPem = decryptSecret(cred.clave_cifrada, config.billingKey);
  } catch {
    throw new ApiError(406, 'FACTURA_CLAVE_ILEGIBLE');
  }
  const entorno: BillingEnvironment = rec.entorno === 'produccion' ? 'produccion' : 'homologacion';
  return {
    cuit: normalizeCuit(rec.cuit),
    entorno,
    condicionIva: rec.condicion_iva ?? null,
    puntosVenta: (rec.puntos_venta ?? []).map((p: any) => ({ numero: Number(p.numero), tipo: String(p.tipo ?? 'cae') })),
    limiteConsumidorFinal: typeof rec.limite_consumidor_final === 'number' ? rec.limite_consumidor_final : DEFAULT_ANONYMOUS_LIMIT,
    endpoints: endpointsOf(config, entorno),
    certPem: cred.certificado,
    keyPem,
    certExpires: new Date(cred.vence),
  };
}
