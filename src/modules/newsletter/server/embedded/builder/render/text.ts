import { convert } from 'html-to-text';

/**
 * The plain-text alternative: the email's readable parts in order (the school's header, each
 * block's text, links as `text [url]`, the school's footer), wrapped at 78 characters.
 */
export function plainText(parts: string[]): string {
  return convert(parts.join('\n'), {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'hr', options: { length: 40 } },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  }).trim();
}

/** The first words of the text (for the inbox preview line when none is given). */
export function firstWords(text: string, max = 140): string {
  const flat = text.replace(/\[[^\]]*\]/g, ' ').replace(/[-=_*]{3,}/g, ' ').replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
