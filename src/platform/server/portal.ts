/** What each backend gives the portal (./portal.ts picks one): apart, so both backends' portals can name it without importing the chooser. */
import type { APIContext, MiddlewareNext } from 'astro';
import type { Config } from '../config';

export interface Portal {
  mode: 'embedded' | 'upstream';
  config: Config;
  /** The pages' middleware: the session, gates, page loaders, hardening headers. */
  servePage(context: APIContext, next: MiddlewareNext): Promise<Response>;
  /** The /api app, with the client's address for rate limiting. */
  serveApi(request: Request, clientAddress: string): Response | Promise<Response>;
}
