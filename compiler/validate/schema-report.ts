import type { ErrorObject } from 'ajv/dist/2020.js';
import { schemaCode } from '../diagnostics/codes.ts';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { SourceFile } from '../model.ts';
import { groupErrors, inUnion } from './schema-error-groups.ts';
import { asJsonExamples } from './json-examples.ts';
import { describe, type ErrorContext, type Namer, type UnknownForm } from './schema-words.ts';

/**
 * ajv's errors reported at their places: each grouped (schema-error-groups.ts),
 * put in words (schema-words.ts) and placed by the `SourceFile` interface
 * alone, so whatever kind of file the value came from reports the same way.
 */

/**
 * Lets the caller say more of an unknown key or tag than the schema can
 * (validate/game.ts: a form a newer rulebook retired, with what to write
 * instead); undefined keeps the schema's own message.
 */
export type Retire = (found: UnknownForm) => { message: string; notes: string[] } | undefined;

/** Report ajv's errors; returns the pointers of the unknown keys reported (so they are not reported twice). */
export function reportErrors(errors: ErrorObject[], source: SourceFile, base: string, bag: DiagnosticBag, name: Namer, retire?: Retire): Set<string> {
  const unknownKeys = new Set<string>();
  const all = errors.map((e) => ({ ...e, instancePath: base + e.instancePath }));
  // Errors inside the branches of a failed anyOf/oneOf are folded into that one
  // error as notes: "must be a string or a map" beats four unrelated messages.
  const ctx: ErrorContext = { ...groupErrors(all), name };
  const { typos } = ctx;
  const seen = new Set<string>();
  const tags = new Set(all.filter((e) => e.keyword === 'discriminator').map((e) => `${e.instancePath}/${String((e.params as { tag?: string }).tag)}`));
  for (const error of all) {
    if (error.keyword === 'if' || inUnion(error, ctx) || typos.said.has(error)) continue;
    if (error.keyword === 'enum' && tags.has(error.instancePath)) continue; // the discriminator error says it better
    // A form without its tag (`{ points: 2 }`, no `op`) fails `required` too: the discriminator's error names the tag with the known forms.
    if (error.keyword === 'required' && tags.has(`${error.instancePath}/${String((error.params as { missingProperty?: string }).missingProperty)}`)) continue;
    const pointer = error.instancePath;
    // A table's typing said it once already (a required field with no column, a cell whose text did not read).
    const missing = error.keyword === 'required' ? String((error.params as { missingProperty?: string }).missingProperty) : undefined;
    if (source.saidAlready?.(pointer, missing)) continue;
    const report = describe(error, ctx);
    if (/\.json$/i.test(source.path)) report.message = asJsonExamples(report.message);
    if (report.pointer) report.pointer = report.pointer.slice(base.length);
    const key = `${report.pointer ?? pointer}|${report.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const place = source.placeOf(report.pointer ? base + report.pointer : pointer, { key: report.atKey });
    if (report.atKey && report.pointer) unknownKeys.add(base + report.pointer);
    const unknown = report.unknown?.kind === 'key' ? { ...report.unknown, pointer: report.unknown.pointer.slice(base.length) } : report.unknown;
    const retired = unknown && retire?.(unknown);
    if (retired) bag.error(source.path, place, 'form-retired', retired.message, retired.notes);
    else bag.error(source.path, place, schemaCode(report.keyword ?? error.keyword), report.message, report.notes, report);
  }
  return unknownKeys;
}
