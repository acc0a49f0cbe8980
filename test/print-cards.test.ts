import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printCollections } from '../compiler/emit-site/print/print-cards.ts';
import { printDocument } from '../compiler/emit-site/print/print-html.ts';
import type { PrintCollection } from '../compiler/emit-site/print/print-types.ts';
import { checkPresentation } from '../compiler/emit-site/check-presentation.ts';
import { check } from '../compiler/pipeline.ts';
import { fixtureProject, makeProject, swap } from './helpers.ts';

// #23 print and play: the cards `rulebook print` lays out (compiler/emit-site/print/print-cards.ts), drawn with the
// site's own face code over a copy of the `duel` fixture given a `card:`: its Trophy cards have a template
// (templates/trophies.hbs), two copies of one card, and a drafted picture and points on The Crown Jewel.

const CARD = (card: string) => swap('    title: Trophy cards\n', `    title: Trophy cards\n    card: ${card}\n`);

async function printed(
  card = '{ size: poker }',
  edits: Record<string, (text: string) => string> = {},
  files: Record<string, string | Buffer> = {},
  options: { collection?: string } = {},
  /** Errors the check is expected to report (their codes): print is still asked, as the command would not. */
  expectedErrors: string[] = [],
): Promise<PrintCollection[]> {
  const root = await fixtureProject('duel', { ...edits, 'content/duel/game.yaml': (t) => CARD(card)(edits['content/duel/game.yaml']?.(t) ?? t) });
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  }
  const result = await check(root);
  const errors = result.bag.sorted().filter((d) => d.severity === 'error');
  expect(errors.map((d) => (expectedErrors.includes(d.ruleId) ? d.ruleId : d.message))).toEqual(expectedErrors);
  return printCollections(result.games[0]!, options);
}

