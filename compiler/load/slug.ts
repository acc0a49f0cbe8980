import slugify from '@sindresorhus/slugify';

/**
 * The default ID of an entry: the kebab-case slug of its display name
 * (`Zé Baiano` -> `ze-baiano`). @sindresorhus/slugify does the NFD fold and
 * transliteration; we turn off its "&" -> "and" style replacements so an ID is
 * only ever the name's own letters and digits.
 */
export function slug(name: string): string {
  return slugify(name, { decamelize: false, customReplacements: [['&', ' ']], preserveCharacters: [] });
}

/**
 * The one shape every ID has, wherever it comes from (`id:`, the slug of the
 * name, `idFrom` fields): letters and digits in runs joined by single hyphens,
 * dots or underscores (`ze-baiano`, `01001`, `16.4.2.I`: a rule number keeps
 * its printed capitals; `NAPD_MWL_1.0`: a dataset's own code, as NetrunnerDB
 * writes its ban lists; a slug is always lower case, with hyphens only). The schemas'
 * `defs.schema.json#/$defs/id` holds the same pattern (a test keeps them equal).
 */
export const ID_PATTERN = /^[A-Za-z0-9]+(?:[-._][A-Za-z0-9]+)*$/;
