/** How the portal names an image's derived files: shared by the media store (platform), the website's contract and its islands. */

/** Side of the square gallery thumbnails, in pixels (spec section 9). */
export const THUMBNAIL_SIZE = 150;
/** What a thumbnail's file name adds before the extension (spec: galleries): `-150x150`. */
export const THUMBNAIL_SUFFIX = `-${THUMBNAIL_SIZE}x${THUMBNAIL_SIZE}`;

/** The thumbnail address of an image: `-150x150` before the extension (spec: galleries). */
export function thumbnailUrl(src: string): string {
  return src.replace(/(\.[a-z0-9]+)?$/i, (ext) => `${THUMBNAIL_SUFFIX}${ext}`);
}
