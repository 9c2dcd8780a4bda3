/**
 * WSFEv1 (electronic invoices, namespace http://ar.gov.afip.dif.FEV1/): the calls this app makes, each a SOAP
 * envelope with the Auth block (token, sign, the company's CUIT) and its answer read into plain objects.
 * Errors (Errors/Err) and observations (Observaciones/Obs) are kept with their codes and AFIP's messages.
 */
import type { VoucherAmounts } from '../../../../engine/billing/amounts';
import { SOAP_ENV_NS, WSFE_NS as NS } from './namespaces';
import { many, soapCall, xmlEscape } from './soap';

export interface Auth {
  token: string;
  sign: string;
  cuit: string;
}

export interface AfipMessage {
  code: number;
  msg: string;
}

export class WsfeError extends Error {
  constructor(readonly errors: AfipMessage[]) {
    super(errors.map((e) => `${e.code}: ${e.msg}`).join('; '));
    this.name = 'WsfeError';
  }
}

export interface WsfeClient {
  dummy(): Promise<{ appServer: string; dbServer: string; authServer: string }>;
  param(auth: Auth, kind: ParamKind): Promise<{ id: string; desc: string }[]>;
  salesPoints(auth: Auth): Promise<{ nro: number; emisionTipo: string; bloqueado: boolean }[]>;
  lastAuthorized(auth: Auth, ptoVta: number, cbteTipo: number): Promise<number>;
  /** AFIP's rate of a currency (pesos per unit; FEParamGetCotizacion). */
  rate(auth: Auth, monId: string): Promise<number>;
  request(auth: Auth, voucher: VoucherRequest): Promise<CaeAnswer>;
  /** The voucher as AFIP has it, or null when it does not exist (error 602). */
  query(auth: Auth, ptoVta: number, cbteTipo: number, nro: number): Promise<QueriedVoucher | null>;
}

export type ParamKind = 'TiposCbte' | 'TiposIva' | 'TiposDoc' | 'TiposMonedas';
const PARAM_ROW: Record<ParamKind, string> = { TiposCbte: 'CbteTipo', TiposIva: 'IvaTipo', TiposDoc: 'DocTipo', TiposMonedas: 'Moneda' };

export interface VoucherRequest {
  ptoVta: number;
  cbteTipo: number;
  nro: number;
  concepto: number;
  docTipo: number;
  docNro: number;
  /** yyyymmdd */
  cbteFch: string;
  amounts: VoucherAmounts;
  monId: string;
  monCotiz: number;
  /** Paid in the same foreign currency (RG 5616): sent with any currency but pesos. */
  canMisMonExt?: 'S' | 'N';
  condicionIvaReceptorId: number;
  /** yyyymmdd, for services (concepto 2 or 3). */
  servicio?: { desde: string; hasta: string; vtoPago: string };
  asociados?: { tipo: number; ptoVta: number; nro: number; cuit?: string; cbteFch?: string }[];
}

export interface CaeAnswer {
  resultado: 'A' | 'R' | 'P';
  cae: string | null;
  /** yyyymmdd */
  caeFchVto: string | null;
  observaciones: AfipMessage[];
  errors: AfipMessage[];
}

export interface QueriedVoucher {
  nro: number;
  cae: string;
  caeFchVto: string;
  cbteFch: string;
  impTotal: number;
  docTipo: number;
  docNro: number;
  resultado: string;
}

