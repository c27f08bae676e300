/**
 * A dimension of a statistic (a filter such as gender, or a question such as country of birth)
 * as a tree of values under an implicit root that stands for "any value". A flat dimension is a
 * tree of depth one. Node 0 is the root; the other nodes keep the order in which they were given,
 * which is the order the client shows them in.
 */

export interface DimensionValue {
  readonly key: string;
  readonly label?: string;
  /** Key of the parent value (country of a region, zone of a language); absent: under the root. */
  readonly parent?: string;
  /** 'Prefer not to answer': shown as its own share, left out of the diversity index. */
  readonly preferNot?: boolean;
}

export interface Dimension {
  readonly name: string;
  readonly values: readonly DimensionValue[];
}

export const ROOT = 0;

/** Prefix of the keys of leaves added by the engine (see `implicitUnder`); never shown. */
const IMPLICIT = '\u0000';

export class Hierarchy {
  readonly name: string;
  /** Number of nodes, the root included. */
  readonly size: number;
  /** Every value sits directly under the root. */
  readonly flat: boolean;
  readonly keys: string[] = [''];
  readonly labels: string[] = [''];
  readonly preferNot: boolean[] = [false];
  readonly implicit: boolean[] = [false];
  readonly parent: number[] = [-1];
  readonly children: number[][] = [[]];
  /** The node itself, then its parent, ..., then the root. */
  readonly ancestors: number[][] = [[ROOT]];
  private readonly index = new Map<string, number>();
  private leavesCache: number[][] | null = null;

  /**
   * `implicitUnder`: nodes that get an extra hidden leaf. Respondents who answered a country but
   * no region (or did not answer at all, under the root) sit in such a leaf, so that every
   * parent is exactly the sum of its children and the leftover is protected like any cell.
   */
  constructor(dimension: Dimension, implicitUnder: ReadonlySet<string> = new Set()) {
    this.name = dimension.name;
    for (const value of dimension.values) {
      if (value.key === '' || value.key.startsWith(IMPLICIT)) throw new RangeError(`${dimension.name}: invalid value key`);
      if (this.index.has(value.key)) throw new RangeError(`${dimension.name}: duplicate value ${value.key}`);
      this.index.set(value.key, this.keys.length);
      this.keys.push(value.key);
      this.labels.push(value.label ?? value.key);
      this.preferNot.push(value.preferNot === true);
      this.implicit.push(false);
      this.parent.push(ROOT);
      this.children.push([]);
    }
    dimension.values.forEach((value, i) => {
      const node = i + 1;
      if (value.parent === undefined) return;
      const parent = this.index.get(value.parent);
      if (parent === undefined) throw new RangeError(`${dimension.name}: unknown parent ${value.parent} of ${value.key}`);
      this.parent[node] = parent;
    });
    for (let node = 1; node < this.keys.length; node++) this.children[this.parent[node]].push(node);
    for (const key of implicitUnder) {
      const parent = key === '' ? ROOT : this.index.get(key);
      if (parent === undefined) throw new RangeError(`${dimension.name}: unknown value ${key}`);
      const node = this.keys.length;
      this.keys.push(`${IMPLICIT}${key}`);
      this.labels.push('');
      this.preferNot.push(false);
      this.implicit.push(true);
      this.parent.push(parent);
      this.children.push([]);
      this.children[parent].push(node);
    }
    for (let node = 1; node < this.keys.length; node++) {
      const chain = [node];
      let up = this.parent[node];
      while (up !== ROOT) {
        if (chain.includes(up) || chain.length > this.keys.length) throw new RangeError(`${dimension.name}: the values form a cycle`);
        chain.push(up);
        up = this.parent[up];
      }
      chain.push(ROOT);
      this.ancestors.push(chain);
    }
    this.size = this.keys.length;
    this.flat = this.parent.every((parent, node) => node === ROOT || parent === ROOT);
  }

  nodeOf(key: string): number | undefined {
    return this.index.get(key);
  }

  /** The hidden leaf under a node, if it has one. */
  implicitLeafOf(node: number): number | undefined {
    return this.children[node].find((child) => this.implicit[child]);
  }

  isLeaf(node: number): boolean {
    return this.children[node].length === 0;
  }

  /** Leaves below a node (the node itself when it is a leaf), in order. */
  leavesUnder(node: number): readonly number[] {
    if (this.leavesCache === null) {
      const cache: number[][] = this.keys.map(() => []);
      for (let node = this.size - 1; node >= 0; node--) {
        cache[node] = this.isLeaf(node) ? [node] : this.children[node].flatMap((child) => cache[child]);
      }
      this.leavesCache = cache;
    }
    return this.leavesCache[node];
  }

  /** True when `node` is `ancestor` or lies below it. */
  within(node: number, ancestor: number): boolean {
    return this.ancestors[node].includes(ancestor);
  }

  /** Values that share the node's parent, without the node. */
  siblings(node: number): number[] {
    if (node === ROOT) return [];
    return this.children[this.parent[node]].filter((other) => other !== node);
  }
}
