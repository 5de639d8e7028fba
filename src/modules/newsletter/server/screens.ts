/** The newsletter's screens' first HTML, loaded over the backend port (the same for any backend that has the screen). */
import { listHref, type ListLocation } from '../../../lib/lists/location';
import { Refusal } from '../../../platform/errors';
import type { StoredBuild, Template } from '../builder-contract';
import { NEWSLETTER_PAGE_SIZE, type OutboxMessage } from '../contract';
import { SENT_PATH, type SendQuota } from '../sends';
import type { BuilderFrame, MembersPage, NewsletterBackend, SendDetailView, SendForm, SendMessagesPage, SendsPage } from './backend';

const MAILING_LIST_PATH = '/newsletter/manage/list';

/** A screen of a paged list at the address's page; past the end (a bookmark after deletions), the address of the last page instead. */
export type ListScreen<P> = { list: P; redirect?: string };

/** What a screen shows when the id it was given names nothing of the school's: the port's calls answer 404. */
async function orMissing<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof Refusal && err.status === 404) return null;
    throw err;
  }
}

/** Manage Mailing List: a page of members, filtered as the address says. */
export async function loadMailingListScreen(newsletter: NewsletterBackend, location: ListLocation): Promise<ListScreen<MembersPage>> {
  const list = await newsletter.listMembersPage(location, NEWSLETTER_PAGE_SIZE);
  if (location.page <= list.total_pages) return { list };
  return { list, redirect: listHref(MAILING_LIST_PATH, { page: list.total_pages, query: location.query }) };
}

/** Simple Newsletter: the school's categories, its name (From), the audience size and its daily quota. */
export function loadSimpleSendScreen(newsletter: NewsletterBackend): Promise<SendForm> {
  return newsletter.loadSendForm();
}

/** Sent Newsletters at the address's page. */
export async function loadSendsScreen(newsletter: NewsletterBackend, location: ListLocation): Promise<ListScreen<SendsPage>> {
  const list = await newsletter.listSends(location.page);
  if (location.page <= list.total_pages) return { list };
  return { list, redirect: listHref(SENT_PATH, { page: list.total_pages, query: '' }) };
}

export interface SendScreen {
  detail: SendDetailView;
  /** The send's copies in the outbox at the address's page; null when mail is sent, not kept. */
  outbox: SendMessagesPage | null;
}

/** One send of the school (`?id=`): null when it has none of this id. */
export async function loadSendScreen(newsletter: NewsletterBackend, id: number | null, outboxPage: number): Promise<SendScreen | null> {
  const detail = id === null ? null : await orMissing(newsletter.sendDetail(id));
  if (!detail) return null;
  return { detail, outbox: detail.outbox ? await newsletter.listSendMessages(detail.send.id, outboxPage) : null };
}

/** One message of the outbox (`?id=`): null unless a send of the school delivered it. */
export function loadOutboxMessageScreen(newsletter: NewsletterBackend, id: number | null): Promise<OutboxMessage | null> {
  return id === null ? Promise.resolve(null) : orMissing(newsletter.outboxMessage(id));
}

export interface BuilderScreen {
  build: StoredBuild;
  templates: Template[];
  frame: BuilderFrame;
  quota: SendQuota;
}

/**
 * The Newsletter Builder: the build saved last, or `?id=` when it names one of the school's builds
 * (a way back to a given build), the templates, the school's frame and its daily send quota.
 */
export async function loadBuilderScreen(newsletter: NewsletterBackend, asked: number | null): Promise<BuilderScreen> {
  const [latest, frame, quota] = await Promise.all([newsletter.loadBuilder(), newsletter.builderFrame(), newsletter.sendQuota()]);
  const other = asked !== null && asked !== latest.build.id && latest.templates.some((template) => template.id === asked);
  return { build: other ? await newsletter.loadBuild(asked) : latest.build, templates: latest.templates, frame, quota };
}

export interface ConfirmScreen extends SendForm {
  build: StoredBuild;
  /** The email as rendered now (the PDF export prints it). */
  html: string;
}

/** The builder's confirm screen (`?id=`): the stored build, its email and the send form's data; null when the id names no build of the school. */
export async function loadConfirmScreen(newsletter: NewsletterBackend, id: number | null): Promise<ConfirmScreen | null> {
  const build = id === null ? null : await orMissing(newsletter.loadBuild(id));
  if (!build) return null;
  const [form, email] = await Promise.all([newsletter.loadSendForm(), newsletter.renderBuild(build.build)]);
  return { build, html: email.html, ...form };
}
