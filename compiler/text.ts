import type { Text } from './model.ts';

/** A text in the given locale, else its first locale (a plain string is the game's own language). */
export function textOf(text: Text | undefined, locale?: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return (locale ? text[locale as keyof typeof text] : undefined) ?? Object.values(text)[0] ?? '';
}
