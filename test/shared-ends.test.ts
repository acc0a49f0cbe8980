// What a save shares with the text before it, found from each end (load/shared-ends.ts), and the new text's line
// starts made from the last text's: whatever the edit, as the new text alone gives them.
import { describe, expect, it } from 'vitest';
import { lineStartsAfter, sharedEnd, sharedStart } from '../compiler/load/shared-ends.ts';
import { seededRandom } from './helpers.ts';

const lineStarts = (text: string) => [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];

describe('the line starts of a saved text', () => {
  it('are the last text’s, kept before the edit and moved after it, whatever the edit (line breaks added, removed, at either end)', () => {
    const random = seededRandom(15);
    const pieces = ['\n', '\n\n', 'a', 'ab\n', ' ', '"x"'];
    for (let n = 0; n < 3000; n++) {
      let old = '';
      for (let k = Math.floor(random() * 30); k > 0; k--) old += pieces[Math.floor(random() * pieces.length)];
      const at = Math.floor(random() * (old.length + 1));
      const cut = Math.floor(random() * 4);
      let put = '';
      for (let k = Math.floor(random() * 3); k > 0; k--) put += pieces[Math.floor(random() * pieces.length)];
      const text = old.slice(0, at) + put + old.slice(at + cut);
      const same = sharedStart(old, text);
      const end = sharedEnd(old, text, same);
      expect({ old, text, starts: [...lineStartsAfter(lineStarts(old), text, same, end, text.length - old.length)] }).toStrictEqual({
        old,
        text,
        starts: lineStarts(text),
      });
    }
  });
});
