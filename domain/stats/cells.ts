import { ROOT, type BoxSpace } from './hierarchy';

/**
 * The cells of one question (a filter box within the lattice's depth, an answer node) in flat
 * typed arrays. A cell is numbered box + node * space.total, as the protection names it; here it
 * is stored at slot(box) * nodes + node, the boxes within maxDepth numbered densely. On a large
 * organisation a question with thousands of values (states) has millions of such cells, and
 * the protection looks up counts and hidden levels of cells nobody has far more often than of
 * the ones somebody has: keyed maps made these lookups most of its time.
 */
export class CellTable {
  /** Dense number of each box within maxDepth, -1 for the deeper ones (never counted, always hidden). */
  private readonly slotOfBox: Int32Array;
  private readonly counts: Int32Array;
  /** Level at which a cell is hidden (0: released at every level computed so far). */
  private readonly levels: Uint16Array;
  private readonly coveredCells: Uint8Array;
  /** Per box, the lattice's level at which it is hidden (0: released). */
  private readonly boxLevels: Uint16Array;
  /** Cells with people, numbered as the protection names them, in the order first counted. */
  readonly populated: number[] = [];
  private readonly boxes: number;

  /** Cells a table may hold: 64M keeps its arrays within about half a gigabyte. */
  static readonly LIMIT = 1 << 26;

  constructor(
    readonly space: BoxSpace,
    maxDepth: number,
    readonly nodes: number,
  ) {
    this.slotOfBox = new Int32Array(space.total).fill(-1);
    let boxes = 0;
    space.forEachBox(
      space.dims.map((dim) => Array.from({ length: dim.size }, (_, node) => node)),
      maxDepth,
      (box) => {
        this.slotOfBox[box] = boxes++;
      },
    );
    if (boxes * nodes > CellTable.LIMIT) throw new RangeError('too many values across the dimensions of one statistic');
    this.boxes = boxes;
    this.counts = new Int32Array(boxes * nodes);
    this.levels = new Uint16Array(boxes * nodes);
    this.coveredCells = new Uint8Array(boxes * nodes);
    this.boxLevels = new Uint16Array(boxes);
  }

  private slot(box: number, node: number): number {
    const slot = this.slotOfBox[box];
    return slot < 0 ? -1 : slot * this.nodes + node;
  }

  add(box: number, node: number, count: number): void {
    const slot = this.slot(box, node);
    if (slot < 0) throw new RangeError('a cell deeper than the lattice counts');
    if (this.counts[slot] === 0 && count > 0) this.populated.push(box + node * this.space.total);
    this.counts[slot] += count;
  }

  count(box: number, node: number): number {
    const slot = this.slot(box, node);
    return slot < 0 ? 0 : this.counts[slot];
  }

  /** Hidden at `level`: the box within the lattice, or the cell itself. Deeper boxes always are. */
  hidden(box: number, node: number, level: number): boolean {
    const slot = this.slotOfBox[box];
    if (slot < 0) return true;
    const boxLevel = this.boxLevels[slot];
    if (boxLevel !== 0 && boxLevel <= level) return true;
    if (node === ROOT) return false;
    const cellLevel = this.levels[slot * this.nodes + node];
    return cellLevel !== 0 && cellLevel <= level;
  }

  /** Hides the cell from `level` on, unless it is hidden already; true when it was not. */
  hide(box: number, node: number, level: number): boolean {
    const slot = this.slot(box, node);
    if (slot < 0 || this.levels[slot] !== 0) return false;
    this.levels[slot] = level;
    return true;
  }

  covered(box: number, node: number): boolean {
    const slot = this.slot(box, node);
    return slot >= 0 && this.coveredCells[slot] === 1;
  }

  cover(box: number, node: number): void {
    const slot = this.slot(box, node);
    if (slot >= 0) this.coveredCells[slot] = 1;
  }

  /** The lattice level at which a box is hidden, as the lattice decided it. */
  setBoxLevel(box: number, level: number): void {
    const slot = this.slotOfBox[box];
    if (slot >= 0) this.boxLevels[slot] = level;
  }

  get size(): number {
    return this.boxes * this.nodes;
  }
}
