import { randomBytes } from 'node:crypto';
import { hashToken } from './sessions';

/**
 * Single-use links that sign someone in (an invitation's welcome page, a password reset): a
 * random 256-bit token travels in the emailed address; only its SHA-256 is stored, so the
 * database (or a copy of it) holds nothing that opens the link.
 */
export interface LinkToken {
  /** What the link carries: 43 base64url characters. */
  token: string;
  /** What is stored and looked up. */
  hash: string;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): LinkToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The stored hash of a token from a link, or null when it cannot be one (nothing to look up). */
export function linkTokenHash(token: string | undefined): string | null {
  return token && TOKEN.test(token) ? hashToken(token) : null;
}
