import type { APIRoute } from 'astro';
import { exportMembersCsv } from '../../../server/newsletter/members/service';

/** Export: the school's mailing list as a CSV download (signed in, with the newsletter: the middleware's gates). */
export const GET: APIRoute = async ({ locals }) => {
  const ctx = locals.ctx!;
  const day = new Date(ctx.now * 1000).toISOString().slice(0, 10);
  return new Response(await exportMembersCsv(ctx), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="mailing-list-${ctx.domain.label}-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
};
