import type { Db } from '../db';
import './schema';

/**
 * Reading a school's outbox (`mail_outbox`, see ./outbox.ts): what staff see of the mail that
 * was kept instead of sent. Every read is scoped by the school's domain id: another school's
 * message id finds nothing.
 */

/** A kept message as a list shows it. */
export interface OutboxSummary {
  id: number;
  created_at: number;
  message_id: string;
  recipients: string;
  subject: string;
}

/** One kept message whole: its headers as they were written (unfolded, encoded words decoded). */
export interface OutboxMessage extends OutboxSummary {
  sender: string;
  html: string | null;
  text: string | null;
  raw: string;
  headers: [name: string, value: string][];
}

const SUMMARY_COLUMNS = ['id', 'created_at', 'message_id', 'recipients', 'subject'] as const;

function toSummary(row: OutboxSummary): OutboxSummary {
  return { ...row, id: Number(row.id), created_at: Number(row.created_at) };
}

/**
 * A page of the school's outbox, newest first; with `messageIds`, only the messages of those
 * Message-IDs (a sender finding the copies it sent).
 */
export async function listOutbox(
  db: Db,
  domainId: number,
  options: { offset: number; limit: number; messageIds?: readonly string[] },
): Promise<{ messages: OutboxSummary[]; total: number }> {
  if (options.messageIds?.length === 0) return { messages: [], total: 0 };
  let query = db.selectFrom('mail_outbox').where('domain_id', '=', domainId);
  if (options.messageIds) query = query.where('message_id', 'in', options.messageIds);
  const [rows, counted] = await Promise.all([
    query.select(SUMMARY_COLUMNS).orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { messages: rows.map(toSummary), total: Number(counted.n) };
}

/** One message of the school's outbox, or undefined (none of that id, or another school's). */
export async function readOutboxMessage(db: Db, domainId: number, id: number): Promise<OutboxMessage | undefined> {
  const row = await db
    .selectFrom('mail_outbox')
    .select([...SUMMARY_COLUMNS, 'sender', 'html', 'text', 'raw'])
    .where('domain_id', '=', domainId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, ...toSummary(row), headers: parseHeaders(row.raw) };
}

/**
 * The header section of a MIME message as [name, value] pairs in their order: the lines before
 * the first empty line, folded lines joined (RFC 5322 2.2.3), encoded words decoded (RFC 2047).
 */
export function parseHeaders(raw: string): [string, string][] {
  const end = raw.search(/\r?\n\r?\n/);
  const section = end === -1 ? raw : raw.slice(0, end);
  const unfolded = section.replace(/\r?\n(?=[ \t])/g, '');
  const headers: [string, string][] = [];
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push([line.slice(0, colon).trim(), decodeWords(line.slice(colon + 1).trim())]);
  }
  return headers;
}

/** The first header of that name (case-insensitive), or null. */
export function headerValue(headers: readonly (readonly [string, string])[], name: string): string | null {
  const wanted = name.toLowerCase();
  return headers.find(([key]) => key.toLowerCase() === wanted)?.[1] ?? null;
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function wordBytes(encoding: string, text: string): Buffer {
  if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64');
  // Q: '_' is a space, =XX a byte, anything else itself.
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '_') bytes.push(0x20);
    else if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(ch.charCodeAt(0));
  }
  return Buffer.from(bytes);
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.split('*')[0]!.toLowerCase()).decode(bytes);
  } catch {
    // An unknown charset: the bytes as Latin-1 rather than nothing.
    return bytes.toString('latin1');
  }
}

/**
 * RFC 2047 encoded words decoded. Whitespace between two encoded words is dropped, and the
 * bytes of adjacent words in one charset are decoded together: an encoder may split a
 * multi-byte character between two words.
 */
export function decodeWords(value: string): string {
  type Part = { text: string } | { charset: string; bytes: Buffer };
  const parts: Part[] = [];
  let last = 0;
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [, charset = '', encoding = '', text = ''] = match;
    const between = value.slice(last, match.index);
    const previous = parts.at(-1);
    if (!(previous && 'bytes' in previous && /^[ \t]*$/.test(between))) parts.push({ text: between });
    parts.push({ charset, bytes: wordBytes(encoding, text) });
    last = match.index + match[0].length;
  }
  parts.push({ text: value.slice(last) });

  let out = '';
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if ('text' in part) {
      out += part.text;
      continue;
    }
    const run = [part.bytes];
    for (let next = parts[i + 1]; next && 'bytes' in next && next.charset.toLowerCase() === part.charset.toLowerCase(); next = parts[i + 1]) {
      run.push(next.bytes);
      i += 1;
    }
    out += decodeText(Buffer.concat(run), part.charset);
  }
  return out;
}
