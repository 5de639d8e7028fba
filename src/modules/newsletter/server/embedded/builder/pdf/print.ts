import type { Route } from 'playwright-core';
import { launchChromium } from './chromium';
import { Refusal } from '../../../../../../platform/errors';

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
  /** Aborted: Chromium is closed at once (the job ran past its time). */
  signal?: AbortSignal;
}

const PAGE_TIMEOUT_MS = 30_000;


export async function printPdf(request: PrintRequest): Promise<Buffer> {
  request.signal?.throwIfAborted();
  const browser = await launchChromium(request.executablePath);
  const close = () => void browser.close().catch(() => undefined);
  request.signal?.addEventListener('abort', close, { once: true });
  try {
    request.signal?.throwIfAborted();
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
      let parsed: URL | null;
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
    // As a mail client shows it: the email's columns sit side by side only in a screen media query
    // (MJML's min-width:480px), so print media stacked them as on a phone and pushed them to page 2.
    await page.emulateMedia({ media: 'screen' });
    try {
      await page.goto(request.documentUrl, {
        waitUntil: 'load',
        timeout: PAGE_TIMEOUT_MS,
      });
      return await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '12mm', right: '10mm', bottom: '12mm', left: '10mm' },
      });
    } catch (err) {
      // Closed because the job was stopped: not the document's fault.
      request.signal?.throwIfAborted();
      // Playwright's message goes on with its call log: its first line says what failed.
      const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      // Chromium started but could not load or print this document (it never finished loading, or the
      // print failed or crashed the browser): printing the same HTML again would fail again, so the
      // job fails at once (a Refusal).
      throw new Refusal(409, 'unprintable', `The newsletter could not be printed: ${reason}`);
    }
  } finally {
    request.signal?.removeEventListener('abort', close);
    await browser.close();
  }
}
