// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import * as t from 'io-ts';
import { STORAGE_KEYS } from '../../../infrastructure/storage/keys';
import { jsonItem, storedItems, textItem, type KeyValueStorage } from '../../../infrastructure/storage/local';

/** A storage that refuses every access, as Safari's private mode or a blocked origin does. */
const refusing: KeyValueStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

beforeEach(() => localStorage.clear());

describe('stored items', () => {
  it('uses the keys of SPEC section 3', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(
      ['dashboardIsBuilt', 'dateId', 'dateRange', 'newLang', 'refresh_token', 'regex', 'state', 'version'].sort(),
    );
  });

  it('writes and reads plain text and JSON values', () => {
    storedItems.newLang.write(localStorage, 'fr');
    storedItems.dashboardIsBuilt.write(localStorage, true);
    expect(localStorage.getItem('newLang')).toBe('fr');
    expect(localStorage.getItem('dashboardIsBuilt')).toBe('true');
    expect(storedItems.newLang.read(localStorage)).toBe('fr');
    expect(storedItems.dashboardIsBuilt.read(localStorage)).toBe(true);
  });

  it('reads a missing, damaged or foreign value as absent', () => {
    const range = jsonItem(STORAGE_KEYS.dateRange, t.strict({ label: t.string }));
    expect(range.read(localStorage)).toBeUndefined();
    localStorage.setItem('dateRange', '{not json');
    expect(range.read(localStorage)).toBeUndefined();
    localStorage.setItem('dateRange', '{"label":3}');
    expect(range.read(localStorage)).toBeUndefined();
    localStorage.setItem('newLang', '../../etc');
    expect(storedItems.newLang.read(localStorage)).toBeUndefined();
    localStorage.setItem('dashboardIsBuilt', 'yes');
    expect(storedItems.dashboardIsBuilt.read(localStorage)).toBeUndefined();
  });

  it('removes a value', () => {
    storedItems.regex.write(localStorage, '^.{8,}$');
    storedItems.regex.remove(localStorage);
    expect(localStorage.getItem('regex')).toBeNull();
  });

  it('never throws when the storage refuses', () => {
    const item = textItem(STORAGE_KEYS.dateId);
    expect(() => item.write(refusing, '3')).not.toThrow();
    expect(item.read(refusing)).toBeUndefined();
    expect(() => item.remove(refusing)).not.toThrow();
  });
});
