// @ts-check
// Build-time compression of the browser's files: beside every compressible file of dist/client
// of at least 1 KB, a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy, each kept only
// when smaller. The server front (src/platform/server/static-files.ts) indexes them at start and sends the one the browser accepts.
// Runs after every `astro build` as the `precompress()` integration (astro.config.mjs);
// `node scripts/precompress.mjs [dir]` runs it by hand (default dist/client).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
// The server sends what this writes: one list of encodings and one threshold for both.
import { ENCODINGS, MIN_COMPRESS_BYTES } from '../src/platform/server/encoding.ts';

/** Files worth compressing (by extension); images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @param {Buffer} data @param {'br' | 'gzip'} encoding */
function compress(data, encoding) {
  if (encoding === 'gzip') return gzip(data, { level: 9 });
  return brotli(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes the `.br` and `.gz` siblings of every compressible file under `dir` (and removes stale
 * ones that are no longer smaller). Returns what it wrote, for the build log.
 * @param {string} dir
 * @returns {Promise<{ files: number, bytes: number, encoded: Record<'br' | 'gzip', number> }>}
 */
export async function precompressDirectory(dir) {
  const jobs = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    jobs.push(
      (async () => {
        const data = await fs.readFile(file);
        const encoded = { br: 0, gzip: 0 };
        for (const { name, suffix } of ENCODINGS) {
          const packed = data.length >= MIN_COMPRESS_BYTES ? await compress(data, name) : data;
          if (packed.length < data.length) {
            await fs.writeFile(file + suffix, packed);
            encoded[name] = packed.length;
          } else {
            await fs.rm(file + suffix, { force: true });
          }
        }
        return { size: data.length, encoded };
      })(),
    );
  }
  const results = await Promise.all(jobs);
  return {
    files: results.filter((r) => r.encoded.br || r.encoded.gzip).length,
    bytes: results.reduce((sum, r) => sum + r.size, 0),
    encoded: {
      br: results.reduce((sum, r) => sum + (r.encoded.br || r.size), 0),
      gzip: results.reduce((sum, r) => sum + (r.encoded.gzip || r.size), 0),
    },
  };
}

/** @param {number} bytes */
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

/**
 * The Astro integration: precompresses the client output after every build.
 * @returns {import('astro').AstroIntegration}
 */
export default function precompress() {
  return {
    name: 'staff-portal:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { files, bytes, encoded } = await precompressDirectory(fileURLToPath(dir));
        const ms = Math.round(performance.now() - started);
        logger.info(`${files} files precompressed in ${ms} ms: ${kib(bytes)} -> ${kib(encoded.br)} brotli, ${kib(encoded.gzip)} gzip`);
      },
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/client'));
  const { files, bytes, encoded } = await precompressDirectory(dir);
  console.log(`${files} files precompressed: ${kib(bytes)} -> ${kib(encoded.br)} brotli, ${kib(encoded.gzip)} gzip`);
}
