/** Addresses of a school's public site: its home, a post, a page (`/sites/<label>/...`). */

function encodeSlug(slug: string): string {
  return encodeURIComponent(slug);
}

export function postUrl(label: string, slug: string): string {
  return `/sites/${label}/posts/${encodeSlug(slug)}`;
}

export function pageUrl(label: string, slug: string): string {
  return `/sites/${label}/${encodeSlug(slug)}`;
}

export function siteUrl(label: string): string {
  return `/sites/${label}`;
}
