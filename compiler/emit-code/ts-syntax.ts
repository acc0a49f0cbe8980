/**
 * How names and prose from content are written into the generated
 * TypeScript: always as data (quoted keys, escaped comments), never as code.
 * A field called `flour-x`, an ID holding a quote or a description holding
 * `*` + `/` must not change what the generated module means.
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A property name in a type or an object literal: bare when it is an identifier, else a JSON string. */
export function propName(key: string): string {
  return IDENTIFIER.test(key) ? key : JSON.stringify(key);
}

/**
 * A key of an object literal that builds a value. `__proto__: x` (bare or
 * quoted) sets the object's prototype instead of a property; only the
 * computed form makes it an own property like any other key.
 */
export function valueKey(key: string): string {
  return key === '__proto__' ? '["__proto__"]' : propName(key);
}

/** Text for inside a `/** ... *\/` comment: a `*` + `/` in content would end the comment early. */
export function docText(text: string): string {
  return text.replace(/\*\//g, '* /');
}

/** A one-line doc comment, or nothing for an empty text. */
export function docComment(text: string | undefined, indent = ''): string[] {
  return text ? [`${indent}/** ${docText(text)} */`] : [];
}

/** A union of string literals, or `never` for none. */
export function union(values: readonly string[]): string {
  return values.length ? values.map((v) => JSON.stringify(v)).join(' | ') : 'never';
}

/** A readable, deterministic TypeScript literal for a JSON value. */
export function literal(value: unknown, indent: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const items = value.map((v) => literal(v, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length < 80 && !flat.includes('\n') ? flat : `[\n${items.map((i) => inner + i).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  const items = entries.map(([k, v]) => `${valueKey(k)}: ${literal(v, inner)}`);
  const flat = `{ ${items.join(', ')} }`;
  return flat.length < 80 && !flat.includes('\n') ? flat : `{\n${items.map((i) => inner + i).join(',\n')},\n${indent}}`;
}

/** A name for a doc comment: the text itself, or the first of its translations. */
export function textName(name: unknown): string {
  return typeof name === 'string' ? name : (Object.values(name as Record<string, string>)[0] ?? '');
}
