import { websiteCalls } from '../../contract';
import { routesOver, type PortNeeds } from '../../../../platform/http/port';
import type { MediaPort } from '../backend';

/** Every upload of the website: in the school's upload lane, its file required (400 'Choose a file to upload.'). */
export const UPLOAD: PortNeeds & { upload: string } = { heavy: 'upload', upload: 'file', fileRequired: true };

/** Media uploads (spec section 7, Website), served at the API's root. */
export const MEDIA_ROUTES = routesOver<MediaPort>((serve) => {
  serve.upload(websiteCalls.uploadMedia, async (media, upload) => ({ media: await media.uploadMedia(upload, false) }), UPLOAD);
  serve.upload(websiteCalls.uploadBuilderMedia, async (media, upload) => ({ media: await media.uploadMedia(upload, true) }), UPLOAD);
});
