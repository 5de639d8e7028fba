import { describe, expect, it } from 'vitest';
import { cutText } from '../rules';
import { reachText, toNotificationRow } from '../notifications';

/** What App > Send Notification shows of a notification, and how it cuts a post's title and excerpt to the limits. */
describe('app notifications', () => {
  it('says how far a notification reached, while it goes out and once done', () => {
    expect(reachText({ status: 'sending', devices: 5, delivered: 2 })).toBe('Sending… 2 of 5');
    expect(reachText({ status: 'done', devices: 5, delivered: 4 })).toBe('4 of 5 devices');
    expect(reachText({ status: 'done', devices: 1, delivered: 1 })).toBe('1 of 1 device');
    expect(reachText({ status: 'done', devices: 0, delivered: 0 })).toBe('No devices subscribed');
  });

  it('dates a row in the portal’s time zone', () => {
    const row = toNotificationRow(
      { id: 1, sentAt: 1_750_004_800, title: 't', message: 'm', postId: 2, postTitle: 'p', url: '/x', devices: 1, delivered: 1, status: 'done' },
      'Europe/London',
    );
    expect(row.sent).toEqual({ iso: '2025-06-15T16:26:40.000Z', text: '15/06/25 17:26' });
  });

  it('cuts a text at a word break with an ellipsis, within the limit', () => {
    expect(cutText('short', 10)).toBe('short');
    expect(cutText('Sports day is on Friday this week', 20)).toBe('Sports day is on…');
    expect(cutText('Sports day is on Friday this week', 20).length).toBeLessThanOrEqual(20);
    // One long word is cut inside it rather than losing everything.
    expect(cutText('Supercalifragilisticexpialidocious', 10)).toBe('Supercali…');
  });
});
