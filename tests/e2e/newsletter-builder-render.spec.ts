import type { Page } from '@playwright/test';
import { defaultSettings, type Block, type Build, type CellBlock, type ColumnSize } from '../../src/modules/newsletter/builder-contract';
import { renderEmail } from '../../src/modules/newsletter/server/embedded/builder/render';
import { expect, test } from './support/test';

/**
 * The builder's email in real Chromium (issue 11 §5), rendered in process by the server's
 * renderer and opened as the document itself: on a 375 px phone nothing scrolls sideways and a
 * columns block's cells stack; from 600 px up they sit side by side. Pictures come from a fake
 * address answered here, so the test needs no network.
 */

const PICTURES = 'https://pictures.example.test/';
const RIGHT_TEXT = 'Right cell with a longer paragraph of news for the families.';
const WIDE_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#88aacc"/></svg>`;

const text = (id: string, html: string): CellBlock => ({ id, type: 'text', data: { html }, settings: defaultSettings('text') });
const picture = (id: string, height = 0): CellBlock => ({ id, type: 'image', data: { url: `${PICTURES}${id}.svg`, alt: `Picture ${id}`, href: '' }, settings: { ...defaultSettings('image'), height } });

function email(columnSize: ColumnSize): Build {
  const columns: Block = {
    id: 'cols',
    type: 'columns',
    data: { elements: [[picture('left'), text('lt', '<p>Left cell</p>')], [text('rt', `<p>${RIGHT_TEXT}</p>`), picture('right', 120)]] },
    settings: { ...defaultSettings('columns'), columnSize, borderColumn: 1, borderCenter: 2 },
  };
  return [
    [text('head', '<h2>Weekly news</h2>')],
    [picture('hero'), columns, { id: 'd', type: 'divider', data: {}, settings: defaultSettings('divider') }, text('body', '<p>Thank you for a wonderful term.</p>')],
    [{ id: 'a', type: 'attachment', data: { url: 'https://files.example.test/letter.pdf', text: 'Letter to parents' }, settings: defaultSettings('attachment') }],
  ];
}

async function openEmail(page: Page, columnSize: ColumnSize): Promise<void> {
  await page.route(`${PICTURES}**`, (route) => route.fulfill({ contentType: 'image/svg+xml', body: WIDE_PICTURE }));
  const frame = {
    // A logo wider than the email: the frame's own images shrink to fit too.
    header: `<p><img src="${PICTURES}logo.svg" alt="School logo" width="800" height="120"></p><h1>Hillside Primary</h1>`,
    footer: '<p>1 School Lane, Hillside</p>',
  };
  const { html } = await renderEmail(email(columnSize), frame, { preheader: 'Weekly news from Hillside' });
  await page.setContent(html, { waitUntil: 'load' });
}

/** The boxes of the columns block's two cells (MJML's column divs), by the text each holds. */
async function cells(page: Page) {
  const left = await page.locator('div[class*="mj-column-per"]', { has: page.getByText('Left cell', { exact: true }) }).boundingBox();
  const right = await page.locator('div[class*="mj-column-per"]', { has: page.getByText(RIGHT_TEXT, { exact: true }) }).boundingBox();
  expect(left).not.toBeNull();
  expect(right).not.toBeNull();
  return { left: left!, right: right! };
}

const sidewaysWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

for (const columnSize of ['6,6', '4,8', '8,4'] as const) {
  test.describe(`a ${columnSize} columns block`, () => {
    test.describe('on a 375 px phone', () => {
      test.use({ viewport: { width: 375, height: 800 } });

      test('does not scroll sideways and stacks the cells, the first above the second', async ({ page }) => {
        await openEmail(page, columnSize);
        expect(await sidewaysWidth(page)).toBeLessThanOrEqual(375);
        const { left, right } = await cells(page);
        expect(right.y).toBeGreaterThanOrEqual(left.y + left.height - 0.5);
        // Stacked cells take the email's width (375 px less nothing: the sections have no side padding).
        expect(left.width).toBeGreaterThan(370);
        expect(right.width).toBeGreaterThan(370);
        for (const image of await page.locator('img').all()) expect((await image.boundingBox())!.width).toBeLessThanOrEqual(375);
      });
    });

    for (const width of [600, 800]) {
      test.describe(`at ${width} px`, () => {
        test.use({ viewport: { width, height: 800 } });

        test('sits the cells side by side in the 600 px email, in their split', async ({ page }) => {
          await openEmail(page, columnSize);
          expect(await sidewaysWidth(page)).toBeLessThanOrEqual(width);
          const { left, right } = await cells(page);
          expect(right.y).toBe(left.y);
          expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 0.5);
          const [a, b] = columnSize.split(',').map(Number) as [number, number];
          expect(left.width).toBeCloseTo((600 * a) / 12, 0);
          expect(right.width).toBeCloseTo((600 * b) / 12, 0);
        });
      });
    }
  });
}
