import sanitizeHtml from 'sanitize-html';

/**
 * Sanitiser for short provider texts (changelog bodies): formatting and links only.
 * Module content (posts, newsletters) gets its own, wider allow-list in its module.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'code', 'blockquote', 'h4', 'h5', 'h6'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}
