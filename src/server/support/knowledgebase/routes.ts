import { Hono } from 'hono';
import { supportHelpdeskCalls } from '../../../contracts/support-helpdesk';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { searchKnowledgebase } from './service';

/** The knowledgebase's search, served at the API's root. */
export const supportKnowledgebaseRoutes = new Hono<AppEnv>();

serve(supportKnowledgebaseRoutes, supportHelpdeskCalls.knowledgebase, async (ctx, { query }) => ({ articles: await searchKnowledgebase(ctx.db, query.query) }));
