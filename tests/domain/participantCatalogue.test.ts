import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actions } from '../../domain/resources/actions';
import { sections } from '../../domain/resources/sections';
import { participantApp } from '../../domain/app/participantApp';

const { sections: participantSections, actions: participantActions } = participantApp;

/**
 * The participant's application (domain/app/participantApp.ts) has smaller catalogues than the
 * dashboards'. They must serve the survey exactly as the full ones do, and hold every section and
 * action the participant's code names.
 */

const filesUnder = (path: string): string[] =>
  statSync(path).isDirectory() ? readdirSync(path).flatMap((name) => filesUnder(join(path, name))) : /\.tsx?$/.test(path) ? [path] : [];

/** Where the participant's page names sections and actions. */
const PARTICIPANT_SOURCES = ['src/features/survey', 'src/participant.tsx', 'infrastructure/effects/survey.effects.ts', 'infrastructure/resources/survey.catalogue.ts', 'domain/survey'];

const namesIn = (catalogue: Record<string, unknown>): Set<string> => {
  const named = new Set<string>();
  for (const file of PARTICIPANT_SOURCES.flatMap(filesUnder)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z]+)['"`]/g)) if (Object.hasOwn(catalogue, name!)) named.add(name!);
  }
  return named;
};

describe('the participant’s catalogues', () => {
  it('serve each of their sections and actions with the very entry of the full catalogue', () => {
    for (const [name, entry] of Object.entries(participantSections)) expect(sections[name as keyof typeof sections], name).toBe(entry);
    for (const [name, entry] of Object.entries(participantActions)) expect(actions[name as keyof typeof actions], name).toBe(entry);
  });

  it('hold every section and action the participant’s code names', () => {
    const sectionNames = namesIn(sections);
    const actionNames = namesIn(actions);
    expect(sectionNames.size).toBeGreaterThan(3);
    expect(actionNames.size).toBeGreaterThan(2);
    for (const name of sectionNames) expect(Object.keys(participantSections), name).toContain(name);
    for (const name of actionNames) expect(Object.keys(participantActions), name).toContain(name);
  });
});
