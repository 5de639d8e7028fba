import { describe, expect, it, vi } from 'vitest';
import { showFlash } from '../../../../lib/browser/flash';
import { aFile, dismissedToasts, toastTexts, useFakeBrowser } from '../../../../ui/stores/test-support';
import { websiteApi } from '../../../website';
import { newsletterApi } from '../../calls';
import { NEWSLETTER_SENT, REPLY_TO_INVALID, SEND_FIELDS_REQUIRED, TEST_ADDRESSES_TOO_MANY } from '../../rules';
import { createSimpleSendStore } from './simple-send';

vi.mock('../../../../lib/browser/toast', () => import('../../../../ui/stores/test-support').then((m) => m.fakeToastModule));

const CATEGORIES = [
  { id: 3, name: 'Newsletters' },
  { id: 5, name: 'Sports' },
  { id: 8, name: 'Newsflash' },
];

const createStore = () => createSimpleSendStore({ categories: CATEGORIES, schoolName: 'Hill School', testAddresses: ['head@school.test'] });
const message = (html: string) => () => Promise.resolve(html);

describe('Simple Newsletter', () => {
  const browser = useFakeBrowser('/newsletter/send/simple');

  it('starts from the school’s name and the Newsletters category, with nothing to lose yet', () => {
    const store = createStore();
    expect(store.$form.get()).toEqual({ from: 'Hill School', subject: '', replyTo: '', testTo: 'head@school.test' });
    expect([...store.$ticked.get()]).toEqual([3]);
    expect(store.$dirty.get()).toBe(false);

    store.$form.setKey('subject', 'June news');
    expect(store.$dirty.get()).toBe(true);
  });

  it('asks for a subject (and a from name) before sending anything', async () => {
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();

    expect(await store.send(message('<p>Hello</p>'), navigate)).toBe(false);
    expect(store.$error.get()).toEqual({ text: SEND_FIELDS_REQUIRED, field: 'subject' });

    store.$form.set({ from: ' ', subject: 'June news', replyTo: '', testTo: '' });
    expect(await store.send(message('<p>Hello</p>'), navigate)).toBe(false);
    expect(store.$error.get()).toEqual({ text: SEND_FIELDS_REQUIRED, field: 'from' });

    expect(toastTexts()).toEqual([`error: ${SEND_FIELDS_REQUIRED}`, `error: ${SEND_FIELDS_REQUIRED}`]);
    expect(browser.api.sent).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
    // The from name typed: both fields are filled, so the error and its toast go before the next try.
    store.$form.setKey('from', 'Demo School');
    expect(store.$error.get()).toEqual({ text: '' });
    expect(dismissedToasts).toEqual([`error: ${SEND_FIELDS_REQUIRED}`]);
  });

  it('sends from, subject, message, the ticked categories and the attachment, then opens the send’s page with its toast', async () => {
    browser.api.answer(newsletterApi.sendSimple, { id: 42, total: 300, post_url: 'https://school.test/?p=9' });
    const store = createStore();
    const navigate = vi.fn<(path: string) => void>();
    store.$form.setKey('subject', 'June news');
    store.toggleCategory(5, true);
    store.toggleCategory(3, false);
    store.toggleCategory(8, true);
    store.setAttachment(aFile('menu.pdf', '%PDF', 'application/pdf'));

    expect(await store.send(message('<p>Hello</p>'), navigate)).toBe(true);

    const [call] = browser.api.sentTo(newsletterApi.sendSimple);
    expect(call?.form).toMatchObject({ from: 'Hill School', subject: 'June news', message: '<p>Hello</p>', category: '{"5":"Sports","8":"Newsflash"}' });
    expect((call?.form?.['attachment'] as File | undefined)?.name).toBe('menu.pdf');
    // Linked unless asked otherwise.
    expect(call?.form?.['attachment_mode']).toBe('link');
    expect(navigate).toHaveBeenCalledWith('/newsletter/sent/view?id=42');
    // Leaving is safe now; the send's page says it was sent.
    expect(store.$dirty.get()).toBe(false);
    browser.window.arriveAt('/newsletter/sent/view?id=42');
    showFlash();
    expect(toastTexts()).toEqual([`success: ${NEWSLETTER_SENT}`]);
  });

  it('keeps everything typed and shows the server’s reason when the send is refused', async () => {
    browser.api.refuse(newsletterApi.sendSimple, { message: 'Failed! Your school has 20 emails left today.' });
    const store = createStore();
    store.$form.setKey('subject', 'June news');

    expect(await store.send(message('<p>Hello</p>'), () => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: 'Failed! Your school has 20 emails left today.' });
    expect(toastTexts()).toEqual(['error: Failed! Your school has 20 emails left today.']);
    expect(store.$form.get()).toEqual({ from: 'Hill School', subject: 'June news', replyTo: '', testTo: 'head@school.test' });
    expect(store.$dirty.get()).toBe(true);
    expect(store.$sending.get()).toBe(false);
  });

  it('starts Reply-to from the school’s last one, sends it trimmed, and sends none when emptied', async () => {
    browser.api.answer(newsletterApi.sendSimple, { id: 7, total: 3, post_url: 'https://school.test/?p=2' });
    const store = createSimpleSendStore({ categories: CATEGORIES, schoolName: 'Hill School', replyTo: 'office@hill.example' });
    expect(store.$form.get().replyTo).toBe('office@hill.example');
    store.$form.setKey('subject', 'June news');
    store.$form.setKey('replyTo', '  head@hill.example ');
    expect(await store.send(message('<p>Hello</p>'), () => undefined)).toBe(true);
    expect(browser.api.sentTo(newsletterApi.sendSimple)[0]?.form).toMatchObject({ reply_to: 'head@hill.example' });

    const again = createSimpleSendStore({ categories: CATEGORIES, schoolName: 'Hill School', replyTo: 'office@hill.example' });
    again.$form.setKey('subject', 'July news');
    again.$form.setKey('replyTo', ' ');
    expect(await again.send(message('<p>Hello</p>'), () => undefined)).toBe(true);
    expect(browser.api.sentTo(newsletterApi.sendSimple)[1]?.form).not.toHaveProperty('reply_to');
  });

  it('refuses a Reply-to that is not an address, on the field, sending nothing; the server’s refusal of one points there too', async () => {
    const store = createStore();
    store.$form.setKey('subject', 'June news');
    store.$form.setKey('replyTo', 'the office');
    expect(await store.send(message('<p>Hello</p>'), () => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: REPLY_TO_INVALID, field: 'replyTo' });
    expect(browser.api.sent).toEqual([]);

    browser.api.refuse(newsletterApi.sendSimple, { message: REPLY_TO_INVALID, field: 'reply_to', status: 400 });
    store.$form.setKey('replyTo', 'office@hill.example');
    expect(await store.send(message('<p>Hello</p>'), () => undefined)).toBe(false);
    expect(store.$error.get()).toEqual({ text: REPLY_TO_INVALID, field: 'replyTo' });
    expect(store.$form.get().replyTo).toBe('office@hill.example');
  });

  it('attaches the file to every copy when asked; without a file it says nothing of how', async () => {
    browser.api.answer(newsletterApi.sendSimple, { id: 8, total: 3, post_url: 'https://school.test/?p=3' });
    const store = createStore();
    store.$form.setKey('subject', 'June news');
    store.$attachmentMode.set('attach');
    expect(await store.send(message('<p>Hello</p>'), () => undefined)).toBe(true);
    expect(browser.api.sentTo(newsletterApi.sendSimple)[0]?.form).not.toHaveProperty('attachment_mode');

    const withFile = createStore();
    withFile.$form.setKey('subject', 'July news');
    withFile.setAttachment(aFile('menu.pdf', '%PDF', 'application/pdf'));
    withFile.$attachmentMode.set('attach');
    expect(await withFile.send(message('<p>Hello</p>'), () => undefined)).toBe(true);
    expect(browser.api.sentTo(newsletterApi.sendSimple)[1]?.form).toMatchObject({ attachment_mode: 'attach' });
  });

  it('sends nothing when the message cannot be read from the editor', async () => {
    const store = createStore();
    store.$form.setKey('subject', 'June news');

    expect(await store.send(() => Promise.reject(new Error('editor gone')), () => undefined)).toBe(false);
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
    expect(browser.api.sent).toEqual([]);
    expect(store.$sending.get()).toBe(false);
  });

  it('uploads an image for the message: its address, or null after the toast', async () => {
    browser.api.answer(websiteApi.uploadBuilderMedia, { media: { id: 1, source_url: '/uploads/s/photo.png', title: { rendered: 'photo' }, mime_type: 'image/png' } });
    const store = createStore();

    expect(await store.uploadImage(aFile('photo.png', 'png', 'image/png'))).toBe('/uploads/s/photo.png');
    expect((browser.api.sentTo(websiteApi.uploadBuilderMedia)[0]?.form?.['file'] as File | undefined)?.name).toBe('photo.png');

    browser.api.refuse(websiteApi.uploadBuilderMedia, { message: 'The file is too large.', status: 413 });
    expect(await store.uploadImage(aFile('huge.png'))).toBeNull();
    expect(toastTexts()).toEqual(['error: Failed! Please try again!']);
  });

  it('sends a test to the test addresses (no categories, no post), keeps the form, and says where it went', async () => {
    browser.api.answer(newsletterApi.sendSimpleTest, { total: 2, to: ['head@school.test', 'office@school.test'] });
    const store = createStore();
    store.$form.setKey('subject', 'June news');
    store.$form.setKey('testTo', 'head@school.test, office@school.test');
    store.setAttachment(aFile('menu.pdf'));

    expect(await store.sendTest(message('<p>Hello</p>'))).toBe(true);

    const form = browser.api.sentTo(newsletterApi.sendSimpleTest)[0]?.form;
    expect(form).toMatchObject({ from: 'Hill School', subject: 'June news', message: '<p>Hello</p>', test_to: 'head@school.test, office@school.test', attachment_mode: 'link' });
    expect(form).not.toHaveProperty('category');
    expect(toastTexts()).toEqual(['success: Your test email has been sent to 2 addresses: head@school.test, office@school.test.']);
    expect(browser.api.sentTo(newsletterApi.sendSimple)).toEqual([]);
    expect(store.$form.get().subject).toBe('June news');
  });

  it('refuses a test to more than five addresses before calling, keeping what was typed', async () => {
    const store = createStore();
    store.$form.setKey('subject', 'June news');
    store.$form.setKey('testTo', 'a@s.test b@s.test c@s.test d@s.test e@s.test f@s.test');
    expect(await store.sendTest(message('<p>Hello</p>'))).toBe(false);
    expect(store.$error.get()).toEqual({ text: TEST_ADDRESSES_TOO_MANY, field: 'testTo' });
    expect(store.$form.get().testTo).toBe('a@s.test b@s.test c@s.test d@s.test e@s.test f@s.test');
    expect(browser.api.sent).toEqual([]);
  });

  it('renders the email for the preview with the subject and the from name', async () => {
    browser.api.answer(newsletterApi.previewSimple, { html: '<!doctype html><p>Hello</p>', bytes: 27 });
    const store = createStore();
    store.$form.setKey('subject', 'June news');
    expect(await store.render('<p>Hello</p>')).toEqual({ html: '<!doctype html><p>Hello</p>', bytes: 27 });
    expect(browser.api.sentTo(newsletterApi.previewSimple)[0]?.body).toEqual({ message: '<p>Hello</p>', subject: 'June news', from: 'Hill School' });
  });
});
