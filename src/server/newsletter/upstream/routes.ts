import { Hono } from 'hono';
import { newsletterCalls } from '../../../contracts/newsletter';
import { serveUpstream } from '../../upstream/serve';
import type { UpstreamEnv } from '../../upstream/types';
import * as members from './service';

/** The mailing list's calls the legacy backend has (no CSV import), served through the upstream service. */
export const newsletterUpstreamRoutes = new Hono<UpstreamEnv>();

serveUpstream(newsletterUpstreamRoutes, newsletterCalls.members, async (up) => ({ members: await members.listAllMembers(up) }));
serveUpstream(newsletterUpstreamRoutes, newsletterCalls.membersPage, (up, { query }) =>
  members.listMembersPage(up, { page: query.page, query: query.query ?? '' }, query.limit),
);
serveUpstream(newsletterUpstreamRoutes, newsletterCalls.addMember, async (up, { body }) => ({ member: await members.addMember(up, body) }));
serveUpstream(newsletterUpstreamRoutes, newsletterCalls.deleteMember, async (up, { body }) => {
  await members.deleteMember(up, body.email);
  return {};
});

/** The newsletter's screens upstream mode can show. */
export const NEWSLETTER_UPSTREAM_PAGES: readonly string[] = ['/newsletter/manage/list'];
