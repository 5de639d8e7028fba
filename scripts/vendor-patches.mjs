// @ts-check
/**
 * Vite plugins that patch a vendor module as the build bundles it, each for a measured reason.
 * A patch whose text is no longer in the module (an upgrade changed it) fails the build: look at
 * the module and adjust, rather than lose the patch silently.
 */

/**
 * @param {{ name: string, file: RegExp, find: string, replace: (code: string) => string }} patch
 * @returns {import('vite').Plugin}
 */
function vendorPatch({ name, file, find, replace }) {
  return {
    name: `staff-portal:${name}`,
    transform(code, id) {
      if (!file.test(id.split('?')[0] ?? '')) return null;
      if (!code.includes(find)) throw new Error(`${name}: ${id} no longer contains \`${find}\`; update scripts/vendor-patches.mjs for this version.`);
      return { code: replace(code), map: null };
    },
  };
}

/** Distinct inline texts are a few dozen per build; the bound only guards against a surprise. */
export const CSP_DIGEST_CACHE_SIZE = 512;
const CSP_DIGEST = 'async function generateCspDigest(data, algorithm) {';

/**
 * Astro hashes every inline <style> and <script> of a route on every request, for the CSP header
 * (createResult -> generateCspDigest, an async WebCrypto digest each), although those are the
 * build's own constants: 7 % of /home's CPU. This wraps generateCspDigest in a bounded memo, so
 * each distinct text is hashed once per process.
 */
export function cspDigestCache() {
  return vendorPatch({
    name: 'csp-digest-cache',
    file: /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
    find: CSP_DIGEST,
    replace: (code) =>
      `${code.replace(CSP_DIGEST, 'async function generateCspDigestUncached(data, algorithm) {')}
const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\u0000" + data;
  let digest = cspDigests.get(key);
  if (digest === undefined) {
    if (cspDigests.size >= ${CSP_DIGEST_CACHE_SIZE}) cspDigests.clear();
    digest = generateCspDigestUncached(data, algorithm);
    cspDigests.set(key, digest);
    digest.catch(() => cspDigests.delete(key));
  }
  return digest;
}
`,
  });
}

const RENDER_TO_STRING = 'html = ReactDOM.renderToString(vnode);';

/**
 * @astrojs/react's string rendering (`experimentalDisableStreaming`, far cheaper per island than
 * a stream) forgets the island's `identifierPrefix`, which its client passes to hydrateRoot: every
 * `useId` then differs between the server's HTML and the browser (the editor's content group lost
 * its label). Pass the same options the streaming path passes.
 */
export function reactStringIds() {
  return vendorPatch({
    name: 'react-string-ids',
    file: /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
    find: RENDER_TO_STRING,
    replace: (code) => code.replace(RENDER_TO_STRING, 'html = ReactDOM.renderToString(vnode, renderOptions);'),
  });
}
