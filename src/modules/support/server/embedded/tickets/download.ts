import type { SchoolContext } from '../../../../../platform/context';
import { fileResponse } from '../../../../../platform/media/serve';
import { attachmentPath } from './attachments';
import { findAttachmentFile } from './service';

/**
 * An attachment of the school's ticket as a download (images and PDFs shown inline, anything else
 * a sandboxed download), never cached; null when the school has no such attachment.
 */
export async function attachmentDownload(ctx: SchoolContext, dataDir: string, number: number, attachmentId: number): Promise<Response | null> {
  const attachment = await findAttachmentFile(ctx, number, attachmentId);
  if (!attachment) return null;
  const response = await fileResponse({
    path: attachmentPath(dataDir, ctx.domain.id, attachment.stored_name),
    mimeType: attachment.mime_type,
    downloadName: attachment.name,
  });
  // A school's private file: no shared or long-lived caching, unlike the public uploads.
  response?.headers.set('Cache-Control', 'private, no-store');
  return response;
}
