import path from 'node:path';
import type { DiagnosticBag } from '../diagnostics/diagnostic.ts';
import type { Manifest } from '../model.ts';
import { displayPath, isFile, listFiles } from './files.ts';
import type { YamlSource } from './yaml-source.ts';

/** The pictures a card's back can be: what `rulebook print` can put on a page (an SVG inline, a PNG or JPEG as data). */
const BACK_PICTURES = ['.svg', '.png', '.jpg', '.jpeg'];

/** A collection's back template: `templates/<collection>.back.hbs`, drawn for each entry like its face. */
export const BACK_TEMPLATE_SUFFIX = '.back.hbs';

/**
 * The backs of the printed cards (a collection's `card:`), checked where the
 * files are read, since nothing after loading reads files:
 * - a `back` picture must be in the game's folder, exist, and be a picture
 *   print can draw (errors at the `back:` value, so `rulebook print` never
 *   meets a back it cannot print);
 * - a back template (`templates/<name>.back.hbs`) is read only for a
 *   collection with a `card:`: one beside no such collection is never printed
 *   (a warning at the template, saying the line to add);
 * - a collection with both a back template and a `back` picture prints the
 *   template: the picture is unused (a warning at `back:`).
 */
export async function checkCardBacks(root: string, dir: string, manifest: Manifest, manifestSource: YamlSource, bag: DiagnosticBag): Promise<void> {
  const collections = manifest.collections && typeof manifest.collections === 'object' ? manifest.collections : {};
  const templates = new Set(
    (await listFiles(path.join(dir, 'templates'), BACK_TEMPLATE_SUFFIX)).filter((f) => path.dirname(f) === path.join(dir, 'templates')),
  );
  const printed = new Set<string>();
  for (const [name, decl] of Object.entries(collections)) {
    const card: unknown = decl && typeof decl === 'object' ? decl.card : undefined;
    if (!card || typeof card !== 'object') continue;
    printed.add(name);
    const back = (card as { back?: unknown }).back;
    if (typeof back !== 'string' || !back) continue;
    const pointer = `/collections/${name}/card/back`;
    const place = manifestSource.placeOf(pointer);
    const full = path.resolve(dir, back);
    if (path.isAbsolute(back) || path.relative(dir, full).startsWith('..')) {
      bag.error(
        manifestSource.path,
        place,
        'card-back-outside',
        `the back picture "${back}" of collection "${name}" is outside the game's folder: keep it inside, so a clone of the repository prints the same cards`,
      );
    } else if (!BACK_PICTURES.includes(path.extname(back).toLowerCase())) {
      bag.error(
        manifestSource.path,
        place,
        'card-back-format',
        `the back picture "${back}" of collection "${name}" is not a picture print can draw: give an SVG, PNG or JPEG file`,
      );
    } else if (!(await isFile(full))) {
      bag.error(manifestSource.path, place, 'card-back-missing', `the back picture "${back}" of collection "${name}" does not exist in the game's folder`, [
        `put the picture at ${displayPath(root, full)}, or correct the path`,
      ]);
    } else if (templates.has(path.join(dir, 'templates', name + BACK_TEMPLATE_SUFFIX))) {
      bag.warning(
        manifestSource.path,
        place,
        'card-back-unused',
        `collection "${name}" has a back template (templates/${name}${BACK_TEMPLATE_SUFFIX}), which is printed: its back picture "${back}" is not used`,
        ["keep one of the two: the template draws each card's own back, the picture is one back for all"],
      );
    }
  }
  for (const file of [...templates].sort()) {
    const name = path.basename(file).slice(0, -BACK_TEMPLATE_SUFFIX.length);
    if (printed.has(name)) continue;
    const known = Object.hasOwn(collections, name);
    bag.warning(
      displayPath(root, file),
      { start: { line: 1, column: 1 } },
      'back-template-unused',
      known
        ? `this back template is never printed: collection "${name}" has no \`card:\` in ${manifestSource.path}`
        : `this back template is never printed: the game has no collection "${name}"`,
      known ? [`give the collection its printed size: \`card: { size: poker }\` under \`${name}:\``] : [],
    );
  }
}
