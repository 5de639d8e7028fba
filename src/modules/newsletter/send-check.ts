/**
 * The pre-send checklist (issue 29 §2 "Nothing goes out looking broken"): what would make a
 * newsletter or its test arrive broken. Pure, zod-free and browser-safe: the builder, its send
 * screen, the Simple Newsletter and the builder's send call (which refuses the blocking ones)
 * all ask the same questions.
 *
 * - `block`: the email would show a hole ("Image" in a grey cell, an attachment link to nowhere,
 *   an empty box) or nothing at all; it cannot go until fixed.
 * - `warn`: it goes, but worse than it could (no alt text, no subject, clipped by Gmail); sending
 *   asks "Send anyway".
 */
import { BLOCK_LABELS, GMAIL_CLIP_BYTES, REGIONS, REGION_LABELS, type Block, type Build, type CellBlock } from './builder-rules';

export type ProblemLevel = 'block' | 'warn';

export type ProblemCode = 'empty-newsletter' | 'empty-image' | 'empty-attachment' | 'empty-text' | 'empty-message' | 'image-src' | 'no-alt' | 'no-subject' | 'clipped';

export interface SendProblem {
  level: ProblemLevel;
  code: ProblemCode;
  /** What is wrong and how to fix it, as the checklist shows it. */
  text: string;
  /** Where it is: "Body, block 2 (left column)"; absent when the problem is the whole email's. */
  where?: string;
  /** The builder block to select, when the problem is one block's. */
  blockId?: string;
  /** The form field to focus, when the problem is a field's (the Simple Newsletter, the send screens). */
  field?: 'subject' | 'message';
}

export const CHECK_TEXTS = {
  'empty-newsletter': 'The newsletter has nothing in it yet: add a block.',
  'empty-image': 'This image block has no image: upload one, or delete the block.',
  'empty-attachment': 'This attachment block has no file: upload one, or delete the block.',
  'empty-text': 'This text block has no text: write some, or delete the block.',
  'empty-message': 'The message is empty: write something to send.',
  'image-src': 'An image in the message has no picture: remove it and insert it again.',
  'no-alt': 'This image has no alt text: readers whose mail hides images, and screen readers, get nothing.',
  'no-subject': 'There is no subject: the inbox will show “(no subject)”.',
} as const satisfies Partial<Record<ProblemCode, string>>;

/** 1 KB = 1024 bytes, as Gmail counts its 102 KB; one decimal. */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export const clippedText = (bytes: number) => `The email is ${kilobytes(bytes)}: Gmail clips messages over 102 KB, and readers see “[Message clipped]” and a link instead of the end.`;

/** The server refuses a send or test with a blocking problem (the first one's text). */
export const sendBlockedText = (problem: SendProblem) => `Failed! ${problem.where ? `${problem.where}: ` : ''}${problem.text}`;

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The words an HTML fragment shows (tags dropped, entities read): '' when it shows none. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    })
    .replace(/[\s\u00a0\u200b\ufeff]+/g, ' ')
    .trim();
}

/** Problems ordered as the checklist shows them: blocking first, then each in document order. */
function ordered(problems: SendProblem[]): SendProblem[] {
  return [...problems.filter((p) => p.level === 'block'), ...problems.filter((p) => p.level === 'warn')];
}

function subjectAndSize(subject: string | undefined, bytes: number | undefined): SendProblem[] {
  const problems: SendProblem[] = [];
  if (subject !== undefined && !subject.trim()) problems.push({ level: 'warn', code: 'no-subject', text: CHECK_TEXTS['no-subject'], field: 'subject' });
  if (bytes !== undefined && bytes > GMAIL_CLIP_BYTES) problems.push({ level: 'warn', code: 'clipped', text: clippedText(bytes) });
  return problems;
}

function blockProblems(block: CellBlock, where: string): SendProblem[] {
  const at = (level: ProblemLevel, code: keyof typeof CHECK_TEXTS): SendProblem => ({ level, code, text: CHECK_TEXTS[code], where, blockId: block.id });
  switch (block.type) {
    case 'image':
      if (!block.data.url.trim()) return [at('block', 'empty-image')];
      return block.data.alt.trim() ? [] : [at('warn', 'no-alt')];
    case 'attachment':
      return block.data.url.trim() ? [] : [at('block', 'empty-attachment')];
    case 'text':
      return visibleText(block.data.html) ? [] : [at('block', 'empty-text')];
    default:
      return [];
  }
}

export interface BuildCheckInput {
  build: Build;
  /** The subject, once there is a form for it (the send screen); the builder has none. */
  subject?: string;
  /** The rendered email's size (the preview's measurement), when known. */
  bytes?: number;
}

/** The builder's checklist: every block, those in columns too, then the subject and the size. */
export function checkBuild({ build, subject, bytes }: BuildCheckInput): SendProblem[] {
  const problems: SendProblem[] = [];
  let blocks = 0;
  REGIONS.forEach((region, r) => {
    (build[r] as Block[]).forEach((block, index) => {
      blocks += 1;
      const where = `${REGION_LABELS[region]}, block ${index + 1}`;
      if (block.type !== 'columns') {
        problems.push(...blockProblems(block, `${where} (${BLOCK_LABELS[block.type].toLowerCase()})`));
        return;
      }
      block.data.elements.forEach((cell, side) =>
        cell.forEach((inner, i) => {
          blocks += 1;
          problems.push(...blockProblems(inner, `${where}, ${side === 0 ? 'left' : 'right'} column, block ${i + 1} (${BLOCK_LABELS[inner.type].toLowerCase()})`));
        }),
      );
    });
  });
  if (blocks === 0) problems.push({ level: 'block', code: 'empty-newsletter', text: CHECK_TEXTS['empty-newsletter'] });
  return ordered([...problems, ...subjectAndSize(subject, bytes)]);
}

export interface MessageCheckInput {
  /** The Simple Newsletter's message (the rich-text area's HTML). */
  html: string;
  subject?: string;
  bytes?: number;
}

/** The Simple Newsletter's checklist: the message has something in it, its images a picture and alt text; the subject; the size. */
export function checkMessage({ html, subject, bytes }: MessageCheckInput): SendProblem[] {
  const problems: SendProblem[] = [];
  const images = html.match(/<img\b[^>]*>/gi) ?? [];
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  const value = (match: RegExpExecArray | null) => (match ? (match[2] ?? match[3] ?? match[4] ?? '') : null);
  // A table, a video or an embedded frame shows something even without words.
  if (!visibleText(html) && images.length === 0 && !/<(table|iframe|video|hr)\b/i.test(html)) {
    problems.push({ level: 'block', code: 'empty-message', text: CHECK_TEXTS['empty-message'], field: 'message' });
  }
  let missingAlt = 0;
  for (const tag of images) {
    if (!value(attribute(tag, 'src'))?.trim()) problems.push({ level: 'block', code: 'image-src', text: CHECK_TEXTS['image-src'], field: 'message' });
    else if (!value(attribute(tag, 'alt'))?.trim()) missingAlt += 1;
  }
  if (missingAlt) {
    problems.push({
      level: 'warn',
      code: 'no-alt',
      text: missingAlt === 1 ? 'An image in the message has no alt text: readers whose mail hides images, and screen readers, get nothing.' : `${missingAlt} images in the message have no alt text: readers whose mail hides images, and screen readers, get nothing.`,
      field: 'message',
    });
  }
  return ordered([...problems, ...subjectAndSize(subject, bytes)]);
}

/** True when nothing blocks: the send may go (after "Send anyway" when there are warnings). */
export const canSend = (problems: readonly SendProblem[]) => problems.every((p) => p.level !== 'block');
