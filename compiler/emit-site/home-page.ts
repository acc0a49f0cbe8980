import { textOf } from '../text.ts';
import { isInvented, type CheckedGame, type Manifest } from '../model.ts';
import { declaredLocales } from '../locales/game-locales.ts';
import { esc } from './context.ts';
import { wordsFor, type Words } from './i18n.ts';
import { languageName, page, type Stamp } from './layout.ts';

/**
 * What the home page says of a game: its summary; without one, what the
 * manifest knows for sure (the players, unless that is a draft, and the
 * rulebook it is transcribed from), so every game is described.
 */
function gameDescription(g: CheckedGame, w: Words): string {
  const m = g.linked.game.manifest;
  if (m.summary) return textOf(m.summary, m.locale);
  const draftPlayers = g.linked.placeholders.some((p) => p.collection === '(manifest)' && p.path === '/players');
  const players = m.players && !draftPlayers ? `${w.aboutGame} ${m.players.min}–${m.players.max} ${w.players.toLocaleLowerCase(m.locale)}` : '';
  const source = sourceTitle(m);
  if (!players && !source) return '';
  const sentence = [players, source ? `${w.transcribedFrom} ${source}` : ''].filter(Boolean).join(', ');
  return `${sentence.charAt(0).toLocaleUpperCase(m.locale)}${sentence.slice(1)}.`;
}

function sourceTitle(m: Manifest): string {
  return typeof m.source === 'string' ? m.source : (m.source?.title ?? '');
}

/** The list of games, linked from `root` (the home page's folder, or the base path on the 404 page). */
export function gamesList(games: readonly CheckedGame[], root: string): string {
  const items = games.map((g) => {
    const m = g.linked.game.manifest;
    const description = gameDescription(g, wordsFor(m.locale, isInvented(m)));
    // A game in several locales: a link to each other version, named in its own language.
    const others = declaredLocales(g.linked.game)
      .filter((l) => l !== m.locale)
      .map((l) => `<a href="${esc(`${root}${m.id}/${l}/index.html`)}" hreflang="${esc(l)}" lang="${esc(l)}">${esc(languageName(l))}</a>`);
    return `<li><a href="${esc(root + m.id)}/index.html" lang="${esc(m.locale)}">${esc(textOf(m.name, m.locale))}</a>${description ? ` — <span lang="${esc(m.locale)}">${esc(description)}</span>` : ''}${others.length ? ` (${others.join(', ')})` : ''}</li>`;
  });
  return `<ul class="games">${items.join('\n')}</ul>`;
}

/** The home page: the list of games. */
export function renderHome(games: readonly CheckedGame[], stamp: Stamp = {}): string {
  const en = wordsFor('en');
  // The home page serves every game, in several languages: the reader picks which index to search.
  const locales = [...new Set(games.map((g) => g.linked.game.manifest.locale))];
  const searchLanguages = locales.length > 1 ? locales.map((l) => ({ value: `pagefind/${l.toLowerCase()}/`, label: languageName(l), lang: l })) : undefined;
  return page({ lang: 'en', title: en.games, root: '', t: en, body: gamesList(games, ''), searchLanguages, stamp });
}
