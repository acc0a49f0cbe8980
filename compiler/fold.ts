/**
 * Lower case without accents, for comparing words as a reader would (`Estação` and `estacao` are one word).
 * Unicode decomposition (NFD) splits each accented letter into its letter and combining marks, which `\p{M}` drops:
 * the platform does it for every script, so no library is needed (Intl.Collator compares but cannot make a key).
 */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
