import { newsletterCalls } from '../../contract';
import { routesOver } from '../../../../platform/http/port';
import type { NewsletterBackend } from '../backend';

/** The mailing list's calls (spec section 7, Newsletter `manage/*`, and the paged list), served at the API's root. */
export const MAILING_LIST_ROUTES = routesOver<NewsletterBackend>((serve) => {
  serve(newsletterCalls.members, async (newsletter) => ({ members: await newsletter.listAllMembers() }));
  serve(newsletterCalls.membersPage, (newsletter, { query }) => newsletter.listMembersPage({ page: query.page, query: query.query ?? '' }, query.limit));
  serve(newsletterCalls.addMember, async (newsletter, { body }) => ({ member: await newsletter.addMember(body) }));
  serve(newsletterCalls.deleteMember, async (newsletter, { body }) => {
    await newsletter.deleteMember(body.email);
    return {};
  });
  serve(newsletterCalls.importMembers, async (newsletter, { form }) => ({ summary: await newsletter.importMembers(form.file, form.dryRun) }), {
    heavy: 'document',
    upload: 'file',
  });
});
