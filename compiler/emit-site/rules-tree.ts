import { textOf } from '../text.ts';
import type { Collection, Entry, Text } from '../model.ts';
import { esc, inline, isOutsideText, outsideTextWords, readingsHtml, readingsOf, ruleAnchor, ruleHref, ruleRefHtml, type PageContext } from './context.ts';
import { joinItems } from './join-items.ts';

/**
 * A heading with a stable anchor, the plain `#` link and a button that copies
 * the full URL (site.js). The link and button sit beside the heading, not in
 * it, so the heading's accessible name and its search title stay the rule.
 */
export function anchoredHeading(level: number, id: string, inner: string, label: string, ctx: PageContext): string {
  const w = ctx.words;
  return `<div class="head"><h${level} id="${esc(id)}">${inner}</h${level}><span class="permalink" data-pagefind-ignore><a class="anchor" href="#${esc(id)}" aria-label="${esc(`${w.linkTo} ${label}`)}">#</a> <button type="button" class="copy" data-copy="${esc(id)}" aria-label="${esc(`${w.copyLink}: ${label}`)}">${esc(w.copyLink)}</button></span></div>`;
}

/**
 * The numbered rules. Heading levels follow the numbering depth below the
 * page's h1 (16.1 -> h2, 16.1.8.I.a -> h5), so levels never skip. Rules
 * declared `external: true` (numbers outside the transcribed part, kept so
 * references resolve) go last, under their own h2, each at h3.
 */
export function rulesTreeHtml(c: Collection, ctx: PageContext): string {
  const inside = c.entries.filter((e) => e.value.external !== true);
  const outside = c.entries.filter((e) => e.value.external === true);
  const top = Math.min(...inside.map((e) => depthOf(e)));
  const level = (e: Entry) => Math.min(6, depthOf(e) - top + 2);
  const parts = inside.map((e) => ruleHtml(e, level(e), ctx, c.name));
  if (outside.length) {
    parts.push(
      `<section class="external" aria-labelledby="external-rules">${anchoredHeading(2, 'external-rules', esc(ctx.words.externalRules), ctx.words.externalRules, ctx)}<p>${esc(ctx.words.externalRulesIntro)}</p>`,
    );
    parts.push(...outside.map((e) => ruleHtml(e, 3, ctx, c.name)), '</section>');
  }
  return parts.join('\n');
}

function depthOf(e: Entry): number {
  return String(e.value.number).split('.').length;
}

function ruleHtml(e: Entry, level: number, ctx: PageContext, collection: string): string {
  const number = String(e.value.number);
  const anchor = ruleAnchor(number);
  const title = e.value.title ? inline(textOf(e.value.title as Text, ctx.locale), ctx) : '';
  // A rule outside the text has no text here: it says where it lives instead.
  const text = e.value.text
    ? `<p>${inline(textOf(e.value.text as Text, ctx.locale), ctx)}</p>`
    : e.value.external === true
      ? `<p class="outside-text">${esc(outsideTextWords(ctx).replace(/^./, (a) => a.toUpperCase()))}.</p>`
      : '';
  const external = e.value.external === true ? ' external' : '';
  // A reading anywhere in a numbered rule stands under the rule's text.
  const readings = readingsHtml(ctx, readingsOf(ctx, collection, e.id));
  return `<section class="rule${external}"${numberAlias(number)}>${anchoredHeading(level, anchor, `<span class="num">${esc(number)}</span> ${title}`, number, ctx)}${text}${errataHtml(ctx, collection, e.id)}${readings}${seeHtml(e, ctx)}${backlinksHtml(number, ctx)}</section>`;
}

/** The printed "(see 5.1.4 - ...)" references of an entry, as links. */
function seeHtml(e: Entry, ctx: PageContext): string {
  if (!Array.isArray(e.value.see)) return '';
  const see = e.value.see as Array<{ ref: string; label?: string }>;
  // A rule outside the text reads as its number and printed label, then where it lives: no link to a title with nothing under it.
  const items = see.map((s) =>
    isOutsideText(s.ref, ctx)
      ? ruleRefHtml(s.ref, esc([s.ref, s.label?.replace(/(?<!\.)\.$/, '')].filter(Boolean).join(' ')), ctx)
      : `${ruleRefHtml(s.ref, esc(s.ref), ctx)}${s.label ? ` ${esc(s.label)}` : ''}`,
  );
  return `<p class="see">${esc(ctx.words.see)}: ${joinItems(items, '; ')}</p>`;
}

/** "Referenced by": every rule whose text or `see` points here. */
function backlinksHtml(number: string, ctx: PageContext): string {
  const by = ctx.game.linked.referencedBy.get(number);
  if (!by?.length) return '';
  return `<p class="backlinks">${esc(ctx.words.referencedBy)}: ${by.map((b) => `<a href="${esc(ctx.toGame + ruleHref(b, ctx))}">${esc(b)}</a>`).join(', ')}</p>`;
}

/** The glossary: each term under its ID anchor (the target of `{term:...}` and of references to its number). */
export function glossaryHtml(c: Collection, ctx: PageContext): string {
  const entries = c.entries.map((e) => {
    const number = e.value.number === undefined ? '' : String(e.value.number);
    const name = esc(textOf(e.name, ctx.locale));
    const text = e.value.text ? `<p>${inline(textOf(e.value.text as Text, ctx.locale), ctx)}</p>` : '';
    const heading = anchoredHeading(2, e.id, `${number ? `<span class="num">${esc(number)}</span> ` : ''}${name}`, number || textOf(e.name, ctx.locale), ctx);
    return `<section class="rule term-entry"${number ? numberAlias(number) : ''}>${heading}${text}${errataHtml(ctx, c.name, e.id)}${readingsHtml(ctx, readingsOf(ctx, c.name, e.id))}${seeHtml(e, ctx)}${number ? backlinksHtml(number, ctx) : ''}</section>`;
  });
  return entries.join('\n');
}

/**
 * The errata the build found in an entry's text ("Veja DESCARTE (16.6.5)"
 * where 16.6.5 is "Compre."), in the reader's language beside the rule: the
 * printed text stays as it is, and the note says where the name really points.
 */
export function errataHtml(ctx: PageContext, collection: string, id: string): string {
  const w = ctx.words;
  const link = (number: string) => ruleRefHtml(number, esc(number), ctx);
  return ctx.game.linked.errata
    .filter((e) => e.collection === collection && e.id === id)
    .map((e) => {
      const title = e.targetTitle.replace(/[.:;]+$/, '');
      const named = e.termNumber && e.termNumber !== e.target ? `; ${esc(e.name)} ${esc(w.erratumIsRule)} ${link(e.termNumber)}` : '';
      return `<p class="erratum" role="note"><span class="erratum-label">${esc(w.erratum)}:</span> ${esc(w.erratumNames)} ${esc(e.name)}, ${esc(w.erratumRefersTo)} ${link(e.target)}${title ? ` (${esc(title)})` : ''}${named}. ${esc(w.erratumKept)}</p>`;
    })
    .join('');
}

/**
 * A rule's number on its section, for `#16.6.5`, the address a reader types
 * or a rulebook prints: site.js sends it to the rule's heading. (An id may
 * not begin with a digit under html-validate, and the `#r-16-6-5` anchors
 * are already linked to from elsewhere, so they stay.)
 */
function numberAlias(number: string): string {
  return ` data-number="${esc(number)}"`;
}
