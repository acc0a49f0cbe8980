import type { ErrorCode as YamlErrorCode } from 'yaml';

/**
 * Every diagnostic code the compiler reports, declared once (as TypeScript
 * declares its diagnostics and eemeli/yaml its `ErrorCode`): its severity, a
 * one-line summary (SARIF's rule title, the README's table), a paragraph in
 * the designer's words and an example with its fix (`rulebook explain`).
 * `DiagnosticCode` is derived from the keys, so reporting a code that is not
 * here is a type error, and so is reporting it with another severity.
 */

export type Severity = 'error' | 'warning';

export interface CodeInfo {
  /** `either` for a code reported as an error in one case and a warning in another (each says which). */
  severity: Severity | 'either';
  summary: string;
  explanation: string;
  example: { file: string; yaml: string; fix: string };
}

const FILE = {
  manifest: 'content/mygame/game.yaml',
  cards: 'content/mygame/cards.yaml',
  cardsJson: 'content/mygame/cards.json',
  map: 'content/mygame/maps.yaml',
  rules: 'content/mygame/rules.yaml',
};

/** The codes the compiler's own checks report. */
const OWN = {
  // --- Reading files -------------------------------------------------------
  'encoding-not-utf8': {
    severity: 'error',
    summary: 'The file is not valid UTF-8 text.',
    explanation:
      'Every content file is read as UTF-8. Some bytes of this file are not UTF-8, usually because an editor saved it as Latin-1 or Windows-1252 (accented letters such as "ã" become one byte instead of two). The file is not loaded until it is saved as UTF-8, so the errors that would follow from its missing entries are left out.',
    example: {
      file: FILE.cards,
      yaml: '- name: Lampi\\xe3o   # "ã" saved as the single Latin-1 byte E3',
      fix: 'Reopen the file in your editor and save it with the UTF-8 encoding.',
    },
  },
  'yaml-tab-indent': {
    severity: 'error',
    summary: 'A tab is used to indent a YAML line.',
    explanation:
      'YAML nests by indentation and allows spaces only: a tab at the start of a line makes the whole file unreadable. The file is not loaded until the tabs are replaced by spaces.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n\tpoints: 3',
      fix: 'Indent with spaces: `  points: 3`. Most editors can convert tabs to spaces for the whole file.',
    },
  },
  'yaml-indent': {
    severity: 'error',
    summary: 'A YAML line is indented to match nothing above it.',
    explanation:
      "YAML tells which map or list a line belongs to by its indentation. This line is indented by a number of spaces that no key or list item above it uses, so YAML cannot tell where it belongs. The parser's own errors that follow from it are left out.",
    example: { file: FILE.cards, yaml: '- name: Ace\n   points: 3', fix: 'Line it up with the keys of its map: `  points: 3` (two spaces, like `name`).' },
  },
  'yaml-unclosed': {
    severity: 'error',
    summary: 'A `[`, `{` or quote is opened and never closed.',
    explanation:
      "A flow list (`[a, b]`), a flow map (`{ a: 1 }`) or a quoted text (`\"...\"`, `'...'`) runs until its closing character: without it, YAML reads on into the lines that follow and reports them instead. The error is at the character that opens it, and the parser's errors that follow from it are left out. In a collection file the entry that holds it is left out until it is closed, and the file's other entries are still checked (counts and references into that collection wait for the whole file).",
    example: { file: FILE.cards, yaml: '- name: Ace\n  tags: [red, face\n- name: King', fix: 'Close it where it ends: `tags: [red, face]`.' },
  },
  // --- Tables (CSV and TSV collection files) -------------------------------
  'csv-unclosed-quote': {
    severity: 'error',
    summary: 'A quoted cell of a CSV file is never closed.',
    explanation:
      'A cell that starts with `"` runs to the next `"` that is not doubled, across delimiters and line breaks: without its closing quote, the rest of the file would be read as one cell. The error is at the quote that opens it; the rows above it are read and checked, the rows from it to the end are left out until it is closed (counts and references into the collection wait for the whole file).',
    example: {
      file: 'content/mygame/cards.csv',
      yaml: 'name,text\nAce,"Draw a card\nKing,Discard',
      fix: 'Close the quote where the cell ends: `Ace,"Draw a card"`.',
    },
  },
  'csv-unreadable': {
    severity: 'error',
    summary: 'The CSV reader could not read a row.',
    explanation:
      'The CSV reader stopped at this row with its own message. The rows above it are read and checked; this row and those after it are left out until it reads.',
    example: { file: 'content/mygame/cards.csv', yaml: 'name,cost\nAce,"3"x', fix: 'Write the row as CSV: `Ace,3`.' },
  },
  'csv-header-missing': {
    severity: 'error',
    summary: 'A CSV collection file is empty: it has no header row.',
    explanation:
      "A table's first row is its header: one cell per column, naming the field its cells hold (`name`, `cost`, `attack.guns`). An empty file names no field and holds no entry.",
    example: { file: 'content/mygame/cards.csv', yaml: '(an empty file)', fix: 'Start with the header row: `name,cost`.' },
  },
  'csv-header-empty': {
    severity: 'either',
    summary: 'A header cell of a CSV file names no field.',
    explanation:
      'Each header cell names the field of its column, by its path (`attack.guns`). A column with an empty header cell (or a path with an empty step, `attack..guns`) is not read: an error when cells below hold values (they would be lost), a warning when the whole column is empty (the padding some spreadsheets export).',
    example: { file: 'content/mygame/cards.csv', yaml: 'name,,cost\nAce,red,3', fix: 'Name the column: `name,color,cost`, or delete it.' },
  },
  'csv-header-duplicate': {
    severity: 'error',
    summary: 'Two header cells of a CSV file name the same field.',
    explanation:
      "A field is held by one column (or, for a map, by a group of columns `attack.guns`, `attack.range`). A second column for the same field, or a column for a whole map beside columns for its parts (`attack` and `attack.guns`), is not read: which cell would win is not the file's to guess.",
    example: { file: 'content/mygame/cards.csv', yaml: 'name,cost,cost\nAce,3,4', fix: 'Keep one column per field: `name,cost`.' },
  },
  'csv-header-unknown': {
    severity: 'error',
    summary: "A header cell of a CSV file names a field the collection's schema does not have.",
    explanation:
      "The header names each column's field by its path under an entry (`cost`, `attack.guns`). This one names no field of the schema, usually a typo: the column is not read (so its cells are not reported one by one), and the message names the nearest field.",
    example: { file: 'content/mygame/cards.csv', yaml: 'name,cots\nAce,3', fix: 'Name the field as the schema does: `name,cost`.' },
  },
  'csv-header-missing-field': {
    severity: 'error',
    summary: "A CSV file's header has no column for a field its schema requires.",
    explanation:
      'Every entry needs the field, and no header cell names it: said once, at the header, rather than once per row. When a header cell that names no field is close to it (`cots` for `cost`), the error stands at that cell and names the field it was probably meant for. A header that differs from a field only by case or accents (`Name`, `Custo` for `custo`) is read as that field, with no error.',
    example: { file: 'content/mygame/cards.csv', yaml: 'name,cots\nAce,3', fix: 'Name the required field as the schema does: `name,cost`.' },
  },
  'csv-row-too-long': {
    severity: 'error',
    summary: 'A row of a CSV file has more cells than its header.',
    explanation:
      "A spreadsheet's export is rectangular (a padded column gives the header an empty cell too), so a row with more cells than the header, even empty ones, almost always has text holding the delimiter without quotes (`Fire, Ice` in a comma-separated file): its cells are shifted. The error is said once, at the row's first extra cell, and the row is left out (its shifted cells are not reported one by one). A row with fewer cells than the header has its missing cells empty.",
    example: { file: 'content/mygame/cards.csv', yaml: 'name,text\nAce,Draw, then discard', fix: 'Quote the cell: `Ace,"Draw, then discard"`.' },
  },
  'csv-cell-flow': {
    severity: 'error',
    summary: 'A CSV cell written as YAML flow text does not read.',
    explanation:
      'A cell whose field wants a map or a list of maps (a scoring rule, a list of awards) holds it as YAML flow text: `{ op: per, points: 2, each: { field: flour } }`. So is a draft (`{ reading: 2, note: "..." }`), in any field. This cell\'s text does not parse as such; the error is at the place in the cell where it goes wrong, and it is the cell\'s one error (the schema does not report the unread text again).',
    example: {
      file: 'content/mygame/cards.csv',
      yaml: 'name,scoring\nAce,"{ op: per, points: 2"',
      fix: 'Close the map: `"{ op: per, points: 2, each: { field: flour } }"`.',
    },
  },
  'yaml-too-deep': {
    severity: 'error',
    summary: 'A value nests too many levels deep.',
    explanation:
      'Content nests a few levels (an entry, its fields, a rule inside a field). A value nested deeper than the tool reads is almost always a mistake (or a file made to break the tool), so the file is not loaded.',
    example: {
      file: FILE.cards,
      yaml: 'a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      fix: 'Flatten the value: `a: [1]`.',
    },
  },
  'yaml-alias-bomb': {
    severity: 'error',
    summary: 'Aliases expand into far more values than the file holds.',
    explanation:
      'An alias (`*name`) repeats a value anchored with `&name`. Aliases of aliases grow exponentially (a "billion laughs"): this file would expand into more values than it could hold written out, so it is not loaded.',
    example: {
      file: FILE.cards,
      yaml: 'a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]   # ... and so on',
      fix: 'Write the values out, or alias a value once.',
    },
  },
  'yaml-alias-unknown': {
    severity: 'error',
    summary: 'An alias names no anchor above it.',
    explanation:
      'An alias (`*name`) repeats a value anchored earlier in the file with `&name`. No anchor of that name comes before it (it may be misspelt, or below the alias), so the file is not loaded.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  effect: *gain-two',
      fix: 'Anchor the value above (`effect: &gain-two { op: gain, ... }`) or write it out.',
    },
  },
  'yaml-alias-cycle': {
    severity: 'error',
    summary: 'An alias is inside the value it repeats.',
    explanation: 'An alias (`*name`) inside the value anchored `&name` would make that value contain itself forever, so the file is not loaded.',
    example: { file: FILE.cards, yaml: 'a: &a { next: *a }', fix: 'Remove the alias from inside its own anchored value.' },
  },
  'yaml-unsupported-value': {
    severity: 'error',
    summary: 'A YAML value is of a kind content cannot hold.',
    explanation:
      'Content values are text, finite numbers, true/false, lists and maps, the values JSON Schema checks and the engine package holds. YAML can also write timestamps (`2026-11-30`), binary data or infinite numbers (`.inf`); quote such a value to keep it as text.',
    example: { file: FILE.cards, yaml: '- name: Ace\n  printed: 2026-11-30', fix: '`printed: "2026-11-30"`' },
  },
  // --- JSON content files (load/json-source.ts) ------------------------------
  'json-syntax': {
    severity: 'error',
    summary: 'A JSON file breaks the JSON syntax.',
    explanation:
      'A `.json` content file is read as strict JSON (RFC 8259): keys and text in double quotes, items and fields separated by commas with none after the last, one value in the file (a collection file holds one list `[ ... ]` of entries). Every error is reported where it stands, one a line; the file is not loaded until it reads.',
    example: {
      file: FILE.cardsJson,
      yaml: '[\n  { "name": "Ace", "points": 3, },\n  { "name": "King" "points": 4 }\n]',
      fix: 'Remove the comma after `3` and add one after `"King"`.',
    },
  },
  'json-unclosed': {
    severity: 'error',
    summary: 'A JSON text, list or object is never closed.',
    explanation:
      'Text in JSON runs from `"` to `"` on one line, a list from `[` to `]`, an object from `{` to `}`. A text left open is reported where it starts; a list or object left open, at the bracket that opens it.',
    example: { file: FILE.cardsJson, yaml: '[\n  { "name": "Ace, "points": 3 }\n]', fix: '`{ "name": "Ace", "points": 3 }`' },
  },
  'json-comment': {
    severity: 'error',
    summary: 'A JSON file has a comment.',
    explanation:
      "JSON has no comments (`//` or `/* */`): the platform's JSON parser refuses them. A note meant for readers goes in a field the schema allows, or the file can be written in YAML, which has comments.",
    example: { file: FILE.cardsJson, yaml: '[\n  // the base set\n  { "name": "Ace" }\n]', fix: 'Remove the comment line.' },
  },
  'json-invalid-value': {
    severity: 'error',
    summary: 'A JSON value is written in a way JSON does not read.',
    explanation:
      'A JSON value is text in double quotes, a number (`3`, `-0.5`, `1e6`: no leading zero, digits on both sides of the point), `true`, `false`, `null`, a list or an object. Single quotes, bare words (`NaN`, `undefined`, a misspelt `true`) and unquoted keys are JavaScript, not JSON.',
    example: { file: FILE.cardsJson, yaml: '[\n  { name: \'Ace\', "points": NaN }\n]', fix: '`{ "name": "Ace", "points": 3 }` (or `null` for none)' },
  },
  'json-escape': {
    severity: 'error',
    summary: 'JSON text holds a bad escape or a raw control character.',
    explanation:
      'Inside JSON text a backslash starts an escape: `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` or `\\u` with four hexadecimal digits. Any other escape, or a tab or other control character typed into the text, is refused by every JSON reader.',
    example: {
      file: FILE.cardsJson,
      yaml: '[\n  { "name": "Ace", "art": "C:\\cards\\ace.png" }\n]',
      fix: '`"art": "C:\\\\cards\\\\ace.png"` (or forward slashes)',
    },
  },
  'json-duplicate-key': {
    severity: 'error',
    summary: 'A JSON object has the same key twice.',
    explanation:
      'JSON readers keep the last of two equal keys without a word, so the first value is lost: an edit that lands on the first of the two has no effect. The error is at the second key; the file is still read (with the last value), so its other problems are reported too.',
    example: {
      file: FILE.cardsJson,
      yaml: '[\n  { "name": "Ace", "points": 3, "points": 4 }\n]',
      fix: 'Keep the right one: `{ "name": "Ace", "points": 4 }`.',
    },
  },
  'json-too-deep': {
    severity: 'error',
    summary: 'A JSON value nests too many levels deep.',
    explanation:
      'Content nests a few levels (an entry, its fields, a rule inside a field), at most 200, as in YAML. A value nested deeper is almost always a mistake (or a file made to break the tool), so the file is not loaded.',
    example: {
      file: FILE.cardsJson,
      yaml: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      fix: 'Nest values a few levels at most.',
    },
  },
  'json-number-range': {
    severity: 'error',
    summary: 'A JSON number is too large to hold.',
    explanation:
      'A number such as `1e400` is valid JSON but beyond what a JavaScript number holds: it would be read as Infinity, which the engine package cannot hold as data. Write a finite number (or the value as text, in quotes).',
    example: { file: FILE.cardsJson, yaml: '[\n  { "name": "Ace", "points": 1e400 }\n]', fix: '`"points": 3`' },
  },
  'file-too-large': {
    severity: 'error',
    summary: 'A content file is too large to read.',
    explanation:
      'Content files are read up to 32 MiB (a 30,000-card game in one file is about 14 MB). A larger file would take minutes and gigabytes of memory to parse, so it is not read. Split a large collection into several files and list them with a `files:` glob in game.yaml.',
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards:\n    file: cards.yaml   # 60 MB',
      fix: '`files: cards/*.yaml`, with the cards split into one file per pack.',
    },
  },
  'mark-malformed': {
    severity: 'error',
    summary: 'A placeholder or reading is written wrongly.',
    explanation:
      'A value not given (by the rulebook, or not decided yet) is written `{ placeholder: VALUE, note: "..." }`, and a choice made where the rules are silent `{ reading: VALUE, note: "..." }`. A value is one or the other, never both, and the map takes no other key.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  points: { placeholder: 3, reading: 3, note: "points not given yet" }',
      fix: 'Keep one: `points: { placeholder: 3, note: "points not given yet" }`.',
    },
  },
  'placeholder-note': {
    severity: 'error',
    summary: 'A placeholder lacks its note.',
    explanation:
      'A placeholder stands for a value not given (by the rulebook, or not decided yet). Its `note:` says what is missing, so that whoever can settle it (from the printed game, or as the designer) fills it in; the drafts report and the site show it.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  points: { placeholder: 3 }',
      fix: '`points: { placeholder: 3, note: "the card does not print its points" }` (in a game being invented: `note: "To decide: the card\'s points"`)',
    },
  },
  'reading-note': {
    severity: 'error',
    summary: 'A reading lacks its note.',
    explanation:
      "A reading is a choice made where the rules (the rulebook's, or the designer's so far) are silent or ambiguous. Its `note:` says what the rules say and what was chosen, so the choice can be reviewed.",
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  ties: { reading: share }',
      fix: '`ties: { reading: share, note: "the rulebook does not say how ties break; players share the place" }`',
    },
  },
  'file-undeclared': {
    severity: 'warning',
    summary: 'A YAML file in the game folder is not declared in the manifest.',
    explanation:
      "Only the files named in game.yaml are read. A YAML file in the game's folder that no collection (or `constants:` or `source:`) names is ignored, which is usually a forgotten `collections:` entry.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { file: cards.yaml, schema: mygame/card.schema.json, type: Card }\n# events.yaml sits beside it but is not listed',
      fix: 'Add it: `  events: { file: events.yaml, schema: mygame/event.schema.json, type: Event }`, or move the file out of the game folder.',
    },
  },
  'game-no-manifest': {
    severity: 'warning',
    summary: 'A folder under content/ has YAML files but no game.yaml.',
    explanation: 'Each game lives in `content/<game>/` and starts from its `game.yaml`. A folder without one is not a game, so none of its files is read.',
    example: {
      file: 'content/mygame/cards.yaml',
      yaml: '- name: Ace   # content/mygame/ has no game.yaml',
      fix: "Create it with `rulebook new game mygame`, or move the files into a game's folder.",
    },
  },
  'no-games': {
    severity: 'error',
    summary: 'No game was found.',
    explanation:
      'The project folder has no `content/<game>/game.yaml`, so there is nothing to check or build. Run the command in the project folder (the one holding content/ and schemas/), or pass it with `-C <dir>`.',
    example: { file: 'content', yaml: '# content/ is empty', fix: 'Create a game with `rulebook new game mygame`.' },
  },
  'collection-file-missing': {
    severity: 'error',
    summary: 'A collection names a file that does not exist.',
    explanation:
      "Each collection in game.yaml names the YAML file that holds its entries, relative to the game's folder. That file is not there: the name may be misspelt, or the file not yet created.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { file: card.yaml, schema: mygame/card.schema.json, type: Card }',
      fix: 'Name the file as it is on disk: `file: cards.yaml`.',
    },
  },
  'collection-file-choice': {
    severity: 'error',
    summary: 'A collection gives both `file` and `files`, or neither.',
    explanation:
      "A collection's entries come from one file (`file: cards.yaml`) or from several matched by a glob (`files: cards/*.yaml`), such as one file per set of a large card game. It must give exactly one of the two.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { file: cards.yaml, files: cards/*.yaml, schema: mygame/card.schema.json, type: Card }',
      fix: 'Keep one: `files: cards/*.yaml`.',
    },
  },
  'collection-file-outside': {
    severity: 'error',
    summary: "A collection names a file outside its game's folder.",
    explanation:
      "A collection reads files inside its own game's folder only, so a game can be copied, diffed and released on its own. A path with `..` that leaves the folder is refused.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { file: ../other/cards.yaml, schema: mygame/card.schema.json, type: Card }',
      fix: 'Move the file into content/mygame/ and name it `file: cards.yaml`.',
    },
  },
  'constants-file-missing': {
    severity: 'error',
    summary: 'The constants file named by the manifest does not exist.',
    explanation: "The manifest's `constants: { file: ... }` names a YAML file of the game's fixed numbers. It is not in the game's folder.",
    example: { file: FILE.manifest, yaml: 'constants: { file: constant.yaml }', fix: 'Name the file as it is on disk (`constants.yaml`) or create it.' },
  },
  'source-file-missing': {
    severity: 'error',
    summary: 'A source file named by the manifest does not exist.',
    explanation:
      "The manifest's `source.files` lists the text the game is transcribed from (kept in the game's folder), which the content tests hold the data to. This file is not there.",
    example: {
      file: FILE.manifest,
      yaml: 'source:\n  files:\n    - { file: source/rulebook.txt }',
      fix: 'Add the extracted rulebook text at content/mygame/source/rulebook.txt, or correct the path.',
    },
  },
  'source-file-outside': {
    severity: 'error',
    summary: "A source file named by the manifest is outside the game's folder.",
    explanation:
      "The source text must be inside the game's folder so that a clone of the repository is whole: a path that leaves the folder (`..`, an absolute path) is refused.",
    example: {
      file: FILE.manifest,
      yaml: 'source:\n  files:\n    - { file: ../../rulebook.txt }',
      fix: 'Copy the text to content/mygame/source/rulebook.txt and name it `file: source/rulebook.txt`.',
    },
  },
  // --- Printed cards (a collection's `card:`) ------------------------------
  'card-back-missing': {
    severity: 'error',
    summary: "A collection's card back picture does not exist.",
    explanation:
      "A collection's `card: { back: ... }` names the picture `rulebook print` puts on the back of every card of the collection, relative to the game's folder. No file is there, so the cards could not be printed with their back.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards:\n    file: cards.yaml\n    card: { size: poker, back: images/bakc.svg }',
      fix: "Name the picture as it is on disk (`back: images/back.svg`), or add it to the game's folder.",
    },
  },
  'card-back-outside': {
    severity: 'error',
    summary: "A collection's card back picture is outside the game's folder.",
    explanation:
      "The back picture is part of the game: it must be inside the game's folder so that a clone of the repository prints the same cards. A path that leaves the folder (`..`, an absolute path) is refused.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards:\n    file: cards.yaml\n    card: { size: poker, back: ../../art/back.png }',
      fix: "Copy the picture into the game's folder and name it from there: `back: images/back.png`.",
    },
  },
  'card-back-format': {
    severity: 'error',
    summary: "A collection's card back is not a picture print can draw.",
    explanation:
      "`rulebook print` draws a back picture that is an SVG (inline), a PNG or a JPEG file, told by its name's ending. Another kind of file (a PDF, a PSD, a WebP) cannot be put on the sheet.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards:\n    file: cards.yaml\n    card: { size: poker, back: images/back.psd }',
      fix: 'Export the back as SVG, PNG or JPEG and name that file: `back: images/back.png`.',
    },
  },
  'card-back-unused': {
    severity: 'warning',
    summary: 'A collection has both a back template and a back picture: the picture is not used.',
    explanation:
      "A collection's cards print with the back its template draws (`templates/<collection>.back.hbs`, one back per card) when there is one, else with the `back` picture (one back for all). With both, the picture is never printed.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards:\n    file: cards.yaml\n    card: { size: poker, back: images/back.svg }\n# and content/mygame/templates/cards.back.hbs exists',
      fix: 'Keep one: remove `back:`, or delete templates/cards.back.hbs.',
    },
  },
  'back-template-unused': {
    severity: 'warning',
    summary: 'A back template belongs to no printed collection, so it is never drawn.',
    explanation:
      "`templates/<collection>.back.hbs` draws the back of each card of a collection that `rulebook print` prints, one with a `card:` in game.yaml. This one's collection has no `card:` (or the game has no collection of that name), so nothing prints it.",
    example: {
      file: 'content/mygame/templates/cards.back.hbs',
      yaml: 'collections:\n  cards: { file: cards.yaml, schema: mygame/card.schema.json, type: Card }\n# templates/cards.back.hbs exists, but cards has no card:',
      fix: 'Give the collection its printed size: `card: { size: poker }` under `cards:` in game.yaml, or rename the template after the collection it draws.',
    },
  },
  // --- The project's own files ---------------------------------------------
  'settings-unknown': {
    severity: 'error',
    summary: 'A setting in rulebook.yaml is not one the tool knows.',
    explanation:
      "rulebook.yaml, at the project root, holds the project's settings (the engine package's npm name, `package: { name }`, and the version of the tool that made the project, `rulebook:`). A key it does not know is most likely misspelt, and would otherwise be silently ignored.",
    example: { file: 'rulebook.yaml', yaml: 'package:\n  nmae: "@studio/games-data"', fix: '`  name: "@studio/games-data"`' },
  },
  'settings-type': {
    severity: 'error',
    summary: 'A part of rulebook.yaml is not a map of settings.',
    explanation: 'rulebook.yaml and its `package:` are maps of `key: value` settings. A list or a bare value where a map belongs cannot be read.',
    example: { file: 'rulebook.yaml', yaml: 'package: "@studio/games-data"', fix: 'package:\n  name: "@studio/games-data"' },
  },
  'settings-package-name': {
    severity: 'error',
    summary: "The engine package's name is not one npm accepts.",
    explanation:
      'The `package.name` in rulebook.yaml becomes the npm name of generated/. npm accepts lower-case letters, digits, "-", "." and "_", with an optional `@scope/`, at most 214 characters.',
    example: { file: 'rulebook.yaml', yaml: 'package:\n  name: "My Game Data"', fix: '`  name: "@studio/my-game-data"`' },
  },
  'settings-version': {
    severity: 'error',
    summary: 'The rulebook version recorded in rulebook.yaml is not a version.',
    explanation:
      '`rulebook:` in rulebook.yaml records the version of the tool that made the project, so a newer or older tool can say what changed since. It is a semver version, as npm writes it: three numbers with dots, perhaps a pre-release tag.',
    example: { file: 'rulebook.yaml', yaml: 'rulebook: v0.2', fix: '`rulebook: "0.2.0"`' },
  },
  'tool-older': {
    severity: 'warning',
    summary: 'The project was made with a newer rulebook than the one installed.',
    explanation:
      "`rulebook:` in rulebook.yaml records the version of the tool that made the project, and it is newer than the tool running now. Content written for the newer tool may use keys or rule forms this one does not know, and report them as mistakes. Install the version the project records (`npm install`, with the project's package.json naming it).",
    example: {
      file: 'rulebook.yaml',
      yaml: 'rulebook: "0.3.0"   # the installed tool is 0.2.0',
      fix: 'Run `npm install` so the installed tool is the one the project names.',
    },
  },
  'form-retired': {
    severity: 'error',
    summary: 'A manifest key or a rule `op` that an older rulebook took and this one no longer does.',
    explanation:
      'A rulebook release renamed or retired this key of game.yaml, or this `op` of a rule written as data. The message names the version that changed it and what to write instead; when rulebook.yaml records the version that made the project (`rulebook: "0.2.0"`), it also names the range the change lies in. Write the new form, then record the installed version in rulebook.yaml.',
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { pageby: kind }   # an illustration: no key is retired yet',
      fix: 'The form the message names: `pageBy: kind`.',
    },
  },
  'releases-shape': {
    severity: 'error',
    summary: 'The releases record (releases.yaml) is not shaped as `rulebook release` writes it.',
    explanation:
      'releases.yaml is the record of releases, written by `rulebook release` and read by the build for the package version and the Changes pages. A hand edit left it in a shape the build cannot read: a list under `releases:`, each with a version, a date and its changes.',
    example: { file: 'releases.yaml', yaml: 'releases:\n  version: 1.1.0', fix: 'releases:\n  - version: 1.1.0\n    date: 2026-11-30' },
  },
  // --- Schemas -------------------------------------------------------------
  'schema-json': {
    severity: 'error',
    summary: 'A schema file is not valid JSON.',
    explanation:
      'Schemas are JSON files: a trailing comma, a comment or a missing quote makes the file unreadable, and every collection that uses it is left unchecked until it is fixed.',
    example: { file: 'schemas/mygame/card.schema.json', yaml: '{ "type": "object", }', fix: 'Remove the trailing comma: `{ "type": "object" }`.' },
  },
  'schema-id': {
    severity: 'error',
    summary: "A schema's $id does not match its path under schemas/.",
    explanation:
      "Schemas refer to each other by `$id`, so each schema's `$id` must be its own path under schemas/ (the tool writes it so with `rulebook new`). A copied schema often keeps the `$id` of the one it was copied from.",
    example: {
      file: 'schemas/mygame/event.schema.json',
      yaml: '{ "$id": "mygame/card.schema.json", "type": "object" }',
      fix: '`"$id": "mygame/event.schema.json"`',
    },
  },
  'schema-tool-owned': {
    severity: 'warning',
    summary: "A project keeps its own copy of one of rulebook's schemas; the tool's is used.",
    explanation:
      "The manifest's schema (game.schema.json), the shared definitions (defs.schema.json) and the rules DSL's schema (dsl.schema.json) belong to the tool and come with it, so they change with the tool you have installed. A copy under the project's schemas/ would fall out of step at the next upgrade, so it is ignored. A game's schemas refer to them as `../defs.schema.json#/$defs/...` (relative to `schemas/<game>/`) or by their full URL, and the tool resolves either.",
    example: {
      file: 'schemas/defs.schema.json',
      yaml: '{ "$id": "https://rulebook.dev/schemas/defs.schema.json", ... }',
      fix: 'Delete the file: `rm schemas/defs.schema.json`.',
    },
  },
  'schema-invalid': {
    severity: 'error',
    summary: 'A schema file is not a valid JSON Schema.',
    explanation:
      'The schema is JSON but not a JSON Schema 2020-12 the validator accepts: an unknown keyword (strict mode refuses them, as they are usually typos), a keyword with a value of the wrong type, or a `$ref` to nothing.',
    example: { file: 'schemas/mygame/card.schema.json', yaml: '{ "type": "object", "requried": ["name"] }', fix: '`"required": ["name"]`' },
  },
  'schema-missing': {
    severity: 'error',
    summary: 'A collection names a schema that does not exist.',
    explanation:
      "Each collection in game.yaml names its schema by its path under schemas/. No schema has that path, so the collection's entries cannot be checked.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { file: cards.yaml, schema: mygame/cards.schema.json, type: Card }',
      fix: 'Name the schema file as it is: `schema: mygame/card.schema.json`.',
    },
  },
  'key-reserved': {
    severity: 'error',
    summary: 'A key names JavaScript object machinery.',
    explanation:
      'Keys such as `__proto__`, `constructor` or `prototype` name the machinery of JavaScript objects: the engine package would misbehave with them, so they cannot be field names or map keys in content.',
    example: { file: FILE.cards, yaml: '- name: Ace\n  __proto__: { points: 3 }', fix: 'Use another key: `bonus: { points: 3 }`.' },
  },
  'collection-not-a-list': {
    severity: 'error',
    summary: 'A collection file is not a list of entries.',
    explanation:
      'A collection file holds a list, one item per entry: a YAML sequence (`- ` items) or a JSON array (`[{ ... }, ...]`); a CSV or TSV file is a list by its rows. A map at the top of the file (or a single value) is not a list of entries.',
    example: { file: FILE.cards, yaml: 'name: Ace\npoints: 3', fix: '- name: Ace\n  points: 3' },
  },
  'entry-not-a-map': {
    severity: 'error',
    summary: 'An entry is not a map of fields.',
    explanation:
      'Each item of a collection file is one entry: a map of `field: value`. A bare value in the list (often a line that lost its indentation) is not an entry.',
    example: { file: FILE.cards, yaml: '- name: Ace\n- 3', fix: 'Put the value under its field: `  points: 3` in the entry above.' },
  },
  'entry-no-id': {
    severity: 'error',
    summary: 'An entry has neither a name nor an id.',
    explanation:
      'Every entry gets its ID from its `id:`, or else from the slug of its `name:`. An entry with neither cannot be referred to, nor reached in the engine package.',
    example: { file: FILE.cards, yaml: '- points: 3', fix: '- name: Ace\n  points: 3' },
  },
  'constraint-failed': {
    severity: 'error',
    summary: 'An entry breaks a rule the manifest declares across entries.',
    explanation:
      "game.yaml may declare `constraints:`, rules a schema cannot state because they read another entry: a card's side must be its faction's side, a deck may hold no more copies of a card than the card allows. This entry's field breaks one; the message gives the rule in the designer's words and both values.",
    example: {
      file: FILE.cards,
      yaml: '- { name: Noise, faction: anarch, side: corp }   # the Anarchs are a runner faction',
      fix: '- { name: Noise, faction: anarch, side: runner }',
    },
  },
  'constraint-unknown': {
    severity: 'error',
    summary: 'A constraint in game.yaml names no collection, or compares nothing.',
    explanation: 'Each item of `constraints:` names the collection it checks (`in:`) and one comparison: `equals`, `atMost` or `atLeast`.',
    example: {
      file: FILE.manifest,
      yaml: "constraints:\n  - { in: card, field: side, equals: faction.side, message: a card's side is its faction's }",
      fix: "  - { in: cards, field: side, equals: faction.side, message: a card's side is its faction's }",
    },
  },
  'constants-file-outside': {
    severity: 'error',
    summary: "The constants file named in game.yaml is outside the game's folder.",
    explanation:
      'A game reads only files inside its own folder under content/, so a build never publishes a file the designer did not put there. `constants.file` climbs out (`../`), is absolute, or is a symbolic link to a file elsewhere.',
    example: {
      file: FILE.manifest,
      yaml: 'constants: { file: ../../common.yaml, schema: mygame/constants.schema.json }',
      fix: 'constants: { file: constants.yaml, schema: mygame/constants.schema.json }',
    },
  },
  'markdown-too-deep': {
    severity: 'error',
    summary: 'A rules page nests quotes or lists too deep to read.',
    explanation:
      "A line of a Markdown page opens more than 50 levels of quotes (`>`) and lists: rules nest a few levels, and the page would overflow the site's renderer. The page is left out of the build until it is fixed.",
    example: { file: 'content/mygame/rules/01-overview.md', yaml: '> > > > > > > > > > … (60 levels)', fix: 'Nest a few levels at most.' },
  },
  'id-invalid': {
    severity: 'error',
    summary: 'The field an entry takes its ID from does not give an ID.',
    explanation:
      'Every ID has one shape, wherever it comes from: letters and digits, in runs joined by single hyphens, dots or underscores (`ze-baiano`, `01001`, `16.4.2.I`, `NAPD_MWL_1.0`). A collection that takes its IDs from a field (`idFrom: code`) must hold values of that shape there: "AB 12" is not one.',
    example: { file: FILE.cards, yaml: '- code: AB 12\n  name: Ace', fix: '- code: ab-12\n  name: Ace' },
  },
  // --- Identity and references ---------------------------------------------
  'duplicate-id': {
    severity: 'error',
    summary: 'Two entries of a collection share an ID.',
    explanation:
      'Each entry\'s ID (its `id:`, or the slug of its name) must be unique in its collection: it is the key of `byId` in the engine package and the anchor of its face on the site. Both entries are reported. Two names that slug alike ("Zé Baiano" and "Ze Baiano") are two entries to tell apart with an `id:` of their own.',
    example: { file: FILE.cards, yaml: '- name: Zé Baiano\n- name: Ze Baiano', fix: '- name: Ze Baiano\n  id: ze-baiano-2' },
  },
  'ref-unknown': {
    severity: 'error',
    summary: 'A reference names an ID that does not exist.',
    explanation:
      'A field the schema marks as a reference (`x-ref`) must hold the ID of an entry of its target collection (or of a declaration). No entry has this ID: it may be misspelt, or the entry not written yet. The nearest ID is suggested.',
    example: { file: FILE.cards, yaml: '- name: Ace\n  beats: kng', fix: '`  beats: king`' },
  },
  'ref-renamed': {
    severity: 'error',
    summary: 'A reference names the old ID of a renamed entry.',
    explanation:
      "The ID this reference names was in the last build (generated/), but is gone: an entry's ID comes from its name, so renaming the entry changed its ID. The engine package's users may still use the old ID; keep it with an `id:` on the renamed entry, or update the reference if the entry was removed.",
    example: {
      file: FILE.cards,
      yaml: '- name: Queen of Hearts   # was "Queen"\n- name: Ace\n  beats: queen',
      fix: 'Add `id: queen` to "Queen of Hearts" to keep its public ID.',
    },
  },
  'ref-target-unknown': {
    severity: 'error',
    summary: "A schema's `x-ref` names no collection or declaration.",
    explanation:
      'A schema marks a field as a reference with `"x-ref": "<collection>"`. The game has no collection or declaration of that name, so the reference cannot be checked. The schema or the manifest is wrong, not the content.',
    example: {
      file: 'schemas/mygame/card.schema.json',
      yaml: '{ "properties": { "beats": { "type": "string", "x-ref": "card" } } }',
      fix: 'Name the collection as game.yaml does: `"x-ref": "cards"`.',
    },
  },
  'ref-no-rules': {
    severity: 'error',
    summary: 'A rule reference is used in a game without a rules collection.',
    explanation:
      'A `{ref:16.2}` token links to a numbered rule, which lives in the collection game.yaml names as `roles.rules`. This game names none, so the reference has nothing to point to.',
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  rules: { file: rules.yaml, schema: mygame/rule.schema.json, type: Rule }',
      fix: 'Add `roles: { rules: rules }` to game.yaml.',
    },
  },
  'ref-label-mismatch': {
    severity: 'warning',
    summary: "A reference's printed label differs from its target's title.",
    explanation:
      'A rule reference with a label (`{ref:16.2|Crafting}`) prints the label as the rulebook does. The rule it points to has another title: either the reference or the title is wrong. The printed wording is kept.',
    example: {
      file: FILE.rules,
      yaml: '- number: "4.1"\n  text: "See {ref:16.2|Crafting}."   # rule 16.2 is titled "Building"',
      fix: 'Check the printed rulebook: fix the number (`{ref:16.3|Crafting}`) or the title of 16.2.',
    },
  },
  'ref-name-mismatch': {
    severity: 'warning',
    summary: "The name before a reference differs from its target's title.",
    explanation:
      'The text names a rule in words right before its number ("see DISCARD (16.6.5)"), and rule 16.6.5 has another title. Printed rulebooks have such errata; the text is kept as printed and the site shows an erratum note beside the rule.',
    example: {
      file: FILE.rules,
      yaml: '- number: "4.1"\n  text: "See DISCARD ({ref:16.6.5})."   # 16.6.5 is "Remove"',
      fix: 'If the rulebook prints it so, leave it (the erratum is noted); else correct the number.',
    },
  },
  'locale-file': {
    severity: 'error',
    summary: "A game's locale file is not shaped as the compiler's.",
    explanation:
      "A file under a game's `locales/` folder gives the rules text's words in one locale: it is named by a BCP 47 tag (`fr.yaml`, `pt-BR.yaml`) and holds `texts:` (the game's own words, by their text in its main locale, each with its translation) and any of the keys of the compiler's locale files (`scoring:`, `effects:`, `articles:`), which it adds to or overrides. This file has a name that is not a tag, a key the compiler does not read, or a text that is not a string.",
    example: { file: 'content/mygame/locales/fr.yaml', yaml: 'texts:\n  Flour: [farine]', fix: '`Flour: farine`: a translation is one text.' },
  },
  'media-type-unknown': {
    severity: 'warning',
    summary: "A text field's `contentMediaType` is not one the site knows.",
    explanation:
      "A text field declares its format with the JSON Schema annotation `contentMediaType`: `text/html` (the dataset's HTML, sanitised and drawn), `text/markdown` or `text/plain` (the default). Any other value is taken as plain text, so HTML would show its tags: usually a typo.",
    example: {
      file: 'schemas/mygame/card.schema.json',
      yaml: '{ "properties": { "text": { "type": "string", "contentMediaType": "text/htm" } } }',
      fix: '`"contentMediaType": "text/html"`',
    },
  },
  'label-missing-locale': {
    severity: 'warning',
    summary: "A field the site shows has no label in one of the game's locales.",
    explanation:
      "The game declares several locales (`locales:` in game.yaml) and its site is drawn in each. A field readers see is labelled by its schema `title` in the game's own locale; in another locale its label comes from that locale's file (`labels:`, by collection and field path). This field has none there, so that locale's pages show the main locale's title.",
    example: {
      file: 'content/mygame/locales/pt-BR.yaml',
      yaml: 'labels:\n  chiefs:\n    attack: Ataque',
      fix: 'Add the missing field under its collection: `home: Cidade natal` beside `attack: Ataque`.',
    },
  },
  'value-label-missing': {
    severity: 'warning',
    summary: 'An enum value the site shows has no word for readers.',
    explanation:
      "The site shows a field's value in the game's words. A value the schema lists (`enum`) is data, like `facaoThenClockwise`; readers need its word, given the JSON Schema way: list the values as `oneOf` of `{ \"const\": value, \"title\": word }` (editors show those titles too). A value that names an entry, an icon or a declared resource is shown by that name and needs none. In another locale the game declares, a value's word comes from that locale's file (`values:`, by collection, field path and value), falling back to the schema's title.",
    example: {
      file: 'schemas/mygame/phase.schema.json',
      yaml: '"order": { "title": "Order", "enum": ["facaoThenClockwise"] }',
      fix: '`"order": { "title": "Order", "oneOf": [{ "const": "facaoThenClockwise", "title": "From the player with the Facão, clockwise" }] }`; in content/mygame/locales/pt-BR.yaml: `values: { phases: { order: { facaoThenClockwise: "A partir do jogador com o Facão, em sentido horário" } } }`',
    },
  },
  'text-missing-locale': {
    severity: 'warning',
    summary: "A text the rules need is missing in one of the game's locales.",
    explanation:
      "The game declares several locales (`locales:` in game.yaml) and its rules text is rendered in each. In this locale, a word the sentence needs (a resource's name, a noun, a phrase, a note) has no translation, or the locale has no template for the sentence: the text falls back to the game's main locale (or to English for a template), so the sentence mixes two languages.",
    example: {
      file: FILE.manifest,
      yaml: 'locale: en\nlocales: [en, fr]\ndeclarations:\n  resources:\n    - { id: flour, name: Flour }',
      fix: 'Give the name in French: `name: { en: Flour, fr: Farine }`, or `Flour: Farine` under `texts:` in content/mygame/locales/fr.yaml.',
    },
  },
  'text-untranslated': {
    severity: 'warning',
    summary: "A text or rules page the site shows has no translation in one of the game's locales.",
    explanation:
      "The game declares several locales (`locales:` in game.yaml) and its site is drawn in each. This text of the game (a name, a title, a card's text, a draft or reading note, an example's note) or this rules page has no translation in that locale: its pages show it as written, marked as the main locale's language and followed by a short note saying it is not translated yet. A text is translated under `texts:` in the locale's file (the text as written, then its translation); a rules page by a file of the same name in a folder named by the locale.",
    example: {
      file: 'content/mygame/locales/pt-BR.yaml',
      yaml: 'texts:\n  Harvest cards: Cartas de colheita',
      fix: 'Add the text as written and its translation under `texts:` (`Scored at the end of the game.: Pontuadas no fim da partida.`); for a rules page, write content/mygame/rules/pt-BR/01-overview.md.',
    },
  },
  'page-translation-unmatched': {
    severity: 'warning',
    summary: 'A translated rules page has no page of the same name to translate.',
    explanation:
      "A rules page in a folder named by a locale (rules/pt-BR/01-overview.md) translates the game's page of the same file name (rules/01-overview.md, matched by its name after the number). This one matches none, so no page shows it: it was renamed on one side only, or its original was removed.",
    example: {
      file: 'content/mygame/rules/pt-BR/01-visao-geral.md',
      yaml: '# Visão geral',
      fix: 'Name it as the page it translates: rules/pt-BR/01-overview.md.',
    },
  },
  'term-untagged': {
    severity: 'warning',
    summary: 'A glossary term appears in text without its link.',
    explanation:
      'A word that the glossary defines appears in rules text without the `{term:id|WORD}` token, so the site does not link it to its definition or show it on hover.',
    example: {
      file: FILE.rules,
      yaml: '- number: "2.1"\n  text: "Each Clearing holds one building."',
      fix: '`text: "Each {term:clearing|Clearing} holds one building."`',
    },
  },
  'ref-outside-text': {
    severity: 'warning',
    summary: 'A reference points to a rule outside the text the game holds, and nothing says where that rule lives.',
    explanation:
      'The rules collection may list rules the text refers to but does not hold (`external: true`: a number and a title, no text), so references to them resolve. A reader cannot follow such a reference: the site names the rule and says it is outside this text instead of linking to an empty title. Say where the rule lives with `source.elsewhere` in game.yaml ("in the full rulebook"), and the site prints those words beside each such reference; or, in a game of your own, write the rule.',
    example: {
      file: FILE.rules,
      yaml: '- number: "2.5"\n  title: Ruler\n  external: true\n- number: "16.6.13"\n  text: "See {ref:2.5}."',
      fix: 'In game.yaml: `source: { title: Law of Root, section 16, files: [...], elsewhere: "in the full Law of Root" }`.',
    },
  },
  'term-no-glossary': {
    severity: 'error',
    summary: 'A term token is used in a game without a glossary.',
    explanation: "A `{term:id|WORD}` token links to the game's glossary, the collection game.yaml names as `roles.glossary`. This game names none.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  glossary: { file: glossary.yaml, schema: mygame/term.schema.json, type: Term }',
      fix: 'Add `roles: { glossary: glossary }` to game.yaml.',
    },
  },
  'icon-no-set': {
    severity: 'error',
    summary: 'An icon token is used in a game without an icon set.',
    explanation:
      'An `{icon:torch}` token, and each symbol the manifest maps (`symbols: { "[credit]": credit }`), draws an icon from the collection game.yaml names as `roles.icons`. This game names none.',
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  icons: { file: icons.yaml, schema: mygame/icon.schema.json, type: Icon }',
      fix: 'Add `roles: { icons: icons }` to game.yaml.',
    },
  },
  'link-malformed': {
    severity: 'error',
    summary: 'A link token does not name its target as collection/ID.',
    explanation:
      "A `{link:cards/01001}` token links to any entry of the game: the collection, a slash, then the entry's ID (`{link:cards/01001|label}` with words of its own). This one has no collection, so it names nothing. When exactly one collection has the ID, it is suggested.",
    example: { file: FILE.cards, yaml: '- name: Ace\n  text: "As {link:01001}, but faster."', fix: '`text: "As {link:cards/01001}, but faster."`' },
  },
  'manifest-name': {
    severity: 'error',
    summary: 'The manifest names a collection, entry or field the game does not have.',
    explanation:
      'Parts of game.yaml (tables, roles, components, scoring tables) name collections, their entries or their fields. This name matches none, so the engine package would be built over nothing. The nearest known name is suggested.',
    example: { file: FILE.manifest, yaml: 'tables:\n  standings: { kind: ranking, collection: scorng, entry: final }', fix: '`collection: scoring`' },
  },
  'page-address-taken': {
    severity: 'error',
    summary: "Two collections' site pages would have the same address, or one would take a page the site makes itself.",
    explanation:
      "Each collection gets a page named by its name in lower-case words joined by hyphens (`actionCards` -> `action-cards.html`). This collection's address is another collection's (`cardsAbc` and `cardsABC` both read `cards-abc`, compared without case as a Mac or Windows file system does), or one of the pages every game has (`index`, `drafts`, `changes`): one page would overwrite the other. Rename one of the collections.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  drafts: { file: drafts.yaml, schema: mygame/draft.schema.json, type: Draft }',
      fix: '`draftCards: { file: drafts.yaml, ... }`',
    },
  },
  'role-field-unknown': {
    severity: 'error',
    summary: "A collection's `fields:` or `idFrom:` names a field its schema does not have.",
    explanation:
      "A collection may say which of the dataset's own fields plays a part the compiler knows (`fields: { name: title, copies: quantity }`), so the data keeps its names. `idFrom:` likewise names the field (or fields) IDs come from. The field named is not a property of the collection's schema: every entry would have no ID, display name or copy count, so this one error is said instead of one per entry. The nearest field is suggested.",
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { files: "packs/*.yaml", schema: ccg/card.schema.json, type: Card, idFrom: code, fields: { name: titel } }',
      fix: '`fields: { name: title }`',
    },
  },
  'type-name-clash': {
    severity: 'error',
    summary: 'Two things in a game would get the same TypeScript type name.',
    explanation:
      'The engine package declares one TypeScript type per collection (its `type:`), per ID union and per declaration. Two of them come out with the same name, so one would hide the other.',
    example: {
      file: FILE.manifest,
      yaml: 'collections:\n  cards: { file: cards.yaml, schema: mygame/card.schema.json, type: Card }\n  extra: { file: extra.yaml, schema: mygame/extra.schema.json, type: Card }',
      fix: 'Give each collection its own type: `type: ExtraCard`.',
    },
  },
  // --- Counts --------------------------------------------------------------
  'component-count': {
    severity: 'either',
    summary: 'A component count disagrees with the entries of its collection.',
    explanation:
      'A component in game.yaml gives the printed count ("20 Chief cards") and the collection (and `where:`) it counts. The collection describes a different number of entries. It is an error, unless the component gives a `gap:` that says why the two differ (cards the rulebook does not describe): then a warning that names the gap.',
    example: {
      file: FILE.manifest,
      yaml: 'components:\n  - { name: Chief cards, count: 20, collection: chiefs }   # chiefs.yaml has 19',
      fix: 'Write the missing entry, or say why: `gap: "one card is not described in the rulebook"`.',
    },
  },
  'component-parts': {
    severity: 'error',
    summary: 'The parts of a component do not add up to its count.',
    explanation:
      'A component may list its `parts:` as printed ("17 Fazenda tiles: 11 Sertão, 3 Serra, 3 Caatinga"). Their counts must add up to the component\'s count.',
    example: {
      file: FILE.manifest,
      yaml: '- name: Fazenda tiles\n  count: 17\n  parts: [{ name: Sertão, count: 11 }, { name: Serra, count: 3 }, { name: Caatinga, count: 2 }]',
      fix: 'Correct the part that is wrong: `{ name: Caatinga, count: 3 }`.',
    },
  },
  // --- Rules written as data -----------------------------------------------
  'rule-field': {
    severity: 'error',
    summary: 'A rule written as data reads a field the game does not declare, or of the wrong kind.',
    explanation:
      "Scoring, effect and value rules read and change the fields of the game's player state (`playerState:`) or end state (`endState:`) in game.yaml. The rule names a field that is not declared, a field of the wrong kind (a count where a list is needed), a key that is not one of the field's values, or the game declares no state at all. The nearest field is suggested.",
    example: { file: FILE.cards, yaml: '- name: Ace\n  scoring: { op: per, each: { field: flowr }, points: 1 }', fix: '`each: { field: flour }`' },
  },
  'rule-duplicate': {
    severity: 'error',
    summary: 'An entry has two rules of the same kind.',
    explanation:
      'An entry holds at most one rule of each kind (one scoring rule, one effect, one value): the engine package gives it one function per kind. Combine them (`op: sum`, `op: all`) into one.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  scoring: { op: per, each: { field: flour }, points: 1 }\n  bonus: { op: per, each: { field: beans }, points: 1 }   # also a scoring rule',
      fix: 'scoring: { op: sum, of: [ { op: per, each: { field: flour }, points: 1 }, { op: per, each: { field: beans }, points: 1 } ] }',
    },
  },
  'rule-name-clash': {
    severity: 'error',
    summary: 'A field has the name the engine package gives a compiled rule.',
    explanation:
      'The engine package adds to each entry with a rule the function compiled from it (`score`, `apply`, `value`) and `rulesText`. A content field of the same name would be hidden by it.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  score: 3\n  scoring: { op: per, each: { field: flour }, points: 1 }',
      fix: 'Rename the field in the schema and the content: `printedScore: 3`.',
    },
  },
  'mark-member-clash': {
    severity: 'error',
    summary: "A field has the name the engine package gives every entry's drafts or readings.",
    explanation:
      "The engine package gives every entry `drafts` and `readings`: which of its values are placeholders and which are readings, each by its field's path with its note. A content field called `drafts` or `readings` would be hidden by them, its data missing from the package.",
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  drafts: 2   # cards drafted at the start',
      fix: 'Rename the field in the schema and the content: `draftCount: 2`.',
    },
  },
  'wording-numbers': {
    severity: 'error',
    summary: 'The printed text of a rule says numbers its data does not.',
    explanation:
      "A rule written as data may keep its sentence in `text:` beside it (the rulebook's printed one, or the designer's). Each number in that sentence must appear in the rule's data: a number in the text alone means the data (which the engine runs) and the written rule disagree.",
    example: {
      file: FILE.cards,
      yaml: '- name: Drought\n  effect: { op: lose, field: coins, amount: 2 }\n  text: "Lose 3 coins."',
      fix: 'Make the data say what is printed: `amount: 3`.',
    },
  },
  'example-field': {
    severity: 'error',
    summary: 'A worked example gives a field the state does not have.',
    explanation:
      "A worked example (`examples:`) gives a state (`given:`) and the result the rule must produce. The state names a field that the game's player or end state does not declare, so the example cannot be run.",
    example: {
      file: FILE.cards,
      yaml: '  examples:\n    - given: [{ flowr: 3 }, { flour: 1 }]\n      expect: [3, 1]',
      fix: '`- given: [{ flour: 3 }, { flour: 1 }]`',
    },
  },
  'example-mismatch': {
    severity: 'error',
    summary: 'A worked example does not hold.',
    explanation:
      "The build runs each worked example against the rule compiled from the data. This one expects another result than the rule gives: either the example or the rule's data is wrong. The note shows the rule as the build reads it.",
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  scoring: { op: per, each: { field: flour }, points: 2 }\n  examples:\n    - given: [{ flour: 3 }]\n      expect: [3]',
      fix: 'With 2 points per flour, 3 flour scores 6: `expect: [6]` (or fix `points`).',
    },
  },
  'rule-words': {
    severity: 'warning',
    summary: "An effect's or a value's sentence needs words the game does not declare.",
    explanation:
      "The site and the engine package write each effect as a sentence made of the phrases game.yaml declares beside each `playerState` field (`amount`, `each`, `unit`, `moveFrom`, `moveTo`, `when`, ...), and each value rule (a final scoring) as a sentence naming each count by its `nounPlural`, `noun` or the words of its `amount`. Most phrases can be made from the field's `noun` and `nounPlural`; this one could not, so the sentence prints the field's name where the words belong.",
    example: {
      file: FILE.manifest,
      yaml: 'playerState:\n  - { id: camp, type: count }   # an effect moves caravans into it: { op: moveAll, ..., to: { field: camp } }',
      fix: '`- { id: camp, type: count, moveTo: your camp }`',
    },
  },
  'example-words': {
    severity: 'warning',
    summary: 'A worked example gives a field the game has no words for.',
    explanation:
      "The site writes each worked example as a sentence (\"With 2 Reis tokens and your Gang in a City space\"), naming each field with the words game.yaml declares for it: a count's `noun` and `nounPlural` (or its `amount`), a list's nouns, a flag's `phrase`, a terrain's `state`. This field has none, so the example on the site leaves it out rather than print the field's name.",
    example: {
      file: FILE.manifest,
      yaml: 'playerState:\n  - { id: scouts, type: count, unit: Scout }',
      fix: '`- { id: scouts, type: count, unit: Scout, noun: Scout, nounPlural: Scouts }`',
    },
  },
  // --- Numbered rules ------------------------------------------------------
  'rule-number-format': {
    severity: 'error',
    summary: 'A rule number is malformed.',
    explanation:
      'A rule number is parts joined by dots, each a number, a roman numeral or a single letter, as rulebooks print them: `16`, `16.2`, `16.4.1.II`, `4.3.a`.',
    example: { file: FILE.rules, yaml: '- number: "16..2"', fix: '`number: "16.2"`' },
  },
  'rule-number-parent': {
    severity: 'error',
    summary: 'A rule comes before (or without) its parent rule.',
    explanation: 'Numbered rules are a tree listed in order: rule 16.2 sits under rule 16, which must come before it in the file.',
    example: { file: FILE.rules, yaml: '- number: "16.2"\n- number: "16"', fix: 'List rule 16 first.' },
  },
  'rule-number-order': {
    severity: 'error',
    summary: 'A rule is out of order.',
    explanation:
      "Numbered rules are listed in the rulebook's order: a rule number lower than its previous sibling's, or one that comes after the rules of another parent, is out of place.",
    example: { file: FILE.rules, yaml: '- number: "16.3"\n- number: "16.2"', fix: 'Swap them: 16.2 before 16.3.' },
  },
  'rule-number-gap': {
    severity: 'error',
    summary: 'A rule number skips a number.',
    explanation: 'Siblings are numbered one after another: after 16.2 comes 16.3. A skipped number is usually a rule that was not transcribed, or a typo.',
    example: { file: FILE.rules, yaml: '- number: "16.2"\n- number: "16.4"', fix: 'Transcribe rule 16.3, or correct the number.' },
  },
  'rule-number-kind': {
    severity: 'error',
    summary: 'A rule is numbered with other numerals than its siblings.',
    explanation: 'Siblings share one kind of numeral: all numbers, all roman numerals or all letters (16.4.1.I, 16.4.1.II). A mix is usually a typo.',
    example: { file: FILE.rules, yaml: '- number: "16.4.1.I"\n- number: "16.4.1.2"', fix: '`number: "16.4.1.II"`' },
  },
  // --- Board graphs and movers ---------------------------------------------
  'graph-collection': {
    severity: 'error',
    summary: 'A graph names a collection the game does not have.',
    explanation:
      'Each key under `graphs:` in game.yaml is the name of a collection whose entries are boards (spaces and the edges between them). No collection has this name.',
    example: {
      file: FILE.manifest,
      yaml: 'graphs:\n  map: { nodes: spaces, kindField: kind, kinds: places, edges: edges }   # the collection is "maps"',
      fix: 'Name the collection: `maps: { nodes: spaces, ... }` under `graphs:`.',
    },
  },
  'graph-duplicate-node': {
    severity: 'error',
    summary: 'A board lists a space twice.',
    explanation: 'Each space of a board has its own ID, which edges and arrows name. Two spaces with one ID cannot be told apart.',
    example: {
      file: FILE.map,
      yaml: 'spaces:\n  - { id: ashford, kind: town }\n  - { id: ashford, kind: field }',
      fix: 'Give the second its own ID: `{ id: ashby, kind: field }`.',
    },
  },
  'graph-node-kind': {
    severity: 'error',
    summary: 'A space has a kind the game does not declare.',
    explanation:
      "A space's kind (the graph's `kindField`) must be one of the declaration the graph names in `kinds:` (terrains, places...). The nearest kind is suggested.",
    example: { file: FILE.map, yaml: 'spaces:\n  - { id: ashford, kind: twon }', fix: '`kind: town`' },
  },
  'graph-unknown-node': {
    severity: 'error',
    summary: 'An edge or arrow names a space the board does not have.',
    explanation: "Each end of an edge, and each arrow's `from` and `to`, must be the ID of a space of the same board. The nearest space is suggested.",
    example: { file: FILE.map, yaml: 'edges:\n  - { a: ashford, b: elmsted, kind: border }', fix: '`b: elmstead`' },
  },
  'graph-self-edge': {
    severity: 'error',
    summary: 'An edge joins a space to itself.',
    explanation: 'An edge joins two different spaces. One whose two ends are the same space is a typo for another space.',
    example: { file: FILE.map, yaml: 'edges:\n  - { a: ashford, b: ashford, kind: border }', fix: '`{ a: ashford, b: dunmore, kind: border }`' },
  },
  'graph-edge-kind': {
    severity: 'error',
    summary: 'An edge has a kind the graph does not declare.',
    explanation: "Each edge's `kind` is one of the graph's `edgeKinds` in game.yaml (border, railroad...). The nearest kind is suggested.",
    example: { file: FILE.map, yaml: 'edges:\n  - { a: ashford, b: dunmore, kind: boarder }', fix: '`kind: border`' },
  },
  'graph-edge-between': {
    severity: 'error',
    summary: 'An edge joins spaces its kind may not join.',
    explanation:
      'An edge kind may say which kinds of space it joins (`railroad: { between: [town] }`: railroads join towns only). This edge has an end of another kind.',
    example: {
      file: FILE.map,
      yaml: 'edges:\n  - { a: ashford, b: dunmore, kind: railroad }   # dunmore is a field',
      fix: 'Make it a `border`, or join two towns.',
    },
  },
  'graph-duplicate-edge': {
    severity: 'error',
    summary: 'Two spaces are joined twice by the same kind of edge.',
    explanation: 'Edges are undirected: `{ a: x, b: y }` and `{ a: y, b: x }` are the same edge. List each pair once per kind.',
    example: {
      file: FILE.map,
      yaml: 'edges:\n  - { a: ashford, b: dunmore, kind: border }\n  - { a: dunmore, b: ashford, kind: border }',
      fix: 'Remove the second line.',
    },
  },
  'graph-disconnected': {
    severity: 'error',
    summary: 'A board that must be connected has spaces no path reaches.',
    explanation:
      'The graph says `connected: true`: every space can be reached from every other. Some spaces cannot be reached from the first one, usually because an edge is missing.',
    example: {
      file: FILE.map,
      yaml: 'spaces:\n  - { id: ashford, kind: town }\n  - { id: coldharbor, kind: town }   # no edge reaches it\nedges: []',
      fix: 'Add the missing edge: `- { a: ashford, b: coldharbor, kind: border }`.',
    },
  },
  'graph-arrow-twice': {
    severity: 'error',
    summary: 'A space has more than one arrow.',
    explanation: 'Arrows tell a piece that follows them where to go next from a space, so each space has at most one.',
    example: {
      file: FILE.map,
      yaml: 'arrows:\n  - { from: ashford, to: dunmore }\n  - { from: ashford, to: elmstead }',
      fix: 'Keep the arrow the board prints.',
    },
  },
  'graph-arrow-not-adjacent': {
    severity: 'error',
    summary: 'An arrow points to a space the piece cannot move to.',
    explanation:
      'An arrow leads a piece to a neighbouring space, along an edge of a kind that piece moves along (its `edges:` in `movers:`). The space the arrow points to is not such a neighbour.',
    example: {
      file: FILE.map,
      yaml: 'arrows:\n  - { from: ashford, to: fallow }   # no border joins them',
      fix: 'Point it to a neighbour, or add the edge the board prints.',
    },
  },
  'graph-arrow-forbidden': {
    severity: 'error',
    summary: 'An arrow points into a space its piece may not enter.',
    explanation:
      'The piece that follows the arrows never enters some kinds of space (`neverEnter:`), or only from a given round (`enterFromRound:`). This arrow leads it into such a space, where it could not follow it.',
    example: {
      file: FILE.map,
      yaml: 'arrows:\n  - { from: dunmore, to: greystone }   # a shrine; the patrol never enters shrines',
      fix: 'Point the arrow to a space the piece may enter.',
    },
  },
  'graph-no-way-out': {
    severity: 'error',
    summary: 'A piece that follows arrows can stand on a space with no arrow.',
    explanation:
      'A piece with `followsArrows: true` moves by the arrows when nothing else draws it. It can stand on this space, but the space has no arrow, so the engine would not know where it goes.',
    example: {
      file: FILE.map,
      yaml: 'spaces:\n  - { id: fallow, kind: field }\narrows: []',
      fix: 'Add the printed arrow: `- { from: fallow, to: brightwater }`.',
    },
  },
  'graph-slots': {
    severity: 'error',
    summary: "A board's slots do not match the entries that fill them.",
    explanation:
      "A graph may say that the spaces of each kind hold slots (`slots:` in game.yaml) filled by another collection's entries for that board (the Fazenda tiles for a player count). The slots on this board's spaces of a kind differ from the number of entries that go there.",
    example: {
      file: FILE.map,
      yaml: '- id: players-2-3\n  spaces:\n    - { id: sousa, terrain: sertao, fazendaSlots: 2 }   # but 1 sertão tile is for 2/3 players',
      fix: "Correct the slots (`fazendaSlots: 1`) or the tiles' player counts.",
    },
  },
  'mover-graph': {
    severity: 'error',
    summary: 'A mover names a graph that is not declared.',
    explanation: 'Each piece under `movers:` in game.yaml moves on one of the boards declared under `graphs:`. It names no such graph.',
    example: { file: FILE.manifest, yaml: 'movers:\n  patrol: { graph: map, edges: [border] }   # graphs: has "maps"', fix: '`graph: maps`' },
  },
  'mover-edge-kind': {
    severity: 'error',
    summary: 'A mover names an edge kind its graph does not declare.',
    explanation: "A mover's `edges:` are the kinds of edge it moves along, each one of its graph's `edgeKinds`. The nearest kind is suggested.",
    example: { file: FILE.manifest, yaml: 'movers:\n  patrol: { graph: maps, edges: [boarder] }', fix: '`edges: [border]`' },
  },
  'mover-node-kind': {
    severity: 'error',
    summary: 'A mover names a kind of space its graph does not declare.',
    explanation:
      "A mover's `neverEnter:` and `enterFromRound:` name kinds of space (the declaration its graph names in `kinds:`). This one is not declared. The nearest kind is suggested.",
    example: { file: FILE.manifest, yaml: 'movers:\n  patrol: { graph: maps, edges: [border], neverEnter: [shrines] }', fix: '`neverEnter: [shrine]`' },
  },
  // --- The site's card faces -----------------------------------------------
  'html-removed': {
    severity: 'warning',
    summary: 'An HTML text holds markup the site does not show, and the build removed it.',
    explanation:
      'A text field whose schema says `"contentMediaType": "text/html"` is shown as formatted text (bold, italics, lists, line breaks), after a sanitizer has taken out whatever could run or restyle a page: scripts, styles, event handlers (`onclick`), `javascript:` links, and elements it does not know. The rest of the text is kept; this names what was removed, so you can tell whether the dataset meant it.',
    example: {
      file: FILE.cards,
      yaml: '- name: Ace\n  text: "<strong>Gain 2.</strong><script>alert(1)</script>"',
      fix: 'Nothing, when the removed part was never meant for readers; otherwise write it as text (`&lt;script&gt;`) or Markdown.',
    },
  },
  'icon-image': {
    severity: 'error',
    summary: "An icon's image is missing, unreadable, outside the game's folder or not SVG.",
    explanation:
      "An entry of the icon set (`roles.icons`) may name its picture in `image:`, an SVG file found from the YAML file that holds the entry (`image: icons/boot.svg`). The site draws it on the icon page, beside the icon in running text and on card faces. This file cannot be drawn: it does not exist there, cannot be read, lies outside the game's folder, or is not an SVG image (no `<svg>` element, or not a .svg file).",
    example: {
      file: 'content/mygame/icons.yaml',
      yaml: '- id: boot\n  name: Boot\n  image: icons/bot.svg',
      fix: '`image: icons/boot.svg` (the file beside icons.yaml, in its icons/ folder)',
    },
  },
  'icon-image-removed': {
    severity: 'warning',
    summary: "An icon's SVG holds parts the site does not draw, and the build removed them.",
    explanation:
      "An icon's picture is drawn inline from its shapes only (path, circle, ellipse, line, polyline, polygon, rect, g) and their geometry and colours. Whatever could run, load or link (a `<script>`, an `onload=` handler, an `<image>` or `<use>` pointing elsewhere, a `url(...)` paint, a style sheet) and elements it does not know are taken out; this names them, so you can tell whether the drawing lost something it needs.",
    example: {
      file: 'content/mygame/icons/boot.svg',
      yaml: '<svg viewBox="0 0 24 24" onload="alert(1)"><path d="M4 20h16" stroke="currentColor"/></svg>',
      fix: 'Draw with shapes only: `<svg viewBox="0 0 24 24"><path d="M4 20h16" stroke="currentColor"/></svg>`.',
    },
  },
  'template-syntax': {
    severity: 'warning',
    summary: 'A card face template does not compile.',
    explanation:
      'A collection may draw its entries with a Handlebars template in `content/<game>/templates/<collection>.hbs`. This one has a syntax error (an unclosed `{{#if}}`, a stray brace), so the site draws the entries with the default face until it is fixed.',
    example: { file: 'content/mygame/templates/cards.hbs', yaml: '{{#if cost}}<b>{{cost}}</b>', fix: 'Close the block: `{{#if cost}}<b>{{cost}}</b>{{/if}}`.' },
  },
  'template-field': {
    severity: 'warning',
    summary: 'A card face template shows a field its schema does not have.',
    explanation:
      "A template shows an entry's fields by name. This name is not a property of the collection's schema, so it would always be empty: usually a typo.",
    example: { file: 'content/mygame/templates/cards.hbs', yaml: '<b>{{field "cots"}}</b>', fix: '`{{field "cost"}}`' },
  },
  'title-missing': {
    severity: 'warning',
    summary: 'A field a template shows has no title in its schema.',
    explanation:
      "The site labels each field with its schema `title`, in the game's language (the label readers see on the printed card). A field a face template shows needs one, or it would be shown unlabelled.",
    example: {
      file: 'schemas/mygame/card.schema.json',
      yaml: '{ "properties": { "cost": { "type": "integer" } } }',
      fix: '`"cost": { "type": "integer", "title": "Cost" }`',
    },
  },
  'page-by-field': {
    severity: 'warning',
    summary: 'A collection is split into site pages by a field its schema does not have.',
    explanation:
      "A collection's `pageBy:` in game.yaml names the field whose values give the site one page per value (a kind, a pack). This name is not a property of the collection's schema, so the site numbers the pages instead: usually a typo.",
    example: {
      file: 'content/mygame/game.yaml',
      yaml: 'collections:\n  cards: { file: cards.yaml, schema: mygame/card.schema.json, type: Card, pageBy: knid }',
      fix: '`pageBy: kind`',
    },
  },
} as const satisfies Record<string, CodeInfo>;

