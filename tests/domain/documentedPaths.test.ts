import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The documentation names only files that exist: a walk or a "where to put new things" that names
 * a moved or deleted file sends a newcomer nowhere. Read: README.md, ARCHITECTURE.md and every
 * page of docs/ (the decision records included).
 */

const ROOTS = ['domain', 'server', 'src', 'infrastructure', 'tests', 'bench', 'scripts', 'docs', 'public', '.ci'];

const documents = (): string[] => [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => join('docs', name)),
  ...readdirSync('docs/decisions').filter((name) => name.endsWith('.md')).map((name) => join('docs/decisions', name)),
];

/** Paths written in backticks under one of the project's folders (patterns with {…} or * left out). */
export const codePaths = (text: string): string[] =>
  [...text.matchAll(/`([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)+\/?)(?::\d+)?`/g)]
    .map((match) => match[1]!)
    .filter((path) => ROOTS.some((root) => path.startsWith(`${root}/`)));

/** Relative link targets of Markdown links, without their #anchor. */
export const linkTargets = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));

describe('the documentation names files that exist', () => {
  it('reads paths and links the way the pages write them', () => {
    const sample = 'See `server/services/statistics/released.ts`, `npm test`, `domain/stats/` and [ops](operations.md#metrics), [web](https://example.org).';
    expect(codePaths(sample)).toEqual(['server/services/statistics/released.ts', 'domain/stats/']);
    expect(linkTargets(sample)).toEqual(['operations.md']);
  });

  it.each(documents())('%s', (document) => {
    const text = readFileSync(document, 'utf8');
    const missingPaths = codePaths(text).filter((path) => !existsSync(path));
    const missingLinks = linkTargets(text).filter((target) => !existsSync(normalize(join(dirname(document), target))));
    expect({ missingPaths, missingLinks }).toEqual({ missingPaths: [], missingLinks: [] });
  });
});
