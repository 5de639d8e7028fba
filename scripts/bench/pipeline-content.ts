/**
 * What the bench's 'pipeline' section sends (scripts/bench/pipeline.ts seeds the recipients, the
 * sending process scripts/bench/pipeline-sender.ts sends to them): one simple newsletter of the
 * usual size, the same bytes through the portal's pipeline and through the bare nodemailer pool.
 */
import { newsletterHtml, plainText } from '../../src/modules/newsletter/server/embedded/sends/compose';
import type { NewsletterContent } from '../../src/modules/newsletter/server/embedded/sends/service';

export const PORTAL_ORIGIN = 'https://portal.example.org';
const SITE_ORIGIN = 'https://sites.example.org';

/** The i-th member of a bench school. */
export function recipientOf(i: number): { email: string; name: string } {
  return { email: `parent${i}@families.example.org`, name: `Parent ${i}` };
}

const PARAGRAPH =
  '<p>Dear parents and carers, sports day moves to Friday afternoon because of the forecast. Children should come to school in their PE kit and bring a named water bottle, a sun hat and sun cream.</p>';
const POST = `<h2>Sports day</h2>${PARAGRAPH.repeat(6)}<ul><li>1:30 pm: races</li><li>2:45 pm: relays</li><li>3:15 pm: awards</li></ul>`;
const VIEW_URL = `${SITE_ORIGIN}/sites/bench.school/2026/06/sports-day`;

/** A simple newsletter as sendSimpleNewsletter composes one (about 2 KB of HTML, its text alternative). */
export const NEWSLETTER: NewsletterContent = {
  fromName: 'Bench Primary School',
  subject: 'Sports day moves to Friday',
  html: newsletterHtml(POST, VIEW_URL, SITE_ORIGIN),
  text: `View in your browser: ${VIEW_URL}\n\n${plainText(POST)}`,
};

/** What the sending process reports. Bytes are RSS, in bytes. */
export interface SenderResult {
  mode: 'pipeline' | 'bare';
  messages: number;
  /** Not sent (failed, or still pending at the end). */
  failed: number;
  /** From the start of the send to the last message's outcome. */
  seconds: number;
  /** CPU time (user + system) the sending process spent meanwhile. */
  cpuSeconds: number;
  /** Of which: writing the send and its audience (startSend). */
  queueSeconds: number;
  /** Before the send: the process ready, the members in the database. */
  idleRss: number;
  /** The highest of the 50 ms samples during the send. */
  peakRss: number;
  /** The kernel's high-water mark (VmHWM) since the idle figure, when it could be reset. */
  peakRssKernel: number | null;
  /** V8's heap (what it has reserved) before and at most during the send: most of the growth. */
  idleHeapTotal: number;
  peakHeapTotal: number;
}
