import { websiteCalls } from '../../contract';
import { routesOver } from '../../../../platform/http/port';
import type { RevisionsPort } from '../backend';

/** The editor's revisions, autosave and preview calls (`websiteCalls`, beyond the spec), served at the API's root. */
export const REVISION_ROUTES = routesOver<RevisionsPort>((serve) => {
  serve(websiteCalls.postRevisions, async (revisions, { params }) => ({ revisions: await revisions.listRevisions('post', params.id) }));
  serve(websiteCalls.pageRevisions, async (revisions, { params }) => ({ revisions: await revisions.listRevisions('page', params.id) }));
  serve(websiteCalls.revision, async (revisions, { params }) => ({ revision: await revisions.getRevision(params.id) }));
  serve(websiteCalls.autosave, (revisions, { body }) => revisions.saveAutosave(body));
  serve(websiteCalls.getAutosave, async (revisions, { query }) => ({ autosave: await revisions.findAutosave(query) }));
  serve(websiteCalls.discardAutosave, async (revisions, { body }) => {
    await revisions.discardAutosave(body);
    return {};
  });
  serve(websiteCalls.preview, (revisions, { body }) => revisions.createPreview(body));
});
