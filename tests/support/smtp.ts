/** A tiny real SMTP server for the mail-delivery test: accepts (or refuses) mail and keeps what it got. */
import { createServer, type Server } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  url: string;
  received: ReceivedMail[];
  /** When true, every recipient is refused with 550. */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const state: FakeSmtp = { url: '', received: [], refuse: false, close: async () => {} };
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.received.push(mail);
            mail = { from: '', to: [], data: '' };
            say('250 queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 fake-smtp');
        else if (verb === 'MAIL') (mail.from = line.slice(10)), say('250 ok');
        else if (verb === 'RCPT') {
          if (state.refuse) say('550 no such mailbox');
          else mail.to.push(line.slice(8)), say('250 ok');
        } else if (verb === 'DATA') (inData = true), say('354 go on');
        else if (verb === 'RSET') (mail = { from: '', to: [], data: '' }), say('250 ok');
        else if (verb === 'QUIT') say('221 bye'), socket.end();
        else say('250 ok');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
