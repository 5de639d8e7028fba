import type { Route } from 'playwright-core';
import { launchChromium } from './chromium';

/**
 * Prints a newsletter's HTML to an A4 PDF in headless Chromium. The HTML comes from a browser, so
 * it is treated as hostile: JavaScript is off, and the page makes no network request at all. The
 * document itself is served by the route handler at `documentUrl` (so its site-relative addresses
 * resolve as in the preview), data: URLs need no request, and the only other answers are files
 * `readUpload` returns (the school's uploads, read from disk); everything else is aborted, so a
 * crafted `<img src="http://127.0.0.1:…">` or `<link href="http://intranet/…">` reaches nothing.
 */
export interface PrintRequest {
  executablePath: string;
  html: string;
  /** The address the document is shown at (the portal's origin, a path of its own). */
  documentUrl: string;
  /** The bytes behind an address, or null to refuse it. */
  readUpload(url: URL): Promise<{ body: Buffer; contentType: string } | null>;
}

const PAGE_TIMEOUT_MS = 30_000;

export async function printPdf(request: PrintRequest): Promise<Buffer> {
  const browser = await launchChromium(request.executablePath);
  try {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    await context.route('**/*', async (route: Route) => {
      const url = route.request().url();
      if (url === request.documentUrl) {
        await route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: request.html,
        });
        return;
      }
      let parsed: URL | null = null;
      try {
        parsed = new URL(url);
      } catch {
        parsed = null;
      }
      const file = parsed ? await request.readUpload(parsed).catch(() => null) : null;
      if (file)
        await route.fulfill({
          status: 200,
          contentType: file.contentType,
          body: file.body,
        });
      else await route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await page.goto(request.documentUrl, {
      waitUntil: 'load',
      timeout: PAGE_TIMEOUT_MS,
    });
    return await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: { top: '12mm', right: '10mm', bottom: '12mm', left: '10mm' },
    });
  } finally {
    await browser.close();
  }
}
