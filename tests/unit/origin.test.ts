import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from '../../src/server/auth/origin';

const request = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

describe('isCrossSiteRequest', () => {
  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
    ['an Origin of the same host', { origin: 'http://localhost:4321' }],
    ['neither header (a non-browser client)', {}],
  ])('lets through %s', (_label, headers) => {
    expect(isCrossSiteRequest(request('http://localhost:4321/api/login', headers))).toBe(false);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['an Origin of another host', { origin: 'https://evil.example' }],
    ['an Origin of another port', { origin: 'http://localhost:9999' }],
    ['an opaque Origin (null)', { origin: 'null' }],
    ['an unparsable Origin', { origin: 'not a url' }],
    ['a sibling sub-domain', { origin: 'http://evil.localhost:4321' }],
  ])('refuses %s', (_label, headers) => {
    expect(isCrossSiteRequest(request('http://localhost:4321/api/login', headers))).toBe(true);
  });

  it('trusts Sec-Fetch-Site over Origin when a browser sends both', () => {
    expect(isCrossSiteRequest(request('http://localhost/x', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' }))).toBe(true);
  });
});
