import fs from 'node:fs/promises';
import path from 'node:path';
import { inspectAttachment } from '../../../../../platform/media/inspect';
import { isStoredName, newFileName } from '../../../../../platform/media/store';
import { MEDIA_MESSAGES } from '../../../../../platform/media/errors';
import { Refusal } from '../../../../../platform/errors';
import { cleanFileName } from '../../../../website/server';

/**
 * A ticket's files: checked by their bytes like every upload (an image must decode and loses its
 * metadata; anything else keeps the type its bytes show, octet-stream when unknown) and stored
 * under `<data dir>/support/<domain id>/`, outside the public uploads: only the school's session
 * downloads them.
 */

export interface UploadedFile {
  bytes: Uint8Array;
  /** The uploader's name for it: shown and offered on download, never part of a path. */
  name: string;
}

export interface StoredAttachment {
  name: string;
  stored_name: string;
  mime_type: string;
  size: number;
}

export function attachmentPath(dataDir: string, domainId: number, storedName: string): string {
  // The check is the guarantee against traversal whatever the caller did.
  if (!Number.isSafeInteger(domainId) || domainId <= 0 || !isStoredName(storedName)) throw new Error(`Not a stored attachment: ${storedName}`);
  return path.join(dataDir, 'support', String(domainId), storedName);
}

/** Checks and writes a file; the caller removes it (removeAttachment) if what records it fails. */
export async function storeAttachment(dataDir: string, domainId: number, file: UploadedFile): Promise<StoredAttachment> {
  if (file.bytes.byteLength === 0) throw new Refusal(400, 'invalid', MEDIA_MESSAGES.emptyFile);
  const inspected = await inspectAttachment(file.bytes);
  const storedName = newFileName(inspected.ext);
  await fs.mkdir(path.join(dataDir, 'support', String(domainId)), { recursive: true });
  // 'wx': a (vanishingly unlikely) name collision fails instead of overwriting another file.
  await fs.writeFile(attachmentPath(dataDir, domainId, storedName), inspected.stored, { flag: 'wx' });
  return {
    name: cleanFileName(file.name) || `attachment.${inspected.ext}`,
    stored_name: storedName,
    mime_type: inspected.mimeType,
    size: inspected.stored.byteLength,
  };
}

export async function removeAttachment(dataDir: string, domainId: number, storedName: string): Promise<void> {
  try {
    await fs.rm(attachmentPath(dataDir, domainId, storedName), { force: true });
  } catch (err) {
    // Only disk space: the failure that brought us here is what the caller reports.
    console.error(`[support] could not remove ${storedName}:`, err);
  }
}
