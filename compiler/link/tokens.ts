/**
 * Inline tokens of rules text: `{kind:target}` or `{kind:target|label}`.
 * One small grammar for references, icons and glossary terms, so every text
 * field and every Markdown page can hold them.
 */
export interface Token {
  kind: string;
  target: string;
  label: string | undefined;
  /** Offset of the token in the text, and its length. */
  offset: number;
  length: number;
  raw: string;
}

const TOKEN = /\{(ref|icon|term):([^|{}\n]+?)(?:\|([^{}\n]+?))?\}/g;

export function findTokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    out.push({ kind: m[1]!, target: m[2]!.trim(), label: m[3]?.trim(), offset: m.index, length: m[0].length, raw: m[0] });
  }
  return out;
}

/** Text with its tokens replaced by what a plain reader sees (the label, or the target). */
export function plainText(text: string, show: (t: Token) => string): string {
  let out = '';
  let last = 0;
  for (const token of findTokens(text)) {
    out += text.slice(last, token.offset) + show(token);
    last = token.offset + token.length;
  }
  return out + text.slice(last);
}