describe('printCollections', () => {
  it('prints each collection with a card, every copy, in collection order, each card named on its face', async () => {
    const [col, ...rest] = await printed();
    expect(rest).toEqual([]);
    expect(col).toMatchObject({ game: 'duel', gameName: 'Lantern Duel', collection: 'trophies', title: 'Trophy cards', locale: 'en', hasBack: false });
    expect(col!.size).toEqual({ widthMm: 63, heightMm: 88, bleedMm: 3, named: 'poker' });
    expect(col!.sizeIsReading).toBe(false);
    expect(col!.problems).toEqual([]);
    expect(col!.cards.map((c) => `${c.name} ${c.copy}/${c.copies}`)).toEqual([
      'The Lantern Race 1/1',
      'The Counting House 1/2',
      'The Counting House 2/2',
      'The Crown Jewel 1/1',
      'The Banner Parade 1/1',
    ]);
    for (const c of col!.cards) expect(c.faceHtml).toContain(`<h2 class="card-name">${c.name}</h2>`);
    // The face is the site's: the rules text, and the template's stat (templates/trophies.hbs).
    const house = col!.cards[1]!.faceHtml;
    expect(house).toContain('<p class="rules-text">Gain 5 points for each set of 6 Silver coins you have at the end of the game.</p>');
    expect(house).toMatch(/<span class="face-stat-label">Copies in the deck<\/span> <span class="face-stat-value">2<\/span>/);
    expect(col!.cards[0]!.backHtml).toBeUndefined();
  });

  it('prints only the collection asked for, and nothing for a game whose collections have no card', async () => {
    expect(await printed(undefined, {}, {}, { collection: 'nothing' })).toEqual([]);
    expect((await printed(undefined, {}, {}, { collection: 'trophies' })).map((c) => c.collection)).toEqual(['trophies']);
    const root = await fixtureProject('duel');
    expect(printCollections((await check(root)).games[0]!)).toEqual([]);
  });

  it('turns links into their words and leaves no button, tooltip or ID a card would repeat', async () => {
    const [col] = await printed('{ size: bridge, bleed: 2 }', {
      'schemas/duel/trophy.schema.json': swap('"flavor": {', '"text": { "$ref": "../defs.schema.json#/$defs/text", "description": "Card text." }, "flavor": {'),
      'content/duel/trophies.yaml': swap('- name: The Banner Parade\n', '- name: The Banner Parade\n  text: Banners as in {link:trophies/the-lantern-race}.\n'),
    });
    expect(col!.size).toEqual({ widthMm: 56, heightMm: 87, bleedMm: 2, named: 'bridge' });
    const parade = col!.cards.find((c) => c.id === 'the-banner-parade')!;
    expect(parade.faceHtml).toContain('Banners as in <span class="entry-link">The Lantern Race</span>.');
    for (const c of col!.cards) expect(c.faceHtml).not.toMatch(/<a[\s>]|<button|\sid=|\shref=|aria-|class="tip"|draft-note/);
  });

  it('marks a drafted value for print and says "draft" on the card, and lists the drafts with their labels and notes', async () => {
    const [col] = await printed();
    const crown = col!.cards.find((c) => c.id === 'the-crown-jewel')!;
    expect(crown.faceHtml).toContain('<span class="card-draft">draft</span>');
    expect(crown.faceHtml).toMatch(/<span class="face-draft-value print-draft">A crown on a cushion\.<\/span>/);
    expect(crown.drafts).toEqual([
      { path: '/flavor', label: 'Picture', note: "The test rules do not describe this card's picture." },
      // The points are inside the scoring rule, which the card shows as its rules text: the card's name labels it.
      { path: '/scoring/points', label: 'The Crown Jewel', note: "The test rules do not print the Crown's points." },
    ]);
    for (const c of col!.cards.filter((x) => x.id !== 'the-crown-jewel')) {
      expect(c.drafts).toEqual([]);
      expect(c.faceHtml).not.toMatch(/card-draft|print-draft/);
    }
  });

  it('says "draft" in the game\'s language: provisório in a pt-BR game', async () => {
    const [col] = await printed(undefined, { 'content/duel/game.yaml': swap('locale: en\n', 'locale: pt-BR\n') });
    expect(col!.locale).toBe('pt-BR');
    const crown = col!.cards.find((c) => c.id === 'the-crown-jewel')!;
    expect(crown.faceHtml).toContain('<span class="card-draft">provisório</span>');
    expect(crown.faceHtml).toContain('print-draft');
    expect(printDocument(col!, 'a4').html).toMatch(/^<!DOCTYPE html>\n<html lang="pt-BR">/);
  });

  it('says when the size is a reading, with its note, and never on a card', async () => {
    const note = 'The test rules print no card size; poker is the common size.';
    const [col] = await printed(`{ size: { reading: poker, note: "${note}" } }`);
    expect(col!.sizeIsReading).toBe(true);
    expect(col!.sizeMark).toEqual({ kind: 'reading', note });
    expect(col!.size.named).toBe('poker');
    for (const c of col!.cards) expect(c.faceHtml).not.toContain(note);
    // A designer's size not decided yet is a placeholder.
    const [undecided] = await printed('{ size: { placeholder: [60, 90], note: "Not decided yet." } }');
    expect(undecided!.sizeMark).toEqual({ kind: 'placeholder', note: 'Not decided yet.' });
    expect(undecided!.sizeIsReading).toBe(false);
    expect(undecided!.size).toEqual({ widthMm: 60, heightMm: 90, bleedMm: 3 });
    // The size is a draft on every card then, as a drafted value is: "draft" in each card's head.
    expect(undecided!.cards.filter((c) => c.faceHtml.includes('<span class="card-draft">draft</span>'))).toHaveLength(undecided!.cards.length);
    // A reading is a choice made, not a draft: only The Crown Jewel, whose values are drafts, says it.
    expect(col!.cards.filter((c) => c.faceHtml.includes('class="card-draft"')).map((c) => c.id)).toEqual(['the-crown-jewel']);
  });

  it('draws a back from templates/<collection>.back.hbs for each card, with the same helpers as a face', async () => {
    const [col] = await printed(undefined, {}, { 'content/duel/templates/trophies.back.hbs': ':::back\n**Lantern Duel**: {{label "flavor"}}\n:::\n' });
    expect(col!.hasBack).toBe(true);
    expect(col!.problems).toEqual([]);
    for (const c of col!.cards)
      expect(c.backHtml).toBe('<div class="face-body"><div class="face-back"><p><strong>Lantern Duel</strong>: Picture</p></div></div>');
    const doc = printDocument(col!, 'a4');
    expect(doc.pages).toBe(2);
    expect(doc.html.match(/card-side-back/g)).toHaveLength(5);
  });

  it("draws the collection's back picture: an SVG made safe, a PNG as a data address", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" fill="#123456" onclick="x()"/></svg>';
    const [col] = await printed('{ size: poker, back: images/back.svg }', {}, { 'content/duel/images/back.svg': svg });
    expect(col!.hasBack).toBe(true);
    const back = col!.cards[0]!.backHtml!;
    expect(back).toMatch(/^<svg[^>]*class="card-back-picture"/);
    expect(back).toContain('fill="#123456"');
    expect(back).not.toMatch(/script|onclick/);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const [withPng] = await printed('{ size: poker, back: back.png }', {}, { 'content/duel/back.png': png });
    expect(withPng!.cards[4]!.backHtml).toBe(`<img class="card-back-picture" alt="" src="data:image/png;base64,${png.toString('base64')}">`);
  });

  it('warns at a back template that does not compile (rulebook check), and prints without it', async () => {
    const root = await fixtureProject('duel', { 'content/duel/game.yaml': CARD('{ size: poker }') });
    await writeFile(path.join(root, 'content/duel/templates/trophies.back.hbs'), '{{#if copies}}\nunclosed\n');
    const result = await check(root);
    // What `rulebook check` adds to the pipeline's diagnostics.
    await checkPresentation(root, result.games, result.bag, result.sources);
    const warnings = result.bag.sorted().filter((d) => d.ruleId === 'template-syntax');
    expect(warnings.map((d) => `${d.file} ${d.message.split(':')[0]}`)).toEqual([
      'content/duel/templates/trophies.back.hbs this template does not compile, so trophies cards print without this back',
    ]);
    const [col] = printCollections(result.games[0]!);
    expect(col!.hasBack).toBe(false);
    expect(col!.cards[0]!.backHtml).toBeUndefined();
    expect(col!.problems).toEqual(['templates/trophies.back.hbs does not compile (rulebook check shows where): the cards print without backs until it does.']);
  });

  it('returns a missing back picture as a problem in words, and prints without backs', async () => {
    // `rulebook check` reports it first (load/card-backs.ts); the layout still never throws on it.
    const [col] = await printed('{ size: poker, back: images/nowhere.svg }', {}, {}, {}, ['card-back-missing']);
    expect(col!.hasBack).toBe(false);
    expect(col!.problems).toEqual([
      'The back picture images/nowhere.svg (card.back of trophies in game.yaml) is not there: put the file at images/nowhere.svg, or correct the path.',
    ]);
  });

  it("prints a bundled game's chiefs with their own template, icons and drafted stats, in their language's mark", async () => {
    // The bundled game gives its chiefs a card size (a reading) and a back template of their own.
    const root = await makeProject({}, { copyContent: ['cangaceiros'] });
    const result = await check(root);
    const [col, ...rest] = printCollections(result.games[0]!, { collection: 'chiefs' });
    expect(rest).toEqual([]);
    expect(col!.title).toBe('Chief Cangaceiros Cards');
    const chiefs = result.games[0]!.linked.game.collections.get('chiefs')!.entries;
    expect(col!.cards.map((c) => c.id)).toEqual(chiefs.flatMap((e) => Array.from({ length: e.copies }, () => e.id)));
    for (const c of col!.cards) {
      // The name in the language the collection declares (nameLang: pt-BR) on an English card.
      expect(c.faceHtml).toMatch(/^<div class="card-head"><h2 class="card-name"><span lang="pt-BR">[^<]+<\/span><\/h2>/);
      expect(c.faceHtml).toContain('class="face-icon');
      expect(c.faceHtml).not.toMatch(/<a[\s>]|<button|\sid=/);
    }
    // The rulebook prints no chief's Guns, Protection or Facão: drafted on every card, marked for print.
    expect(col!.cards.every((c) => c.faceHtml.includes('print-draft') && c.faceHtml.includes('<span class="card-draft">draft</span>'))).toBe(true);
  });
});
