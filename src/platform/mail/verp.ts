import type { Db } from '../db';
import { timingSafeEqual } from 'node:crypto';
import { sign } from '../secrets';

/**
 * VERP (variable envelope return path): each copy of a newsletter goes out with its own bounce
 * address, `bounce+<tag>@<MAIL_BOUNCE_DOMAIN>`, so a bounce names the copy it is about however
 * badly the remote server words it. The tag is the delivery's id and a signature, lower case
 * (some servers lowercase local parts): nobody can make a bounce count against another address.
 */
const PURPOSE = 'bounce-address';
const TAG = /^([1-9][0-9]{0,15})-([0-9a-f]{16})$/;

async function signatureOf(db: Db, id: number): Promise<string> {
  // 64 bits of the HMAC, in hex: short enough for a local part, far too many to guess.
  return Buffer.from(await sign(db, PURPOSE, [id]), 'base64url').subarray(0, 8).toString('hex');
}

/** The tag of a delivery's bounce address. */
export async function verpTag(db: Db, id: number): Promise<string> {
  return `${id}-${await signatureOf(db, id)}`;
}

/** The delivery id a tag was made for, or null for a tag this portal did not sign. */
export async function verpTarget(db: Db, tag: string): Promise<number | null> {
  const m = TAG.exec(tag.toLowerCase());
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(await signatureOf(db, id));
  return timingSafeEqual(expected, Buffer.from(m[2]!)) ? id : null;
}

/** The envelope sender carrying a tag: `bounce+<tag>@<domain>`. */
export function bounceAddress(tag: string, domain: string): string {
  return `bounce+${tag}@${domain}`;
}
