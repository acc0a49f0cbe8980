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
