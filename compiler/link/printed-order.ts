import type { Entry } from '../model.ts';

/** Merge entries from two files into one printed order: stable, inserting each where its number belongs. */
export function mergeByNumber(entries: Entry[]): Entry[] {
  const main = entries.filter((e, i) => i === 0 || e.source === entries[0]!.source);
  const others = entries.filter((e) => e.source !== entries[0]!.source);
  const out = [...main];
  for (const extra of others) {
    const n = extra.value.number as string;
    // After the last entry whose number is a prefix-ancestor or a sibling before it.
    let at = out.length;
    for (let i = 0; i < out.length; i++) {
      if (compareNumbers(out[i]!.value.number as string, n) > 0) {
        at = i;
        break;
      }
    }
    out.splice(at, 0, extra);
  }
  return out;
}

function compareNumbers(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}
