/**
 * The support module's upstream service: the provider's updates and changelog and the school's
 * tickets from the legacy backend, mapped to the contract's types (what the embedded service
 * returns). The legacy backend only lists tickets: threads, new tickets and the knowledgebase
 * are the embedded helpdesk's (capability 'support.helpdesk', not declared here).
 */
import type { Announcement, ChangelogItem } from '../../contract';
import { COLOUR_PATTERN, TICKETS_PAGE_SIZE, type Badge, type Ticket } from '../../helpdesk-contract';
import { sanitizedOrEmpty } from '../../../../platform/html/html';
import type { UpstreamScope } from '../../../../platform/upstream/client';
import type { TicketsPage } from '../backend';
import { legacyChangelogAnswer, legacyTicketsAnswer, legacyUpdatesAnswer, type LegacyBadge, type LegacyTicket } from './legacy';

/** As many as the embedded service shows (UPDATES_SHOWN). */
const UPDATES_SHOWN = 10;
/** A badge whose colour the portal cannot read: neutral grey (white text on it passes 4.5:1). */
const FALLBACK_COLOUR = '#667382';
/** Statuses that close a ticket, by name (the legacy backend has no flag for it). */
const CLOSED_STATUS = /^(closed|resolved)$/i;

/** GET /api/support/updates: newest first, as the embedded list is. */
export async function listUpdates(up: UpstreamScope): Promise<Announcement[]> {
  const answer = await up.json({ method: 'GET', path: '/api/support/updates' }, legacyUpdatesAnswer);
  return answer.data
    .map((a) => ({ published_at: a.published_at, title: a.title, excerpt: a.excerpt, slug: a.slug }))
    .sort((a, b) => b.published_at - a.published_at)
    .slice(0, UPDATES_SHOWN);
}

/** GET /api/support/changelog: its text sanitised as the embedded rows are. */
export async function listChangelog(up: UpstreamScope): Promise<ChangelogItem[]> {
  const answer = await up.json({ method: 'GET', path: '/api/support/changelog' }, legacyChangelogAnswer);
  return answer.data.slice(0, UPDATES_SHOWN).map((item) => ({ slug: item.slug, title: item.title, text: sanitizedOrEmpty(item.text) }));
}

/** '#rrggbb' as the badges want it: '#rgb' widened, anything else (a colour word) the neutral grey. */
export function badgeColour(value: string | undefined): string {
  const colour = (value ?? '').trim().toLowerCase();
  if (COLOUR_PATTERN.test(colour)) return colour;
  if (/^#[0-9a-f]{3}$/.test(colour)) return `#${[...colour.slice(1)].map((c) => c + c).join('')}`;
  return FALLBACK_COLOUR;
}

function toBadge(badge: LegacyBadge): Badge {
  return { name: badge.name, colour: badgeColour(badge.colour ?? badge.color) };
}

export function toTicket(ticket: LegacyTicket): Ticket {
  const status = toBadge(ticket.status);
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    department: ticket.department,
    priority: toBadge(ticket.priority),
    status,
    date_updated: ticket.date_updated,
    closed: CLOSED_STATUS.test(status.name.trim()),
  };
}

/** GET /api/support/tickets: the legacy backend answers every ticket of the school; the portal orders them, last updated first. */
export async function listAllTickets(up: UpstreamScope): Promise<Ticket[]> {
  const answer = await up.json({ method: 'GET', path: '/api/support/tickets' }, legacyTicketsAnswer);
  return answer.tickets.map(toTicket).sort((a, b) => b.date_updated - a.date_updated || b.number - a.number);
}

/** A page of the tickets, cut from the whole list. */
export function ticketsPage(tickets: readonly Ticket[], page: number): TicketsPage {
  const total = tickets.length;
  return {
    tickets: tickets.slice((page - 1) * TICKETS_PAGE_SIZE, page * TICKETS_PAGE_SIZE),
    total_pages: Math.max(1, Math.ceil(total / TICKETS_PAGE_SIZE)),
    total,
  };
}
