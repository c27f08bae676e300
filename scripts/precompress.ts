import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files a browser downloads; images other than SVG and the fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const filesIn = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesIn(path) : [path];
  });

const isFresh = (copy: string, source: string): boolean => {
  try {
    return statSync(copy).mtimeMs >= statSync(source).mtimeMs;
  } catch {
    return false;
  }
};

/**
 * Writes a Brotli (.br, highest quality) and a gzip (.gz) copy beside every compressible file
 * of a built folder, when the copy is smaller. The server sends them as they are to a browser
 * that accepts them, so the bytes on the wire are the compressed ones at no cost per request.
 * Returns the files compressed.
 */
export const precompressFolder = (folder: string): string[] => {
  const done: string[] = [];
  for (const file of filesIn(folder)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const copies: [string, () => Buffer][] = [
      [`${file}.br`, () => brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })],
      [`${file}.gz`, () => gzipSync(content, { level: 9 })],
    ];
    for (const [copy, compress] of copies) {
      if (isFresh(copy, file)) continue;
      const compressed = compress();
      if (compressed.length < content.length) writeFileSync(copy, compressed);
    }
    done.push(file);
  }
  return done;
};

/** The Vite plugin: compresses the output folder once the bundle is written. */
export const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options) {
    if (options.dir !== undefined) precompressFolder(options.dir);
  },
});
