/**
 * Public addresses of stored files. Kept free of Node imports so any server code can build a
 * URL without touching the file store.
 */

import { THUMBNAIL_SUFFIX } from '../../lib/media-names';

/** Size and suffix of the gallery thumbnails (spec: galleries use `-150x150` before the extension): the contract's. */
export { THUMBNAIL_SIZE, THUMBNAIL_SUFFIX } from '../../lib/media-names';

/** `/uploads/<school label>/<file name>`: served publicly by src/pages/uploads/[school]/[file].ts. */
export function uploadUrl(schoolLabel: string, fileName: string): string {
  return `/uploads/${encodeURIComponent(schoolLabel)}/${encodeURIComponent(fileName)}`;
}

/** `abc.png` -> `abc-150x150.png`. */
export function thumbnailName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? `${fileName}${THUMBNAIL_SUFFIX}` : `${fileName.slice(0, dot)}${THUMBNAIL_SUFFIX}${fileName.slice(dot)}`;
}
