/**
 * A small SOAP 1.1 client for the tax authority's services: one POST of an envelope, with a deadline, and the
 * answer's body element as plain values. A SOAP fault becomes an AfipFault (WSAA's faults carry codes such as
 * `coe.alreadyAuthenticated`); a timeout or a cut connection is an AfipUnreachable — the caller cannot know
 * whether the call did its work, and reconciles before trying again.
 */
import { XMLParser } from 'fast-xml-parser';

export class AfipFault extends Error {
  constructor(
    readonly faultCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'AfipFault';
  }
}

export class AfipUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AfipUnreachable';
  }
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });

export const xmlEscape = (s: string | number) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain values of an XML text (no attributes, texts as strings). */
export const parseXml = (xml: string): any => parser.parse(xml);

export async function soapCall(url: string, action: string, envelope: string, timeoutMs: number): Promise<any> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` },
      body: envelope,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    throw new AfipUnreachable(`${url}: ${(err as Error).message}`);
  }
  let body: any;
  try {
    body = parser.parse(text)?.Envelope?.Body;
  } catch {
    body = undefined;
  }
  if (!body) throw new AfipUnreachable(`${url} answered ${res.status} without a SOAP envelope`);
  if (body.Fault) {
    const code = String(body.Fault.faultcode ?? '').replace(/^.*:/, '');
    throw new AfipFault(code, String(body.Fault.faultstring ?? 'SOAP fault'));
  }
  return body;
}

/** An element that may occur once or many times, as a list. */
export const many = <T>(x: T | T[] | undefined | null | ''): T[] => (x === undefined || x === null || x === '' ? [] : Array.isArray(x) ? x : [x]);
