import { describe, expect, it } from 'vitest';
import { absoluteAddresses, attachmentParagraph, newsletterHtml, plainText } from '../server/embedded/sends/compose';
import { isLive, toSendRow } from '../sends';
import { initialTicked } from '../client/stores/send-form';
import type { SendSummary } from '../contract';

describe('a newsletter’s email', () => {
  it('makes site-relative addresses absolute and leaves absolute and protocol-relative ones alone', () => {
    const html = '<p><a href="/sites/demo/posts/a">A</a> <img src="/uploads/demo/x.png" alt=""> <a href="https://example.org/b">B</a> <img src="//cdn.example.org/c.png"></p>';
    expect(absoluteAddresses(html, 'https://portal.example.org/')).toBe(
      '<p><a href="https://portal.example.org/sites/demo/posts/a">A</a> <img src="https://portal.example.org/uploads/demo/x.png" alt=""> <a href="https://example.org/b">B</a> <img src="//cdn.example.org/c.png"></p>',
    );
  });

  it('puts the view link first, escaped', () => {
    expect(newsletterHtml('<p>Hi</p>', 'https://portal.example.org/sites/demo/posts/a?x=1&y="2"', 'https://portal.example.org')).toMatch(
      /^<p[^>]*><a href="https:\/\/portal\.example\.org\/sites\/demo\/posts\/a\?x=1&amp;y=&quot;2&quot;"[^>]*>View in your browser<\/a><\/p><p>Hi<\/p>$/,
    );
  });

  it('writes a plain-text alternative with links and without images', () => {
    const text = plainText('<h2>Sports day</h2><p>On <b>Friday</b>, see <a href="https://example.org/map">the map</a>.</p><img src="x.png" alt="x"><ul><li>Hats</li><li>Water</li></ul>');
    expect(text).toContain('SPORTS DAY');
    expect(text).toContain('On Friday, see the map [https://example.org/map].');
    expect(text).toContain(' * Hats');
    expect(text).not.toContain('x.png');
  });

  it('links an attachment by its name, escaped', () => {
    expect(attachmentParagraph('/uploads/demo/a.pdf', 'Term <dates>.pdf')).toBe('<p><a href="/uploads/demo/a.pdf">Term &lt;dates&gt;.pdf</a></p>');
  });
});

describe('Sent newsletters rows', () => {
  const send = (over: Partial<SendSummary>): SendSummary => ({
    id: 1,
    subject: 'News',
    from: 'Office',
    status: 'sending',
    total: 200,
    counts: { pending: 100, sent: 90, failed: 6, suppressed: 4, cancelled: 0 },
    bounces: { bounced: 0, complained: 0 },
    created_at: 1_750_004_800,
    finished_at: null,
    ...over,
  });

  it('says the progress in numbers and words, in the school’s time', () => {
    const row = toSendRow(send({}), 'Europe/London');
    expect(row.percent).toBe(50);
    expect(row.progressText).toBe('90 of 200 sent, 6 failed, 4 unsubscribed');
    expect(row.date.text).toBe('15/06/25 17:26');
    expect(isLive(row)).toBe(true);
  });

  it('says how many copies bounced or were marked as spam, without counting them into the progress', () => {
    const row = toSendRow(send({ status: 'done', bounces: { bounced: 3, complained: 1 } }), 'UTC');
    expect(row.progressText).toBe('90 of 200 sent, 6 failed, 4 unsubscribed, 3 bounced, 1 marked as spam');
    expect(row.percent).toBe(50);
  });

  it('counts cancelled deliveries as settled, and an empty send as complete', () => {
    expect(toSendRow(send({ status: 'cancelled', counts: { pending: 0, sent: 50, failed: 0, suppressed: 0, cancelled: 150 } }), 'UTC').percent).toBe(100);
    expect(toSendRow(send({ status: 'done', total: 0, counts: { pending: 0, sent: 0, failed: 0, suppressed: 0, cancelled: 0 } }), 'UTC')).toMatchObject({ percent: 100, progressText: '0 of 0 sent' });
  });
});

describe('Simple Newsletter categories', () => {
  it('ticks Newsletters (any case) to start with, and nothing else', () => {
    expect([...initialTicked([{ id: 1, name: 'Newsflash' }, { id: 2, name: 'newsletters ' }, { id: 3, name: 'Sport' }])]).toEqual([2]);
    expect([...initialTicked([{ id: 3, name: 'Sport' }])]).toEqual([]);
  });
});
