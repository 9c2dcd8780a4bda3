/**
 * Where a web hook may point (issue 15, "Safety"): only http(s) URIs, never an address in a private, loopback,
 * link-local or otherwise non-public range, unless the host is one the administrator allows explicitly. Pure: the
 * server runs it when a subscription is saved (on the URI's literal host) and again at delivery time on every
 * address the host name resolves to (so a name that later resolves to 10.0.0.1 is refused too). Link-local,
 * multicast and unspecified addresses are refused even for an allowed host.
 */

/**
 * EVENTO_URI_PRIVADA: a private or loopback host, which an administrator may allow (a subscription's
 * `host_privado`, the server's EVENT_ALLOWED_HOSTS); EVENTO_URI_PROHIBIDA: a link-local, multicast or unspecified
 * address, never allowed.
 */
export type UriProblem = 'EVENTO_URI_INVALIDA' | 'EVENTO_URI_PRIVADA' | 'EVENTO_URI_PROHIBIDA';

function ipv4Parts(ip: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function privateV4([a, b]: number[]): boolean {
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata lives here)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** The 8 groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.replace(/^\[|\]$/g, '').toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  let tail: number[] = [];
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const p = ipv4Parts(v4[1]);
    if (!p) return null;
    tail = [(p[0] << 8) | p[1], (p[2] << 8) | p[3]];
    text = text.slice(0, -v4[1].length).replace(/:$/, ':0').replace(/::0$/, '::');
    if (text.endsWith(':0') && !text.endsWith('::0')) text = text.slice(0, -2);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const known = head.length + rest.length + tail.length;
  if (head.some(Number.isNaN) || rest.some(Number.isNaN)) return null;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  return [...head, ...Array(8 - known).fill(0), ...rest, ...tail];
}

function privateV6(g: number[]): boolean {
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form: judged as the IPv4 address
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0))
    return privateV4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]);
  if (g[0] === 0x64 && g[1] === 0xff9b) return privateV4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]); // NAT64
  return (
    (g[0] & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g[0] & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g[0] & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (g[0] & 0xff00) === 0xff00 || // multicast
    (g[0] === 0x2001 && g[1] === 0xdb8) // documentation
  );
}

/** Whether the text is an IP address (v4 or v6). */
export function isIpAddress(text: string): boolean {
  return ipv4Parts(text) !== null || ipv6Groups(text) !== null;
}

/** True for an address a web hook must not reach: private, loopback, link-local, multicast, unspecified. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ipv4Parts(ip);
  if (v4) return privateV4(v4);
  const v6 = ipv6Groups(ip);
  return v6 ? privateV6(v6) : false;
}

/**
 * True for an address no web hook may reach even when its host is allowed: link-local (where cloud metadata
 * services answer), multicast, broadcast and reserved, unspecified.
 */
export function isForbiddenAddress(ip: string): boolean {
  const v4 = ipv4Parts(ip);
  if (v4) return forbiddenV4(v4);
  const g = ipv6Groups(ip);
  if (!g) return false;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || (g[5] === 0 && !(g[6] === 0 && g[7] <= 1))))
    return forbiddenV4([g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255]);
  return g.every((x) => x === 0) || (g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xff00) === 0xff00;
}

function forbiddenV4([a, b]: number[]): boolean {
  return a === 0 || (a === 169 && b === 254) || a >= 224;
}

/** Host names that always mean this machine, whatever a resolver says. */
export function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** A host from an allowed-hosts list ("127.0.0.1", "receiver.internal", "[::1]"): compared without brackets, case-folded. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return allowed.some((a) => a.replace(/^\[|\]$/g, '').toLowerCase() === h);
}

/**
 * The problem with a web hook URI as written, or null: not an absolute http(s) URI (or one carrying user and
 * password), or its literal host is a private address or a local name that is not allowed, or an address no host
 * list opens (link-local, multicast, unspecified).
 */
export function webhookUriProblem(uri: string, allowedHosts: readonly string[] = []): UriProblem | null {
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return 'EVENTO_URI_INVALIDA';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'EVENTO_URI_INVALIDA';
  if (!url.hostname || url.username || url.password) return 'EVENTO_URI_INVALIDA';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isForbiddenAddress(host)) return 'EVENTO_URI_PROHIBIDA';
  if (isAllowedHost(host, allowedHosts)) return null;
  if (isLocalName(host) || isPrivateAddress(host)) return 'EVENTO_URI_PRIVADA';
  return null;
}
