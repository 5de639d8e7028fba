import { describe, expect, it } from 'vitest';
import { announcementUrl, isPlaceholderAddress } from '../../src/lib/links';

describe('links to the provider’s sites', () => {
  it('knows the example domains of the defaults (RFC 2606) from real addresses', () => {
    for (const url of ['https://support.example.org', 'https://www.example.org/', 'http://example.com', 'https://help.EXAMPLE.net/x']) expect(isPlaceholderAddress(url), url).toBe(true);
    for (const url of ['https://support.hill.school', 'https://example.org.hill.school', 'https://myexample.org', 'not a url']) {
      expect(isPlaceholderAddress(url), url).toBe(url === 'not a url');
    }
  });

  it('links an announcement on a real support site, and nowhere while it is a placeholder', () => {
    expect(announcementUrl('https://help.hill.school/', 'term dates')).toBe('https://help.hill.school/announcements/term%20dates');
    expect(announcementUrl('https://support.example.org', 'term-dates')).toBeNull();
    expect(announcementUrl('', 'term-dates')).toBeNull();
  });
});
