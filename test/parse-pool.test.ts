// Files parsed on worker threads (load/parse-pool.ts) read exactly as files parsed on the main thread.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { loadYaml } from '../compiler/load/game.ts';
import { preparse } from '../compiler/load/parse-pool.ts';

const FILES: Record<string, string | Buffer> = {
  'good.yaml': '- name: Ant\n  points: { placeholder: 3, note: Not printed. }\n  tags: [a, b]\n- name: Bee\n  text: |\n    Two\n    lines\n',
  'syntax.yaml': '- name: Ant\n  points: [1, 2\n- name: Bee\n',
  'latin1.yaml': Buffer.from('- name: Ma\xe7\xe3\n', 'latin1'),
  'proto.yaml': '- __proto__: { polluted: true }\n  name: Ant\n',
  'empty.yaml': '',
};

describe('parsing on worker threads', () => {
  it('gives the same values, places, marks and diagnostics as the main thread, and leaves a missing file unread', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-pool-'));
    for (const [name, text] of Object.entries(FILES)) await writeFile(path.join(dir, name), text);
    const names = [...Object.keys(FILES), 'missing.yaml'];
    const files = names.map((name) => ({ file: path.join(dir, name), shown: `content/x/${name}` }));
    const pre = await preparse(files, { minBytes: 0 });
    expect(pre, 'the pool did not run (workers could not start?)').toBeDefined();
    for (const { file, shown } of files) {
      const bag = new DiagnosticBag();
      const main = await loadYaml(dir, file, bag);
      const got = pre!.get(file)!;
      expect(got, shown).toBeDefined();
      if (!main) {
        expect(got.text, shown).toBeUndefined();
        continue;
      }
      const worker = got.source!;
      expect(worker.ok, shown).toBe(main.ok);
      expect(worker.value, shown).toEqual(main.value);
      expect(
        got.diagnostics.map((d) => ({ ...d, file: d.file.replace('content/x/', '') })),
        shown,
      ).toEqual(bag.items.map((d) => ({ ...d, file: d.file.replace(/^.*\//, '') })));
      expect(worker.placeholders, shown).toEqual(main.placeholders);
      for (const pointer of [...main.ranges.keys()]) expect(worker.placeOf(pointer), `${shown} ${pointer}`).toEqual(main.placeOf(pointer));
      for (const pointer of [...main.keys.keys()])
        expect(worker.placeOf(pointer, { key: true }), `${shown} ${pointer}`).toEqual(main.placeOf(pointer, { key: true }));
    }
    // A key named __proto__ stays a plain field on the other side too: it never becomes a prototype.
    const proto = (pre!.get(path.join(dir, 'proto.yaml'))!.source!.value as Array<Record<string, unknown>>)[0]!;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stays on the main thread for small inputs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-pool-'));
    await writeFile(path.join(dir, 'a.yaml'), '- name: Ant\n');
    await writeFile(path.join(dir, 'b.yaml'), '- name: Bee\n');
    expect(
      await preparse([
        { file: path.join(dir, 'a.yaml'), shown: 'a.yaml' },
        { file: path.join(dir, 'b.yaml'), shown: 'b.yaml' },
      ]),
    ).toBeUndefined();
  });
});
