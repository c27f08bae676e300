import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PEOPLE_FIELDS, PeopleMessages, type ColumnMapping } from '../../domain/contracts/people';
import { EMPTY_MAPPING, fieldOfHeader, headerKey, mappingProblems, readLanguage, suggestMapping } from '../../domain/people/mapping';
import { directoryOf, readRow } from '../../domain/people/rows';

describe('the header mapping', () => {
  it('reads the headers of a staff list in each of the five languages', () => {
    const lists: Record<string, string[]> = {
      en: ['Email address', 'First name', 'Last name', 'Team', 'Sub-group', 'Preferred language'],
      fr: ['Courriel', 'Prénom', 'Nom de famille', 'Groupe', 'Sous-groupe', 'Langue préférée'],
      es: ['Correo electrónico', 'Nombre', 'Apellidos', 'Departamento', 'Subgrupo', 'Idioma'],
      ar: ['البريد الإلكتروني', 'الاسم الأول', 'اسم العائلة', 'المجموعة', 'المجموعة الفرعية', 'اللغة المفضلة'],
      zh: ['电子邮件', '名字', '姓氏', '部门', '子组', '首选语言'],
    };
    for (const [language, headers] of Object.entries(lists)) {
      expect(suggestMapping(headers), language).toEqual({ email: 0, first_name: 1, last_name: 2, group: 3, sub_group: 4, language: 5 });
    }
  });

  it('ignores letter case, accents, spaces and punctuation, and finds columns in any order', () => {
    expect(suggestMapping(['  E_MAIL ', 'PRENOM', 'ignored', 'groupe'])).toEqual({ ...EMPTY_MAPPING, email: 0, first_name: 1, group: 3 });
    expect(suggestMapping(['Department', 'Work e-mail (primary)'])).toEqual({ ...EMPTY_MAPPING, group: 0, email: 1 });
    expect(headerKey('Nom de Famille')).toBe(headerKey('nom-de-famille'));
  });

  it('gives each field at most one column and each column at most one field', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('email', 'Mail', 'Nom', 'nombre', '部门', 'Team', 'langue', 'x', ''), fc.string()), { maxLength: 12 }), (headers) => {
        const mapping = suggestMapping(headers);
        const used = Object.values(mapping).filter((index): index is number => index !== null);
        expect(new Set(used).size).toBe(used.length);
        for (const index of used) expect(index).toBeLessThan(headers.length);
        for (const field of PEOPLE_FIELDS) {
          const index = mapping[field];
          if (index !== null && field !== 'email') expect(fieldOfHeader(headers[index]!)).toBe(field);
        }
      }),
    );
  });

  it('names no header for two fields', () => {
    const samples = ['email', 'nom', 'nombre', 'group', 'sub-group', 'language', 'الاسم', '姓', '名', '组', '子组'];
    for (const sample of samples) expect(fieldOfHeader(sample), sample).toBeDefined();
    expect(fieldOfHeader('salary')).toBeUndefined();
  });

  it('requires an email and a group column, in the file, each column once', () => {
    expect(mappingProblems(EMPTY_MAPPING, 3)).toEqual({ email: 'required', group: 'required' });
    expect(mappingProblems({ ...EMPTY_MAPPING, email: 0, group: 5 }, 3)).toEqual({ group: 'unknownColumn' });
    expect(mappingProblems({ ...EMPTY_MAPPING, email: 0, group: 1, first_name: 1 }, 3)).toEqual({ group: 'columnTwice' });
    expect(mappingProblems({ ...EMPTY_MAPPING, email: 0, group: 1 }, 2)).toEqual({});
  });
});

describe('a language cell', () => {
  it('reads codes, tags and names of the five languages in any of them', () => {
    expect(readLanguage('fr-CA')).toBe('fr');
    expect(readLanguage('zh_Hans')).toBe('zh');
    expect(readLanguage(' Español ')).toBe('es');
    expect(readLanguage('العربية')).toBe('ar');
    expect(readLanguage('中文')).toBe('zh');
    expect(readLanguage('Anglais')).toBe('en');
    expect(readLanguage('')).toBe('empty');
    expect(readLanguage('Klingon')).toBe('unknown');
    expect(readLanguage('de-DE')).toBe('unknown');
  });
});

describe('a row', () => {
  const directory = directoryOf([
    { id: 'g1', name: 'Sales', parentId: null },
    { id: 'g2', name: 'Finance', parentId: null },
    { id: 's1', name: 'North', parentId: 'g1' },
    { id: 's2', name: 'Audit', parentId: 'g2' },
    { id: 's3', name: 'North', parentId: 'g2' },
  ]);
  const mapping: ColumnMapping = { email: 0, first_name: 1, last_name: 2, group: 3, sub_group: 4, language: 5 };

  it('is read into a person, group names in any letter case', () => {
    expect(readRow([' Ann@Example.org ', 'Ann', '', 'sales', 'NORTH', 'fr'], mapping, directory)).toEqual({
      ok: true,
      person: { email: 'Ann@Example.org', emailKey: 'ann@example.org', firstName: 'Ann', lastName: undefined, groupId: 'g1', subGroupId: 's1', language: 'fr' },
    });
  });

  it('may name a sub-group in the group column when no other sub-group has its name', () => {
    const reading = readRow(['a@example.org', '', '', 'Audit', '', ''], mapping, directory);
    expect(reading.ok && reading.person).toMatchObject({ groupId: 'g2', subGroupId: 's2' });
    expect(readRow(['a@example.org', '', '', 'North', '', ''], mapping, directory)).toMatchObject({ ok: false, reason: PeopleMessages.groupNotFound });
  });

  it('is refused with the SPEC sentences', () => {
    expect(readRow(['not-an-address', '', '', 'Sales', '', ''], mapping, directory)).toMatchObject({ ok: false, reason: 'Please provide a valid email.' });
    expect(readRow(['a@example.org', '', '', 'Marketing', '', ''], mapping, directory)).toMatchObject({ ok: false, reason: 'Please select an existing group' });
    expect(readRow(['a@example.org', '', '', 'Sales', 'Audit', ''], mapping, directory)).toMatchObject({ ok: false, reason: 'Please select an existing group' });
    expect(readRow(['a@example.org', '', '', 'Sales', '', 'Klingon'], mapping, directory)).toMatchObject({ ok: false, reason: PeopleMessages.languageUnknown });
  });
});

describe("the import's sentences", () => {
  it('are each the English text of a catalogue key, so the client shows them in the page’s language', async () => {
    const { en } = await import('../../domain/i18n/en');
    const english = new Set<string>(Object.values(en));
    for (const sentence of Object.values(PeopleMessages)) expect(english.has(sentence), sentence).toBe(true);
  });
});
