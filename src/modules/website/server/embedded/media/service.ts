import type { Db } from '../../../../../platform/db';
import type { Media } from '../../../contract';
import { MAX_UPLOAD_NAME_LENGTH, THUMBNAIL_SUFFIX } from '../../../rules';
import type { SchoolContext } from '../../../../../platform/context';
import { MEDIA_MESSAGES } from '../../../../../platform/media/errors';
import { Refusal } from '../../../../../platform/errors';
import { inspectAttachment, inspectImage } from '../../../../../platform/media/inspect';
import { fileResponse } from '../../../../../platform/media/serve';
import { isStoredName, newFileName, removeStoredFiles, storedPath, writeStoredFiles } from '../../../../../platform/media/store';
import { uploadUrl } from '../../../../../platform/media/urls';
import * as repo from './repository';

/**
 * Uploads of a school's website: checked by their bytes, stored under generated names in the data
 * folder (`dataDir`, the runtime's PORTAL_DATA_DIR), served from their public address, and the
 * gallery uploads nobody saved cleaned up.
 */

export interface Upload {
  bytes: Uint8Array;
  /** The client's file name: only ever a title, never part of a path. */
  name: string;
}

/** Pending gallery uploads nobody saved are removed after a day. */
export const PENDING_UPLOAD_SECONDS = 24 * 60 * 60;

/** The client's name without folders (old browsers send `C:\fakepath\...`) or control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_UPLOAD_NAME_LENGTH);
}

/** The title shown for an upload: its name without the extension, or the fallback. */
export function titleFromName(name: string, fallback: string): string {
  const clean = cleanFileName(name);
  const dot = clean.lastIndexOf('.');
  const title = (dot > 0 ? clean.slice(0, dot) : clean).trim();
  return title || fallback;
}

export interface StoredUpload {
  id: number;
  src: string;
  title: string;
  mimeType: string;
}

/**
 * Checks an upload by its bytes, writes it (and an image's thumbnail) under a generated name,
 * and records it. Gallery uploads stay pending until a gallery save attaches them.
 */
export async function storeUpload(
  ctx: SchoolContext,
  dataDir: string,
  upload: Upload,
  options: { imagesOnly: boolean; titleFallback: string; pendingFor?: number },
): Promise<StoredUpload> {
  if (upload.bytes.length === 0) throw new Refusal(400, 'invalid', MEDIA_MESSAGES.emptyFile);
  const inspected = options.imagesOnly ? await inspectImage(upload.bytes) : await inspectAttachment(upload.bytes);
  const fileName = newFileName(inspected.ext);
  const title = titleFromName(upload.name, options.titleFallback);
  await writeStoredFiles(dataDir, ctx.domain.id, fileName, inspected.stored, inspected.thumbnail);
  let id: number;
  try {
    id = await repo.insertMedia(ctx.db, {
      domain_id: ctx.domain.id,
      kind: inspected.kind,
      file_name: fileName,
      original_name: cleanFileName(upload.name) || title,
      title,
      mime_type: inspected.mimeType,
      size: inspected.stored.length,
      width: inspected.width,
      height: inspected.height,
      status: options.pendingFor === undefined ? 'attached' : 'pending',
      gallery_id: options.pendingFor ?? null,
      position: 0,
      created_at: ctx.now,
    });
  } catch (err) {
    await removeStoredFiles(dataDir, ctx.domain.id, fileName);
    throw err;
  }
  return { id, src: uploadUrl(ctx.domain.label, fileName), title, mimeType: inspected.mimeType };
}

/** POST /media/upload (any file) and /media/upload/builder (images only). */
export async function uploadMedia(ctx: SchoolContext, dataDir: string, upload: Upload, imagesOnly: boolean): Promise<Media> {
  const stored = await storeUpload(ctx, dataDir, upload, { imagesOnly, titleFallback: 'Attachment' });
  return { id: stored.id, source_url: stored.src, title: { rendered: stored.title }, mime_type: stored.mimeType };
}

/**
 * The file behind a public address `/uploads/<label>/<name>` (or its `-150x150` thumbnail),
 * or null. Only names this server generated resolve, and only within the named school. Anyone
 * may ask (no one is signed in), so it takes the label as the address has it, not a context.
 */
export async function serveUpload(db: Db, dataDir: string, schoolLabel: string, requested: string): Promise<Response | null> {
  if (!isStoredName(requested)) return null;
  const isThumbnail = requested.includes(THUMBNAIL_SUFFIX);
  const fileName = requested.replace(THUMBNAIL_SUFFIX, '');
  const row = await repo.findByPublicName(db, schoolLabel, fileName);
  if (!row || (isThumbnail && row.kind !== 'image')) return null;
  return fileResponse({
    path: storedPath(dataDir, row.domain_id, requested),
    mimeType: row.mime_type,
    downloadName: row.original_name,
  });
}

/**
 * Removes pending uploads older than a day (rows, then files), of every school in one statement:
 * the periodic clean-up has no school. Returns how many.
 */
export async function cleanupPendingUploads(db: Db, dataDir: string, now: number): Promise<number> {
  const deleted = await repo.deleteStalePending(db, now - PENDING_UPLOAD_SECONDS);
  for (const row of deleted) await removeStoredFiles(dataDir, row.domain_id, row.file_name);
  return deleted.length;
}
