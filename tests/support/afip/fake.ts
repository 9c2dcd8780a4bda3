/**
 * A fake of the tax authority's WSAA and WSFEv1 for tests (issue 16), over plain HTTP on 127.0.0.1. It speaks
 * the real protocol: WSAA's LoginCms takes a CMS (PKCS#7 SignedData) of a login ticket request, checked with
 * `openssl cms -verify` against the fake CA (signature, chain, validity), refuses a second ticket while one is
 * valid (coe.alreadyAuthenticated), and answers a loginTicketResponse; WSFEv1 checks Auth (token, sign, CUIT),
 * keeps the vouchers and the last authorised number per sales point and type, enforces the numbering, the
 * totals, the date (never before the last voucher's), the currency and rate (FEParamGetCotizacion answers
 * `rates`), the receiver of A vouchers, the receiver's VAT condition and the associated voucher of notes, and
 * answers the real result shapes with observations, errors and events.
 *
 * Test controls: `next(method, mode)` makes the next call of a method misbehave ('timeout': the work is done,
 * the answer never comes; 'drop': the work is done, the connection is cut; 'refuse': the connection is cut
 * before any work; 'hang': like timeout, answered only on `release()`); `rejectNext(obs)` rejects the next
 * FECAESolicitar with an observation; `calls` lists what was called.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { XMLParser } from 'fast-xml-parser';
import { WSAA_NS, WSFE_NS } from '../../../server/entities/factura/afip/namespaces';
import { asmxEnvelope, asmxFault, axisEnvelope, axisFault, escapeXml, soapBody } from './soap';
import type { TestCa } from './certs';

const run = promisify(execFile);
export type Mode = 'timeout' | 'drop' | 'refuse' | 'hang';

export interface FakeVoucher {
  ptoVta: number;
  cbteTipo: number;
  nro: number;
  concepto: number;
  docTipo: number;
  docNro: number;
  cbteFch: string;
  impTotal: string;
  impNeto: string;
  impIVA: string;
  impOpEx: string;
  impTrib: string;
  impTotConc: string;
  monId: string;
  monCotiz: string;
  cae: string;
  caeFchVto: string;
  fchProceso: string;
  iva: { Id: string; BaseImp: string; Importe: string }[];
  cbtesAsoc: { Tipo: string; PtoVta: string; Nro: string }[];
}

interface Ticket {
  cuit: string;
  /** The computer (CEE) it was given to: the signing certificate's subject. */
  cee: string;
  service: string;
  token: string;
  sign: string;
  expires: number;
}

