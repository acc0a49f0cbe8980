import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { LinkedGame, StateFieldDecl } from '../model.ts';
import { notAStateField } from './check.ts';
import { cardPoints, isDraft, StateError, type CardPointsSpec, type DraftNotes, type Points } from './runtime.ts';

type CardExample = { note?: string; given?: Record<string, unknown>; expect?: number | { draft: true; known?: number } };

/**
 * Run the worked examples of the entries a `cardPoints` table scores (an
 * entry's `examples:`, one player's end state and that entry's points) with
 * the runtime the engine package runs, as the Cordel cards' examples are:
 * a wrong expectation, a field the end state does not have or a state the
 * scoring refuses is an error at the example.
 */
export function checkCardPointsExamples(linked: LinkedGame, bag: DiagnosticBag): void {
  const game = linked.game;
  const end = game.manifest.endState?.fields ?? {};
  for (const table of Object.values(game.manifest.tables ?? {})) {
    if (table.kind !== 'cardPoints') continue;
    const collection = game.collections.get(table.collection);
    if (!collection) continue;
    const spec = specOf(table);
    // A table naming a field the end state lacks is reported by the link step (link/score-tables.ts): its examples would only repeat it.
    const named = endStateFieldsOf(spec);
    if (named.some((f) => !Object.hasOwn(end, f)) || (spec.doubling && !collection.entries.some((e) => e.id === spec.doubling!.by))) continue;
    const notes: Record<string, Record<string, string>> = {};
    for (const p of linked.placeholders) if (p.collection === table.collection) (notes[p.id] ??= {})[p.path] = p.note;
    const kinds = collection.entries.map((e) => ({ ...e.value, id: e.id, name: e.name }));
    for (const entry of collection.entries) {
      const examples = (Array.isArray(entry.value.examples) ? entry.value.examples : []) as CardExample[];
      examples.forEach((example, i) => {
        const at = (p: string) => entry.source.placeOf(`${entry.pointer}/examples/${i}${p}`);
        const given = example.given ?? {};
        const unknown = Object.keys(given).find((f) => !Object.hasOwn(end, f));
        if (unknown !== undefined) {
          const p = notAStateField(unknown, 'end', Object.keys(end), `/given/${unknown}`);
          bag.error(entry.source.path, at(p.pointer), 'example-field', p.message, p.notes, p);
          return;
        }
        let got: Points;
        try {
          got = cardPoints(kinds, spec, notes as DraftNotes, withDefaults(given, end)).byKind[entry.id] ?? 0;
        } catch (e) {
          // A StateError lists its problems under a heading; a diagnostic says them on its one line.
          const said = e instanceof StateError ? e.problems.map((p) => p.message).join('; ') : (e as Error).message;
          bag.error(entry.source.path, at('/given'), 'example-field', `example ${i + 1}: ${said}`);
          return;
        }
        const want = example.expect;
        const same = isDraft(got) ? typeof want === 'object' && want !== null && (want.known === undefined || want.known === got.known) : got === want;
        if (!same)
          bag.error(
            entry.source.path,
            at('/expect'),
            'example-mismatch',
            `example ${i + 1} expects ${JSON.stringify(want)} but the points are ${isDraft(got) ? `a draft (${got.note})` : String(got)}`,
          );
      });
    }
  }
}

/** The end-state fields a card-points table reads: the singles, the sets, each kind counted apart, the doublings. */
export function endStateFieldsOf(spec: CardPointsSpec): string[] {
  return [spec.singles, spec.sets, ...Object.values(spec.counted), ...(spec.doubling ? [spec.doubling.choices] : [])];
}

/** The table's spec as the runtime reads it (emit writes the same into the package). */
export function specOf(table: NonNullable<LinkedGame['game']['manifest']['tables']>[string]): CardPointsSpec {
  return {
    points: table.points ?? 'points',
    ...(table.countScoring ? { countScoring: table.countScoring } : {}),
    structure: table.structure ?? 'structure',
    ...(table.setSize ? { setSize: table.setSize } : {}),
    setPoints: table.setPoints ?? 'set',
    singles: table.singles ?? 'singles',
    sets: table.sets ?? 'sets',
    counted: table.counted ?? {},
    ...(table.doubling ? { doubling: table.doubling } : {}),
  };
}

/** An example's state with the fields it leaves out as 0, empty or false, as the Cordel examples read. */
function withDefaults(given: Record<string, unknown>, fields: Record<string, StateFieldDecl>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, f]) => [name, Object.hasOwn(given, name) ? given[name] : f.kind === 'count' ? 0 : f.kind === 'list' ? [] : false]),
  );
}