/**
 * The parser's own codes (eemeli/yaml's `ErrorCode`, as `yaml-bad-indent`...).
 * Keyed by yaml's union so a code a new yaml version adds is a type error
 * here. yaml reports any of them as an error or (for what it can still read)
 * a warning, so they are `either`.
 */
const YAML: Record<YamlErrorCode, { summary: string; explanation: string; yaml: string; fix: string }> = {
  ALIAS_PROPS: {
    summary: 'An alias has an anchor or tag of its own.',
    explanation: 'An alias (`*name`) repeats an anchored value as it is: it cannot carry an anchor (`&x`) or a tag (`!!str`) of its own.',
    yaml: 'a: &pts 3\nb: !!int *pts',
    fix: '`b: *pts`',
  },
  BAD_ALIAS: {
    summary: 'An alias is malformed or names no anchor.',
    explanation: 'An alias (`*name`) repeats a value anchored earlier with `&name`. This one names no anchor above it, or is ambiguous (a name ending in `:`).',
    yaml: 'b: *points',
    fix: 'Anchor the value first (`a: &points 3`), or write the value out.',
  },
  BAD_DIRECTIVE: {
    summary: 'A YAML directive is malformed.',
    explanation: 'Lines starting with `%` are YAML directives (`%YAML 1.2`). This one is not understood. Content files need no directives.',
    yaml: '%YAML 2.0\n---',
    fix: 'Remove the directive line.',
  },
  BAD_DQ_ESCAPE: {
    summary: 'A double-quoted string has a bad escape.',
    explanation: 'In a double-quoted string a backslash starts an escape (`\\n`, `\\"`, `\\u00e3`). This backslash starts none YAML knows.',
    yaml: 'text: "C:\\games"',
    fix: 'Double the backslash (`"C:\\\\games"`) or use single quotes.',
  },
  BAD_INDENT: {
    summary: 'A line is indented wrongly.',
    explanation: "YAML nests by indentation. This line's indentation does not fit the map or list it is in.",
    yaml: '- name: Ace\n points: 3',
    fix: 'Line it up with the keys of its map: `  points: 3`.',
  },
  BAD_PROP_ORDER: {
    summary: 'An anchor or tag is in the wrong place.',
    explanation: 'An anchor (`&x`) or tag (`!!str`) goes before the value it marks, not after it.',
    yaml: 'a: 3 &pts',
    fix: '`a: &pts 3`',
  },
  BAD_SCALAR_START: {
    summary: 'A plain value starts with a character YAML reserves.',
    explanation: 'An unquoted value cannot start with characters YAML uses for syntax, such as `@`, a backtick, or `%`.',
    yaml: 'name: @home',
    fix: 'Quote it: `name: "@home"`.',
  },
  BLOCK_AS_IMPLICIT_KEY: {
    summary: 'A block is used as a map key.',
    explanation: 'A map key must be a single-line value. A list or map used as a key is usually a `:` in the wrong place.',
    yaml: '? - a\n  - b\n: 3',
    fix: 'Use a plain key.',
  },
  BLOCK_IN_FLOW: {
    summary: 'A block value is inside a flow collection.',
    explanation: 'Inside `{ ... }` or `[ ... ]` values are written inline; an indented block (a `- ` list) cannot appear there.',
    yaml: 'a: [\n  - 1\n]',
    fix: '`a: [1]`',
  },
  DUPLICATE_KEY: {
    summary: 'A map has the same key twice.',
    explanation: 'Each key appears once in a map; a second one would silently replace the first, so it is an error.',
    yaml: '- name: Ace\n  points: 3\n  points: 4',
    fix: 'Keep the right one.',
  },
  IMPOSSIBLE: {
    summary: 'The YAML parser reached a state it should not.',
    explanation: 'The YAML parser met something it cannot handle at all. Look at the reported line for unusual characters or structure.',
    yaml: '...',
    fix: 'Simplify the line; report it if the YAML looks right.',
  },
  KEY_OVER_1024_CHARS: {
    summary: 'A map key is too long.',
    explanation: 'YAML limits implicit keys to 1024 characters: usually a long value that lost its key, or a misplaced `:`.',
    yaml: 'a very long line of text with a colon somewhere: 3',
    fix: 'Put the text under a key: `text: "..."`.',
  },
  MISSING_CHAR: {
    summary: 'A closing character is missing.',
    explanation: 'A quote, bracket or brace is opened and never closed. For an unclosed quote the place is where it opened.',
    yaml: 'name: "Ace',
    fix: '`name: "Ace"`',
  },
  MULTILINE_IMPLICIT_KEY: {
    summary: 'A map key spans several lines.',
    explanation: 'A key must fit on one line; usually a line above lacks its closing quote or the `:` is misplaced.',
    yaml: 'name\n  more: 3',
    fix: 'Put the key on one line.',
  },
  MULTIPLE_ANCHORS: { summary: 'A value has two anchors.', explanation: 'A value takes at most one anchor (`&x`).', yaml: 'a: &x &y 3', fix: '`a: &x 3`' },
  MULTIPLE_DOCS: {
    summary: 'The file holds several YAML documents.',
    explanation: 'A content file is one YAML document. A `---` line in the middle starts a second one, which is not read.',
    yaml: '- name: Ace\n---\n- name: King',
    fix: 'Remove the `---` line.',
  },
  MULTIPLE_TAGS: { summary: 'A value has two tags.', explanation: 'A value takes at most one tag (`!!str`).', yaml: 'a: !!str !!int 3', fix: '`a: !!str 3`' },
  NON_STRING_KEY: {
    summary: 'A map key is not a string.',
    explanation: 'Keys are field names, so they must be plain strings; a list, map or null as a key cannot be a field.',
    yaml: '[a, b]: 3',
    fix: 'Use a plain key: `ab: 3`.',
  },
  RESOURCE_EXHAUSTION: {
    summary: 'The file expands into too much data.',
    explanation: 'Aliases that repeat aliases can make a small file expand into a huge one (a "billion laughs"). YAML stops reading it.',
    yaml: 'a: &a [x, x]\nb: &b [*a, *a]\n# ... and so on',
    fix: 'Write the values out instead of nesting aliases.',
  },
  TAB_AS_INDENT: {
    summary: 'A tab is used as indentation.',
    explanation: 'YAML indents with spaces only.',
    yaml: '-\tname: Ace',
    fix: 'Replace the tab with spaces.',
  },
  TAG_RESOLVE_FAILED: {
    summary: "A value's tag is unknown or does not fit it.",
    explanation: 'A tag (`!!int`, `!!str`) says how to read a value. This tag is unknown, or the value cannot be read as it says. Content files need no tags.',
    yaml: 'points: !!int three',
    fix: '`points: 3`',
  },
  UNEXPECTED_TOKEN: {
    summary: 'YAML found something it did not expect.',
    explanation: 'A character or line does not fit where it stands: often a stray `:` or `-`, text after a closing quote, or a line indented wrongly.',
    yaml: 'name: "Ace" extra',
    fix: '`name: "Ace extra"`',
  },
  BAD_COLLECTION_TYPE: {
    summary: "A collection's tag does not fit it.",
    explanation: 'A tag on a map or list (`!!map`, `!!seq`) must fit the collection it marks.',
    yaml: 'a: !!seq { b: 1 }',
    fix: 'Remove the tag.',
  },
};

