import { describe, expect, it, vi } from 'vitest';
import { aFile, ORIGIN, useFakeBrowser } from '../../../../ui/stores/test-support';
import { helpdeskApi } from '../../helpdesk-calls';
import type { Ticket, TicketMessage } from '../../helpdesk-contract';
import { HELPDESK_MESSAGE_SOURCE, MESSAGE_REQUIRED, REPLY_SENT, TICKET_CLOSED } from '../../rules';
import { createThreadStore } from './thread';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const ticket = (closed: boolean): Ticket => ({
  id: 1,
  number: 100_234,
  subject: 'Printer',
  department: 'Technical',
  priority: { name: 'Medium', colour: '#f59f00' },
  status: closed ? { name: 'Closed', colour: '#667382' } : { name: 'Open', colour: '#2fb344' },
  date_updated: 1_750_000_000,
  closed,
});

const message = (id: number, body: string): TicketMessage => ({ id, author: 'staff', author_name: 'Head', body, date_created: 1_750_000_000 + id, attachments: [] });

const createStore = (closed = false) => createThreadStore({ ticket: ticket(closed), messages: [message(1, 'It jams.')], maxUploadMb: 1 });
const changed = { message: { source: HELPDESK_MESSAGE_SOURCE, type: 'changed', number: 100_234 }, targetOrigin: ORIGIN };

describe('A ticket’s thread', () => {
  const browser = useFakeBrowser('/helpdesk/tickets/100234', { framed: true });

  it('asks for a message before sending a reply', async () => {
    const store = createStore();
    store.setReply('   ');
    expect(await store.reply()).toBe(false);
    expect(store.$error.get()).toEqual({ field: 'message', message: MESSAGE_REQUIRED });
    store.setReply('Still jams');
    expect(store.$error.get()).toBeNull();
    expect(browser.api.sent).toEqual([]);
  });

  it('sends a reply with its attachment; the thread shows it, the box empties, the page around refreshes', async () => {
    browser.api.answer(helpdeskApi.replyTicket, { ticket: ticket(false), message: message(2, 'Still jams') });
    const store = createStore();
    store.setReply('Still jams');
    store.setAttachment(aFile('jam.jpg'));

    expect(await store.reply()).toBe(true);

    const [call] = browser.api.sentTo(helpdeskApi.replyTicket);
    expect(call?.path).toBe('/api/support/tickets/100234/reply');
    expect(call?.form?.['message']).toBe('Still jams');
    expect((call?.form?.['attachment'] as File | undefined)?.name).toBe('jam.jpg');
    expect(store.$messages.get().map((m) => m.body)).toEqual(['It jams.', 'Still jams']);
    expect(store.$reply.get()).toBe('');
    expect(store.$attachment.get()).toBeNull();
    expect(store.$notice.get()).toBe(REPLY_SENT);
    expect(browser.window.posted).toEqual([changed]);
  });

  it('keeps the reply and says why when it is refused', async () => {
    browser.api.refuse(helpdeskApi.replyTicket, { message: TICKET_CLOSED });
    const store = createStore();
    store.setReply('Still jams');

    expect(await store.reply()).toBe(false);
    expect(store.$error.get()).toEqual({ message: TICKET_CLOSED });
    expect(store.$reply.get()).toBe('Still jams');
    expect(store.$busy.get()).toBe(false);
    expect(browser.window.posted).toEqual([]);
  });

  it('closes and reopens the ticket, saying so and telling the page around', async () => {
    browser.api.answer(helpdeskApi.ticketStatus, { ticket: ticket(true) }).answer(helpdeskApi.ticketStatus, { ticket: ticket(false) });
    const store = createStore();

    expect(await store.setOpen(false)).toBe(true);
    expect(store.$ticket.get().closed).toBe(true);
    expect(store.$notice.get()).toBe('The ticket has been closed.');
    expect(await store.setOpen(true)).toBe(true);
    expect(store.$notice.get()).toBe('The ticket has been reopened.');

    expect(browser.api.sentTo(helpdeskApi.ticketStatus).map((c) => c.body)).toEqual([{ action: 'close' }, { action: 'reopen' }]);
    expect(browser.window.posted).toEqual([changed, changed]);
  });

  it('does one thing at a time', async () => {
    const held = browser.api.hold(helpdeskApi.ticketStatus);
    const store = createStore();
    store.setReply('Thanks');

    const closing = store.setOpen(false);
    expect(store.$busy.get()).toBe(true);
    expect(await store.reply()).toBe(false);
    held.answer({ ticket: ticket(true) });
    expect(await closing).toBe(true);
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/support/tickets/100234/status']);
  });
});
