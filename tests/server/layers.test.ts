import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

const sourcesUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));

const importsOf = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)';/gms)].map((match) => match[0]);

/** The repository path of every relative module a file imports (`import` and `export … from`). */
const importedPaths = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']*)';/gms)].map((match) =>
    relative(root, resolve(dirname(join(root, file)), match[1]!)),
  );

/**
 * The repository path of every relative module a file needs at run time: `import type` and
 * `export type … from` are left out, since a type names what a decoration carries and loads nothing.
 */
const valueImportedPaths = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/^(import|export)\s(type\s)?[^;]*?from\s+'(\.[^']*)';/gms)]
    .filter((match) => match[2] === undefined)
    .map((match) => relative(root, resolve(dirname(join(root, file)), match[3]!)));

/** The one service module the HTTP layer may load: the error kinds its handler maps to statuses. */
const ERROR_VOCABULARY = 'server/services/errors';

/** Query building or raw SQL: what a route leaves to a service. */
const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom)\b|\bsql`/;

/** Each line of a file that builds a query or runs SQL, as `file:line: text`. */
const sqlLinesOf = (file: string): string[] =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (SQL.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));

/** Services that may still import from server/http or server/plugins: none. */
const AWAITING_INTEGRATION = new Set<string>([]);

describe('the server keeps routes thin over services', () => {
  const services = sourcesUnder('server/services');
  const routes = sourcesUnder('server/routes');

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

  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it('no service imports from server/http, server/plugins or server/routes (they speak the domain; the error handler maps it)', () => {
    const layered = (path: string): boolean => /^server\/(http|plugins|routes)\//.test(path);
    const offending = services
      .filter((file) => !AWAITING_INTEGRATION.has(file))
      .flatMap((file) => importedPaths(file).filter(layered).map((path) => `${file}: ${path}`));
    expect(offending).toEqual([]);
    // A converted file leaves the list, so that the exception cannot outlive its reason.
    const converted = [...AWAITING_INTEGRATION].filter((file) => !importedPaths(file).some(layered));
    expect(converted).toEqual([]);
  });

  it('no route runs SQL: queries live in services', () => {
    const offending = routes.flatMap(sqlLinesOf);
    expect(offending).toEqual([]);
  });
});

describe('server/http and server/plugins hold only HTTP plumbing', () => {
  const plumbing = [...sourcesUnder('server/http'), ...sourcesUnder('server/plugins')];

  it('finds the plumbing', () => {
    expect(plumbing.length).toBeGreaterThan(10);
  });

  it('loads no service (services are composed in server/decorations.ts and reached as decorations)', () => {
    const offending = plumbing.flatMap((file) =>
      valueImportedPaths(file)
        .filter((path) => path.startsWith('server/services/') && path !== ERROR_VOCABULARY)
        .map((path) => `${file}: ${path}`),
    );
    expect(offending).toEqual([]);
  });

  it('imports no route', () => {
    const offending = plumbing.flatMap((file) => importedPaths(file).filter((path) => path.startsWith('server/routes/')).map((path) => `${file}: ${path}`));
    expect(offending).toEqual([]);
  });

  it('runs no SQL', () => {
    const offending = plumbing.flatMap(sqlLinesOf);
    expect(offending).toEqual([]);
  });

  it('tells a type import from a value import', () => {
    expect(valueImportedPaths('server/plugins/auth.ts')).not.toContain('server/services/auth/gate');
    expect(importedPaths('server/plugins/auth.ts')).toContain('server/services/auth/gate');
    expect(valueImportedPaths('server/http/errorHandler.ts')).toContain(ERROR_VOCABULARY);
  });
});

describe('the server finds its files wherever its modules are', () => {
  it('reads no file by a path relative to a module (the journeys run the server bundled into one file)', () => {
    const relativeReads = sourcesUnder('server').flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\brequire(\.resolve)?\(\s*['"`]\.|new URL\(\s*['"`]\./.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(sourcesUnder('server').length).toBeGreaterThan(100);
    expect(relativeReads).toEqual([]);
  });
});
