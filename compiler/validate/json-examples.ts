import { parse } from 'yaml';

/**
 * The schemas' descriptions show examples as YAML flow text (`{ en: Flour, pt-BR: Farinha }`), the form most
 * content is written in; a message about a JSON file shows them as JSON (`{ "en": "Flour", "pt-BR": "Farinha" }`),
 * so the example can be pasted where the error is. A backticked span that does not read as a flow map or list is
 * left as it is.
 */
export function asJsonExamples(message: string): string {
  return message.replace(/`([[{][^`]*[\]}])`/g, (whole, flow: string) => {
    let value: unknown;
    try {
      value = parse(flow);
    } catch {
      return whole;
    }
    return value !== null && typeof value === 'object' ? `\`${oneLine(value)}\`` : whole;
  });
}

/** JSON on one line with a space inside braces and after separators, as the YAML example was written. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return value.length ? `[${value.map(oneLine).join(', ')}]` : '[]';
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`);
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}
