import { visit } from 'jsonc-parser';
import type { Range } from '../model.ts';
import type { MarkKind } from './mark-words.ts';

const LITERAL = 0;
const OBJECT = 1;
const ARRAY = 2;

/** A value of the text as the index holds it: by number, its range read from the index's arrays. */
type NodeId = number;

/**
 * Where every value and key of a JSON text stands, read once with
 * jsonc-parser's `visit` into flat typed arrays: no string and no object per
 * value. A map from JSON pointers to ranges was the first try, and building
 * it was the cost: 30,000 cards (18 MB) took 5-7 s and some 200 MB,
 * nearly all of it in the pointer strings and the Map, against 0.2 s for
 * jsonc-parser's reading itself. A pointer is resolved when asked instead, by walking
 * down from the root (a few siblings an object, an index a list).
 *
 * Pointers are the ones the values were read under (load/json-source.ts): a
 * placeholder or reading is unwrapped, so the pointer of a marked value
 * reaches through its mark object to the value it wraps; `marksAt` says, by
 * pointer, which marks (outermost first) the walk unwrapped there.
 */
export class JsonPlaces {
  private count = 0;
  private kind = new Uint8Array(1024);
  private start = new Int32Array(1024);
  private end = new Int32Array(1024);
  private firstChild = new Int32Array(1024);
  private lastChild = new Int32Array(1024);
  private nextSibling = new Int32Array(1024);
  /** The range of the key that introduces an object's member, with its quotes; -1 for a list item or the root. */
  private keyStart = new Int32Array(1024);
  private keyEnd = new Int32Array(1024);
  /** The items of each long list looked into, by the list. */
  private readonly items = new Map<NodeId, Int32Array>();

  constructor(
    private readonly text: string,
    private readonly marksAt: ReadonlyMap<string, readonly MarkKind[]>,
  ) {
    const open: NodeId[] = [];
    let keyStart = -1;
    let keyEnd = -1;
    const add = (kind: number, offset: number, endOffset: number): NodeId => {
      const id = this.count++;
      if (id === this.kind.length) this.grow();
      this.kind[id] = kind;
      this.start[id] = offset;
      this.end[id] = endOffset;
      this.firstChild[id] = -1;
      this.lastChild[id] = -1;
      this.nextSibling[id] = -1;
      this.keyStart[id] = keyStart;
      this.keyEnd[id] = keyEnd;
      keyStart = keyEnd = -1;
      const parent = open.length ? open[open.length - 1]! : -1;
      if (parent >= 0) {
        if (this.lastChild[parent]! >= 0) this.nextSibling[this.lastChild[parent]!] = id;
        else this.firstChild[parent] = id;
        this.lastChild[parent] = id;
      }
      return id;
    };
    const close = (offset: number, length: number) => {
      const id = open.pop();
      if (id !== undefined) this.end[id] = offset + length;
    };
    visit(text, {
      onObjectBegin: (offset) => void open.push(add(OBJECT, offset, offset + 1)),
      onArrayBegin: (offset) => void open.push(add(ARRAY, offset, offset + 1)),
      onObjectEnd: close,
      onArrayEnd: close,
      onObjectProperty: (_name, offset, length) => {
        keyStart = offset;
        keyEnd = offset + length;
      },
      onLiteralValue: (_value, offset, length) => void add(LITERAL, offset, offset + length),
    });
  }

