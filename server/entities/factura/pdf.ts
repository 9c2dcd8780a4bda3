/**
 * The printed voucher (PDF, pdfkit), with the legal layout items: the letter in its box with the voucher code,
 * type, sales point and number, date; the issuer (name, address, CUIT, tax condition, gross income number, start
 * of activities) and the receiver (name, document, tax condition, address); the lines; the VAT breakdown (A:
 * net and VAT per rate; B and C: the total; a foreign currency and its rate); the CAE and its due date; and the
 * QR of RG 4892.
 */
import { formatCuit } from '../../../engine/cuit';
import { formatVoucherNumber } from '../../../engine/billing/voucher';
import type { DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';
import { billingConfigRecord } from './setup';

const KIND: Record<string, string> = { factura: 'FACTURA', nota_credito: 'NOTA DE CRÉDITO', nota_debito: 'NOTA DE DÉBITO' };
const CONDITION: Record<string, string> = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  monotributo: 'Responsable Monotributo',
  exento: 'IVA Sujeto Exento',
  consumidor_final: 'Consumidor Final',
  no_responsable: 'IVA No Alcanzado',
};
const DOC: Record<number, string> = { 80: 'CUIT', 86: 'CUIL', 87: 'CDI', 89: 'LE', 90: 'LC', 94: 'Pasaporte', 96: 'DNI', 99: 'Sin identificar' };
const VAT_RATE: Record<number, string> = { 3: '0%', 4: '10,5%', 5: '21%', 6: '27%', 8: '5%', 9: '2,5%' };

const money = (n: number) => n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const date = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

