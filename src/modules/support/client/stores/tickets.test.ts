import { describe, expect, it, vi } from 'vitest';
import { toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { helpdeskApi } from '../../helpdesk-calls';
import type { Ticket } from '../../helpdesk-contract';
import { createTicketsStore } from './tickets';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const ticket = (number: number, subject: string): Ticket => ({
  id: number,
  number,
  subject,
  department: 'Technical',
  priority: { name: 'Medium', colour: '#f59f00' },
  status: { name: 'Open', colour: '#2fb344' },
  date_updated: 1_750_000_000,
  closed: false,
});

const createStore = (open: number | null = null) =>
  createTicketsStore({ tickets: [ticket(100_001, 'Printer'), ticket(100_002, 'Login')], page: 1, totalPages: 2, total: 12, open });

describe('My Tickets', () => {
  const browser = useFakeBrowser('/support/tickets');

  it('shows another page of tickets, the page in the address', async () => {
    browser.api.answer(helpdeskApi.tickets, { tickets: [ticket(100_011, 'Wi-Fi')], total_pages: 2, total: 12 });
    const store = createStore();

    expect(await store.goToPage(2)).toBe(true);
    expect(browser.api.sentTo(helpdeskApi.tickets).map((c) => c.url)).toEqual(['/api/support/tickets?page=2']);
    expect(store.$list.get().rows.map((t) => t.subject)).toEqual(['Wi-Fi']);
    expect(browser.window.steps).toEqual(['push /support/tickets?page=2']);
  });

  it('keeps the page, with the generic toast, when another cannot be loaded', async () => {
    browser.api.refuse(helpdeskApi.tickets);
    const store = createStore();

    expect(await store.goToPage(2)).toBe(false);
    expect(store.$list.get().rows).toHaveLength(2);
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
  });

  it('opens a ticket in the dialog with its subject, the address naming it, and closes it again', () => {
    browser.window.arriveAt('/support/tickets?page=2');
    const store = createStore();

    store.openTicket(100_002);
    expect(store.$open.get()).toEqual({ number: 100_002, subject: 'Login' });
    expect(browser.window.location.search).toBe('?page=2&ticket=100002');

    store.closeTicket();
    expect(store.$open.get()).toBeNull();
    expect(browser.window.steps).toEqual(['replace /support/tickets?page=2&ticket=100002', 'replace /support/tickets?page=2']);
  });

  it('opens the ticket the address names at once, even one not on the page', () => {
    expect(createStore(100_001).$open.get()).toEqual({ number: 100_001, subject: 'Printer' });
    expect(createStore(100_999).$open.get()).toEqual({ number: 100_999, subject: null });
  });
});
