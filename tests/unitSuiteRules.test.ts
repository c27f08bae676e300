import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The unit project runs its files without isolation (vitest.config.ts): a worker's files share
 * their modules and globals. These rules keep them independent of their order.
 */
const unitFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['e2e', 'server', 'fixtures'].includes(entry.name) && dir === 'tests' ? [] : unitFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

const FILES = unitFiles('tests').map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/** A call that changes what other files see, and the call that must put it back in the same file. */
const PUT_BACK = [
  ['vi.useFakeTimers(', 'vi.useRealTimers('],
  ['vi.stubGlobal(', 'vi.unstubAllGlobals('],
  ['vi.stubEnv(', 'vi.unstubAllEnvs('],
  ['vi.spyOn(', 'mockRestore('],
] as const;

describe('the unit files, which share their modules', () => {
  it('are found', () => {
    expect(FILES.length).toBeGreaterThan(100);
  });

  it('mock no module: a module another file loaded first would stay unmocked', () => {
    const mocking = FILES.filter((file) => /\bvi\.(do)?[mM]ock\(/.test(file.text)).map((file) => file.path);
    expect(mocking).toEqual([]);
  });

  it('put back every global they change', () => {
    const leaving = FILES.flatMap((file) =>
      PUT_BACK.filter(([change, putBack]) => file.text.includes(change) && !file.text.includes(putBack) && !(putBack === 'mockRestore(' && file.text.includes('restoreAllMocks('))).map(([change]) => `${file.path}: ${change}`),
    );
    expect(leaving).toEqual([]);
  });
});
