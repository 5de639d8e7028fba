import type { SchoolContext } from '../../../../../platform/context';
import { cleanFileName, uploadMedia } from '../../../../website/server';

/**
 * The builder's upload (`send/builder/upload`, multipart `section-image-file`): image and
 * attachment blocks both upload through it, into the school's website uploads, checked by their
 * bytes as every upload is. A file whose name says it is an image (what an image block sends)
 * must BE one: its bytes are checked as an image and anything else is refused, so an `.exe`
 * renamed `.png` never becomes an image block's picture. Any other file is an attachment (any
 * type; it is served with the type its bytes have).
 */

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif)$/i;

export async function uploadBuilderFile(ctx: SchoolContext, dataDir: string, file: File): Promise<{ url: string; text: string }> {
  const name = cleanFileName(file.name);
  const media = await uploadMedia(ctx, dataDir, { bytes: new Uint8Array(await file.arrayBuffer()), name }, IMAGE_NAME.test(name));
  return { url: media.source_url, text: name || media.title.rendered };
}