export async function invoicePdf(ctx: DocContext, invoice: Record<string, any>): Promise<{ name: string; data: Buffer }> {
  if (invoice.estado !== 'emitida' || !invoice.cae) throw new ApiError(406, 'FACTURA_NO_EMITIDA');
  const raw = await ctx.trx.selectFrom('factura').select(['solicitud']).where('id', '=', invoice.id).executeTakeFirstOrThrow();
  const request = typeof raw.solicitud === 'string' ? JSON.parse(raw.solicitud) : raw.solicitud;
  const config = (await billingConfigRecord(ctx)) ?? {};
  const companyRow = await ctx.trx.selectFrom('empresa').selectAll().orderBy('id').limit(1).executeTakeFirst();
  const company = (companyRow ?? {}) as Record<string, any>;
  const record = ((await ctx.docs.get(ctx, 'registro', invoice.registro, { raw: true })) ?? {}) as Record<string, any>;
  const client = record.cliente ? (((await ctx.docs.get(ctx, 'perfil', record.cliente, { raw: true })) ?? {}) as Record<string, any>) : {};
  // the lines this voucher covers (a partial note: only its own), else the record's
  const lines = (Array.isArray(invoice.lineas) ? invoice.lineas : (record.items ?? [])) as Record<string, any>[];
  const articleIds = [...new Set(lines.map((i) => i.articulo).filter(Boolean))] as number[];
  const names = new Map(
    (articleIds.length ? await ctx.trx.selectFrom('articulo').select(['id', 'nombre']).where('id', 'in', articleIds).execute() : []).map((a: any) => [a.id, a.nombre]),
  );
  // loaded on the first voucher printed, not at the server's start (13 MB of the process's memory)
  const [{ default: PDFDocument }, { default: QRCode }] = await Promise.all([import('pdfkit'), import('qrcode')]);
  const qr = await QRCode.toBuffer(String(invoice.qr), { errorCorrectionLevel: 'M', margin: 1, width: 220 });

  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${KIND[invoice.tipo]} ${invoice.letra} ${formatVoucherNumber(invoice.punto_venta, invoice.numero)}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const W = doc.page.width - 80;

  // header: issuer | letter box | voucher
  doc.rect(40, 40, W, 120).stroke();
  doc.rect(40 + W / 2 - 25, 40, 50, 50).stroke();
  doc.font('Helvetica-Bold').fontSize(30).text(invoice.letra, 40 + W / 2 - 25, 50, { width: 50, align: 'center' });
  doc.fontSize(7).font('Helvetica').text(`COD. ${String(invoice.cbte_tipo).padStart(2, '0')}`, 40 + W / 2 - 25, 80, { width: 50, align: 'center' });
  doc.font('Helvetica-Bold').fontSize(13).text(company.razon_social || config.razon_social || company.nombre || '', 50, 50, { width: W / 2 - 40 });
  doc.font('Helvetica').fontSize(8);
  doc.text([company.direccion, company.localidad, company.provincia].filter(Boolean).join(', '), 50, 90, { width: W / 2 - 40 });
  doc.text(`Condición frente al IVA: ${CONDITION[config.condicion_iva] ?? ''}`, 50, 115, { width: W / 2 - 40 });
  const right = 40 + W / 2 + 35;
  doc.font('Helvetica-Bold').fontSize(13).text(KIND[invoice.tipo] ?? 'COMPROBANTE', right, 50);
  doc.font('Helvetica').fontSize(9);
  doc.text(`Punto de venta: ${String(invoice.punto_venta).padStart(4, '0')}   Comp. Nro: ${String(invoice.numero).padStart(8, '0')}`, right, 72);
  doc.text(`Fecha de emisión: ${date(invoice.fecha)}`, right, 86);
  doc.text(`CUIT: ${formatCuit(invoice.cuit_emisor)}`, right, 100);
  doc.text(`Ingresos brutos: ${config.ingresos_brutos ?? ''}`, right, 114);
  doc.text(`Inicio de actividades: ${date(config.inicio_actividades)}`, right, 128);

  // receiver
  const fiscal = client.datos_fiscales ?? {};
  doc.rect(40, 168, W, 56).stroke();
  doc.fontSize(9);
  doc.text(`${DOC[invoice.doc_tipo] ?? 'Doc.'}: ${invoice.doc_tipo === 80 ? formatCuit(String(invoice.doc_nro)) : invoice.doc_tipo === 99 ? '-' : invoice.doc_nro}`, 50, 176);
  doc.text(`Apellido y nombre / razón social: ${client.razon_social || [client.nombre, client.apellido].filter(Boolean).join(' ') || 'Consumidor final'}`, 220, 176, { width: W - 190 });
  doc.text(`Condición frente al IVA: ${CONDITION[fiscal.condicion_iva] ?? 'Consumidor Final'}`, 50, 192);
  doc.text(`Domicilio: ${fiscal.domicilio_fiscal ?? [client.calle, client.numero, client.localidad].filter(Boolean).join(' ')}`, 50, 208, { width: W - 20 });

  // lines
  let y = 236;
  const cols = [50, 300, 360, 440, 490];
  doc.font('Helvetica-Bold').fontSize(8);
  ['Producto / servicio', 'Cantidad', 'Precio unit.', invoice.letra === 'A' ? 'IVA' : '', 'Subtotal'].forEach((h, i) => doc.text(h, cols[i], y));
  doc.font('Helvetica');
  y += 14;
  for (const item of lines) {
    const gross = Number(item.total ?? Number(item.subtotal ?? 0) + Number(item.impuesto ?? 0));
    const qty = Number(item.cantidad ?? 1) || 1;
    const price = invoice.letra === 'C' ? gross / qty : Number(item.precio_unitario ?? item.subtotal ?? 0);
    const sub = invoice.letra === 'C' ? gross : Number(item.subtotal ?? 0);
    doc.text(item.descripcion || names.get(item.articulo) || `Ajuste (IVA ${String(item.alicuota ?? 0).replace('.', ',')}%)`, cols[0], y, { width: 240 });
    doc.text(String(item.cantidad ?? 1), cols[1], y);
    doc.text(money(price), cols[2], y);
    if (invoice.letra === 'A') doc.text(`${String(item.alicuota ?? 0).replace('.', ',')}%`, cols[3], y);
    doc.text(money(sub), cols[4], y);
    y += 14;
    if (y > 600) {
      doc.addPage();
      y = 50;
    }
  }

  // totals
  const a = request.amounts;
  y = Math.max(y + 10, 560);
  doc.moveTo(40, y).lineTo(40 + W, y).stroke();
  y += 8;
  const foreign = invoice.moneda && invoice.moneda !== 'PES';
  const sign = foreign ? String(invoice.moneda) : '$';
  const total = (label: string, value: number) => {
    doc.text(label, 340, y, { width: 130, align: 'right' });
    doc.text(`${sign} ${money(value)}`, 480, y, { width: 75, align: 'right' });
    y += 13;
  };
  doc.fontSize(9);
  if (invoice.letra === 'A') {
    total('Importe neto gravado:', a.impNeto);
    for (const v of a.iva) total(`IVA ${VAT_RATE[v.id] ?? ''}:`, v.importe);
    if (a.impOpEx) total('Importe exento:', a.impOpEx);
  }
  if (a.impTrib) total('Otros tributos:', a.impTrib);
  doc.font('Helvetica-Bold');
  total('Importe total:', a.impTotal);
  doc.font('Helvetica');
  // a foreign currency: its AFIP id and the rate the voucher was authorised with
  if (foreign) doc.text(`Moneda: ${invoice.moneda}   Cotización: $ ${Number(invoice.cotizacion).toLocaleString('es-AR', { maximumFractionDigits: 6 })}`, 340, y, { width: 215, align: 'right' });

  // authorisation
  const base = 700;
  doc.image(qr, 40, base, { width: 100 });
  doc.font('Helvetica-Bold').fontSize(10).text('Comprobante autorizado', 150, base + 10);
  doc.font('Helvetica').fontSize(9);
  doc.text(`CAE N°: ${invoice.cae}`, 380, base + 10);
  doc.text(`Fecha de vto. de CAE: ${date(invoice.cae_vencimiento)}`, 380, base + 26);
  if (invoice.entorno !== 'produccion') doc.fillColor('#b00').text('Homologación: comprobante sin validez fiscal', 150, base + 42).fillColor('black');
  doc.end();
  await done;
  return { name: `${invoice.letra}-${formatVoucherNumber(invoice.punto_venta, invoice.numero)}.pdf`, data: Buffer.concat(chunks) };
}
