/** The mail outbox (table comunicacion): mail is written here first and delivered later, never dropped. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
}

export async function enqueueMail(db: Kysely<Database> | Transaction<Database>, mail: MailMessage): Promise<number> {
  const row = await db
    .insertInto('comunicacion')
    .values({ destinatario: mail.to, asunto: mail.subject, cuerpo: mail.text, estado: 'pendiente' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
