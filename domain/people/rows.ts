import { isValidEmail } from '../session/email';
import { FIRST_NAME_LIMIT, LAST_NAME_LIMIT, textProblem, textProblemMessage } from '../contracts/textLimits';
import { type ColumnMapping, type PeopleLanguage, PeopleMessages } from '../contracts/people';
import { readLanguage } from './mapping';

/** The longest address taken (RFC 5321's path limit less its brackets). */
export const PERSON_EMAIL_MAX = 254;

/** A department an importer may place people in. */
export interface PlaceOption {
  readonly id: string;
  readonly name: string;
  /** null for a group; the group's id for a sub-group. */
  readonly parentId: string | null;
}

/** Departments looked up by name (any letter case), as a row's cells name them. */
export interface Directory {
  readonly groups: ReadonlyMap<string, PlaceOption>;
  /** Sub-groups by `${groupId}\u0000${name key}`. */
  readonly subGroupsInGroup: ReadonlyMap<string, PlaceOption>;
  /** Sub-groups by name key, when that name is the only sub-group of the reach called so. */
  readonly subGroupsAlone: ReadonlyMap<string, PlaceOption>;
}

/** A name as a directory looks it up: trimmed, one letter case, one Unicode form. */
export const placeKey = (name: string): string => name.normalize('NFC').trim().toLocaleLowerCase('en');

export const directoryOf = (places: readonly PlaceOption[]): Directory => {
  const groups = new Map<string, PlaceOption>();
  const subGroupsInGroup = new Map<string, PlaceOption>();
  const byName = new Map<string, PlaceOption[]>();
  for (const place of places) {
    const key = placeKey(place.name);
    if (place.parentId === null) {
      if (!groups.has(key)) groups.set(key, place);
    } else {
      subGroupsInGroup.set(`${place.parentId}\u0000${key}`, place);
      byName.set(key, [...(byName.get(key) ?? []), place]);
    }
  }
  const subGroupsAlone = new Map([...byName].filter(([, list]) => list.length === 1).map(([key, list]) => [key, list[0]!] as const));
  return { groups, subGroupsInGroup, subGroupsAlone };
};

/**
 * A row's person as the file gives it. undefined: the file says nothing (no column, or an
 * empty cell), so an existing person keeps what they have.
 */
export interface RowPerson {
  readonly email: string;
  readonly emailKey: string;
  readonly firstName: string | undefined;
  readonly lastName: string | undefined;
  readonly groupId: string;
  readonly subGroupId: string | null;
  readonly language: PeopleLanguage | undefined;
}

export type RowReading = { readonly ok: true; readonly person: RowPerson } | { readonly ok: false; readonly email: string; readonly reason: string };

/** An address compared in any letter case. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

const cellOf = (cells: readonly string[], index: number | null): string => (index === null ? '' : (cells[index] ?? '').trim());

/**
 * One row read with a mapping against the departments the importer may use: the first problem
 * found, or the person. Checks what needs no database; duplicates, existing people and
 * capacities are the server's.
 */
export const readRow = (cells: readonly string[], mapping: ColumnMapping, directory: Directory): RowReading => {
  const email = cellOf(cells, mapping.email);
  if (email.length > PERSON_EMAIL_MAX || !isValidEmail(email)) return { ok: false, email, reason: PeopleMessages.invalidEmail };
  const groupCell = cellOf(cells, mapping.group);
  const subGroupCell = cellOf(cells, mapping.sub_group);
  let group = directory.groups.get(placeKey(groupCell));
  let subGroup: PlaceOption | undefined;
  if (group === undefined && subGroupCell === '') {
    // The group column may name a sub-group: its group follows.
    subGroup = directory.subGroupsAlone.get(placeKey(groupCell));
    group = subGroup === undefined ? undefined : [...directory.groups.values()].find((candidate) => candidate.id === subGroup!.parentId);
  }
  if (groupCell === '' || group === undefined) return { ok: false, email, reason: PeopleMessages.groupNotFound };
  if (subGroupCell !== '') {
    subGroup = directory.subGroupsInGroup.get(`${group.id}\u0000${placeKey(subGroupCell)}`);
    if (subGroup === undefined) return { ok: false, email, reason: PeopleMessages.groupNotFound };
  }
  const firstName = cellOf(cells, mapping.first_name);
  const firstProblem = textProblem(FIRST_NAME_LIMIT, firstName);
  if (firstProblem !== undefined) return { ok: false, email, reason: textProblemMessage(FIRST_NAME_LIMIT, firstProblem) };
  const lastName = cellOf(cells, mapping.last_name);
  const lastProblem = textProblem(LAST_NAME_LIMIT, lastName);
  if (lastProblem !== undefined) return { ok: false, email, reason: textProblemMessage(LAST_NAME_LIMIT, lastProblem) };
  const language = mapping.language === null ? 'empty' : readLanguage(cellOf(cells, mapping.language));
  if (language === 'unknown') return { ok: false, email, reason: PeopleMessages.languageUnknown };
  return {
    ok: true,
    person: {
      email,
      emailKey: emailKey(email),
      firstName: firstName === '' ? undefined : firstName,
      lastName: lastName === '' ? undefined : lastName,
      groupId: group.id,
      subGroupId: subGroup?.id ?? null,
      language: language === 'empty' ? undefined : language,
    },
  };
};