type Kebab<S extends string> = S extends `${infer A}_${infer B}` ? `${Lowercase<A>}-${Kebab<B>}` : Lowercase<S>;
export type YamlParserCode = `yaml-${Kebab<YamlErrorCode>}`;

/** `BAD_INDENT` -> `yaml-bad-indent`: the code a parser error is reported under. */
export function yamlCode(code: YamlErrorCode): YamlParserCode {
  return `yaml-${code.toLowerCase().replace(/_/g, '-')}` as YamlParserCode;
}

/**
 * The JSON Schema keywords whose failures are reported as `schema-<keyword>`.
 * `form` is ours (a value that mixes or lacks the keys of a union's forms);
 * ajv's `false schema` is reported as `schema-false`.
 */
const SCHEMA = {
  type: {
    summary: 'A value has the wrong type.',
    explanation:
      'The schema says what type a field holds (a string, an integer, a list, a map). This value is of another type: often a number written as a word, or quotes around a number.',
    yaml: 'points: three',
    fix: '`points: 3`',
  },
  required: {
    summary: 'A required field is missing.',
    explanation: 'The schema lists the fields every entry must have (`required`). This entry lacks one.',
    yaml: '- name: Ace',
    fix: 'Add the field: `  points: 3`.',
  },
  additionalProperties: {
    summary: 'A field is not in the schema.',
    explanation:
      'The schema lists the fields an entry may have and allows no others. This field is not among them: usually a typo, or a field to add to the schema. The nearest known field is suggested.',
    yaml: '- name: Ace\n  piont: 3',
    fix: '`  points: 3`',
  },
  enum: {
    summary: 'A value is not one of the allowed values.',
    explanation: 'The schema lists the values a field may take. This value is not among them. The nearest allowed value is suggested.',
    yaml: '- name: Ace\n  kind: sett',
    fix: '`kind: set`',
  },
  const: {
    summary: 'A value differs from the one value allowed.',
    explanation: 'The schema allows exactly one value here (`const`).',
    yaml: 'version: 2',
    fix: 'Write the value the schema gives.',
  },
  discriminator: {
    summary: 'A rule form or tagged value has an unknown or missing tag.',
    explanation:
      'Some values come in forms told apart by a tag key (`op: rank`, `op: per`, `kind: ...`). The tag is missing, or names no known form; the known ones are listed and the nearest suggested.',
    yaml: 'scoring: { op: rnk, by: { field: flour } }',
    fix: '`op: rank`',
  },
  form: {
    summary: 'A value mixes or lacks the keys of its forms.',
    explanation:
      'Some values take one of several forms, each told apart by one key (`{ field }`, `{ count }`, `{ groupsOf, of }`). This value has none of those keys, or more than one.',
    yaml: 'each: { feild: flour }',
    fix: '`each: { field: flour }`',
  },
  anyOf: {
    summary: 'A value matches none of its allowed forms.',
    explanation: 'The schema allows several forms here (a string or a map, say) and the value matches none. The notes say what each form needs.',
    yaml: 'cost: [3]',
    fix: 'Write one of the forms the notes list, such as `cost: 3`.',
  },
  oneOf: {
    summary: 'A value matches none (or more than one) of its forms.',
    explanation: 'The schema allows exactly one of several forms here, and the value matches none of them, or several at once.',
    yaml: 'cost: [3]',
    fix: 'Write one of the forms the notes list.',
  },
  not: {
    summary: 'A value has a form the schema forbids.',
    explanation: 'The schema forbids this form of value here (`not`).',
    yaml: 'points: 0',
    fix: 'Use a value the schema allows.',
  },
  false: {
    summary: 'A value stands where the schema allows none.',
    explanation: 'The schema says nothing may stand here (a `false` schema), such as a list item past the printed ones.',
    yaml: 'pair: [1, 2, 3]',
    fix: 'Remove the extra value.',
  },
  minimum: {
    summary: 'A number is below its minimum.',
    explanation: 'The schema gives the smallest value this number may take.',
    yaml: 'points: -1',
    fix: '`points: 0`',
  },
  maximum: {
    summary: 'A number is above its maximum.',
    explanation: 'The schema gives the largest value this number may take.',
    yaml: 'players: 9',
    fix: "Use a value within the schema's range.",
  },
  exclusiveMinimum: {
    summary: 'A number is not above its lower bound.',
    explanation: 'The schema says this number must be greater than a bound.',
    yaml: 'count: 0',
    fix: '`count: 1`',
  },
  exclusiveMaximum: {
    summary: 'A number is not below its upper bound.',
    explanation: 'The schema says this number must be less than a bound.',
    yaml: 'share: 1',
    fix: 'Use a smaller value.',
  },
  multipleOf: {
    summary: 'A number is not a multiple of its step.',
    explanation: 'The schema says this number comes in steps (`multipleOf`), such as whole fives.',
    yaml: 'reis: 7',
    fix: 'Use a multiple: `reis: 5`.',
  },
  minLength: {
    summary: 'A text is too short.',
    explanation: 'The schema gives the least number of characters this text has: often an empty string where a name belongs.',
    yaml: 'name: ""',
    fix: '`name: Ace`',
  },
  maxLength: {
    summary: 'A text is too long.',
    explanation: 'The schema gives the most characters this text may have.',
    yaml: 'code: ABCDE',
    fix: 'Shorten it.',
  },
  pattern: {
    summary: 'A text does not match its pattern.',
    explanation: 'The schema gives the shape this text must have (a rule number, a colour code) as a pattern.',
    yaml: 'number: "16-2"',
    fix: '`number: "16.2"`',
  },
  format: {
    summary: 'A text is not in its format.',
    explanation: 'The schema says this text is in a format (a date, a URL) and it is not.',
    yaml: 'date: 30/11/2026',
    fix: '`date: 2026-11-30`',
  },
  minItems: {
    summary: 'A list has too few items.',
    explanation: 'The schema gives the least number of items this list holds: often an empty list.',
    yaml: 'awards: []',
    fix: '`awards: [5, 3]`',
  },
  maxItems: {
    summary: 'A list has too many items.',
    explanation: 'The schema gives the most items this list may hold.',
    yaml: 'pair: [1, 2, 3]',
    fix: '`pair: [1, 2]`',
  },
  uniqueItems: {
    summary: 'A list repeats an item.',
    explanation: 'The schema says the items of this list are all different.',
    yaml: 'kinds: [town, town]',
    fix: '`kinds: [town]`',
  },
  contains: {
    summary: 'A list lacks a required kind of item.',
    explanation: 'The schema says this list must contain items of a given form (`contains`, with `minContains`/`maxContains`).',
    yaml: 'tags: []',
    fix: 'Add an item of the required form.',
  },
  items: {
    summary: 'A list has items past its fixed ones.',
    explanation: 'The schema fixes the items of this list (`prefixItems`) and allows no more.',
    yaml: 'pair: [1, 2, 3]',
    fix: '`pair: [1, 2]`',
  },
  minProperties: {
    summary: 'A map has too few fields.',
    explanation: 'The schema gives the least number of fields this map holds: often an empty map `{}`.',
    yaml: 'where: {}',
    fix: '`where: { kind: prison }`',
  },
  maxProperties: {
    summary: 'A map has too many fields.',
    explanation: 'The schema gives the most fields this map may hold.',
    yaml: 'where: { kind: a, deck: b }',
    fix: 'Keep one field.',
  },
  propertyNames: {
    summary: 'A map key is not one the schema allows.',
    explanation: 'The schema says what the keys of this map look like (`propertyNames`, such as IDs in kebab-case).',
    yaml: 'costs: { Big Town: 3 }',
    fix: '`costs: { big-town: 3 }`',
  },
  dependentRequired: {
    summary: 'A field needs another field beside it.',
    explanation: 'The schema says that when this field is given, another must be given too (`dependentRequired`).',
    yaml: 'gap: "two cards are missing"',
    fix: 'Add the field it depends on.',
  },
  unevaluatedProperties: {
    summary: 'A field is not allowed by any part of the schema.',
    explanation: 'The schema combines parts (`allOf`, `$ref`) and allows no field none of them names. This field is unknown: usually a typo.',
    yaml: 'piont: 3',
    fix: '`points: 3`',
  },
  unevaluatedItems: {
    summary: 'A list has items no part of the schema allows.',
    explanation: 'The schema combines parts and allows no list item none of them describes.',
    yaml: 'pair: [1, 2, 3]',
    fix: 'Remove the extra items.',
  },
  keyword: {
    summary: 'A value breaks a schema rule that has no code of its own.',
    explanation: 'A JSON Schema keyword this tool gives no code of its own failed. The message says which rule the value breaks.',
    yaml: '...',
    fix: 'Make the value meet the schema rule the message names.',
  },
} as const satisfies Record<string, { summary: string; explanation: string; yaml: string; fix: string }>;

