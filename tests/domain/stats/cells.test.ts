import { describe, expect, it } from 'vitest';
import { CellTable } from '../../../domain/stats/cells';
import { BoxSpace, Hierarchy, ROOT } from '../../../domain/stats/hierarchy';

const flat = (name: string, keys: string[]) => new Hierarchy({ name, values: keys.map((key) => ({ key, label: key })) });

describe('CellTable', () => {
  const space = new BoxSpace([flat('gender', ['f', 'm']), flat('age', ['young', 'old']), flat('team', ['a', 'b'])]);
  const box = (coords: number[]) => space.id(coords);

  it('counts cells of boxes within the depth and remembers the order they were first counted in', () => {
    const table = new CellTable(space, 2, 4);
    table.add(box([1, 0, 0]), 2, 3);
    table.add(box([0, 1, 2]), 1, 1);
    table.add(box([1, 0, 0]), 2, 4);
    expect(table.count(box([1, 0, 0]), 2)).toBe(7);
    expect(table.count(box([2, 0, 0]), 2)).toBe(0);
    expect(table.populated).toEqual([box([1, 0, 0]) + 2 * space.total, box([0, 1, 2]) + 1 * space.total]);
  });

  it('treats a box deeper than the lattice counts as empty and always hidden', () => {
    const table = new CellTable(space, 2, 4);
    const deep = box([1, 1, 1]);
    expect(table.count(deep, 1)).toBe(0);
    expect(table.hidden(deep, 1, 2)).toBe(true);
    expect(() => table.add(deep, 1, 1)).toThrow(RangeError);
  });

  it('keeps the first level a cell is hidden at, and hides cells of a box the lattice hid', () => {
    const table = new CellTable(space, 2, 4);
    const women = box([1, 0, 0]);
    expect(table.hide(women, 3, 4)).toBe(true);
    expect(table.hide(women, 3, 2)).toBe(false);
    expect(table.hidden(women, 3, 3)).toBe(false);
    expect(table.hidden(women, 3, 4)).toBe(true);
    table.setBoxLevel(women, 6);
    expect(table.hidden(women, 1, 5)).toBe(false);
    expect(table.hidden(women, 1, 6)).toBe(true);
    expect(table.hidden(women, ROOT, 6)).toBe(true);
  });

  it('refuses a question too large to hold', () => {
    expect(() => new CellTable(space, 3, CellTable.LIMIT)).toThrow(/too many values/);
  });
});
