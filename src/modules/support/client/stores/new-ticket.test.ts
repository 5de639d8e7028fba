import { describe, expect, it, vi } from 'vitest';
import { aFile, ORIGIN, useFakeBrowser } from '../../../../ui/stores/test-support';
import { helpdeskApi } from '../../helpdesk-calls';
import type { Ticket } from '../../helpdesk-contract';
import { DEPARTMENT_REQUIRED, HELPDESK_MESSAGE_SOURCE, MESSAGE_REQUIRED, SUBJECT_REQUIRED } from '../../rules';
import { createNewTicketStore } from './new-ticket';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const ticket: Ticket = {
  id: 1,
  number: 100_234,
  subject: 'Printer',
  department: 'Technical',
  priority: { name: 'Medium', colour: '#f59f00' },
  status: { name: 'Open', colour: '#2fb344' },
  date_updated: 1_750_000_000,
  closed: false,
};

const createStore = () =>
  createNewTicketStore({
    departments: [
      { id: 1, name: 'Billing' },
      { id: 2, name: 'Technical' },
    ],
    priorities: [
      { id: 3, name: 'Low' },
      { id: 4, name: 'Medium' },
      { id: 5, name: 'High' },
    ],
    maxUploadMb: 1,
  });

function fill(store: ReturnType<typeof createStore>) {
  store.setField('subject', 'Printer');
  store.setField('department', '2');
  store.setField('message', 'It jams.');
}

describe('New ticket (framed in Support > New Ticket)', () => {
  const browser = useFakeBrowser('/helpdesk/new', { framed: true });

  it('starts at Medium priority with no department chosen', () => {
    expect(createStore().$form.get()).toEqual({ subject: '', department: '', priority: '4', message: '' });
  });

  it('checks each field before sending, one at a time, and a fix clears its mark', async () => {
    const store = createStore();

    expect(await store.submit(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ field: 'subject', message: SUBJECT_REQUIRED });
    store.setField('subject', 'Printer');
    expect(store.$error.get()).toBeNull();

    expect(await store.submit(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ field: 'department', message: DEPARTMENT_REQUIRED });
    store.setField('department', '2');
    expect(await store.submit(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ field: 'message', message: MESSAGE_REQUIRED });
    expect(browser.api.sent).toEqual([]);
  });

  it('says at once when a chosen file is too large or empty, and sends nothing with it', async () => {
    const store = createStore();
    fill(store);

    store.setAttachment(aFile('scan.pdf', 'x'.repeat(1024 * 1024 + 1)));
    expect(store.$error.get()).toEqual({ field: 'attachment', message: 'The file is too large. Files can be at most 1 MB.' });
    expect(await store.submit(() => undefined)).toBe(false);

    store.setAttachment(aFile('empty.txt', ''));
    expect(store.$error.get()).toEqual({ field: 'attachment', message: 'The file is empty.' });
    store.setAttachment(null);
    expect(store.$error.get()).toBeNull();
    expect(browser.api.sent).toEqual([]);
  });

  it('sends the ticket, tells the page around its number and shows the ticket', async () => {
    browser.api.answer(helpdeskApi.newTicket, { ticket });
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    fill(store);
    store.setAttachment(aFile('photo.jpg', 'jpg', 'image/jpeg'));

    expect(await store.submit(navigate)).toBe(true);

    const form = browser.api.sentTo(helpdeskApi.newTicket)[0]?.form;
    expect(form).toMatchObject({ subject: 'Printer', department: '2', priority: '4', message: 'It jams.' });
    expect((form?.['attachment'] as File | undefined)?.name).toBe('photo.jpg');
    expect(browser.window.posted).toEqual([{ message: { source: HELPDESK_MESSAGE_SOURCE, type: 'created', number: 100_234 }, targetOrigin: ORIGIN }]);
    expect(navigate).toHaveBeenCalledWith('/helpdesk/tickets/100234');
    expect(store.$sending.get()).toBe(false);
  });

  it('shows the server’s refusal at the field it names, the form kept', async () => {
    browser.api.refuse(helpdeskApi.newTicket, { message: 'subject: A subject is one line of text.', code: 'invalid', field: 'subject' });
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    fill(store);

    expect(await store.submit(navigate)).toBe(false);
    expect(store.$error.get()).toEqual({ field: 'subject', message: 'A subject is one line of text.' });

    // A service's refusal says just the sentence; its field comes beside it.
    browser.api.refuse(helpdeskApi.newTicket, { message: DEPARTMENT_REQUIRED, code: 'unknown_department', field: 'department' });
    expect(await store.submit(navigate)).toBe(false);
    expect(store.$error.get()).toEqual({ field: 'department', message: DEPARTMENT_REQUIRED });

    // Words that look like a field's name mark nothing without the field.
    browser.api.refuse(helpdeskApi.newTicket, { message: 'subject: not a field refusal' });
    expect(await store.submit(navigate)).toBe(false);
    expect(store.$error.get()).toEqual({ message: 'subject: not a field refusal' });
    expect(store.$form.get().subject).toBe('Printer');
    expect(browser.window.posted).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();

    browser.api.dropConnection(helpdeskApi.newTicket);
    expect(await store.submit(navigate)).toBe(false);
    expect(store.$error.get()).toEqual({ message: 'Failed! Please try again!' });
  });
});

describe('New ticket (opened on its own)', () => {
  const browser = useFakeBrowser('/helpdesk/new');

  it('tells no page around it, and still shows the ticket', async () => {
    browser.api.answer(helpdeskApi.newTicket, { ticket });
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    fill(store);

    expect(await store.submit(navigate)).toBe(true);
    expect(browser.window.posted).toEqual([]);
    expect(navigate).toHaveBeenCalledWith('/helpdesk/tickets/100234');
  });
});
