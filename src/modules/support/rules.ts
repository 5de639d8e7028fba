/**
 * Support's plain rules and texts (no zod): the helpdesk's limits and messages, the colour rule of
 * the ticket badges, the frames' message protocol and the tours' constants. Islands import these
 * without shipping the schemas; the contract re-exports them.
 */

/** Spec section 9: My Tickets shows 10 tickets a page. */
export const TICKETS_PAGE_SIZE = 10;

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 20_000;
/** How many words a knowledgebase search looks for (more are ignored). */
export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_LENGTH = 200;

/** What the helpdesk's forms and calls say. */
export const SUBJECT_REQUIRED = 'Please enter a subject.';
export const MESSAGE_REQUIRED = 'Please write a message.';
export const DEPARTMENT_REQUIRED = 'Please choose a department.';
export const PRIORITY_REQUIRED = 'Please choose a priority.';
export const TICKET_NOT_FOUND = 'That ticket was not found.';
export const TICKET_CLOSED = 'This ticket is closed. Reopen it to reply.';
export const TICKET_CREATED = (number: number) => `Success! Ticket #${number} has been created.`;
export const REPLY_SENT = 'Your reply has been added to the ticket.';

/** A ticket is named by its number: six digits, the same for the school and the provider. */
export const TICKET_NUMBER_MIN = 100_000;
export const TICKET_NUMBER_MAX = 999_999;

/**
 * The embedded helpdesk's pages (the frames of /support/new, My Tickets' dialog and
 * /support/knowledgebase), served by the portal itself. PORTAL_HELPDESK_URL points the three
 * frames at an external helpdesk's `<url>/new`, `<url>/tickets/<number>` and `<url>/knowledgebase` instead.
 */
export const HELPDESK_PATHS = {
  base: '/helpdesk',
  newTicket: '/helpdesk/new',
  ticket: (number: number) => `/helpdesk/tickets/${number}`,
  knowledgebase: '/helpdesk/knowledgebase',
  article: (slug: string) => `/helpdesk/knowledgebase/${encodeURIComponent(slug)}`,
  attachment: (number: number, id: number) => `/helpdesk/tickets/${number}/attachments/${id}`,
} as const;

/** The support screens (spec section 2, Support). */
export const SUPPORT_PATHS = {
  tickets: '/support/tickets',
  newTicket: '/support/new',
  help: '/support/help',
  knowledgebase: '/support/knowledgebase',
} as const;

/** `?ticket=N` on My Tickets opens that ticket's dialog (the reply email links there). */
export const TICKET_QUERY = 'ticket';

/**
 * The helpdesk frames talk to the page around them with `postMessage`: their height (the frame
 * is sized to its content), that a ticket was created or changed, and Escape pressed inside it. An external helpdesk
 * (PORTAL_HELPDESK_URL) may send the same messages; the page checks their origin.
 */
export const HELPDESK_MESSAGE_SOURCE = 'staff-portal-helpdesk';
export type HelpdeskMessage =
  | { source: typeof HELPDESK_MESSAGE_SOURCE; type: 'height'; height: number }
  | { source: typeof HELPDESK_MESSAGE_SOURCE; type: 'created'; number: number }
  | { source: typeof HELPDESK_MESSAGE_SOURCE; type: 'changed'; number: number }
  // Escape pressed inside the frame: a dialog around it closes, as for Escape outside it.
  | { source: typeof HELPDESK_MESSAGE_SOURCE; type: 'escape' }
  // From the page to its frame: report your height now (the frame may have reported before the page listened).
  | { source: typeof HELPDESK_MESSAGE_SOURCE; type: 'measure' };

/** Reads a message event's data as one of the helpdesk's messages, or null. */
export function helpdeskMessage(data: unknown): HelpdeskMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== HELPDESK_MESSAGE_SOURCE) return null;
  if (message.type === 'height' && typeof message.height === 'number' && Number.isFinite(message.height)) {
    return { source: HELPDESK_MESSAGE_SOURCE, type: 'height', height: message.height };
  }
  if ((message.type === 'created' || message.type === 'changed') && Number.isSafeInteger(message.number)) {
    return { source: HELPDESK_MESSAGE_SOURCE, type: message.type, number: message.number as number };
  }
  if (message.type === 'escape' || message.type === 'measure') return { source: HELPDESK_MESSAGE_SOURCE, type: message.type };
  return null;
}

/** `#rrggbb`: how the helpdesk keeps a priority's or status's colour. */
export const COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG's relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG's contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour of a badge on `background` (a colour from the data): black or white, whichever
 * contrasts more. One of them always reaches 4.5:1, what normal text needs (WCAG AA).
 */
export function badgeTextColour(background: string): '#000000' | '#ffffff' {
  if (!COLOUR_PATTERN.test(background)) return '#ffffff';
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

/* ---- Guided tours ---- */

/** Spec sections 4 and 9: a tour moves on 500 ms after the click. */
export const TOUR_CLICK_DELAY_MS = 500;
/** The areas /support/help groups the tours by, in its order. */
export const TOUR_AREAS = ['Account', 'Website', 'Support', 'App'] as const;
export type TourArea = (typeof TOUR_AREAS)[number];
/** When the tour's script cannot be loaded (a network failure). */
export const TOUR_FAILED = 'The tour could not be loaded. Please try again.';
/** `?tour=<id>` on a page: a tour is under way in this tab, and the page loads the tour runner. */
export const TOUR_QUERY = 'tour';
/** A tour's id: what hopscotch accepts (a letter, then letters, digits, hyphens, underscores). */
export const TOUR_ID_PATTERN = /^[a-z][a-z0-9_-]{0,40}$/;
