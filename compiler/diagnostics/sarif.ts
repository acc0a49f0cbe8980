import { pathToFileURL } from 'node:url';
import { CODES } from './codes.ts';
import type { Diagnostic, DiagnosticCode } from './diagnostic.ts';

/**
 * Diagnostics as SARIF 2.1.0, the format code hosts read to annotate the
 * lines of a pull request (GitHub code scanning, Azure DevOps, editors'
 * SARIF viewers). Paths stay relative to the project folder (`uriBaseId`
 * PROJECTROOT), so the same file annotates any checkout of the repository.
 */

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** A rule's title for a viewer: its one-line summary from the registry. */
export function ruleDescription(ruleId: DiagnosticCode): string {
  return CODES.get(ruleId)?.summary ?? 'A problem in the game content.';
}

export interface SarifOptions {
  /** The tool's version, for `tool.driver.version`. */
  version: string;
  /** The project folder the diagnostics' paths are relative to. */
  root: string;
}

export function diagnosticsToSarif(items: readonly Diagnostic[], options: SarifOptions): object {
  const ruleIds = [...new Set(items.map((d) => d.ruleId))].sort();
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const root = pathToFileURL(options.root.endsWith('/') ? options.root : options.root + '/').href;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'rulebook',
            version: options.version,
            rules: ruleIds.map((id) => rule(id)),
          },
        },
        originalUriBaseIds: { PROJECTROOT: { uri: root } },
        results: items.map((d) => result(d, index.get(d.ruleId)!)),
      },
    ],
  };
}

/** A rule's descriptor: its summary as title, its explanation, and its level when the code has one severity only. */
function rule(id: DiagnosticCode): object {
  const c = CODES.get(id);
  const level = c && c.severity !== 'either' ? { defaultConfiguration: { level: c.severity } } : {};
  return { id, shortDescription: { text: ruleDescription(id) }, fullDescription: { text: c?.explanation ?? ruleDescription(id) }, ...level };
}

function result(d: Diagnostic, ruleIndex: number): object {
  const start = d.place?.start;
  const end = d.place?.end;
  // SARIF's endColumn is exclusive, as our end points are (one past the last character);
  // a zero-width place still needs an end after its start to be a region.
  const region = start
    ? {
        startLine: start.line,
        startColumn: start.column,
        endLine: end?.line ?? start.line,
        endColumn: end && (end.line > start.line || end.column > start.column) ? end.column : start.column + 1,
      }
    : undefined;
  return {
    ruleId: d.ruleId,
    ruleIndex,
    level: d.severity === 'error' ? 'error' : 'warning',
    // Notes (did you mean..., allowed values) belong to the message: a viewer shows only this text.
    message: { text: [d.message, ...d.notes].join('\n') },
    locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(d.file), uriBaseId: 'PROJECTROOT' }, ...(region ? { region } : {}) } }],
    // The "did you mean" as data: SARIF's `fixes` would need the exact text to replace, which a place
    // (a key, a quoted value, a whole entry) does not always bound; a property bag carries it as it is.
    ...(d.expected || d.suggestion !== undefined
      ? { properties: { ...(d.expected ? { expected: d.expected } : {}), ...(d.suggestion !== undefined ? { suggestion: d.suggestion } : {}) } }
      : {}),
  };
}
