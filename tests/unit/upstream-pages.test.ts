import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config';
import { UPSTREAM_PAGES, upstreamPagesFor } from '../../src/app/upstream/modules';

describe("upstream mode's pages", () => {
  const upstream = { PORTAL_BACKEND: 'upstream', PORTAL_UPSTREAM_URL: 'http://backend.test' };

  it('shows the support frames only with an external helpdesk: the legacy backend has no helpdesk of its own', () => {
    const alone = upstreamPagesFor(parseConfig(upstream));
    expect(alone.has('/support/tickets')).toBe(true);
    expect(alone.has('/support/new')).toBe(false);
    expect(alone.has('/support/knowledgebase')).toBe(false);

    const withHelpdesk = upstreamPagesFor(parseConfig({ ...upstream, PORTAL_HELPDESK_URL: 'https://help.example.org' }));
    expect(withHelpdesk.has('/support/new')).toBe(true);
    expect(withHelpdesk.has('/support/knowledgebase')).toBe(true);
  });

  it('lists every page any settings may show (what the edge build keeps), and each settings’ pages are among them', () => {
    expect(UPSTREAM_PAGES.has('/support/new')).toBe(true);
    expect(UPSTREAM_PAGES.has('/home')).toBe(true);
    expect(UPSTREAM_PAGES.has('/newsletter/sent')).toBe(false);
    for (const page of upstreamPagesFor(parseConfig({ ...upstream, PORTAL_HELPDESK_URL: 'https://help.example.org' }))) expect(UPSTREAM_PAGES.has(page)).toBe(true);
  });
});
