import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, hardeningHeaders } from '../../src/platform/http/security-headers';
import { decideOrigin } from '../../src/platform/http/site-origin';

/** A policy as a map of directive name to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const ASTRO = "script-src 'self' 'sha256-island='; style-src 'self' 'unsafe-inline' ;";

describe('contentSecurityPolicy', () => {
  it("keeps Astro's script hashes, adds the theme hash, and never allows inline script", () => {
    const policy = directives(contentSecurityPolicy(ASTRO, 'portal', undefined, ['sha256-theme=']));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-island='", "'sha256-theme='"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets the portal be framed only by itself, and never loads plugins or rebases links', () => {
    const policy = directives(contentSecurityPolicy(ASTRO, 'portal', undefined));
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Fetches go to the portal itself, and to object URLs of files the user picked (Uppy's previews).
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:']);
  });

  it('is stricter on a public site: nothing by default, no frames of it, forms, fetches and workers only to itself', () => {
    const policy = directives(contentSecurityPolicy(ASTRO, 'public-site', 'https://sites.example.org'));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    // The App's 'Get notifications': the manifest, the service worker and the subscribe call, all of the site itself.
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toContain('https://www.youtube.com');
  });

  it("lets portal pages show images of the sites origin, where uploads then live", () => {
    const policy = directives(contentSecurityPolicy(ASTRO, 'portal', 'https://sites.example.org'));
    expect(policy.get('img-src')).toContain('https://sites.example.org');
  });

  it("without Astro's policy, still allows only this origin's scripts", () => {
    const policy = directives(contentSecurityPolicy(null, 'public-site', undefined));
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('names each directive once', () => {
    const names = contentSecurityPolicy(ASTRO, 'portal', undefined)
      .split(';')
      .map((part) => part.trim().split(/\s+/)[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('hardeningHeaders', () => {
  it('forbid sniffing and framing by others on every kind of page', () => {
    expect(hardeningHeaders('portal')).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'SAMEORIGIN', 'Referrer-Policy': 'same-origin' });
    expect(hardeningHeaders('public-site')).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' });
  });
});

describe('decideOrigin', () => {
  const SITES = 'https://sites.example.org';
  const at = (url: string) => decideOrigin(new URL(url), SITES);

  it('serves everything on one origin when no sites origin is set', () => {
    expect(decideOrigin(new URL('https://portal.example.org/sites/demo.school'), undefined)).toEqual({ action: 'serve' });
  });

  it('sends public paths asked of the portal to the sites origin, keeping path and query', () => {
    expect(at('https://portal.example.org/sites/demo.school/posts/hello?x=1')).toEqual({
      action: 'redirect',
      location: 'https://sites.example.org/sites/demo.school/posts/hello?x=1',
    });
    expect(at('https://portal.example.org/uploads/demo.school/a.png')).toEqual({ action: 'redirect', location: 'https://sites.example.org/uploads/demo.school/a.png' });
  });

  it('serves public paths and their static files on the sites origin', () => {
    expect(at('https://sites.example.org/sites/demo.school')).toEqual({ action: 'serve' });
    expect(at('https://sites.example.org/uploads/demo.school/a.png')).toEqual({ action: 'serve' });
    expect(at('https://sites.example.org/_astro/slider.js')).toEqual({ action: 'serve' });
  });

  it.each(['/login', '/home', '/api/api/user', '/api/logout', '/website/posts', '/'])('has no portal on the sites origin: %s is not found', (path) => {
    expect(at(`https://sites.example.org${path}`)).toEqual({ action: 'not-found' });
  });

  it('serves the portal on its own origin', () => {
    expect(at('https://portal.example.org/home')).toEqual({ action: 'serve' });
    expect(at('https://portal.example.org/api/api/user')).toEqual({ action: 'serve' });
  });

  it('does not take a look-alike path for a public one', () => {
    expect(at('https://portal.example.org/sitesx/demo')).toEqual({ action: 'serve' });
  });
});
