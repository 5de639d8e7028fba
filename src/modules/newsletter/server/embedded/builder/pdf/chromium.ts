import { accessSync, constants } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Config } from '../../../../../../platform/config';

/** Where Chromium usually is on a Linux server (Debian's and Ubuntu's package). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium the PDF export runs (PORTAL_CHROMIUM_PATH, else the system's), or null when there is none. */
export function chromiumPath(config: Pick<Config, 'PORTAL_CHROMIUM_PATH'>): string | null {
  const path = config.PORTAL_CHROMIUM_PATH ?? SYSTEM_CHROMIUM;
  return isExecutable(path) ? path : null;
}

/**
 * Headless Chromium for printing untrusted HTML. Every request is answered by the page's route
 * handler (./print.ts); these flags are the second wall, for anything that would slip past it:
 * all traffic goes to a proxy that does not exist (loopback included: Chromium otherwise bypasses
 * proxies for it) and no host name resolves. No GPU, no background updates or pings.
 */
export async function launchChromium(executablePath: string): Promise<Browser> {
  // Loaded on the first PDF only: the server's memory and start-up do not pay for it.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-domain-reliability',
      '--disable-sync',
      '--no-pings',
      '--proxy-server=socks5://127.0.0.1:9',
      '--proxy-bypass-list=<-loopback>',
      '--host-resolver-rules=MAP * ~NOTFOUND',
    ],
  });
}
