import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fixtureProject, swap } from '../helpers.ts';

// The `tree` fixture (pt-BR rules, glossary, an icon set) with pictures for its icons: one drawn, one
// hostile (script, handlers, links out, url() paints), one without a picture.
const ICON_SCHEMA = 'schemas/tree/icon.schema.json';
const ICONS = 'content/tree/icons.yaml';
const RULES = 'content/tree/rules.yaml';

export const TORCH = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">
  <path d="M12 2c2.5 2.5 3 4.5 1.5 6.5h-3C9 6.5 9.5 4.5 12 2z"/>
  <path d="M12 12v10"/>
</svg>
`;
export const HOSTILE = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="window.__pwned = 1">
  <script>window.__pwned = 2</script>
  <style>path { fill: url(https://evil.example/style.svg#p) }</style>
  <circle cx="12" cy="12" r="9" stroke="currentColor" fill="url(https://evil.example/paint.svg#p)" onclick="window.__pwned = 3"/>
  <image href="https://evil.example/x.png" width="24" height="24"/>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <a href="javascript:window.__pwned = 4"><rect x="2" y="2" width="4" height="4" style="fill: red"/></a>
  <foreignObject><iframe src="https://evil.example/"></iframe></foreignObject>
</svg>
`;

const withImages = (icons: string) => ({
  [ICON_SCHEMA]: swap('"name": {', '"image": { "type": "string" },\n    "name": {'),
  [ICONS]: () => icons,
  // Every icon in running text: the chips are drawn as pictures too.
  [RULES]: swap('guarda uma {icon:torch}', 'guarda uma {icon:torch}, um {icon:perigo} e uma {icon:chave}'),
});

export async function treeWithIcons(icons: string, files: Record<string, string>): Promise<string> {
  const root = await fixtureProject('tree', withImages(icons));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  }
  return root;
}

export const DRAWN = `- { id: torch, name: Tocha, image: { placeholder: icons/torch.svg, note: "Desenho desta edição, não a arte impressa." } }
- { id: perigo, name: Perigo, image: icons/perigo.svg }
- { id: chave, name: Chave }
`;

/** The tree fixture with a drawn torch and a hostile "perigo" icon, as DRAWN declares them. */
export function treeWithHostileIcon(): Promise<string> {
  return treeWithIcons(DRAWN, { 'content/tree/icons/torch.svg': TORCH, 'content/tree/icons/perigo.svg': HOSTILE });
}
