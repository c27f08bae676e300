import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/Either';
import { describe, expect, it } from 'vitest';
import { departmentRegister } from '../../domain/contracts/members';
import { fieldErrors } from '../../domain/contracts/fieldErrors';
import {
  ALIAS_LIMIT, FIRST_NAME_LIMIT, GROUP_NAME_LIMIT, LAST_NAME_LIMIT, limitedText, ORGANIZATION_NAME_LIMIT, type TextLimit, textProblem,
} from '../../domain/contracts/textLimits';
import { updateToken } from '../../domain/contracts/tokens';
import { CATALOGUES } from '../../domain/i18n/catalogues';
import { en } from '../../domain/i18n/en';

const LIMITS: readonly [string, TextLimit][] = [
  ['group name', GROUP_NAME_LIMIT],
  ['organisation name', ORGANIZATION_NAME_LIMIT],
  ['first name', FIRST_NAME_LIMIT],
  ['last name', LAST_NAME_LIMIT],
  ['alias', ALIAS_LIMIT],
];

/** Characters every limit allows: letters of several scripts, digits, hyphens and underscores. */
const allowedCharacter = fc.constantFrom(...'abcXYZéÅßж汉字٣٤عربي0123456789-_');
const control = fc.constantFrom('\n', '\r', '\t', '\u0000', '\u0007', '\u007f', '\u0085', '\u2028');

describe.each(LIMITS)('the %s limit', (_, limit) => {
  const codec = limitedText('Limited', limit);

  it('accepts any text of allowed characters up to its length, as given', () => {
    fc.assert(fc.property(fc.array(allowedCharacter, { minLength: 1, maxLength: limit.max }), (characters) => {
      const text = characters.join('').slice(0, limit.max);
      const decoded = codec.decode(text);
      expect(isRight(decoded) && decoded.right).toBe(text);
    }));
  });

  it('refuses any text longer than its limit once trimmed, with its own sentence', () => {
    fc.assert(fc.property(fc.array(allowedCharacter, { minLength: limit.max + 1, maxLength: limit.max * 3 }), fc.nat(3), (characters, padding) => {
      const text = `${' '.repeat(padding)}${characters.join('')}`;
      expect(textProblem(limit, text)).toBe('tooLong');
      const decoded = codec.decode(text);
      expect(isLeft(decoded) && fieldErrors(decoded.left, 'name')).toEqual({ name: [limit.tooLong] });
    }));
  });

  it('lets spaces around a value go, as the server trims them', () => {
    expect(textProblem(limit, `  ${'a'.repeat(limit.max)}  `)).toBeUndefined();
  });

  it('refuses line breaks and other control characters anywhere inside', () => {
    fc.assert(fc.property(fc.string({ maxLength: 10 }), control, fc.string({ maxLength: 10 }), (before, bad, after) => {
      const text = `a${before.replace(/\s/g, '')}${bad}${after.replace(/\s/g, '')}b`;
      expect(textProblem(limit, text)).toBe(text.trim().length > limit.max ? 'tooLong' : 'badCharacters');
      expect(isLeft(codec.decode(text))).toBe(true);
    }));
  });

  it('says each sentence in English as its catalogue key does, and has the key in every language', () => {
    expect(en[limit.keys.tooLong as keyof typeof en]).toBe(limit.tooLong);
    expect(en[limit.keys.badCharacters as keyof typeof en]).toBe(limit.badCharacters);
    for (const catalogue of Object.values(CATALOGUES)) {
      expect((catalogue as Record<string, string>)[limit.keys.tooLong]).toBeTruthy();
      expect((catalogue as Record<string, string>)[limit.keys.badCharacters]).toBeTruthy();
    }
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 3, {}, ['a']]) expect(isLeft(codec.decode(value))).toBe(true);
  });
});

describe('names in any language', () => {
  it('are accepted with their spaces, apostrophes, accents and joiners', () => {
    for (const name of ['Research & Development', 'O’Brien', 'Ngāti Whātua', 'مهندسی‌ها', 'Équipe Paris (Nord)', '👩‍💻 Engineers']) {
      expect(textProblem(GROUP_NAME_LIMIT, name)).toBeUndefined();
    }
  });
});

describe('a link alias', () => {
  it('holds letters of any script, digits, spaces, hyphens and underscores', () => {
    for (const alias of ['Spring survey', 'pulse-2026-01', 'team_day', 'Équipe 2', '春季调查']) expect(textProblem(ALIAS_LIMIT, alias)).toBeUndefined();
  });

  it('refuses signs that would make its address unreadable or carry markup', () => {
    for (const alias of ['<b>bold</b>', 'team#1', 'a&b', 'x?y=1', 'a/b', '50%', 'quote"d']) {
      expect(textProblem(ALIAS_LIMIT, alias), alias).toBe('badCharacters');
    }
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 20 }).filter((text) => /[^\p{L}\p{M}\p{N} _-]/u.test(text.trim())), (alias) => {
      expect(textProblem(ALIAS_LIMIT, alias)).not.toBeUndefined();
    }));
  });
});

describe('the request contracts', () => {
  it('carry the limits, so the server and the client refuse with one sentence', () => {
    const group = departmentRegister.body!.decode({ name: 'x'.repeat(300) });
    expect(isLeft(group) && fieldErrors(group.left, 'body')).toEqual({ name: [GROUP_NAME_LIMIT.tooLong] });
    const link = updateToken.body!.decode({ alias: '<b>x</b>' });
    expect(isLeft(link) && fieldErrors(link.left, 'body')).toEqual({ alias: [ALIAS_LIMIT.badCharacters] });
    expect(isRight(departmentRegister.body!.decode({ name: 'Engineering' }))).toBe(true);
  });
});

describe('the seats refusal of a survey link', () => {
  it('is read back in the page language with its number', async () => {
    const { serverMessageReader } = await import('../../domain/i18n/serverMessages');
    const { TokenMessages } = await import('../../domain/contracts/tokens');
    const read = serverMessageReader(en);
    expect(read(TokenMessages.usageLeftOutOfRange(240))).toEqual({ key: 'server_seats_left_range', values: { count: 240 } });
    expect(TokenMessages.usageLeftOutOfRange(240)).not.toMatch(/usage/u);
  });
});
