/**
 * WSAA (the authentication service): a login ticket request (TRA) for a service, signed as CMS SignedData
 * with the company's certificate and key (node-forge: SHA-256, the TRA embedded, signed attributes), sent to
 * LoginCms; the answer is a login ticket (TA) with a token and a sign, valid about 12 hours.
 */
import { randomInt } from 'node:crypto';
import forge from 'node-forge';
import { argentinaDateTime } from '../../../../engine/billing/dates';
import { SOAP_ENV_NS, WSAA_NS } from './namespaces';
import { parseXml, soapCall, xmlEscape } from './soap';

export interface LoginTicket {
  token: string;
  sign: string;
  expiresAt: Date;
}

/** The TRA: valid from 10 minutes ago (clocks drift) for 10 more minutes. */
export function loginTicketRequest(service: string, now: Date): string {
  const gen = new Date(now.getTime() - 10 * 60_000);
  const exp = new Date(now.getTime() + 10 * 60_000);
  return (
    `<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>${randomInt(1, 2 ** 31 - 1)}</uniqueId>` +
    `<generationTime>${argentinaDateTime(gen)}</generationTime><expirationTime>${argentinaDateTime(exp)}</expirationTime></header>` +
    `<service>${xmlEscape(service)}</service></loginTicketRequest>`
  );
}

/** The TRA as base64 DER of a CMS SignedData (content attached). */
export function signTra(tra: string, certPem: string, keyPem: string): string {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(tra, 'utf8');
  const cert = forge.pki.certificateFromPem(certPem);
  p7.addCertificate(cert);
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(keyPem),
    certificate: cert,
    digestAlgorithm: forge.pki.oids.sha256,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest },
      { type: forge.pki.oids.signingTime, value: new Date() as unknown as string },
    ],
  });
  p7.sign();
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
}

const envelope = (cms: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV_NS}" xmlns:wsaa="${WSAA_NS}">` +
  `<soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`;

export async function loginCms(url: string, cms: string, timeoutMs: number): Promise<LoginTicket> {
  const body = await soapCall(url, '', envelope(cms), timeoutMs);
  const ta = parseXml(String(body?.loginCmsResponse?.loginCmsReturn ?? ''))?.loginTicketResponse;
  const token = String(ta?.credentials?.token ?? '');
  const sign = String(ta?.credentials?.sign ?? '');
  const expiresAt = new Date(String(ta?.header?.expirationTime ?? ''));
  if (!token || !sign || Number.isNaN(expiresAt.getTime())) throw new Error('WSAA answered a login ticket without token, sign or expiry');
  return { token, sign, expiresAt };
}
