import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeTextColour, contrastRatio, helpdeskMessage, HELPDESK_MESSAGE_SOURCE } from '../rules';
import { contentSecurityPolicy } from '../../../platform/http/security-headers';
import { helpdeskFrames } from '../server/frames';
import { parseConfig } from '../../../platform/config';
import { searchWords, slugFromTitle } from '../server/embedded/knowledgebase/service';
import { formErrorOf } from '../client/stores/new-ticket';
import { ticketFrameUrl } from '../client/stores/frame';

/** Support's pure rules: badge contrast, the frames' messages and addresses, their CSP, search words. */
describe('ticket badges', () => {
  it('pick black or white text that reaches 4.5:1 on any colour', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const background = `#${n.toString(16).padStart(6, '0')}`;
        expect(contrastRatio(background, badgeTextColour(background))).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('write white on the seeded dark colours and black on the light ones', () => {
    expect(badgeTextColour('#206bc4')).toBe('#ffffff');
    expect(badgeTextColour('#d63939')).toBe('#ffffff');
    expect(badgeTextColour('#f59f00')).toBe('#000000');
    expect(badgeTextColour('#2fb344')).toBe('#000000');
  });
});

describe('helpdesk frame messages', () => {
  it('read the helpdesk’s messages and nothing else', () => {
    const source = HELPDESK_MESSAGE_SOURCE;
    expect(helpdeskMessage({ source, type: 'height', height: 512 })).toEqual({ source, type: 'height', height: 512 });
    expect(helpdeskMessage({ source, type: 'created', number: 482913 })).toEqual({ source, type: 'created', number: 482913 });
    expect(helpdeskMessage({ source, type: 'escape' })).toEqual({ source, type: 'escape' });
    expect(helpdeskMessage({ source, type: 'measure' })).toEqual({ source, type: 'measure' });
    for (const data of [
      null,
      'height',
      { type: 'height', height: 5 },
      { source, type: 'height', height: 'tall' },
      { source, type: 'created', number: 1.5 },
      { source, type: 'navigate', to: '/' },
    ]) {
      expect(helpdeskMessage(data)).toBeNull();
    }
  });

  it('fill a ticket’s number into the frames’ address', () => {
    expect(ticketFrameUrl('/helpdesk/tickets/{number}', 482913)).toBe('/helpdesk/tickets/482913');
  });
});

describe('the frames’ addresses and policy', () => {
  it('are the portal’s own helpdesk by default, an external helpdesk with PORTAL_HELPDESK_URL', () => {
    expect(helpdeskFrames(parseConfig({}))).toEqual({
      newTicket: '/helpdesk/new',
      ticketTemplate: '/helpdesk/tickets/{number}',
      knowledgebase: '/helpdesk/knowledgebase',
      externalOrigin: null,
    });
    expect(helpdeskFrames(parseConfig({ PORTAL_HELPDESK_URL: 'https://help.example.org/desk/' }))).toEqual({
      newTicket: 'https://help.example.org/desk/new',
      ticketTemplate: 'https://help.example.org/desk/tickets/{number}',
      knowledgebase: 'https://help.example.org/desk/knowledgebase',
      externalOrigin: 'https://help.example.org',
    });
    expect(() => parseConfig({ PORTAL_HELPDESK_URL: 'ftp://help.example.org' })).toThrow(/PORTAL_HELPDESK_URL must be an http\(s\) address/);
  });

  it('let a page add its external helpdesk to frame-src, and nothing but origins', () => {
    const frameSrc = (policy: string) => policy.split('; ').find((d) => d.startsWith('frame-src '));
    const own = contentSecurityPolicy("script-src 'self'", 'portal', undefined);
    expect(frameSrc(own)).toMatch(/^frame-src 'self' /);
    const withHelpdesk = contentSecurityPolicy("script-src 'self'; frame-src https://help.example.org", 'portal', undefined);
    expect(frameSrc(withHelpdesk)).toBe(`${frameSrc(own)} https://help.example.org`);
    const junk = contentSecurityPolicy("script-src 'self'; frame-src * 'unsafe-inline' data:", 'portal', undefined);
    expect(frameSrc(junk)).toBe(frameSrc(own));
    expect(withHelpdesk).toContain("frame-ancestors 'self'");
  });
});

describe('knowledgebase words and slugs', () => {
  it('search lowercased words without accents or punctuation, eight at most', () => {
    expect(searchWords('  Café, RÉSUMÉ & 100%!  ')).toEqual(['cafe', 'resume', '100']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('% _ --')).toEqual([]);
  });

  it('make slugs from titles', () => {
    expect(slugFromTitle('Sending a Simple Newsletter!')).toBe('sending-a-simple-newsletter');
    expect(slugFromTitle('Māori ——  week')).toBe('maori-week');
  });
});

describe('form refusals', () => {
  const refused = (message: string, field?: string) => ({ success: false as const, isAuthFailed: false, message, ...(field ? { field } : {}) });
  it('are shown at the field the failure names, when the form has it', () => {
    expect(formErrorOf(refused('subject: Please enter a subject.', 'subject'), ['subject', 'message'])).toEqual({ field: 'subject', message: 'Please enter a subject.' });
    expect(formErrorOf(refused('Please choose a department.', 'department'), ['department'])).toEqual({ field: 'department', message: 'Please choose a department.' });
    expect(formErrorOf(refused('The file is empty.'), ['subject'])).toEqual({ message: 'The file is empty.' });
    expect(formErrorOf(refused('subject: x'), ['subject'])).toEqual({ message: 'subject: x' });
    expect(formErrorOf(refused('other: x', 'other'), ['subject'])).toEqual({ message: 'other: x' });
  });
});
