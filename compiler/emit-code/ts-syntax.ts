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
