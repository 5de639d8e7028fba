/**
 * The support screens' and the helpdesk frames' first HTML, loaded over the backend port (the
 * same for both backends; where the frames point: ./frames.ts). The frames are the embedded
 * helpdesk's pages: upstream mode does not show them.
 */
import { Refusal } from '../../../platform/errors';
import type { ArticleSummary } from '../helpdesk-contract';
import type { SupportBackend, TicketsPage, TicketThread } from './backend';

/** My Tickets' first HTML: the page asked for, or the last when it is past the end (`page` says which). */
export async function loadTicketsScreen(support: Pick<SupportBackend, 'listTickets'>, page: number): Promise<TicketsPage & { page: number }> {
  const first = await support.listTickets(page);
  if (page <= first.total_pages) return { ...first, page };
  return { ...(await support.listTickets(first.total_pages)), page: first.total_pages };
}

/** A ticket's frame: its thread, or null when the school has no ticket of that number. */
export async function loadTicketFrame(support: Pick<SupportBackend, 'getTicket'>, number: number): Promise<TicketThread | null> {
  try {
    return await support.getTicket(number);
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

export async function loadKnowledgebaseFrame(support: Pick<SupportBackend, 'searchKnowledgebase'>, query: string): Promise<KnowledgebaseFrame> {
  const articles = await support.searchKnowledgebase(query);
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

/** A number or id of an address: digits only, else null (the page answers 404). */
export function addressNumber(text: string | undefined): number | null {
  return text && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}
