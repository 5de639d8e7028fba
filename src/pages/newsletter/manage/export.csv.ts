import type { APIRoute } from 'astro';
import { backendsOf } from '../../../app/backends';
import { fileResponse } from '../../../platform/http/port';

/** Export: the school's mailing list as a CSV download (signed in, with the newsletter: the middleware's gates). */
export const GET: APIRoute = async ({ locals }) => fileResponse(await backendsOf(locals).newsletter.exportMembers());
