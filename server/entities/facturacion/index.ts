/**
 * The billing configuration (spec §2 billingConfig, ADMIN only; issue 16): one record with the environment,
 * the company's CUIT (engine rule, schemas/facturacion/rules.ts), tax condition and sales points. The
 * certificate and its private key are uploaded apart (`facturacion/certificado`): checked (a PEM certificate,
 * the key is its key, the CUIT is the configured one, not expired), the key stored encrypted with BILLING_KEY
 * (../factura/secret.ts), never answered back; the audit log keeps only their sizes. The record shows the
 * certificate's subject, expiry and state (warned 30 days before). `facturacion/probar` checks the connection
 * (FEDummy, a login ticket, the sales points AFIP knows); `facturacion/parametros` gives AFIP's parameter
 * tables (voucher types, VAT rates, currencies, document types), cached.
 */
import { certificateState } from '../../../engine/billing/certificate';
import { normalizeCuit } from '../../../engine/cuit';
import { readCertificate, keyMatches } from '../factura/certificate';
import { billingRuntime } from '../factura/runtime';
import { encryptSecret } from '../factura/secret';
import { BILLING_CONFIG_TABLES } from '../factura/tables';
import { billingConfigRecord } from '../factura/setup';
import { probe, parameters } from '../factura/probe';
import { dropTicket } from '../factura/tickets';
import { defineEntityServer, type DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';

const PEM = { type: 'string', minLength: 1, maxLength: 20000 } as const;

async function certificateInfo(ctx: DocContext) {
  const c = await ctx.trx.selectFrom('facturacion_credencial').select(['cuit', 'sujeto', 'vence', 'cargado_en']).where('id', '=', 1).executeTakeFirst();
  if (!c) return null;
  const vence = new Date(c.vence);
  return { cuit: c.cuit, sujeto: c.sujeto, vence: vence.toISOString(), cargado_en: new Date(c.cargado_en).toISOString(), ...certificateState(vence, new Date()) };
}

export default defineEntityServer({
  needs: ['cuit', 'entorno', 'condicion_iva', 'puntos_venta'],
  tables: BILLING_CONFIG_TABLES,
  async present(record, ctx) {
    return { ...record, certificado: await certificateInfo(ctx) };
  },
  async afterWrite({ ctx, doc, previous }) {
    // another CUIT or environment: the cached parameters are not its own (the ticket is kept per CUIT and
    // environment: WSAA refuses a new one while it is valid)
    if (previous && (previous.cuit !== doc.cuit || previous.entorno !== doc.entorno)) await ctx.trx.deleteFrom('facturacion_parametro').execute();
  },
  actions: {
    certificado: {
      scope: 'entity',
      body: { type: 'object', required: ['certificado', 'clave'], additionalProperties: false, properties: { certificado: PEM, clave: PEM } },
      secret: ['certificado', 'clave'],
      async run({ ctx, body }) {
        const { config } = billingRuntime(ctx.docs);
        if (!config.billingKey) throw new ApiError(406, 'FACTURA_SIN_CLAVE_CIFRADO');
        const rec = await billingConfigRecord(ctx);
        if (!rec?.cuit) throw new ApiError(406, 'FACTURA_SIN_CONFIGURACION');
        const facts = readCertificate(body.certificado);
        if (!facts) throw new ApiError(406, 'FACTURA_CERTIFICADO_INVALIDO', [{ field: 'certificado', code: 'FACTURA_CERTIFICADO_INVALIDO' }]);
        if (!keyMatches(body.certificado, body.clave)) throw new ApiError(406, 'FACTURA_CLAVE_NO_CORRESPONDE', [{ field: 'clave', code: 'FACTURA_CLAVE_NO_CORRESPONDE' }]);
        if (facts.cuit !== normalizeCuit(rec.cuit))
          throw new ApiError(406, 'FACTURA_CERTIFICADO_OTRO_CUIT', [{ field: 'certificado', code: 'FACTURA_CERTIFICADO_OTRO_CUIT', params: { cuit: facts.cuit ?? '?' } }]);
        if (facts.notAfter.getTime() <= Date.now()) throw new ApiError(406, 'FACTURA_CERTIFICADO_VENCIDO', [{ field: 'certificado', code: 'FACTURA_CERTIFICADO_VENCIDO' }]);
        const row = { certificado: body.certificado, clave_cifrada: encryptSecret(body.clave, config.billingKey), cuit: facts.cuit, sujeto: facts.subject, vence: facts.notAfter, cargado_en: new Date() };
        await ctx.trx.insertInto('facturacion_credencial').values({ id: 1, ...row }).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
        // the cached ticket was the old certificate's: the next call logs in with the new one
        await dropTicket(ctx.trx);
        return { certificado: await certificateInfo(ctx) };
      },
    },
    probar: { scope: 'entity', read: true, run: ({ ctx }) => probe(ctx, billingRuntime(ctx.docs).config) },
    parametros: {
      scope: 'entity',
      read: true,
      body: { type: 'object', additionalProperties: false, properties: { refrescar: { type: 'boolean' } } },
      run: ({ ctx, body }) => parameters(ctx, billingRuntime(ctx.docs).config, body.refrescar === true),
    },
  },
});
