/**
 * The script of the support screens that show a helpdesk frame as the page's content (New
 * Support Ticket, Knowledgebase): each `iframe[data-helpdesk-frame]` is sized to its page, and a
 * ticket created in it moves on to My Tickets, where it is listed first.
 */
import { setFlash } from '../../../../lib/browser/flash';
import { SUPPORT_PATHS, TICKET_CREATED } from '../../rules';
import { watchHelpdeskFrame } from '../stores/frame';

for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-helpdesk-frame]')) {
  watchHelpdeskFrame(frame, frame.dataset.helpdeskOrigin || null, {
    onCreated(number) {
      setFlash(SUPPORT_PATHS.tickets, TICKET_CREATED(number));
      window.location.assign(SUPPORT_PATHS.tickets);
    },
  });
}
