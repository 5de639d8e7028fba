import { Hono } from 'hono';
import { haparaCalls } from '../../../contracts/hapara';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import { loadClassListScreen, saveClasses } from './service';

/** The class list's calls (spec section 7: `manage/classes`, `upload/classmanagement`), served at the API's root. */
export const haparaClassRoutes = new Hono<AppEnv>();

serve(haparaClassRoutes, haparaCalls.classes, (ctx) => loadClassListScreen(ctx));
serve(haparaClassRoutes, haparaCalls.saveClasses, (ctx, { body }) => saveClasses(ctx, body));
