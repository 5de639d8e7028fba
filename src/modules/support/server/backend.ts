/**
 * Support's backend port: what its calls and screens need, whichever backend holds the provider's
 * updates and the school's tickets. The embedded one (./embedded/backend.ts) has everything; the
 * legacy backend (./upstream/backend.ts) has the updates, the changelog and the tickets list only
 * (no service status, threads, new tickets, replies, attachments or knowledgebase).
 */
import type { Announcement, ChangelogItem, ServiceStatus } from '../contract';
import type { ArticleSummary, HelpdeskOption, NewTicketForm, ReplyForm, Ticket, TicketMessage } from '../helpdesk-contract';

export interface TicketsPage {
  tickets: Ticket[];
  /** At least 1. */
  total_pages: number;
  total: number;
}

export interface TicketThread {
  ticket: Ticket;
  messages: TicketMessage[];
}

export interface HelpdeskOptions {
  departments: HelpdeskOption[];
  priorities: HelpdeskOption[];
}

export interface ArticlePage {
  slug: string;
  title: string;
  category: string;
  /** Sanitised HTML. */
  html: string;
  /** Unix seconds. */
  updated: number;
}

export interface SupportBackend {
  /** The provider's latest updates, newest first (/home and the drawer). */
  listUpdates(): Promise<Announcement[]>;
  listChangelog(): Promise<ChangelogItem[]>;
  /** The drawer's 'Servers Status'. */
  serverStatus(): Promise<{ website: ServiceStatus; app: ServiceStatus }>;
  /** A page of the school's tickets (10 a page), last updated first. */
  listTickets(page: number): Promise<TicketsPage>;
  /** One of the school's tickets with its thread (a 404 refusal when the school has none of that number). */
  getTicket(number: number): Promise<TicketThread>;
  /** What the new-ticket form offers. */
  helpdeskOptions(): Promise<HelpdeskOptions>;
  createTicket(form: NewTicketForm): Promise<Ticket>;
  replyToTicket(number: number, form: ReplyForm): Promise<TicketThread & { message: TicketMessage }>;
  setTicketOpen(number: number, action: 'close' | 'reopen'): Promise<Ticket>;
  /** Articles for a search (every article, by category, without one). */
  searchKnowledgebase(query: string | undefined): Promise<ArticleSummary[]>;
  /** One article rendered, or null when there is none of that slug. */
  loadArticle(slug: string): Promise<ArticlePage | null>;
  /** An attachment of the school's ticket as a download, never cached; null when the school has no such attachment. */
  ticketAttachment(number: number, attachmentId: number): Promise<Response | null>;
}
