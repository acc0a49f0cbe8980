import { check } from '../../compiler/pipeline.ts';
import { emitSite, type SiteFiles } from '../../compiler/emit-site/site.ts';
import { MINI_GAME, MINI_SCHEMA, makeProject } from '../helpers.ts';

export const GAMES = ['cangaco', 'cangaceiros', 'root'];

/** The site of a project, built in memory (check + emit site, without the slower code emission). */
export async function siteOf(root: string, options: { base?: string; search?: boolean } = {}): Promise<SiteFiles> {
  const result = await check(root);
  if (result.bag.errorCount) throw new Error(`content errors:\n${result.bag.sorted().map((d) => `${d.file}:${d.place?.start.line} ${d.message}`).join('\n')}`);
  return emitSite(result.games, { base: options.base ?? '/', search: options.search });
}

/** The bundled games' site, built once per test file. */
let bundled: Promise<SiteFiles> | undefined;
export function bundledSite(): Promise<SiteFiles> {
  bundled ??= makeProject({}, { copyContent: GAMES }).then((root) => siteOf(root));
  return bundled;
}

export function pagesOf(files: SiteFiles): Array<[string, string]> {
  return [...files].filter((e): e is [string, string] => e[0].endsWith('.html') && typeof e[1] === 'string');
}

/** The IDs of a page's elements, for anchor checks. */
export function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)));
}

export function decodeEntities(s: string): string {
  return s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** A game whose content tries to inject script: in YAML text, in a name, and in Markdown prose. */
export async function hostileProject(): Promise<string> {
  return makeProject({
    'content/mini/game.yaml': MINI_GAME,
    'schemas/mini/card.schema.json': MINI_SCHEMA,
    'content/mini/cards.yaml': [
      '- name: "Evil <script>window.__pwned = 1</script> card"',
      '  kind: single',
      '- name: Image',
      '  kind: set',
      `  beats: image`,
    ].join('\n') + '\n',
    'content/mini/rules/01-intro.md': [
      '# Intro <script>window.__pwned = 2</script>',
      '',
      'Text <script>window.__pwned = 3</script> and <img src="x" onerror="window.__pwned = 4"> and [a link](javascript:window.__pwned=5).',
      '',
      '<div onclick="window.__pwned = 6">raw html</div>',
      '',
      '::collection{name=cards}',
    ].join('\n') + '\n',
  });
}

