import type { Generated, Selectable } from 'kysely';

/**
 * The outbox (foundation migration 0008_mail_outbox): every message the portal would have sent
 * while no MAIL_URL is configured, exactly as it would have left (`raw` is the whole MIME
 * message), so staff can see what their school's recipients would have received. `domain_id` is
 * the school the message was sent for (null for the provider's own mail).
 */
export interface MailOutboxTable {
  id: Generated<number>;
  domain_id: number | null;
  created_at: number;
  message_id: string;
  sender: string;
  /** The envelope's recipients, comma-separated. */
  recipients: string;
  subject: string;
  html: string | null;
  text: string | null;
  raw: string;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;

declare module '../db/schema' {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
