import { Hono } from 'hono';
import { websiteCalls } from '../../../contracts/website';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import * as revisions from './service';
import { createPreview } from './preview';

/**
 * The editor's revisions, autosave and preview calls (`websiteCalls`, beyond the spec), served at
 * the API's root. Times are labelled on the school's clock (PORTAL_TIMEZONE).
 */
export const websiteRevisionRoutes = new Hono<AppEnv>();

serve(websiteRevisionRoutes, websiteCalls.postRevisions, async (ctx, { params }, c) => ({
  revisions: await revisions.listRevisions(ctx, 'post', params.id, c.get('runtime').config.PORTAL_TIMEZONE),
}));
serve(websiteRevisionRoutes, websiteCalls.pageRevisions, async (ctx, { params }, c) => ({
  revisions: await revisions.listRevisions(ctx, 'page', params.id, c.get('runtime').config.PORTAL_TIMEZONE),
}));
serve(websiteRevisionRoutes, websiteCalls.revision, async (ctx, { params }, c) => ({
  revision: await revisions.getRevision(ctx, params.id, c.get('runtime').config.PORTAL_TIMEZONE),
}));
serve(websiteRevisionRoutes, websiteCalls.autosave, (ctx, { body }, c) => revisions.saveAutosave(ctx, body, c.get('runtime').config.PORTAL_TIMEZONE));
serve(websiteRevisionRoutes, websiteCalls.getAutosave, async (ctx, { query }, c) => ({
  autosave: await revisions.findAutosave(ctx, query, c.get('runtime').config.PORTAL_TIMEZONE),
}));
serve(websiteRevisionRoutes, websiteCalls.discardAutosave, async (ctx, { body }) => {
  await revisions.discardAutosave(ctx, body);
  return {};
});
serve(websiteRevisionRoutes, websiteCalls.preview, (ctx, { body }, c) => createPreview(ctx, body, c.get('runtime').config.PORTAL_SITES_URL));
