import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../modules/website/components/site/site-dates';
import { subscribeResponse } from '../../../../modules/app/server/embedded/site/handlers';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** The site's 'Get notifications': keeps this device's push subscription for the school (public, rate-limited, checked). */
export const POST: APIRoute = ({ locals, params, request, clientAddress }) =>
  subscribeResponse(embeddedRuntime(locals), decodeSegment(params.school), request, clientAddress);
