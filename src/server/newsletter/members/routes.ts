import { Hono } from 'hono';
import { newsletterCalls } from '../../../contracts/newsletter';
import type { AppEnv } from '../../http/types';
import { serve } from '../../http/calls';
import * as members from './service';
import { importMembers } from './import';
import { uploadLimit } from '../../http/upload-limit';
import { readFormWithFile } from '../../http/multipart';

/** The mailing list's calls (spec section 7, Newsletter `manage/*`, and the paged list), served at the API's root. */
export const newsletterMemberRoutes = new Hono<AppEnv>();

serve(newsletterMemberRoutes, newsletterCalls.members, async (ctx) => ({ members: await members.listAllMembers(ctx) }));
serve(newsletterMemberRoutes, newsletterCalls.membersPage, (ctx, { query }) =>
  members.listMembersPage(ctx, { page: query.page, query: query.query ?? '' }, query.limit),
);
serve(newsletterMemberRoutes, newsletterCalls.addMember, async (ctx, { body }) => ({ member: await members.addMember(ctx, body) }));
serve(newsletterMemberRoutes, newsletterCalls.deleteMember, async (ctx, { body }) => {
  await members.deleteMember(ctx, body.email);
  return {};
});
serve(
  newsletterMemberRoutes,
  newsletterCalls.importMembers,
  async (ctx, { form }) => ({ summary: await importMembers(ctx, new Uint8Array(await form.file.arrayBuffer()), form.dryRun) }),
  { before: [uploadLimit], readForm: readFormWithFile('file') },
);