  private grow(): void {
    const size = this.kind.length * 2;
    const bigger = <T extends Uint8Array | Int32Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a);
      return b;
    };
    this.kind = bigger(this.kind);
    this.start = bigger(this.start);
    this.end = bigger(this.end);
    this.firstChild = bigger(this.firstChild);
    this.lastChild = bigger(this.lastChild);
    this.nextSibling = bigger(this.nextSibling);
    this.keyStart = bigger(this.keyStart);
    this.keyEnd = bigger(this.keyEnd);
  }

  /** Where the value at `pointer` stands (through its marks, to the value they wrap). */
  valueRange(pointer: string): Range | undefined {
    const found = this.resolve(pointer);
    return found && this.rangeOf(found.value);
  }

  /** Where the key that introduces the value at `pointer` stands (for a marked value, the key of its outermost mark). */
  keyRange(pointer: string): Range | undefined {
    const found = this.resolve(pointer);
    if (!found || this.keyStart[found.outer]! < 0) return undefined;
    return [this.keyStart[found.outer]!, this.keyEnd[found.outer]!];
  }

  /** The whole outermost mark (`{ "placeholder": ..., "note": ... }`) at `pointer`; undefined when no mark is there. */
  markRange(pointer: string): Range | undefined {
    const found = this.resolve(pointer);
    return found && found.outer !== found.value ? this.rangeOf(found.outer) : undefined;
  }

  /** The key `key` of a mark at `pointer` (a misspelt key, `reading` beside `placeholder`), in the first of its marks that has it. */
  markKeyRange(pointer: string, key: string): Range | undefined {
    const found = this.resolve(pointer);
    if (!found) return undefined;
    for (const mark of found.marks) {
      const member = this.member(mark, key);
      if (member >= 0) return [this.keyStart[member]!, this.keyEnd[member]!];
    }
    return undefined;
  }

  private rangeOf(id: NodeId): Range {
    return [this.start[id]!, this.end[id]!];
  }

  /**
   * The value at `pointer`, the node that stands at its place in its parent
   * (`outer`: the value, or the outermost mark around it) and the marks
   * between; undefined when the text holds no such value.
   */
  private resolve(pointer: string): { value: NodeId; outer: NodeId; marks: NodeId[] } | undefined {
    if (!this.count || (pointer !== '' && !pointer.startsWith('/'))) return undefined;
    let here = '';
    let found = this.unwrap(0, here);
    if (pointer === '') return found;
    for (const segment of pointer.slice(1).split('/')) {
      const parent = found.value;
      let child = -1;
      if (this.kind[parent] === ARRAY) {
        if (!/^(?:0|[1-9]\d*)$/.test(segment)) return undefined;
        child = this.item(parent, Number(segment));
      } else if (this.kind[parent] === OBJECT) {
        child = this.member(parent, segment.replace(/~1/g, '/').replace(/~0/g, '~'));
      }
      if (child < 0) return undefined;
      here += `/${segment}`;
      found = this.unwrap(child, here);
    }
    return found;
  }

  /** Through the marks the walk unwrapped at `pointer`, from the node that stands there to the value they wrap. */
  private unwrap(id: NodeId, pointer: string): { value: NodeId; outer: NodeId; marks: NodeId[] } {
    const marks: NodeId[] = [];
    let value = id;
    for (const kind of this.marksAt.get(pointer) ?? []) {
      const inner = this.kind[value] === OBJECT ? this.member(value, kind) : -1;
      if (inner < 0) break;
      marks.push(value);
      value = inner;
    }
    return { value, outer: id, marks };
  }

  /** The `index`-th item of a list, or -1; a long list's items are listed once, so a lookup does not walk 30,000 siblings. */
  private item(list: NodeId, index: number): NodeId {
    let items = this.items.get(list);
    if (!items) {
      const ids: NodeId[] = [];
      for (let child = this.firstChild[list]!; child >= 0; child = this.nextSibling[child]!) ids.push(child);
      items = Int32Array.from(ids);
      if (items.length > 16) this.items.set(list, items);
    }
    return index < items.length ? items[index]! : -1;
  }

  /** The member of an object with the key `name` (the last, as JSON.parse keeps the last of two equal keys), or -1. */
  private member(object: NodeId, name: string): NodeId {
    let found = -1;
    for (let child = this.firstChild[object]!; child >= 0; child = this.nextSibling[child]!) {
      const raw = this.text.slice(this.keyStart[child]! + 1, this.keyEnd[child]! - 1);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      if (key === name) found = child;
    }
    return found;
  }
}

/**
 * A view of the index as the map from JSON pointers to ranges that the
 * SourceFile contract names (model.ts): lookups resolve the pointer; listing
 * every pointer (which no phase does) walks the values the pointer map holds.
 */
export class PointerRanges implements ReadonlyMap<string, Range> {
  constructor(
    private readonly find: (pointer: string) => Range | undefined,
    private readonly pointers: () => Iterable<string>,
  ) {}

  get(pointer: string): Range | undefined {
    return this.find(pointer);
  }

  has(pointer: string): boolean {
    return this.find(pointer) !== undefined;
  }

  get size(): number {
    let n = 0;
    for (const _ of this.keys()) n++;
    return n;
  }

  *entries(): MapIterator<[string, Range]> {
    for (const p of this.pointers()) {
      const range = this.find(p);
      if (range) yield [p, range];
    }
  }

  *keys(): MapIterator<string> {
    for (const [p] of this.entries()) yield p;
  }

  *values(): MapIterator<Range> {
    for (const [, range] of this.entries()) yield range;
  }

  forEach(callback: (value: Range, key: string, map: ReadonlyMap<string, Range>) => void): void {
    for (const [p, range] of this.entries()) callback(range, p, this);
  }

  [Symbol.iterator](): MapIterator<[string, Range]> {
    return this.entries();
  }
}
