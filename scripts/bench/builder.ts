/**
 * Section 'builder' of `npm run bench`: the server render time of the newsletter builder's email
 * (src/modules/newsletter/server/embedded/builder/render: MJML 5, sanitising, the plain-text alternative) for a
 * realistic 50-block newsletter, in process: p50 and p95 over many renders after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { defaultSettings, type Block, type Build, type CellBlock } from '../../src/modules/newsletter/builder-contract';
import { renderEmail } from '../../src/modules/newsletter/server/embedded/builder/render';

export const RENDERS = 200;
const WARMUP = 30;

const PARAGRAPH =
  '<p>This week our Year 4 classes visited the <strong>science museum</strong>, where they built circuits, tested bridges and asked the guides ' +
  'a great many questions. <em>Thank you</em> to the parents who came along to help: we could not run trips like this without you. ' +
  'Photos are on <a href="https://hillside.example.org/gallery">the school website</a>.</p>';

let n = 0;
const id = (kind: string) => `${kind}-${++n}`;
const text = (html: string): CellBlock => ({ id: id('text'), type: 'text', data: { html }, settings: defaultSettings('text') });
const image = (height = 0): CellBlock => ({
  id: id('image'),
  type: 'image',
  data: { url: `https://hillside.example.org/media/photo-${n}.jpg`, alt: 'Children at the science museum', href: 'https://hillside.example.org/gallery' },
  settings: { ...defaultSettings('image'), height, imageFit: 'cover' },
});
const attachment = (label: string): CellBlock => ({ id: id('file'), type: 'attachment', data: { url: `https://hillside.example.org/media/${n}.pdf`, text: label }, settings: defaultSettings('attachment') });
const divider = (): CellBlock => ({ id: id('divider'), type: 'divider', data: {}, settings: defaultSettings('divider') });
const spacer = (): CellBlock => ({ id: id('spacer'), type: 'spacer', data: {}, settings: defaultSettings('spacer') });
const columns = (left: CellBlock[], right: CellBlock[], columnSize: '6,6' | '4,8' | '8,4'): Block => ({
  id: id('columns'),
  type: 'columns',
  data: { elements: [left, right] },
  settings: { ...defaultSettings('columns'), columnSize, borderCenter: 1 },
});

/** 50 blocks, cells counted: a header of 2, five stories of 9 (one a columns block of 4 cells), a footer of 3. */
export function fiftyBlocks(): Build {
  n = 0;
  const sizes = ['6,6', '4,8', '8,4', '6,6', '4,8'] as const;
  const body = sizes.flatMap((size, i): Block[] => [
    text(`<h2>Story ${i + 1}: the week in Year ${i + 2}</h2>${PARAGRAPH}`),
    image(i % 2 ? 220 : 0),
    columns([image(), text(PARAGRAPH)], [text(`<h3 style="color:#1a5ba6">Dates</h3><ul><li>Monday: swimming</li><li>Thursday: choir</li></ul>`), attachment('Trip letter (PDF)')], size),
    divider(),
    spacer(),
  ]);
  return [
    [image(), text('<p style="text-align:center;font-size:14px">Hillside Primary · Weekly newsletter</p>')],
    body,
    [divider(), text(`<p style="font-size:12px">${'You are receiving this because you joined the Hillside mailing list. '.repeat(2)}</p>`), attachment('Term dates')],
  ];
}

export function countBlocks(build: Build): number {
  return build.flat().reduce((count, block) => count + 1 + (block.type === 'columns' ? block.data.elements[0].length + block.data.elements[1].length : 0), 0);
}

export interface BuilderFigures {
  blocks: number;
  renders: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  bytes: number;
}

const FRAME = {
  header: '<p><img src="https://hillside.example.org/media/crest.png" alt="Hillside crest" width="80" height="80"></p><h1 style="font-size:24px">Hillside Primary</h1>',
  footer: '<p style="font-size:12px;color:#4a5665">Hillside Primary School · 1 School Lane · <a href="https://hillside.example.org">hillside.example.org</a></p>',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchBuilder(renders = RENDERS): Promise<BuilderFigures> {
  const build = fiftyBlocks();
  let bytes = 0;
  for (let i = 0; i < WARMUP; i++) bytes = (await renderEmail(build, FRAME, { preheader: 'This week at Hillside' })).bytes;
  const times: number[] = [];
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    await renderEmail(build, FRAME, { preheader: 'This week at Hillside' });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { blocks: countBlocks(build), renders, p50: percentile(times, 50), p95: percentile(times, 95), min: times[0]!, max: times[times.length - 1]!, bytes };
}