const messages = (x: any, tag: 'Err' | 'Obs'): AfipMessage[] => many(x?.[tag]).map((m: any) => ({ code: Number(m.Code), msg: String(m.Msg ?? '') }));
const amount = (n: number) => n.toFixed(2);
const authXml = (a: Auth) => `<ar:Auth><ar:Token>${xmlEscape(a.token)}</ar:Token><ar:Sign>${xmlEscape(a.sign)}</ar:Sign><ar:Cuit>${a.cuit}</ar:Cuit></ar:Auth>`;
const envelope = (method: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:ar="${NS}"><soapenv:Header/><soapenv:Body><ar:${method}>${inner}</ar:${method}></soapenv:Body></soapenv:Envelope>`;

function detail(v: VoucherRequest): string {
  const a = v.amounts;
  const asoc = v.asociados?.length
    ? `<ar:CbtesAsoc>${v.asociados.map((c) => `<ar:CbteAsoc><ar:Tipo>${c.tipo}</ar:Tipo><ar:PtoVta>${c.ptoVta}</ar:PtoVta><ar:Nro>${c.nro}</ar:Nro>${c.cuit ? `<ar:Cuit>${c.cuit}</ar:Cuit>` : ''}${c.cbteFch ? `<ar:CbteFch>${c.cbteFch}</ar:CbteFch>` : ''}</ar:CbteAsoc>`).join('')}</ar:CbtesAsoc>`
    : '';
  const trib = a.tributos.length
    ? `<ar:Tributos>${a.tributos.map((t) => `<ar:Tributo><ar:Id>${t.id}</ar:Id><ar:Desc>${xmlEscape(t.desc)}</ar:Desc><ar:BaseImp>${amount(t.baseImp)}</ar:BaseImp><ar:Alic>${amount(t.alic)}</ar:Alic><ar:Importe>${amount(t.importe)}</ar:Importe></ar:Tributo>`).join('')}</ar:Tributos>`
    : '';
  const iva = a.iva.length ? `<ar:Iva>${a.iva.map((i) => `<ar:AlicIva><ar:Id>${i.id}</ar:Id><ar:BaseImp>${amount(i.baseImp)}</ar:BaseImp><ar:Importe>${amount(i.importe)}</ar:Importe></ar:AlicIva>`).join('')}</ar:Iva>` : '';
  const serv = v.servicio ? `<ar:FchServDesde>${v.servicio.desde}</ar:FchServDesde><ar:FchServHasta>${v.servicio.hasta}</ar:FchServHasta><ar:FchVtoPago>${v.servicio.vtoPago}</ar:FchVtoPago>` : '';
  return (
    `<ar:FECAEDetRequest><ar:Concepto>${v.concepto}</ar:Concepto><ar:DocTipo>${v.docTipo}</ar:DocTipo><ar:DocNro>${v.docNro}</ar:DocNro>` +
    `<ar:CbteDesde>${v.nro}</ar:CbteDesde><ar:CbteHasta>${v.nro}</ar:CbteHasta><ar:CbteFch>${v.cbteFch}</ar:CbteFch>` +
    `<ar:ImpTotal>${amount(a.impTotal)}</ar:ImpTotal><ar:ImpTotConc>${amount(a.impTotConc)}</ar:ImpTotConc><ar:ImpNeto>${amount(a.impNeto)}</ar:ImpNeto>` +
    `<ar:ImpOpEx>${amount(a.impOpEx)}</ar:ImpOpEx><ar:ImpTrib>${amount(a.impTrib)}</ar:ImpTrib><ar:ImpIVA>${amount(a.impIVA)}</ar:ImpIVA>${serv}` +
    `<ar:MonId>${xmlEscape(v.monId)}</ar:MonId><ar:MonCotiz>${v.monCotiz}</ar:MonCotiz>${v.canMisMonExt ? `<ar:CanMisMonExt>${v.canMisMonExt}</ar:CanMisMonExt>` : ''}<ar:CondicionIVAReceptorId>${v.condicionIvaReceptorId}</ar:CondicionIVAReceptorId>` +
    `${asoc}${trib}${iva}</ar:FECAEDetRequest>`
  );
}

export function wsfeClient(url: string, timeoutMs: number): WsfeClient {
  async function call(method: string, inner: string): Promise<any> {
    const body = await soapCall(url, NS + method, envelope(method, inner), timeoutMs);
    return body?.[`${method}Response`]?.[`${method}Result`] ?? {};
  }
  const failOnErrors = (r: any) => {
    const errors = messages(r?.Errors, 'Err');
    if (errors.length) throw new WsfeError(errors);
    return r;
  };
  return {
    async dummy() {
      const r = await call('FEDummy', '');
      return { appServer: String(r.AppServer ?? ''), dbServer: String(r.DbServer ?? ''), authServer: String(r.AuthServer ?? '') };
    },
    async param(auth, kind) {
      const r = failOnErrors(await call(`FEParamGet${kind}`, authXml(auth)));
      return many(r?.ResultGet?.[PARAM_ROW[kind]]).map((x: any) => ({ id: String(x.Id), desc: String(x.Desc ?? '') }));
    },
    async salesPoints(auth) {
      const r = await call('FEParamGetPtosVenta', authXml(auth));
      // 602: no sales point yet
      const errors = messages(r?.Errors, 'Err').filter((e) => e.code !== 602);
      if (errors.length) throw new WsfeError(errors);
      return many(r?.ResultGet?.PtoVenta).map((p: any) => ({ nro: Number(p.Nro), emisionTipo: String(p.EmisionTipo ?? ''), bloqueado: String(p.Bloqueado) === 'S' }));
    },
    async lastAuthorized(auth, ptoVta, cbteTipo) {
      const r = failOnErrors(await call('FECompUltimoAutorizado', `${authXml(auth)}<ar:PtoVta>${ptoVta}</ar:PtoVta><ar:CbteTipo>${cbteTipo}</ar:CbteTipo>`));
      return Number(r.CbteNro ?? 0);
    },
    async rate(auth, monId) {
      const r = failOnErrors(await call('FEParamGetCotizacion', `${authXml(auth)}<ar:MonId>${xmlEscape(monId)}</ar:MonId>`));
      const rate = Number(r?.ResultGet?.MonCotiz);
      if (!(rate > 0)) throw new WsfeError([{ code: 0, msg: `FEParamGetCotizacion gave no rate for ${monId}` }]);
      return rate;
    },
    async request(auth, v) {
      const r = await call(
        'FECAESolicitar',
        `${authXml(auth)}<ar:FeCAEReq><ar:FeCabReq><ar:CantReg>1</ar:CantReg><ar:PtoVta>${v.ptoVta}</ar:PtoVta><ar:CbteTipo>${v.cbteTipo}</ar:CbteTipo></ar:FeCabReq><ar:FeDetReq>${detail(v)}</ar:FeDetReq></ar:FeCAEReq>`,
      );
      const det = many(r?.FeDetResp?.FECAEDetResponse)[0] as any;
      const resultado = String(det?.Resultado ?? r?.FeCabResp?.Resultado ?? 'R') as CaeAnswer['resultado'];
      return {
        resultado,
        cae: det?.CAE ? String(det.CAE) : null,
        caeFchVto: det?.CAEFchVto ? String(det.CAEFchVto) : null,
        observaciones: messages(det?.Observaciones, 'Obs'),
        errors: messages(r?.Errors, 'Err'),
      };
    },
    async query(auth, ptoVta, cbteTipo, nro) {
      const r = await call('FECompConsultar', `${authXml(auth)}<ar:FeCompConsReq><ar:CbteTipo>${cbteTipo}</ar:CbteTipo><ar:CbteNro>${nro}</ar:CbteNro><ar:PtoVta>${ptoVta}</ar:PtoVta></ar:FeCompConsReq>`);
      const errors = messages(r?.Errors, 'Err');
      if (errors.some((e) => e.code === 602)) return null;
      if (errors.length) throw new WsfeError(errors);
      const g = r?.ResultGet ?? {};
      return {
        nro: Number(g.CbteDesde),
        cae: String(g.CodAutorizacion ?? ''),
        caeFchVto: String(g.FchVto ?? ''),
        cbteFch: String(g.CbteFch ?? ''),
        impTotal: Number(g.ImpTotal ?? 0),
        docTipo: Number(g.DocTipo ?? 0),
        docNro: Number(g.DocNro ?? 0),
        resultado: String(g.Resultado ?? ''),
      };
    },
  };
}
