/**
 * A real web hook receiver for the event tests, on 127.0.0.1: answers as told (2xx, an error status, no answer
 * at all, or not listening: connection refused), keeps every request it got, checks each signature with the
 * receiver-side check of docs/events.md (server/entities/evento/delivery/signature.ts `verify`), and can hold requests open.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HEADERS, verify } from '../../server/entities/evento/delivery/signature';

export type Mode = 'ok' | 'error' | 'hang' | 'down';

export interface Received {
  deliveryId: string;
  event: string;
  body: any;
  raw: string;
  headers: IncomingMessage['headers'];
  /** The signature checked out with the secret. */
  verified: boolean;
  /** What the receiver answered (0: nothing). */
  answered: number;
}

export interface Receiver {
  url: string;
  port: number;
  mode: Mode;
  secret: string;
  received: Received[];
  /** In mode ok: once this many requests were acknowledged, the later ones get no answer (hang). */
  ackLimit: number | null;
  /** Requests acknowledged with a 2xx. */
  acknowledged(): Received[];
  setMode(mode: Mode): Promise<void>;
  /** Resolves on the next request (of any mode). */
  next(): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const sockets = new Set<Socket>();
  let waiting: ((r: Received) => void)[] = [];
  let server: Server | undefined;
  const state: Receiver = {
    url: '',
    port: 0,
    mode: 'ok',
    secret: '',
    received: [],
    ackLimit: null,
    acknowledged: () => state.received.filter((r) => r.answered >= 200 && r.answered < 300),
    async setMode(mode) {
      if (mode === 'down' && state.mode !== 'down') await stopListening();
      if (mode !== 'down' && state.mode === 'down') await listen(state.port);
      state.mode = mode;
    },
    next: () => new Promise((resolve) => waiting.push(resolve)),
    close: async () => {
      await stopListening();
    },
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept raw
      }
      const h = (name: string) => String(req.headers[name] ?? '');
      const got: Received = {
        deliveryId: h(HEADERS.delivery),
        event: h(HEADERS.event),
        body,
        raw,
        headers: req.headers,
        verified: verify(state.secret, h(HEADERS.timestamp), raw, h(HEADERS.signature)),
        answered: 0,
      };
      state.received.push(got);
      const mode = state.mode === 'ok' && state.ackLimit !== null && state.acknowledged().length >= state.ackLimit ? 'hang' : state.mode;
      if (mode === 'ok') {
        got.answered = 200;
        res.writeHead(200, { 'content-type': 'text/plain', 'x-receiver': 'test' }).end('thanks');
      } else if (mode === 'error') {
        got.answered = 503;
        res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      } // hang: no answer; the sender's timeout ends it
      const w = waiting;
      waiting = [];
      for (const resolve of w) resolve(got);
    });
  };

  async function listen(port: number) {
    server = createServer(handle);
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    state.port = (server.address() as { port: number }).port;
    state.url = `http://127.0.0.1:${state.port}/hook`;
  }
  async function stopListening() {
    const s = server;
    server = undefined;
    if (!s) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await listen(0);
  return state;
}
