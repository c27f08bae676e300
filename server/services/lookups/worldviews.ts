import { PREFER_NOT_CODE } from '../../../domain/contracts/lookups';
import { PREFER_NOT_NAME } from './countries';
import { ASCRG_2016_GROUPS, ASCRG_2016_TO_2024, ASCRG_2024_BROAD, ASCRG_2024_NARROW } from './standards/ascrg';
import type { LookupRow } from './types';
import { LAST } from './types';

// ABS labels meant for coders, shown to respondents in plain words.
const plainName = (name: string): string => {
  const nec = /^(.*?),? nec$/.exec(name);
  if (nec) return name.startsWith('Other ') ? nec[1]! : `Other ${nec[1]}`;
  return name.replace(/, so described$/, '');
};

/** The 2016 narrow group of a religious group: three digits, or two where the group has more than nine. */
const narrow2016 = (code: string): string | undefined => ASCRG_2016_TO_2024[code.slice(0, 3)] ?? ASCRG_2016_TO_2024[code.slice(0, 2)];

/**
 * Worldviews (ASCRG 2024 broad groups, the secular and no-religion one included), branches
 * (2024 narrow groups) and denominations (2016 religious groups under the 2024 branch they
 * belong to). A branch without any 2016 group (the three Islam branches) answers one
 * denomination of its own name, code '<branch>-nfd' ("not further defined", as the ABS
 * codes a response given only to that level). Branches and denominations each end with a
 * shared "Prefer not to answer" item, as the worldview list does.
 */
export const buildWorldviews = (): LookupRow[] => {
  const rows: LookupRow[] = [];
  for (const [code, name] of Object.entries(ASCRG_2024_BROAD)) rows.push({ list: 'worldviews', code, name, sort: rows.length });
  rows.push({ list: 'worldviews', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });

  for (const [code, name] of Object.entries(ASCRG_2024_NARROW)) {
    rows.push({ list: 'branches', code, name: plainName(name), sort: rows.length, parent: { list: 'worldviews', code: code.slice(0, 2) } });
  }
  rows.push({ list: 'branches', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });

  const grouped = new Set<string>();
  const denominations = ASCRG_2016_GROUPS.flatMap(([code, name]) => {
    const branch = narrow2016(code);
    if (branch === undefined) return [];
    grouped.add(branch);
    return [{ code, name: plainName(name), branch }];
  });
  for (const [branch, name] of Object.entries(ASCRG_2024_NARROW)) {
    if (!grouped.has(branch)) denominations.push({ code: `${branch}-nfd`, name: plainName(name), branch });
  }
  // By branch, then by name with the "Other ..." items at the end of their branch.
  denominations.sort((a, b) => a.branch.localeCompare(b.branch) || Number(a.name.startsWith('Other ')) - Number(b.name.startsWith('Other ')) || a.name.localeCompare(b.name, 'en'));
  for (const denomination of denominations) {
    rows.push({ list: 'denominations', code: denomination.code, name: denomination.name, sort: rows.length, parent: { list: 'branches', code: denomination.branch } });
  }
  rows.push({ list: 'denominations', code: PREFER_NOT_CODE, name: PREFER_NOT_NAME, sort: LAST });
  return rows;
};
