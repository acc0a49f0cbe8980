import { referenceWords } from '../locales/language.ts';

/** A term, or a name in capitals after "See"/"Veja" (the words of compiler/locales/*.yaml), right before a reference's "(". */
export const NAMED_REF = new RegExp(
  `(?:\\{term:([^|}]+)\\|([^}]+)\\}|(?:${referenceWords()
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\s+(\\p{Lu}[\\p{Lu}\\s]{2,}))\\s*\\($`,
  'u',
);

/** Lower case without accents, for comparing names as a reader would: shared with validate (spreadsheet cells' enums). */
export { fold } from '../fold.ts';

/** A printed label as compared with a title: case, spacing and closing punctuation aside. */
export function normaliseLabel(s: string): string {
  return s
    .normalize('NFC')
    .toLocaleLowerCase('pt-BR')
    .replace(/[.:;,\s]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}
