import pLimit from 'p-limit';
import os from 'node:os';
import sharp from 'sharp';
import { Refusal } from '../errors';

/**
 * Images are decoded one at a time in a process (sharp's own threads work on each): a
 * 40-megapixel photo takes about 120 MB of pixels while it is decoded, so eight uploaded at once
 * would take a gigabyte. A few more wait their turn; beyond that the upload is refused (429), and
 * the per-school gate of upload calls (http/heavy-calls.ts) keeps one school from filling the line.
 */
const DECODES_AT_ONCE = 1;
export const MAX_WAITING_DECODES = 16;
export const DECODES_BUSY = 'The server is busy with other uploads right now. Please try again in a minute.';

// libvips keeps recent operations' results; uploads are never decoded twice, so it would only hold memory.
sharp.cache(false);
// A decode's own threads: every core but one, as the work pool, so the thread answering requests keeps a core.
sharp.concurrency(Math.max(1, os.availableParallelism() - 1));

const slots = pLimit(DECODES_AT_ONCE);

export function decodeInTurn<T>(decode: () => Promise<T>): Promise<T> {
  if (slots.pendingCount >= MAX_WAITING_DECODES) throw new Refusal(429, 'busy', DECODES_BUSY);
  return slots(decode);
}
