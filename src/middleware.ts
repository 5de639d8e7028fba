import { defineMiddleware } from 'astro:middleware';
import { getPortal } from './app/portal';

/** Every page goes through the middleware of the portal's backend (src/app/portal.ts). */
export const onRequest = defineMiddleware(async (context, next) => (await getPortal()).servePage(context, next));
