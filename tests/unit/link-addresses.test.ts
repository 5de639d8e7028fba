import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/platform/config';
import { mayEmailLinks, portalAddress, schoolSiteAddress, sitesAddress } from '../../src/platform/http/link-addresses';

/** The addresses of links that leave the portal: from the configuration, and which requests may produce them. */
const config = (env: Record<string, string>) => parseConfig({ PORTAL_DATA_DIR: '/tmp/portal', ...env });

describe('link addresses', () => {
  it('are PORTAL_URL and PORTAL_SITES_URL when set, whatever the request', () => {
    const c = config({ PORTAL_URL: 'https://portal.example.org/', PORTAL_SITES_URL: 'https://sites.example.org' });
    expect(portalAddress(c)).toBe('https://portal.example.org');
    expect(schoolSiteAddress(c, 'greenfield.sch.uk')).toBe('https://sites.example.org/sites/greenfield.sch.uk');
    expect(mayEmailLinks(c, 'http://attacker.example/api/account/users/add')).toBe(true);
  });

  it('fall back to PORTAL_URL for the sites, and to the address the server listens on without it', () => {
    expect(sitesAddress(config({ PORTAL_URL: 'https://portal.example.org' }))).toBe('https://portal.example.org');
    expect(portalAddress(config({}))).toBe('http://localhost:4321');
    expect(portalAddress(config({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://localhost:8080');
    expect(portalAddress(config({ HOST: '::1', PORT: '80' }))).toBe('http://[::1]');
    expect(sitesAddress(config({ HOST: '127.0.0.1', PORT: '3000' }))).toBe('http://127.0.0.1:3000');
  });

  it('without PORTAL_URL, come only from requests that reached that address (or the sites origin)', () => {
    const c = config({ HOST: '127.0.0.1', PORT: '3000', PORTAL_SITES_URL: 'https://sites.example.org' });
    expect(mayEmailLinks(c, 'http://127.0.0.1:3000/forgot-password')).toBe(true);
    expect(mayEmailLinks(c, 'https://sites.example.org/sites/x/newsletter')).toBe(true);
    for (const url of ['http://attacker.example/forgot-password', 'http://127.0.0.1:3001/forgot-password', 'http://localhost:3000/forgot-password']) {
      expect(mayEmailLinks(c, url), url).toBe(false);
    }
  });
});
