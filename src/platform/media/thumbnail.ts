import sharp from 'sharp';
import { THUMBNAIL_SIZE } from './urls';

/** Above this, decoding could take too much memory and time: refuse the upload instead. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif';

/**
 * The 150x150 grid thumbnail (cover crop, spec section 9) in the image's own format. It decodes
 * the whole image, so it doubles as the proof that the upload is a readable image: sharp's
 * default `failOn: 'warning'` rejects truncated or damaged data.
 */
export function makeThumbnail(bytes: Uint8Array, format: ImageFormat): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
    .toFormat(format)
    .toBuffer();
}
