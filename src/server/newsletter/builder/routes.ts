import { Hono } from 'hono';
import { newsletterBuilderCalls } from '../../../contracts/newsletter-builder';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import * as builds from './service';
import { renderEmail } from './render';
import { uploadLimit } from '../../http/upload-limit';
import { mailTransportOf } from '../../mail';
import { readFormWithFile } from '../../http/multipart';
import { requestPdf } from './pdf/job';
import { publishBuild } from './publish';
import { sendBuild } from './send';
import { uploadBuilderFile } from './upload';
import type { Context } from 'hono';
import type { AuthedEnv } from '../../http/types';

/** The newsletter builder's calls (spec section 7, `send/builder*`), served at the API's root. */
export const newsletterBuilderRoutes = new Hono<AppEnv>();

serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderFrame, (ctx) => builds.builderFrame(ctx));
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderSaveFrame, (ctx, { body }) => builds.saveBuilderFrame(ctx, body));
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderLoad, (ctx) => builds.loadBuilder(ctx));
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderLoadTemplate, async (ctx, { params }) => ({ build: await builds.loadBuild(ctx, params.templateId) }));
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderNew, async (ctx, { body }) => ({ build: await builds.newBuild(ctx, body.name) }));
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderSave, (ctx, { body }) => builds.saveBuild(ctx, body.id, body.build));
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderRender, async (ctx, { body }) => {
  const { html, bytes } = await renderEmail(body.build, await builds.builderFrame(ctx));
  return { html, bytes };
});

/** Where a send's links point: the portal (unsubscribe) and the public site (posts, uploads). */
function placeOf(c: Context<AuthedEnv>) {
  const { config } = c.get('runtime');
  const portalOrigin = new URL(c.req.url).origin;
  return { dataDir: config.PORTAL_DATA_DIR, portalOrigin, siteOrigin: config.PORTAL_SITES_URL ?? portalOrigin };
}
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderUpload, (ctx, { form }, c) => uploadBuilderFile(ctx, c.get('runtime').config.PORTAL_DATA_DIR, form['section-image-file']), {
  before: [uploadLimit],
  readForm: readFormWithFile('section-image-file'),
});
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderSend, (ctx, { form }, c) => sendBuild(ctx, form, placeOf(c), mailTransportOf(c.get('runtime'))), {
  before: [uploadLimit],
  readForm: readFormWithFile('attachment'),
});
// A build's JSON outgrows the default form limit (64 KB): these forms have the uploads' limit.
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderWebsite, (ctx, { form }, c) => publishBuild(ctx, form, placeOf(c).siteOrigin), {
  before: [uploadLimit],
  readForm: readFormWithFile('none'),
});
serve(newsletterBuilderRoutes, newsletterBuilderCalls.builderDownload, (ctx, { body }, c) => {
  const place = placeOf(c);
  return requestPdf(ctx, c.get('runtime').config, body.html, [place.portalOrigin, place.siteOrigin]);
});
