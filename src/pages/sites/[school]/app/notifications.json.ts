import type { APIRoute } from 'astro';
import { decodeSegment } from '../../../../modules/website/components/site/site-dates';
import { feedResponse } from '../../../../modules/app/server/embedded/site/handlers';
import { embeddedRuntime } from '../../../../platform/module/page-locals';

/** The school's sent notifications, newest first, for any native app (JSON Feed 1.1). */
export const GET: APIRoute = ({ locals, params }) => feedResponse(embeddedRuntime(locals), decodeSegment(params.school));
