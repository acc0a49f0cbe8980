import { pathToFileURL } from 'node:url';
import type { Diagnostic } from './diagnostic.ts';

/**
 * Diagnostics as SARIF 2.1.0, the format code hosts read to annotate the
 * lines of a pull request (GitHub code scanning, Azure DevOps, editors'
 * SARIF viewers). Paths stay relative to the project folder (`uriBaseId`
 * PROJECTROOT), so the same file annotates any checkout of the repository.
 */

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** What each family of rule ids checks, for a rule's `shortDescription` (a viewer shows it as the rule's title). */
const FAMILIES: Array<[prefix: string, description: string]> = [
  ['yaml-', 'The file is not well-formed YAML.'],
  ['encoding-', 'The file is not valid UTF-8 text.'],
  ['schema-json', 'A schema file is not valid JSON.'],
  ['schema-id', "A schema's $id does not match its path under schemas/."],
  ['schema-invalid', 'A schema file is not a valid JSON Schema.'],
  ['schema-missing', 'A collection names a schema that does not exist.'],
  ['schema-', 'A value does not match its schema.'],
  ['key-reserved', 'A key names JavaScript object machinery.'],
  ['ref-label-mismatch', "A reference's printed label differs from its target's title."],
  ['ref-name-mismatch', "The name before a reference differs from its target's title."],
  ['ref-', 'A reference does not name a known entry or rule.'],
  ['duplicate-id', 'Two entries of a collection share an ID.'],
  ['component-', "A component count disagrees with the manifest."],
  ['placeholder-', 'A placeholder lacks its note.'],
  ['reading-', 'A reading lacks its note.'],
  ['example-', 'A worked example does not hold.'],
  ['rule-number-', 'The numbered rules are out of order or malformed.'],
  ['rule-', 'A rule written as data is not valid for this game.'],
  ['graph-', 'A board graph is not consistent.'],
  ['mover-', 'A moving piece does not fit its board.'],
  ['term-', 'A glossary term is not used as declared.'],
  ['icon-', 'An icon is not declared.'],
  ['source-file-', "A source file named by the manifest is missing or outside the game's folder."],
  ['file-undeclared', 'A YAML file in the game folder is not declared in the manifest.'],
  ['collection-', 'A collection file is missing or not a list of entries.'],
  ['constants-', 'The constants file is missing.'],
  ['entry-', 'An entry is malformed.'],
  ['manifest-', 'The manifest names something twice or wrongly.'],
  ['no-games', 'No game was found.'],
];

export function ruleDescription(ruleId: string): string {
  return FAMILIES.find(([prefix]) => ruleId === prefix || (prefix.endsWith('-') && ruleId.startsWith(prefix)))?.[1] ?? 'A problem in the game content.';
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
            rules: ruleIds.map((id) => ({ id, shortDescription: { text: ruleDescription(id) } })),
          },
        },
        originalUriBaseIds: { PROJECTROOT: { uri: root } },
        results: items.map((d) => result(d, index.get(d.ruleId)!)),
      },
    ],
  };
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
  };
}
