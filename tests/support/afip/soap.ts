/** SOAP envelopes as the tax authority's services write them (WSAA: Axis 1; WSFEv1: ASP.NET .asmx). */
import { XMLParser } from 'fast-xml-parser';
import { SOAP_ENV_NS, WSAA_NS, WSFE_NS } from '../../../server/entities/factura/afip/namespaces';

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });

/** The first element inside soap:Body, by name, with its content (values as text). */
export function soapBody(xml: string): { name: string; content: any } {
  const doc = parser.parse(xml);
  const body = doc?.Envelope?.Body;
  if (!body || typeof body !== 'object') throw new Error('not a SOAP envelope');
  const name = Object.keys(body)[0];
  return { name, content: body[name] };
}

export const axisEnvelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>${inner}</soapenv:Body></soapenv:Envelope>`;

export const axisFault = (code: string, text: string) =>
  axisEnvelope(
    `<soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${code}</faultcode><faultstring>${escapeXml(text)}</faultstring><detail><ns2:exceptionName xmlns:ns2="http://xml.apache.org/axis/">gov.afip.desein.dvadac.sua.view.wsaa.LoginFault</ns2:exceptionName><ns3:hostname xmlns:ns3="http://xml.apache.org/axis/">wsaahomo</ns3:hostname></detail></soapenv:Fault>`,
  );

export const asmxEnvelope = (method: string, result: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENV_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><${method}Response xmlns="${WSFE_NS}"><${method}Result>${result}</${method}Result></${method}Response></soap:Body></soap:Envelope>`;

export const asmxFault = (text: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENV_NS}"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${escapeXml(text)}</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>`;
