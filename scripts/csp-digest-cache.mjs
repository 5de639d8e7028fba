// @ts-check
/**
 * Vite plugin: Astro hashes every inline <style> and <script> of a route on every request, for
 * the CSP header (createResult -> generateCspDigest, an async WebCrypto digest each), although
 * those are the build's own constants: 7 % of /home's CPU. This wraps Astro's generateCspDigest
 * in a bounded memo, so each distinct text is hashed once per process.
 *
 * The build fails when Astro's source no longer has the function this expects (an upgrade
 * changed it): look at astro/dist/core/encryption.js and adjust, rather than lose the cache
 * silently.
 */
const TARGET = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const ORIGINAL = "async function generateCspDigest(data, algorithm) {";
/** Distinct inline texts are a few dozen per build; the bound only guards against a surprise. */
export const CSP_DIGEST_CACHE_SIZE = 512;

/** @returns {import('vite').Plugin} */
export function cspDigestCache() {
  return {
    name: "staff-portal:csp-digest-cache",
    transform(code, id) {
      if (!TARGET.test(id.split("?")[0] ?? "")) return null;
      if (!code.includes(ORIGINAL)) {
        throw new Error(
          `csp-digest-cache: ${id} no longer defines \`${ORIGINAL}\`; update scripts/csp-digest-cache.mjs for this Astro version.`,
        );
      }
      const renamed = code.replace(
        ORIGINAL,
        "async function generateCspDigestUncached(data, algorithm) {",
      );
      const memo = `
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
`;
      return { code: renamed + memo, map: null };
    },
  };
}
