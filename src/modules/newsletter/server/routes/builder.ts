import { newsletterBuilderCalls as calls } from '../../builder-contract';
import { routesOver } from '../../../../platform/http/port';
import type { NewsletterBackend } from '../backend';

/** The newsletter builder's calls (spec section 7, `send/builder*`), served at the API's root. */
export const BUILDER_ROUTES = routesOver<NewsletterBackend>((serve) => {
  serve(calls.builderFrame, (newsletter) => newsletter.builderFrame());
  serve(calls.builderSaveFrame, (newsletter, { body }) => newsletter.saveBuilderFrame(body));
  serve(calls.builderLoad, (newsletter) => newsletter.loadBuilder());
  serve(calls.builderLoadTemplate, async (newsletter, { params }) => ({ build: await newsletter.loadBuild(params.templateId) }));
  serve(calls.builderNew, async (newsletter, { body }) => ({ build: await newsletter.newBuild(body.name, body.provider) }));
  // Saving, rendering, sending and publishing a build sanitise or render it: heavy calls, in the school's lane.
  serve(calls.builderSave, (newsletter, { body }) => newsletter.saveBuild(body.id, body.build), { heavy: 'document' });
  serve(calls.builderRender, (newsletter, { body }) => newsletter.renderBuild(body.build), { heavy: 'document' });
  serve(calls.builderUpload, (newsletter, { form }) => newsletter.uploadBuilderFile(form['section-image-file']), { heavy: 'upload', upload: 'section-image-file' });
  serve(calls.builderSend, (newsletter, { form }) => newsletter.sendBuild(form), { linkHost: true, heavy: 'document', upload: 'attachment' });
  // A build's JSON outgrows the default form limit (64 KB): this form has the uploads' limit.
  serve(calls.builderWebsite, (newsletter, { form }) => newsletter.publishBuild(form), { heavy: 'document', upload: 'none' });
  serve(calls.builderDownload, async (newsletter, { body }) => {
    await newsletter.requestPdf(body.html, body.subject || undefined);
    return {};
  });
});
