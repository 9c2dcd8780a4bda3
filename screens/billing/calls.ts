/** The invoicing calls of the record and billing screens (issue 16), over the app's entity calls. */
import { ApiError, NETWORK_ERROR, REQUEST_TIMEOUT } from '../../engine/api/client';
import { newRequestKey } from '../../engine/api/requestKeys';
import { entityCalls } from '../app/entityData';

/** Failures after which the answer may simply have been lost: the issuing call is sent again with its key. */
const LOST_ANSWER = new Set<string | undefined>([NETWORK_ERROR, REQUEST_TIMEOUT, 'DATABASE_UNAVAILABLE']);
const ISSUE_TRIES = 3;

export interface InvoiceRow {
  id: number;
  tipo: 'factura' | 'nota_credito' | 'nota_debito';
  letra: string;
  punto_venta: number;
  numero: number | null;
  estado: 'pendiente' | 'solicitando' | 'emitida' | 'rechazada';
  cae?: string | null;
  cae_vencimiento?: string | null;
  importe_total: number;
  moneda?: string;
  cotizacion?: number | null;
  ultimo_error?: string | null;
}

export interface InvoiceDetail extends InvoiceRow {
  observaciones: { code: number; msg: string; conocido: boolean }[];
  /** Of an issued invoice: what remains to credit, per line (the record item's id) and in total. */
  acreditable: { total: number; items: { item: number; articulo: number | null; descripcion: string | null; alicuota: number; cantidad: number }[] } | null;
}

/** A partial note: some lines of the invoice, or amounts (net) per VAT rate. */
export interface NoteBody {
  items?: { item: number; cantidad: number }[];
  importes?: { alicuota: number; neto: number }[];
}

/** An invoice in another currency: AFIP's currency id and, optionally, pesos per unit (none: AFIP's rate). */
export interface CurrencyChoice {
  moneda?: string;
  cotizacion?: number;
}

export interface CertificateInfo {
  cuit: string;
  sujeto: string;
  vence: string;
  state: 'vigente' | 'por_vencer' | 'vencido';
  daysLeft: number;
}

export const invoiceCalls = {
  ofRecord: async (registro: number) => (await entityCalls.quietIndex<InvoiceRow>('factura', { offset: 0, max: 50, sortOrder: 'asc', filters: { registro: String(registro) } })).rows,
  show: (id: number) => entityCalls.show('factura', id) as unknown as Promise<InvoiceDetail>,
  /**
   * Issues a voucher: one key per call (a user action), sent again with the same key when the answer was lost, so
   * the server answers the voucher the first attempt queued instead of issuing a second. Quiet: an attempt that is
   * tried again is no failure to the user; the caller reports the last one's.
   */
  async issue(registro: number, tipo: InvoiceRow['tipo'], part: NoteBody & CurrencyChoice = {}, clave = newRequestKey()): Promise<InvoiceRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await entityCalls.quietAction<InvoiceRow>('registro', 'facturar', { tipo, clave, ...part }, registro);
      } catch (e) {
        if (attempt >= ISSUE_TRIES || !(e instanceof ApiError && LOST_ANSWER.has(e.code))) throw e;
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
    }
  },
  pdf: (id: number) => entityCalls.download('factura', 'pdf', id),
  currencies: () => entityCalls.action<{ id: string; desc: string }[]>('factura', 'monedas', {}),
  uploadCertificate: (certificado: string, clave: string) => entityCalls.action<{ certificado: CertificateInfo }>('facturacion', 'certificado', { certificado, clave }),
  probe: () => entityCalls.action<{ entorno: string; servidores: Record<string, string>; puntos_venta: { nro: number; bloqueado: boolean }[] }>('facturacion', 'probar', {}),
};
