/** What an upload refused for a reason the user can act on says (thrown as a Refusal). */
export const MEDIA_MESSAGES = {
  imagesOnly: 'Only image files can be uploaded (PNG, JPEG, GIF, WebP or AVIF).',
  unreadableImage: 'This image could not be read. It may be damaged or incomplete.',
  noFile: 'Choose a file to upload.',
  emptyFile: 'The file is empty.',
  notMultipart: 'The upload could not be read. Send the file as multipart/form-data in the field "file".',
  galleryNotFound: 'That gallery was not found.',
  imageNotFound: 'That image was not found.',
  tooLarge: (maxMb: number) => `The file is too large. Files can be at most ${maxMb} MB.`,
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    `This image is too large (${width} x ${height} pixels). Images can have at most ${Math.floor(maxPixels / 1_000_000)} million pixels.`,
} as const;
