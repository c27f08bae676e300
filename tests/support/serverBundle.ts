import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The server's own modules in one file (server/main.ts's entry, as `npm run dev` starts it), the
 * packages left to node_modules. A test that starts server processes (the journeys, the
 * several-process server files) starts each from it in about 3.9 s rather than 6.2 s: most of
 * the difference is tsx's loader resolving and transforming some 400 modules anew in every
 * process. fp-ts and io-ts go in the bundle: their directory imports (fp-ts/Either) resolve only
 * under tsx. The file sits in dist/, one folder below the project's root as server/main.ts is,
 * so that server/config.ts finds the root where it expects it.
 */
export const bundleServer = async (name: string): Promise<string> => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const inline = new Set(['fp-ts', 'io-ts']);
  const external = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].filter((dependency) => !inline.has(dependency)).flatMap((dependency) => [dependency, `${dependency}/*`]);
  const outfile = join('dist', `${name}.mjs`);
  await build({ entryPoints: ['server/main.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', external, outfile, logLevel: 'warning' });
  return outfile;
};
