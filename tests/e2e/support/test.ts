import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * The suite's `test`: every page any test opens is watched for Content-Security-Policy
 * violations, which Chromium reports on the console; a test that caused one fails.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message: ConsoleMessage) => {
          if (/content security policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      // The page's own event as well as Chromium's console report: either alone would do today.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations reported by Chromium').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
