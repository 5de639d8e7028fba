import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest, isPortalScriptRequest } from '../../src/platform/auth/origin';

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

describe('isPortalScriptRequest', () => {
  const get = (headers: Record<string, string>) => new Request('http://localhost:4321/api/logout', { headers });

  it.each([
    ['a fetch of a same-origin script', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    ['a same-origin-mode fetch', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'same-origin', 'sec-fetch-dest': 'empty' }],
    ['the portal header without Fetch Metadata (older browser)', { 'x-portal-client': '1' }],
  ])('accepts %s', (_label, headers) => {
    expect(isPortalScriptRequest(get(headers))).toBe(true);
  });

  it.each([
    ['an <img> of a same-origin page', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }],
    ['a followed link', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
    ['a same-origin frame', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    ['a same-site (sibling host) fetch', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    // Fetch Metadata wins: an image cannot become a script call by also naming the header.
    ['an image that also carries the portal header', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', 'x-portal-client': '1' }],
    ['the portal header from another Origin', { 'x-portal-client': '1', origin: 'https://evil.example' }],
    ['no Fetch Metadata and no portal header', {}],
  ])('refuses %s', (_label, headers) => {
    expect(isPortalScriptRequest(get(headers))).toBe(false);
  });
});