const list = <T>(x: T | T[] | undefined | ''): T[] => (x === undefined || x === '' ? [] : Array.isArray(x) ? x : [x]);
const money = (s: unknown) => Math.round(Number(s ?? 0) * 100);
const afipNow = (d = new Date()) => new Date(d.getTime() - 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
const argTime = (ms: number) => `${new Date(ms - 3 * 3600_000).toISOString().slice(0, 23)}-03:00`;
const addDays = (yyyymmdd: string, days: number) => {
  const d = new Date(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10).replace(/-/g, '');
};

export interface FakeAfip {
  url: string;
  wsaaUrl: string;
  wsfeUrl: string;
  calls: { method: string; at: number }[];
  count(method: string): number;
  next(method: string, mode: Mode): void;
  rejectNext(obs: { code: number; msg: string }): void;
  /** Answers the calls held by 'hang'. */
  release(): void;
  vouchers(cuit: string): FakeVoucher[];
  /** A voucher authorised outside this app (another system on the same sales point), dated cbteFch (yyyymmdd). */
  issueOutside(cuit: string, ptoVta: number, cbteTipo: number, cbteFch: string): FakeVoucher;
  /** Sales points the fake knows per CUIT (FEParamGetPtosVenta). */
  salesPoints: Map<string, number[]>;
  rates: Map<string, number>;
  /** Ticket lifetime in ms (default 12 h). */
  ticketMs: number;
  close(): Promise<void>;
}

export async function startFakeAfip(ca: TestCa): Promise<FakeAfip> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fake-afip-'));
  const caFile = path.join(dir, 'ca.pem');
  await writeFile(caFile, ca.certPem);
  const tickets: Ticket[] = [];
  const store = new Map<string, FakeVoucher[]>();
  const modes = new Map<string, Mode[]>();
  const rejections: { code: number; msg: string }[] = [];
  const held: (() => void)[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let caeSeq = 0;
  const fake = {
    calls: [] as { method: string; at: number }[],
    salesPoints: new Map<string, number[]>(),
    /** FEParamGetCotizacion's rates (pesos per unit) per currency id. */
    rates: new Map<string, number>([['DOL', 1017.5], ['060', 1102.25]]),
    ticketMs: 12 * 3600_000,
  };
  const txt = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

  async function verifyCms(b64: string): Promise<{ tra: string; cuit: string; cee: string } | { fault: [string, string] }> {
    const id = randomBytes(6).toString('hex');
    const inFile = path.join(dir, `${id}.der`);
    const signerFile = path.join(dir, `${id}.signer.pem`);
    await writeFile(inFile, Buffer.from(b64, 'base64'));
    try {
      const { stdout } = await run('openssl', ['cms', '-verify', '-inform', 'DER', '-in', inFile, '-CAfile', caFile, '-purpose', 'any', '-signer', signerFile], { encoding: 'utf8' });
      const signer = forge.pki.certificateFromPem(await readFile(signerFile, 'utf8'));
      const serial = String(signer.subject.getField({ name: 'serialNumber' })?.value ?? '');
      return { tra: stdout, cuit: serial.replace(/^CUIT\s*/, ''), cee: signer.subject.attributes.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(',') };
    } catch (err) {
      const msg = String((err as { stderr?: string }).stderr ?? err);
      if (/expired/i.test(msg)) return { fault: ['cms.cert.expired', 'Certificado expirado'] };
      if (/certificate verify error|unable to get local issuer/i.test(msg)) return { fault: ['cms.cert.untrusted', 'Certificado no emitido por AC de confianza'] };
      return { fault: ['cms.sign.invalid', 'Firma inválida o algoritmo no soportado'] };
    } finally {
      await rm(inFile, { force: true });
      await rm(signerFile, { force: true });
    }
  }

  async function loginCms(content: any): Promise<[number, string]> {
    const checked = await verifyCms(String(content?.in0 ?? ''));
    if ('fault' in checked) return [500, axisFault(...checked.fault)];
    const tra = txt.parse(checked.tra)?.loginTicketRequest;
    const service = String(tra?.service ?? '');
    const gen = Date.parse(String(tra?.header?.generationTime ?? ''));
    const exp = Date.parse(String(tra?.header?.expirationTime ?? ''));
    const now = Date.now();
    if (!tra || !tra.header?.uniqueId) return [500, axisFault('xml.bad', 'El XML del TRA no es valido')];
    if (service !== 'wsfe') return [500, axisFault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio')];
    if (!(gen <= now + 60_000) || !(gen >= now - 24 * 3600_000)) return [500, axisFault('xml.generationTime.invalid', 'El tag generationTime es invalido')];
    if (!(exp > now) || exp - gen > 24 * 3600_000) return [500, axisFault('xml.expirationTime.invalid', 'El tag expirationTime es invalido')];
    if (tickets.some((t) => t.cee === checked.cee && t.service === service && t.expires > now))
      return [500, axisFault('coe.alreadyAuthenticated', 'El CEE ya posee un TA valido para el acceso al WSN solicitado')];
    const ticket: Ticket = { cuit: checked.cuit, cee: checked.cee, service, token: randomBytes(48).toString('base64'), sign: randomBytes(24).toString('base64'), expires: now + fake.ticketMs };
    tickets.push(ticket);
    const ta =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<loginTicketResponse version="1.0"><header><source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source>` +
      `<destination>SERIALNUMBER=CUIT ${checked.cuit}, CN=flujos</destination><uniqueId>${Math.floor(Math.random() * 2 ** 31)}</uniqueId>` +
      `<generationTime>${argTime(now)}</generationTime><expirationTime>${argTime(ticket.expires)}</expirationTime></header>` +
      `<credentials><token>${ticket.token}</token><sign>${ticket.sign}</sign></credentials></loginTicketResponse>`;
    return [200, axisEnvelope(`<loginCmsResponse xmlns="${WSAA_NS}"><loginCmsReturn>${escapeXml(ta)}</loginCmsReturn></loginCmsResponse>`)];
  }

  const err = (code: number, msg: string) => `<Errors><Err><Code>${code}</Code><Msg>${escapeXml(msg)}</Msg></Err></Errors>`;
  const events = `<Events><Evt><Code>0</Code><Msg>Ambiente de homologacion (fake)</Msg></Evt></Events>`;
  const key = (cuit: string, pto: number, tipo: number) => `${cuit}/${pto}/${tipo}`;
  const vouchersOf = (cuit: string, pto: number, tipo: number) => store.get(key(cuit, pto, tipo)) ?? [];

  /** The CUIT of a valid Auth, or the error block. */
  function auth(content: any): { cuit: string } | { error: string } {
    const a = content?.Auth ?? {};
    const t = tickets.find((x) => x.token === String(a.Token ?? '') && x.sign === String(a.Sign ?? ''));
    if (!t || t.expires <= Date.now()) return { error: err(600, 'ValidacionDeToken: No validaron las fechas del token GenTime, ExpTime, NowUTC o el token no es valido') };
    if (String(a.Cuit ?? '') !== t.cuit) return { error: err(600, `ValidacionDeToken: No aparecio CUIT en lista de relaciones: ${String(a.Cuit ?? '')}`) };
    return { cuit: t.cuit };
  }

  function param(kind: string, rows: [string | number, string][]) {
    return `<ResultGet>${rows.map(([id, desc]) => `<${kind}><Id>${id}</Id><Desc>${escapeXml(desc)}</Desc><FchDesde>20100917</FchDesde><FchHasta>NULL</FchHasta></${kind}>`).join('')}</ResultGet>${events}`;
  }

  function solicitar(cuit: string, req: any): string {
    const cab = req?.FeCabReq ?? {};
    const pto = Number(cab.PtoVta);
    const tipo = Number(cab.CbteTipo);
    const dets = list(req?.FeDetReq?.FECAEDetRequest);
    if (Number(cab.CantReg) !== dets.length || dets.length !== 1) return err(10001, 'CantReg debe coincidir con la cantidad de comprobantes (este fake admite 1)');
    if (!(fake.salesPoints.get(cuit) ?? [1]).includes(pto)) return err(10004, `El punto de venta ${pto} no se encuentra habilitado a usar en el presente WS`);
    const d = dets[0];
    const obs: { code: number; msg: string }[] = [];
    const last = vouchersOf(cuit, pto, tipo).length;
    const nro = Number(d.CbteDesde);
    if (nro !== Number(d.CbteHasta)) obs.push({ code: 10011, msg: 'CbteDesde y CbteHasta deben ser iguales para comprobantes A' });
    if (nro !== last + 1) obs.push({ code: 10016, msg: `El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado. Ultimo: ${last}` });
    if ([1, 2, 3].includes(tipo) && Number(d.DocTipo) !== 80) obs.push({ code: 10013, msg: 'Para comprobantes clase A el campo DocTipo debe ser igual a 80 (CUIT)' });
    if (d.CondicionIVAReceptorId === undefined || d.CondicionIVAReceptorId === '') obs.push({ code: 10246, msg: 'Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General Nro 5616.' });
    const prev = vouchersOf(cuit, pto, tipo).at(-1);
    if (prev && d.CbteFch && String(d.CbteFch) < prev.cbteFch) obs.push({ code: 10016, msg: 'Campo CbteFch debe ser mayor o igual a la fecha del ultimo comprobante' });
    // the currency checks' codes are the fake's own (AFIP's manual names the rules; these codes were not checked)
    if (!fake.rates.has(String(d.MonId)) && String(d.MonId) !== 'PES') obs.push({ code: 10010, msg: 'El campo MonId no es valido (FEParamGetTiposMonedas)' });
    if (!(Number(d.MonCotiz) > 0) || (String(d.MonId) === 'PES' && Number(d.MonCotiz) !== 1)) obs.push({ code: 10012, msg: 'El campo MonCotiz no es valido' });
    if (String(d.MonId) !== 'PES' && !['S', 'N'].includes(String(d.CanMisMonExt ?? ''))) obs.push({ code: 10239, msg: 'El campo CanMisMonExt es obligatorio para comprobantes en moneda extranjera (RG 5616)' });
    const today = afipNow().slice(0, 8);
    const span = Number(d.Concepto) === 1 ? 5 : 10;
    if (d.CbteFch && (String(d.CbteFch) < addDays(today, -span) || String(d.CbteFch) > addDays(today, span)))
      obs.push({ code: 10016, msg: `El campo CbteFch debe estar comprendido en el rango N-${span} y N+${span}, siendo N la fecha de envio del pedido de autorizacion` });
    const iva = list(d.Iva?.AlicIva);
    if (iva.some((a: any) => ![3, 4, 5, 6, 8, 9].includes(Number(a.Id)))) obs.push({ code: 10019, msg: 'El campo Id del array Iva no es una alicuota valida (FEParamGetTiposIva)' });
    if ([1, 2, 3, 6, 7, 8].includes(tipo) && iva.length && money(d.ImpNeto) !== iva.reduce((t: number, a: any) => t + money(a.BaseImp), 0))
      obs.push({ code: 10020, msg: 'El campo ImpNeto debe ser igual a la suma de los BaseImp del array Iva' });
    const sumIva = iva.reduce((s: number, a: any) => s + money(a.Importe), 0);
    if (sumIva !== money(d.ImpIVA)) obs.push({ code: 10018, msg: 'La suma de los importes del array de IVA no coincide con ImpIVA' });
    if (money(d.ImpTotal) !== money(d.ImpTotConc) + money(d.ImpNeto) + money(d.ImpOpEx) + money(d.ImpTrib) + money(d.ImpIVA))
      obs.push({ code: 10048, msg: 'El campo ImpTotal debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.' });
    const asoc = list(d.CbtesAsoc?.CbteAsoc);
    if ([2, 3, 7, 8, 12, 13].includes(tipo)) {
      if (!asoc.length) obs.push({ code: 10192, msg: 'Para comprobantes de tipo Nota de Debito o Credito es obligatorio informar comprobantes asociados' });
      for (const a of asoc)
        if (!vouchersOf(cuit, Number(a.PtoVta), Number(a.Tipo)).some((v) => v.nro === Number(a.Nro)))
          obs.push({ code: 10153, msg: `El comprobante asociado ${a.Tipo}-${a.PtoVta}-${a.Nro} no existe` });
    }
    const forced = rejections.shift();
    if (forced) obs.push(forced);
    const fch = afipNow().slice(0, 8);
    const cbteFch = String(d.CbteFch || fch);
    const head = (r: string) => `<FeCabResp><Cuit>${cuit}</Cuit><PtoVta>${pto}</PtoVta><CbteTipo>${tipo}</CbteTipo><FchProceso>${afipNow()}</FchProceso><CantReg>1</CantReg><Resultado>${r}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
    const det = (r: string, extra: string) =>
      `<FeDetResp><FECAEDetResponse><Concepto>${d.Concepto}</Concepto><DocTipo>${d.DocTipo}</DocTipo><DocNro>${d.DocNro}</DocNro><CbteDesde>${nro}</CbteDesde><CbteHasta>${nro}</CbteHasta><CbteFch>${cbteFch}</CbteFch><Resultado>${r}</Resultado>${extra}</FECAEDetResponse></FeDetResp>`;
    if (obs.length) {
      const o = `<Observaciones>${obs.map((x) => `<Obs><Code>${x.code}</Code><Msg>${escapeXml(x.msg)}</Msg></Obs>`).join('')}</Observaciones><CAE></CAE><CAEFchVto></CAEFchVto>`;
      return head('R') + det('R', o) + events;
    }
    const cae = `7${String(Date.now()).slice(-9)}${String(++caeSeq).padStart(4, '0')}`;
    const v: FakeVoucher = {
      ptoVta: pto, cbteTipo: tipo, nro, concepto: Number(d.Concepto), docTipo: Number(d.DocTipo), docNro: Number(d.DocNro), cbteFch,
      impTotal: String(d.ImpTotal), impNeto: String(d.ImpNeto), impIVA: String(d.ImpIVA), impOpEx: String(d.ImpOpEx), impTrib: String(d.ImpTrib), impTotConc: String(d.ImpTotConc),
      monId: String(d.MonId), monCotiz: String(d.MonCotiz), cae, caeFchVto: addDays(cbteFch, 10), fchProceso: afipNow(), iva, cbtesAsoc: asoc,
    };
    store.set(key(cuit, pto, tipo), [...vouchersOf(cuit, pto, tipo), v]);
    return head('A') + det('A', `<CAE>${cae}</CAE><CAEFchVto>${v.caeFchVto}</CAEFchVto>`) + events;
  }

  function consultar(cuit: string, req: any): string {
    const pto = Number(req?.PtoVta);
    const tipo = Number(req?.CbteTipo);
    const v = vouchersOf(cuit, pto, tipo).find((x) => x.nro === Number(req?.CbteNro));
    if (!v) return err(602, 'No existen datos en nuestros registros para los parametros ingresados.') + events;
    const iva = v.iva.length ? `<Iva>${v.iva.map((a) => `<AlicIva><Id>${a.Id}</Id><BaseImp>${a.BaseImp}</BaseImp><Importe>${a.Importe}</Importe></AlicIva>`).join('')}</Iva>` : '';
    return (
      `<ResultGet><Concepto>${v.concepto}</Concepto><DocTipo>${v.docTipo}</DocTipo><DocNro>${v.docNro}</DocNro><CbteDesde>${v.nro}</CbteDesde><CbteHasta>${v.nro}</CbteHasta><CbteFch>${v.cbteFch}</CbteFch>` +
      `<ImpTotal>${v.impTotal}</ImpTotal><ImpTotConc>${v.impTotConc}</ImpTotConc><ImpNeto>${v.impNeto}</ImpNeto><ImpOpEx>${v.impOpEx}</ImpOpEx><ImpTrib>${v.impTrib}</ImpTrib><ImpIVA>${v.impIVA}</ImpIVA>` +
      `<FchServDesde /><FchServHasta /><FchVtoPago /><MonId>${v.monId}</MonId><MonCotiz>${v.monCotiz}</MonCotiz>${iva}<Resultado>A</Resultado><CodAutorizacion>${v.cae}</CodAutorizacion>` +
      `<EmisionTipo>CAE</EmisionTipo><FchVto>${v.caeFchVto}</FchVto><FchProceso>${v.fchProceso}</FchProceso><PtoVta>${v.ptoVta}</PtoVta><CbteTipo>${v.cbteTipo}</CbteTipo></ResultGet>${events}`
    );
  }

  function wsfe(method: string, content: any): string {
    if (method === 'FEDummy') return '<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>';
    const who = auth(content);
    if ('error' in who) return who.error;
    switch (method) {
      case 'FEParamGetTiposCbte':
        return param('CbteTipo', [[1, 'Factura A'], [2, 'Nota de Débito A'], [3, 'Nota de Crédito A'], [6, 'Factura B'], [7, 'Nota de Débito B'], [8, 'Nota de Crédito B'], [11, 'Factura C'], [12, 'Nota de Débito C'], [13, 'Nota de Crédito C']]);
      case 'FEParamGetTiposIva':
        return param('IvaTipo', [[3, '0%'], [4, '10.5%'], [5, '21%'], [6, '27%'], [8, '5%'], [9, '2.5%']]);
      case 'FEParamGetTiposDoc':
        return param('DocTipo', [[80, 'CUIT'], [86, 'CUIL'], [87, 'CDI'], [89, 'LE'], [90, 'LC'], [94, 'Pasaporte'], [96, 'DNI'], [99, 'Doc. (Otro)']]);
      case 'FEParamGetTiposMonedas':
        return param('Moneda', [['PES', 'Pesos Argentinos'], ['DOL', 'Dólar Estadounidense'], ['060', 'Euro']]);
      case 'FEParamGetPtosVenta':
        return `<ResultGet>${(fake.salesPoints.get(who.cuit) ?? [1]).map((n) => `<PtoVenta><Nro>${n}</Nro><EmisionTipo>CAE - RECE</EmisionTipo><Bloqueado>N</Bloqueado><FchBaja>NULL</FchBaja></PtoVenta>`).join('')}</ResultGet>${events}`;
      case 'FEParamGetCotizacion': {
        const mon = String(content?.MonId ?? '');
        const rate = fake.rates.get(mon);
        if (rate === undefined) return err(10010, `La moneda ${mon} no existe o no tiene cotizacion`) + events;
        return `<ResultGet><MonId>${escapeXml(mon)}</MonId><MonCotiz>${rate}</MonCotiz><FchCotiz>${afipNow().slice(0, 8)}</FchCotiz></ResultGet>${events}`;
      }
      case 'FECompUltimoAutorizado': {
        const pto = Number(content?.PtoVta);
        const tipo = Number(content?.CbteTipo);
        return `<PtoVta>${pto}</PtoVta><CbteTipo>${tipo}</CbteTipo><CbteNro>${vouchersOf(who.cuit, pto, tipo).length}</CbteNro>${events}`;
      }
      case 'FECAESolicitar':
        return solicitar(who.cuit, content?.FeCAEReq);
      case 'FECompConsultar':
        return consultar(who.cuit, content?.FeCompConsReq);
      default:
        return err(500, `Metodo ${method} no implementado en el fake`);
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const xml = Buffer.concat(chunks).toString('utf8');
        let method = '';
        let status = 200;
        let answer: string;
        let mode: Mode | undefined;
        try {
          const { name, content } = soapBody(xml);
          method = name === 'loginCms' ? 'loginCms' : name;
          fake.calls.push({ method, at: Date.now() });
          mode = modes.get(method)?.shift();
          if (mode === 'refuse') return req.socket.destroy();
          if (req.url?.startsWith('/ws/services/LoginCms')) [status, answer] = await loginCms(content);
          else if (req.url?.startsWith('/wsfev1/service.asmx')) {
            const soapAction = String(req.headers.soapaction ?? '').replace(/"/g, '');
            if (soapAction && soapAction !== `${WSFE_NS}${name}`) [status, answer] = [500, asmxFault(`Server did not recognize the value of HTTP Header SOAPAction: ${soapAction}.`)];
            else answer = asmxEnvelope(name, wsfe(name, content));
          } else [status, answer] = [404, 'not found'];
        } catch (e) {
          [status, answer] = [500, asmxFault(`Server was unable to read request. ---> ${(e as Error).message}`)];
        }
        if (mode === 'drop') return req.socket.destroy();
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' });
          res.end(answer);
        };
        if (mode === 'timeout') return; // the work is done; the answer never comes (the client gives up)
        if (mode === 'hang') return void held.push(send);
        send();
      })();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    wsaaUrl: `${url}/ws/services/LoginCms`,
    wsfeUrl: `${url}/wsfev1/service.asmx`,
    count: (method: string) => fake.calls.filter((c) => c.method === method).length,
    next(method: string, mode: Mode) {
      modes.set(method, [...(modes.get(method) ?? []), mode]);
    },
    rejectNext(obs: { code: number; msg: string }) {
      rejections.push(obs);
    },
    release() {
      for (const send of held.splice(0)) send();
    },
    issueOutside(cuit: string, ptoVta: number, cbteTipo: number, cbteFch: string) {
      const v: FakeVoucher = {
        ptoVta, cbteTipo, nro: vouchersOf(cuit, ptoVta, cbteTipo).length + 1, concepto: 1, docTipo: 99, docNro: 0, cbteFch, impTotal: '1.00', impNeto: '1.00', impIVA: '0.00', impOpEx: '0.00', impTrib: '0.00', impTotConc: '0.00',
        monId: 'PES', monCotiz: '1', cae: `7${String(Date.now()).slice(-9)}${String(++caeSeq).padStart(4, '0')}`, caeFchVto: addDays(cbteFch, 10), fchProceso: afipNow(), iva: [], cbtesAsoc: [],
      };
      store.set(key(cuit, ptoVta, cbteTipo), [...vouchersOf(cuit, ptoVta, cbteTipo), v]);
      return v;
    },
    vouchers: (cuit: string) => [...store.entries()].filter(([k]) => k.startsWith(`${cuit}/`)).flatMap(([, v]) => v),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  });
}
