import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

const sourcesUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

const importsOf = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)';/gms)].map((match) => match[0]);

describe('the server keeps routes thin over services', () => {
  const services = sourcesUnder('server/services');

  it('finds the services', () => {
    expect(services.length).toBeGreaterThan(20);
  });

  it('no service imports a route', () => {
    const offending = services.flatMap((file) => importsOf(file).filter((line) => /\/routes\//.test(line)).map((line) => `${file}: ${line}`));
    expect(offending).toEqual([]);
  });

  it("no service takes Fastify's app, request or reply", () => {
    const offending = services.flatMap((file) =>
      importsOf(file)
        .filter((line) => /from 'fastify'/.test(line) && /Fastify(Instance|Request|Reply)\b/.test(line))
        .map((line) => `${file}: ${line}`),
    );
    expect(offending).toEqual([]);
  });
});
