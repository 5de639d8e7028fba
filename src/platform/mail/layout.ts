import { escapeText } from '../../lib/editor-html/dom';
import type { OutgoingMail } from './message';

/**
 * One email layout for every message that is not a whole document already (system mail, the
 * simple newsletter): a 600 px MJML layout, the sender's name as its heading, the message under
 * it, a <title>, lang and dir on the article wrapper, presentational tables. MJML renders the
 * layout once per process with markers where the parts go; each message fills them in (a string
 * replacement, not an MJML render per copy of a newsletter).
 */
const MARK = { title: '%%PORTAL-MAIL-TITLE%%', heading: '%%PORTAL-MAIL-HEADING%%', body: '%%PORTAL-MAIL-BODY%%' } as const;

const LAYOUT_MJML = [
  '<mjml lang="en" dir="ltr"><mj-head>',
  `<mj-title>${MARK.title}</mj-title>`,
  '<mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" />',
  '<mj-section padding="0" /><mj-text padding="0 25px" font-size="16px" line-height="1.5" color="#1f2933" /></mj-attributes>',
  '<mj-style>.portal-mail-body p{margin:0 0 16px;} .portal-mail-body img{max-width:100%;height:auto;}</mj-style>',
  '</mj-head><mj-body width="600px" background-color="#ffffff">',
  `<mj-section padding="24px 0 16px"><mj-column><mj-text font-size="20px" font-weight="bold" line-height="1.3">${MARK.heading}</mj-text></mj-column></mj-section>`,
  `<mj-section padding="0 0 8px"><mj-column><mj-text css-class="portal-mail-body">${MARK.body}</mj-text></mj-column></mj-section>`,
  '</mj-body></mjml>',
].join('');

let layout: Promise<string> | undefined;

/** The rendered layout with its markers, made on first use (MJML is large: loaded only then). */
function renderedLayout(): Promise<string> {
  layout ??= (async () => {
    const { default: mjml2html } = await import('mjml');
    const result = await mjml2html(LAYOUT_MJML, { validationLevel: 'strict', keepComments: false, ignoreIncludes: true, fonts: {} });
    if (result.errors.length) throw new Error(`MJML refused the mail layout: ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
    // MJML's indentation is a third of the bytes: a line's leading white space goes.
    return result.html.replace(/\n[ \t\r\n]+/g, '\n');
  })();
  layout.catch(() => {
    layout = undefined;
  });
  return layout;
}

/** Whether this HTML is a whole document (the builder's email) rather than a fragment. */
export function isDocument(html: string): boolean {
  return /^\s*(<!doctype\b|<html\b)/i.test(html);
}

/** The message with its HTML as a whole email document (a document already is left as it is). */
export async function asDocument(mail: OutgoingMail): Promise<OutgoingMail> {
  if (isDocument(mail.html)) return mail;
  const parts: Record<string, string> = {
    [MARK.title]: escapeText(mail.subject),
    [MARK.heading]: escapeText(mail.fromName),
    [MARK.body]: mail.html,
  };
  // One pass, so text a message carries is never read as a marker.
  const html = (await renderedLayout()).replace(/%%PORTAL-MAIL-(?:TITLE|HEADING|BODY)%%/g, (marker) => parts[marker] ?? marker);
  return { ...mail, html };
}
