import { describe, expect, it, vi } from 'vitest';
import { showFlash } from '../../../../lib/browser/flash';
import { aFile, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { builderApi } from '../../builder-calls';
import { PDF_EMAILED, PDF_FAILED, PDF_WAIT, POSTED_TO_WEBSITE, SUBJECT_REQUIRED, type Build } from '../../builder-rules';
import { NEWSLETTER_SENT, SEND_FIELDS_REQUIRED, TEST_ADDRESSES_TOO_MANY, testAddressInvalid, testSentText } from '../../rules';
import { createBuilderConfirmStore } from './builder-confirm';
import { createBlock } from './builder/document';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const build: Build = [[], [createBlock('text', () => 'b1')], []];
const CATEGORIES = [
  { id: 3, name: 'Newsletters' },
  { id: 5, name: 'Sports' },
];

const createStore = (test = false) =>
  createBuilderConfirmStore({ build, html: '<html>June</html>', categories: CATEGORIES, schoolName: 'Hill School', testAddresses: ['head@school.test'], test });

describe('The builder’s confirm screen', () => {
  const browser = useFakeBrowser('/newsletter/send/builder/confirm?id=7');

  it('asks for a subject before sending anything', async () => {
    const store = createStore();
    expect(await store.send(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: SEND_FIELDS_REQUIRED, field: 'subject' });
    expect(browser.api.sent).toEqual([]);
  });

  it('sends the saved build to the list with its categories and attachment, then opens the send’s page with its toast', async () => {
    browser.api.answer(builderApi.builderSend, { id: 12, total: 300, post_url: 'https://school.test/?p=4' });
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    store.$form.setKey('subject', 'June news');
    store.toggleCategory(5, true);
    store.setAttachment(aFile('menu.pdf'));

    expect(await store.send(navigate)).toBe(true);

    const form = browser.api.sentTo(builderApi.builderSend)[0]?.form;
    expect(form).toMatchObject({ from: 'Hill School', subject: 'June news', test: '0', category: '{"3":"Newsletters","5":"Sports"}' });
    expect(JSON.parse(String(form?.['build']))).toEqual(build);
    expect((form?.['attachment'] as File | undefined)?.name).toBe('menu.pdf');
    expect(navigate).toHaveBeenCalledWith('/newsletter/sent/view?id=12');
    expect(store.$dirty.get()).toBe(false);
    browser.window.arriveAt('/newsletter/sent/view?id=12');
    showFlash();
    expect(toastTexts()).toEqual([`success: ${NEWSLETTER_SENT}`]);
  });

  it('sends a test to the user’s test addresses only (no categories), and stays', async () => {
    browser.api.answer(builderApi.builderSend, { id: null, total: 1, post_url: null });
    const store = createStore(true);
    const navigate = vi.fn<(path: string) => void>();
    store.$form.setKey('subject', 'June news');

    expect(await store.send(navigate)).toBe(true);

    const form = browser.api.sentTo(builderApi.builderSend)[0]?.form;
    expect(form?.['test']).toBe('1');
    expect(form?.['test_to']).toBe('head@school.test');
    expect(form).not.toHaveProperty('category');
    expect(navigate).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([`success: ${testSentText(['head@school.test'])}`]);
  });

  it('sends a test to the addresses typed, and refuses more than five or one that is no address, keeping what was typed', async () => {
    const store = createStore(true);
    store.$form.setKey('subject', 'June news');
    const six = 'a@s.test, b@s.test, c@s.test, d@s.test, e@s.test, f@s.test';
    store.$form.setKey('testTo', six);
    expect(await store.send(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: TEST_ADDRESSES_TOO_MANY, field: 'testTo' });
    store.$form.setKey('testTo', 'head@school.test, the office');
    expect(await store.send(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: testAddressInvalid('the'), field: 'testTo' });
    expect(store.$form.get().testTo).toBe('head@school.test, the office');
    expect(browser.api.sent).toEqual([]);

    browser.api.answer(builderApi.builderSend, { id: null, total: 2, post_url: null });
    store.$form.setKey('testTo', 'head@school.test, office@school.test');
    expect(await store.send(() => undefined)).toBe(true);
    expect(browser.api.sentTo(builderApi.builderSend)[0]?.form?.['test_to']).toBe('head@school.test, office@school.test');
    expect(toastTexts().at(-1)).toBe('success: Your test email has been sent to 2 addresses: head@school.test, office@school.test.');
  });

  it('keeps the form and shows the server’s reason when the send is refused', async () => {
    browser.api.refuse(builderApi.builderSend, { message: 'The subject cannot contain line breaks.' });
    const store = createStore();
    store.$form.setKey('subject', 'June news');

    expect(await store.send(() => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: 'The subject cannot contain line breaks.' });
    expect(toastTexts()).toEqual(['error: The subject cannot contain line breaks.']);
    expect(store.$busy.get()).toBeNull();
    expect(store.$form.get().subject).toBe('June news');
  });

  it('publishes to the website: a subject first, then the post’s address', async () => {
    browser.api.answer(builderApi.builderWebsite, { post_url: 'https://school.test/?p=5' });
    const store = createStore();

    expect(await store.publish()).toBe(false);
    expect(store.$error.get()).toEqual({ text: SUBJECT_REQUIRED, field: 'subject' });
    expect(browser.api.sent).toEqual([]);

    store.$form.setKey('subject', 'June news');
    expect(await store.publish()).toBe(true);
    expect(browser.api.sentTo(builderApi.builderWebsite)[0]?.form).toMatchObject({ subject: 'June news', category: '{"3":"Newsletters"}' });
    expect(store.$postUrl.get()).toBe('https://school.test/?p=5');
    expect(store.$error.get()).toEqual({ text: '' });
    expect(toastTexts()).toEqual([`error: ${SUBJECT_REQUIRED}`, `success: ${POSTED_TO_WEBSITE}`]);
  });

  it('titles the PDF with the subject when one is typed', async () => {
    browser.api.answer(builderApi.builderDownload, {});
    const store = createStore();
    store.$form.setKey('subject', ' June news ');
    expect(await store.downloadPdf()).toBe(true);
    expect(browser.api.sentTo(builderApi.builderDownload)[0]?.body).toEqual({ html: '<html>June</html>', subject: 'June news' });
  });

  it('asks for the PDF of the rendered email, and says the PDF’s own failure text whatever went wrong', async () => {
    browser.api.answer(builderApi.builderDownload, {});
    const store = createStore();

    expect(await store.downloadPdf()).toBe(true);
    expect(browser.api.sentTo(builderApi.builderDownload)[0]?.body).toEqual({ html: '<html>June</html>' });
    expect(toastTexts()).toEqual([`info: ${PDF_WAIT}`, `success: ${PDF_EMAILED}`]);

    browser.api.refuse(builderApi.builderDownload, { message: 'Failed! Your school already has 3 PDFs on their way.' });
    expect(await store.downloadPdf()).toBe(false);
    expect(toastTexts().slice(2)).toEqual([`info: ${PDF_WAIT}`, `error: ${PDF_FAILED}`]);
  });

  it('runs one action at a time', async () => {
    const held = browser.api.hold(builderApi.builderDownload);
    const store = createStore();
    store.$form.setKey('subject', 'June news');

    const pdf = store.downloadPdf();
    expect(store.$busy.get()).toBe('pdf');
    expect(await store.publish()).toBe(false);
    expect(await store.send(() => undefined)).toBe(false);
    held.answer({});
    expect(await pdf).toBe(true);
    expect(browser.api.sent.map((c) => c.path)).toEqual(['/api/newsletter/send/builder/download']);
  });
});
