// Section 'lighthouse': Lighthouse 12 (the devDependency) on the machine's Chromium, through its
// node API. One Chromium for the whole section; Lighthouse resets the origin's cache and storage
// before each run. Signed-in pages get the session cookie as an extra request header.
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { createRequire } from 'node:module';
import { track } from './processes.mjs';
import { CHROMIUM_FLAGS } from '../chromium.mjs';

/** The installed Lighthouse's version (12.x: the devDependency). */
export const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
export const FORM_FACTORS = ['mobile', 'desktop'];

/**
 * Figures of one run (or the median of several): scores 0-100, times in ms, bytes.
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, fcp: number,
 *   lcp: number, cls: number, tbt: number, bytes: number }} LighthouseFigures
 */

/** Lighthouse loaded the page but could not measure it (its `runtimeError`, e.g. NO_NAVSTART): worth another try. */
export class LighthouseRunError extends Error {
  /** @param {string} url @param {string} code @param {string} message */
  constructor(url, code, message) {
    super(`Lighthouse on ${url}: ${code} ${message}`);
    this.code = code;
  }
}

/** @returns {Promise<import('chrome-launcher').LaunchedChrome>} */
export async function launchChrome() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'silent' });
  // So that bench.mjs's cleanup ends it too, on failure or Ctrl+C (chrome-launcher starts it detached).
  if (chrome.process) track(chrome.process);
  return chrome;
}

/**
 * One Lighthouse run of `url` in the given form factor.
 * @param {{ port: number, url: string, formFactor: string, cookie?: string }} options
 * @returns {Promise<{ figures: LighthouseFigures, failing: string[] }>} the figures and the audits that failed in a11y / best practices
 */
export async function runLighthouse({ port, url, formFactor, cookie }) {
  /** @type {import('lighthouse').Flags} */
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders: cookie ? { Cookie: cookie } : undefined };
  const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}.`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRunError(url, lhr.runtimeError.code, lhr.runtimeError.message);
  // A redirect (e.g. to /login when the cookie was not sent) would measure another page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}.`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const value = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = [];
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${id}: ${ref.id}`);
    }
  }
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
      bytes: value('total-byte-weight'),
    },
    failing,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The median of each figure on its own across runs (so a figure may come from a different run than its neighbour).
 * @param {LighthouseFigures[]} runs
 * @returns {LighthouseFigures}
 */
export function medianFigures(runs) {
  const keys = /** @type {(keyof LighthouseFigures)[]} */ (Object.keys(runs[0]));
  return /** @type {LighthouseFigures} */ (Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])));
}
