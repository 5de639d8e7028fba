import type { Db } from '../../db';
import type { SchoolContext } from '../../context';
import { Refusal } from '../../errors';
import type { ArticleSummary } from '../../../contracts/support-helpdesk';
import { fileResponse } from '../../media/serve';
import { findAttachmentFile, getTicket, helpdeskOptions, listTickets, type HelpdeskOptions, type TicketsPage, type TicketThread } from '../tickets/service';
import { attachmentPath } from '../tickets/attachments';
import { loadArticle, searchKnowledgebase, type ArticlePage } from '../knowledgebase/service';

/** The support screens' and the helpdesk frames' page loaders (where the frames point: ./frames.ts). */

/** My Tickets' first HTML: the page asked for, or the last when it is past the end (`page` says which). */
export async function loadTicketsScreen(ctx: SchoolContext, page: number): Promise<TicketsPage & { page: number }> {
  const first = await listTickets(ctx, page);
  if (page <= first.total_pages) return { ...first, page };
  return { ...(await listTickets(ctx, first.total_pages)), page: first.total_pages };
}

/** The new-ticket frame: the departments and priorities to choose from. */
export function loadNewTicketFrame(ctx: SchoolContext): Promise<HelpdeskOptions> {
  return helpdeskOptions(ctx);
}

/** A ticket's frame: its thread, or null when the school has no ticket of that number. */
export async function loadTicketFrame(ctx: SchoolContext, number: number): Promise<TicketThread | null> {
  try {
    return await getTicket(ctx, number);
  } catch (err) {
    if (err instanceof Refusal && err.status === 404) return null;
    throw err;
  }
}

export interface KnowledgebaseFrame {
  query: string;
  /** Search results (title matches first), or every article when there is no search. */
  articles: ArticleSummary[];
  /** Without a search: the articles by category, in the categories' order. */
  categories: Array<{ name: string; articles: ArticleSummary[] }>;
}

export async function loadKnowledgebaseFrame(db: Db, query: string): Promise<KnowledgebaseFrame> {
  const articles = await searchKnowledgebase(db, query);
  const categories: KnowledgebaseFrame['categories'] = [];
  if (!query.trim()) {
    for (const article of articles) {
      const last = categories.at(-1);
      if (last?.name === article.category) last.articles.push(article);
      else categories.push({ name: article.category, articles: [article] });
    }
  }
  return { query, articles, categories };
}

export function loadArticleFrame(db: Db, slug: string): Promise<ArticlePage | null> {
  return loadArticle(db, slug);
}

/** A number or id of an address: digits only, else null (the page answers 404). */
export function addressNumber(text: string | undefined): number | null {
  return text && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * An attachment of the school's ticket as a download (images and PDFs shown inline, anything else
 * a sandboxed download), never cached; null when the school has no such attachment.
 */
export async function attachmentDownload(ctx: SchoolContext, dataDir: string, number: number, attachmentId: number): Promise<Response | null> {
  const attachment = await findAttachmentFile(ctx, number, attachmentId);
  if (!attachment) return null;
  const response = await fileResponse({
    path: attachmentPath(dataDir, ctx.domain.id, attachment.stored_name),
    mimeType: attachment.mime_type,
    downloadName: attachment.name,
  });
  // A school's private file: no shared or long-lived caching, unlike the public uploads.
  response?.headers.set('Cache-Control', 'private, no-store');
  return response;
}
