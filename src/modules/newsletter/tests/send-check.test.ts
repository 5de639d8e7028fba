import { describe, expect, it } from 'vitest';
import { canSend, checkBuild, checkMessage, CHECK_TEXTS, visibleText } from '../send-check';
import { defaultSettings, GMAIL_CLIP_BYTES, type Block, type Build, type CellBlock } from '../builder-rules';

const text = (id: string, html: string): CellBlock => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });
const image = (id: string, url: string, alt = ''): CellBlock => ({ id, type: 'image', data: { url, alt, href: '' }, settings: defaultSettings('image') });
const file = (id: string, url: string): CellBlock => ({ id, type: 'attachment', data: { url, text: 'Upload a file' }, settings: defaultSettings('attachment') });
const columns = (id: string, left: CellBlock[], right: CellBlock[]): Block => ({ id, type: 'columns', data: { elements: [left, right] }, settings: defaultSettings('columns') });
const body = (...blocks: Block[]): Build => [[], blocks, []];

describe('checkBuild, the builder’s checklist', () => {
  it('passes a newsletter with words, a captioned image and a file', () => {
    const problems = checkBuild({ build: body(text('t', '<p>Hello families</p>'), image('i', '/uploads/a.png', 'Our sports day'), file('f', '/uploads/term.pdf')), subject: 'Term 3', bytes: 40_000 });
    expect(problems).toEqual([]);
    expect(canSend(problems)).toBe(true);
  });

  it('blocks on an image without a picture, a file block without a file and a text block without words, naming each block', () => {
    const problems = checkBuild({ build: body(text('t', '<p>Hi</p>'), image('i', ''), file('f', ''), text('e', '<p>&nbsp;<br></p>')) });
    expect(problems.map((p) => [p.level, p.code, p.blockId, p.where])).toEqual([
      ['block', 'empty-image', 'i', 'Body, block 2 (image)'],
      ['block', 'empty-attachment', 'f', 'Body, block 3 (attachment)'],
      ['block', 'empty-text', 'e', 'Body, block 4 (text)'],
    ]);
    expect(problems[0]?.text).toBe(CHECK_TEXTS['empty-image']);
    expect(canSend(problems)).toBe(false);
  });

  it('finds the blocks inside columns, and says which column', () => {
    const problems = checkBuild({ build: [[image('h', '/logo.png', 'Logo')], [columns('c', [text('l', '<p>Left</p>')], [image('r', '')])], []] });
    expect(problems).toEqual([expect.objectContaining({ code: 'empty-image', blockId: 'r', where: 'Body, block 1, right column, block 1 (image)' })]);
  });

  it('blocks an empty newsletter', () => {
    expect(checkBuild({ build: [[], [], []] }).map((p) => [p.level, p.code])).toEqual([['block', 'empty-newsletter']]);
  });

  it('warns (without blocking) on missing alt text, a missing subject and a size past Gmail’s clip; blocking problems come first', () => {
    const problems = checkBuild({ build: body(image('a', '/uploads/a.png', '  '), image('b', '')), subject: ' ', bytes: GMAIL_CLIP_BYTES + 1 });
    expect(problems.map((p) => [p.level, p.code])).toEqual([
      ['block', 'empty-image'],
      ['warn', 'no-alt'],
      ['warn', 'no-subject'],
      ['warn', 'clipped'],
    ]);
    expect(problems[3]?.text).toContain('102.0 KB');
    const warningsOnly = checkBuild({ build: body(image('a', '/uploads/a.png')), subject: '', bytes: GMAIL_CLIP_BYTES + 2048 });
    expect(canSend(warningsOnly)).toBe(true);
    expect(warningsOnly.find((p) => p.code === 'no-subject')?.field).toBe('subject');
  });

  it('says nothing of the subject or the size when they are not known yet (the builder has no subject field)', () => {
    expect(checkBuild({ build: body(text('t', '<p>Hello</p>')) })).toEqual([]);
    expect(checkBuild({ build: body(text('t', '<p>Hello</p>')), bytes: GMAIL_CLIP_BYTES })).toEqual([]);
  });
});

describe('checkMessage, the Simple Newsletter’s checklist', () => {
  it('blocks an empty message, one of only spaces, and an image with no picture', () => {
    expect(checkMessage({ html: '' }).map((p) => [p.level, p.code, p.field])).toEqual([['block', 'empty-message', 'message']]);
    expect(checkMessage({ html: '<p> &nbsp; </p><p><br></p>' }).map((p) => p.code)).toEqual(['empty-message']);
    expect(checkMessage({ html: '<p>Hi</p><img src="" alt="x">' }).map((p) => p.code)).toEqual(['image-src']);
  });

  it('lets a message of one picture go, and warns when pictures lack alt text', () => {
    expect(checkMessage({ html: '<figure><img src="/uploads/a.png" alt="Sports day"></figure>' })).toEqual([]);
    const problems = checkMessage({ html: '<p>Hi</p><img src="/a.png"><img src=\'/b.png\' alt="">' });
    expect(problems.map((p) => [p.level, p.code])).toEqual([['warn', 'no-alt']]);
    expect(problems[0]?.text).toMatch(/^2 images in the message have no alt text/);
  });

  it('warns on a missing subject and a clipped size', () => {
    expect(checkMessage({ html: '<p>Hi</p>', subject: '', bytes: GMAIL_CLIP_BYTES + 10 }).map((p) => p.code)).toEqual(['no-subject', 'clipped']);
  });
});

describe('visibleText', () => {
  it('reads what a reader sees: tags dropped, entities read, spaces folded', () => {
    expect(visibleText('<p>Fish &amp; chips&nbsp;<b>night</b></p><style>p{}</style>')).toBe('Fish & chips night');
    expect(visibleText('<p>&#8203;<br/></p>')).toBe('');
    expect(visibleText('&#x41;&#66;')).toBe('AB');
  });
});
