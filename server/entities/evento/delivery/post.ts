/**
 * One web hook POST, safe to aim at a URI an administrator typed (issue 15, "Safety"): http(s) only; every
 * address the host resolves to is checked right before connecting, and the connection goes to the checked
 * address (no DNS rebinding between check and use); private and loopback addresses are refused unless the host
 * is allowed, link-local, multicast and unspecified ones always; redirects are not followed (a 3xx is a failure
 * like any non-2xx); the answer must come within the timeout, and only the first `maxBody` bytes of its body are
 * read.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowedHost, isForbiddenAddress, isLocalName, isPrivateAddress, webhookUriProblem } from '../../../../engine/events/address';

export interface PostOptions {
  timeoutMs: number;
  allowedHosts: readonly string[];
  maxBody: number;
}

export interface PostResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first maxBody bytes of the answer, as text. */
  body: string;
  durationMs: number;
}

/** A refused or failed exchange; `durationMs` is how long it took, `code` the system's error code (ECONNREFUSED …). */
export class PostError extends Error {
  constructor(
    message: string,
    readonly durationMs: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The code of an answer that did not come within the timeout (engine/events/problem.ts names it). */
export const NO_ANSWER = 'SIN_RESPUESTA';

/**
 * dns.lookup that refuses answers the test marks (the socket then connects to exactly what was checked): private
 * ones for a host that is not allowed; link-local, multicast and unspecified ones even for an allowed host.
 */
const lookupRefusing =
  (refused: (ip: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => refused(a.address));
      if (bad || !addresses.length) {
        const error = Object.assign(new Error(`EVENTO_URI_PRIVADA: ${hostname} resolves to ${bad?.address ?? 'nothing'}`), { code: 'EVENTO_URI_PRIVADA' });
        return callback(error, '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
const guardedLookup = lookupRefusing(isPrivateAddress);
const allowedLookup = lookupRefusing(isForbiddenAddress);

export function postJson(uri: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve, reject) => {
    const fail = (message: string, code?: string) => reject(new PostError(message, elapsed(), code));
    const problem = webhookUriProblem(uri, opts.allowedHosts);
    if (problem) return fail(problem, problem);
    const url = new URL(uri);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const allowed = isAllowedHost(host, opts.allowedHosts);
    if (!allowed && (isLocalName(host) || (isIP(host) && isPrivateAddress(host)))) return fail(`EVENTO_URI_PRIVADA: ${host}`, 'EVENTO_URI_PRIVADA');

    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: allowed ? allowedLookup : guardedLookup,
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { code: NO_ANSWER })), opts.timeoutMs);
    const done = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    req.on('error', (err: NodeJS.ErrnoException) => done(() => fail(err.message || String(err), typeof err.code === 'string' ? err.code : undefined)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () =>
        done(() => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), durationMs: elapsed() }));
      res.on('data', (chunk: Buffer) => {
        if (size < opts.maxBody) chunks.push(chunk.subarray(0, opts.maxBody - size));
        size += chunk.length;
        if (size >= opts.maxBody) {
          finish();
          res.destroy();
        }
      });
      res.on('end', finish);
      // an answer cut short after its status still counts by its status
      res.on('error', finish);
      res.on('close', finish);
    });
    req.end(body);
  });
}
