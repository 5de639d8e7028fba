import { escapeAttribute, escapeText } from '../../../../../../lib/editor-html/dom';

/**
 * The few checks every value a build carries passes on its way into the email. The contract's
 * schema already refuses bad colours and addresses; these hold even for a build that never went
 * through it (a stored row, a caller's own), so no value can close an attribute or start a tag.
 */

export { escapeAttribute, escapeText };

/**
 * The document with `title` as its <title> (MJML leaves it empty): what a mail client shows for a
 * message opened in a browser, and the PDF's title (it was the internal address).
 */
export function withTitle(html: string, title: string): string {
  const element = `<title>${escapeText(title)}</title>`;
  if (/<title>[^<]*<\/title>/i.test(html)) return html.replace(/<title>[^<]*<\/title>/i, () => element);
  return html.replace(/<head>/i, (head) => `${head}${element}`);
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A `#rrggbb` colour, or '' (none) for anything else. */
export function colour(value: string): string {
  return COLOUR.test(value) ? value.toLowerCase() : '';
}

/** A whole number of pixels within 0..max (NaN and negatives are 0). */
export function px(value: number, max = 2000): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(0, Math.round(value))) : 0;
}

/** An address an email may point at: http(s), or site-relative (made absolute by whoever sends it); '' for anything else. */
export function safeUrl(value: string): string {
  const url = value.trim();
  return /^(https?:\/\/|\/)/i.test(url) ? url : '';
}

/** `<tag a="v" …>` from attributes, each value escaped; `undefined` and '' leave an attribute out. */
export function attrs(values: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === '') continue;
    out += ` ${name}="${escapeAttribute(String(value))}"`;
  }
  return out;
}

/** A style attribute's text from declarations; empty values are left out. */
export function style(declarations: Record<string, string | number | undefined>): string {
  return Object.entries(declarations)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
