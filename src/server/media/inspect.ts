import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MediaError, MEDIA_MESSAGES } from './errors';
import { makeThumbnail, MAX_INPUT_PIXELS, type ImageFormat } from './thumbnail';

/**
 * What an upload is, decided from its bytes alone: the client's name and Content-Type are
 * never trusted (an `.png` made of SVG or HTML is text to a browser, not an image).
 */
export interface InspectedFile {
  kind: 'image' | 'file';
  mimeType: string;
  /** Extension for the stored name, from the detected type. */
  ext: string;
  width: number | null;
  height: number | null;
  /** The 150x150 thumbnail of an image. */
  thumbnail: Buffer | null;
  /** The bytes to store: the upload itself, or a JPEG re-encoded without its metadata. */
  stored: Uint8Array;
}

interface ImageType {
  mimeType: string;
  ext: string;
  format: ImageFormat;
  /** What sharp's metadata calls the format (AVIF is read by the HEIF decoder). */
  decoder: string;
}

/** The image types the portal accepts, by the MIME type file-type detects. */
const IMAGE_TYPES: Record<string, ImageType> = {
  'image/png': { mimeType: 'image/png', ext: 'png', format: 'png', decoder: 'png' },
  // An animated PNG is a valid PNG; browsers show it as one.
  'image/apng': { mimeType: 'image/png', ext: 'png', format: 'png', decoder: 'png' },
  'image/jpeg': { mimeType: 'image/jpeg', ext: 'jpg', format: 'jpeg', decoder: 'jpeg' },
  'image/gif': { mimeType: 'image/gif', ext: 'gif', format: 'gif', decoder: 'gif' },
  'image/webp': { mimeType: 'image/webp', ext: 'webp', format: 'webp', decoder: 'webp' },
  'image/avif': { mimeType: 'image/avif', ext: 'avif', format: 'avif', decoder: 'heif' },
};

async function detect(bytes: Uint8Array): Promise<{ mime: string; ext: string } | undefined> {
  return fileTypeFromBuffer(bytes);
}

async function inspectKnownImage(bytes: Uint8Array, type: ImageType): Promise<InspectedFile> {
  let meta: Metadata;
  try {
    // Header only, without the pixel limit, so the refusal below can name the real size.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(400, MEDIA_MESSAGES.unreadableImage);
  }
  // A file whose magic bytes say one format and whose decoder says another is not an honest image.
  if (meta.format !== type.decoder) throw new MediaError(400, MEDIA_MESSAGES.imagesOnly);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new MediaError(400, MEDIA_MESSAGES.tooManyPixels(meta.width, meta.height, MAX_INPUT_PIXELS));
  }
  let thumbnail: Buffer;
  try {
    thumbnail = await makeThumbnail(bytes, type.format);
  } catch {
    throw new MediaError(400, MEDIA_MESSAGES.unreadableImage);
  }
  return {
    kind: 'image',
    mimeType: type.mimeType,
    ext: type.ext,
    width: meta.autoOrient.width,
    height: meta.autoOrient.height,
    thumbnail,
    stored: type.format === 'jpeg' && (meta.exif || meta.xmp || meta.iptc) ? await withoutMetadata(bytes) : bytes,
  };
}

/**
 * Phone photos carry EXIF data, GPS position included: a school must not publish where a pupil's
 * photo was taken. sharp drops all metadata when it re-encodes; the orientation is applied first.
 */
function withoutMetadata(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
}

/** Gallery and editor images: PNG, JPEG, GIF, WebP or AVIF that decode within the pixel limit. */
export async function inspectImage(bytes: Uint8Array): Promise<InspectedFile> {
  const detected = await detect(bytes);
  const type = detected && IMAGE_TYPES[detected.mime];
  if (!type) throw new MediaError(400, MEDIA_MESSAGES.imagesOnly);
  return inspectKnownImage(bytes, type);
}

/**
 * Attachments may be any file. They keep the detected type (octet-stream when unknown), which
 * decides how the file is served; an accepted image type still gets the full image checks, as
 * browsers would decode it inline.
 */
export async function inspectAttachment(bytes: Uint8Array): Promise<InspectedFile> {
  const detected = await detect(bytes);
  const type = detected && IMAGE_TYPES[detected.mime];
  if (type) return inspectKnownImage(bytes, type);
  return {
    kind: 'file',
    mimeType: detected?.mime ?? 'application/octet-stream',
    ext: detected?.ext ?? 'bin',
    width: null,
    height: null,
    thumbnail: null,
    stored: bytes,
  };
}