export type SchemaCode = `schema-${keyof typeof SCHEMA}`;

/** The code a failed JSON Schema keyword is reported under (`schema-keyword` for one with no code of its own). */
export function schemaCode(keyword: string): SchemaCode {
  const k = keyword === 'false schema' ? 'false' : keyword;
  return Object.hasOwn(SCHEMA, k) ? (`schema-${k}` as SchemaCode) : 'schema-keyword';
}

export type DiagnosticCode = keyof typeof OWN | YamlParserCode | SchemaCode;

/** The codes that may be reported with severity `S`. */
export type CodeFor<S extends Severity> =
  | { [K in keyof typeof OWN]: (typeof OWN)[K]['severity'] extends S | 'either' ? K : never }[keyof typeof OWN]
  | YamlParserCode
  | (S extends 'error' ? SchemaCode : never);

function registry(): ReadonlyMap<DiagnosticCode, CodeInfo> {
  const all = new Map<DiagnosticCode, CodeInfo>(Object.entries(OWN) as Array<[DiagnosticCode, CodeInfo]>);
  for (const [code, c] of Object.entries(YAML) as Array<[YamlErrorCode, (typeof YAML)[YamlErrorCode]]>) {
    all.set(yamlCode(code), {
      severity: 'either',
      summary: c.summary,
      explanation: `${c.explanation} (Reported by the YAML parser: as an error the file is not loaded; as a warning it is.)`,
      example: { file: FILE.cards, yaml: c.yaml, fix: c.fix },
    });
  }
  for (const [keyword, c] of Object.entries(SCHEMA)) {
    all.set(`schema-${keyword}` as SchemaCode, {
      severity: 'error',
      summary: c.summary,
      explanation: c.explanation,
      example: { file: FILE.cards, yaml: c.yaml, fix: c.fix },
    });
  }
  return all;
}

/** Every code, with what it means. */
export const CODES: ReadonlyMap<DiagnosticCode, CodeInfo> = registry();

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return CODES.has(code as DiagnosticCode);
}

/** The registered severity allows reporting the code as `severity`. */
export function severityAllowed(code: DiagnosticCode, severity: Severity): boolean {
  const s = CODES.get(code)?.severity;
  return s === 'either' || s === severity;
}
