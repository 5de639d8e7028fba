import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { THUMBNAIL_SUFFIX, thumbnailName } from './urls';

/**
 * The file store: `<data dir>/uploads/<domain id>/<generated name>`. Names are made here from
 * random bytes and the detected type's extension, never from what the client sent, so a stored
 * path can hold nothing a request chose.
 */

/** 32 hex characters, an optional thumbnail suffix, and a short extension. */
const STORED_NAME = new RegExp(`^[a-f0-9]{32}(${THUMBNAIL_SUFFIX})?\\.[a-z0-9]{1,10}$`);

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

export function newFileName(ext: string): string {
  const safeExt = /^[a-z0-9]{1,10}$/.test(ext) ? ext : 'bin';
  return `${randomBytes(16).toString('hex')}.${safeExt}`;
}

/** The folder of a school's stored files. */
export function storedFolder(dataDir: string, domainId: number): string {
  if (!Number.isSafeInteger(domainId) || domainId <= 0) throw new Error(`Not a school id: ${domainId}`);
  return path.join(dataDir, 'uploads', String(domainId));
}

export function storedPath(dataDir: string, domainId: number, name: string): string {
  // The check is the guarantee against traversal even if a caller skipped its own.
  if (!Number.isSafeInteger(domainId) || domainId <= 0 || !isStoredName(name)) throw new Error(`Not a stored file name: ${name}`);
  return path.join(storedFolder(dataDir, domainId), name);
}

/** Writes a file and, for images, its thumbnail; nothing is left behind when either write fails. */
export async function writeStoredFiles(
  dataDir: string,
  domainId: number,
  fileName: string,
  bytes: Uint8Array,
  thumbnail: Uint8Array | null,
): Promise<void> {
  await fs.mkdir(path.join(dataDir, 'uploads', String(domainId)), { recursive: true });
  try {
    // 'wx': a (vanishingly unlikely) name collision fails instead of overwriting another upload.
    await fs.writeFile(storedPath(dataDir, domainId, fileName), bytes, { flag: 'wx' });
    if (thumbnail) await fs.writeFile(storedPath(dataDir, domainId, thumbnailName(fileName)), thumbnail, { flag: 'wx' });
  } catch (err) {
    await removeStoredFiles(dataDir, domainId, fileName);
    throw err;
  }
}

/** Removes a stored file and its thumbnail; files already gone are fine. */
export async function removeStoredFiles(dataDir: string, domainId: number, fileName: string): Promise<void> {
  for (const name of [fileName, thumbnailName(fileName)]) {
    try {
      await fs.rm(storedPath(dataDir, domainId, name), { force: true });
    } catch (err) {
      // A file we cannot remove must not undo the row's deletion; it is only disk space.
      console.error(`[media] could not remove ${name}:`, err);
    }
  }
}
