import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMAND_WORDS, GAME_ID, typeNamespaceName } from '../names.ts';
import { commandIn } from '../next-step.ts';
import type { CommandOutcome } from './new-entry.ts';

/**
 * `rulebook init [dir]`: a designer's own repository, ready to build. It
 * writes a small playable game of its own (two collections, a reference
 * between them, an enum, scoring rules with worked examples, a rules page),
 * its schemas, the project's package.json (the tool as a pinned dev
 * dependency, and the scripts every printed next step names), editor
 * settings, .gitignore, the GitHub workflows and a README that starts with
 * the project's two commands. The tool's own schemas are never copied: the
 * installed tool resolves them.
 *
 * The template lives in compiler/init/template/ as real files, so it reads
 * as what it makes. Names starting with a dot are kept as `_dot_...` there,
 * because npm leaves `.gitignore` out of a package (and would read it as
 * rules for what to leave out).
 */

const TEMPLATE = fileURLToPath(new URL('../init/template/', import.meta.url));
const TOOL_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TOOL_PACKAGE = path.join(TOOL_DIR, 'package.json');
const TOOL_LOCALES = fileURLToPath(new URL('../locales/', import.meta.url));

const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
/** What `npm install <tool>` leaves in a folder before `rulebook init` runs in it: not the designer's work, so not a reason to refuse. */
const INSTALL_LEFTOVERS = new Set(['node_modules', 'package.json', 'package-lock.json', '.git', '.npmrc']);

export interface InitOptions {
  id?: string;
  name?: string;
  locale?: string;
  players?: string;
  /** Write into a folder that holds other files, keeping every file already there. */
  force?: boolean;
}

const usage = (message: string, notes: string[] = []): CommandOutcome => ({ code: 2, out: [], err: [`error: ${message}`, ...notes.map((n) => `  = ${n}`)] });

/** `pocket-duel` -> `Pocket Duel`. */
function titleOf(id: string): string {
  return id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A folder's name as a game ID: lower case, words joined by hyphens; `my-game` when nothing is left. */
export function idFromFolder(folder: string): string {
  const id = folder
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return GAME_ID.test(id) && !COMMAND_WORDS.includes(id) ? id : 'my-game';
}

/** `2-4` or `2` -> { min, max }; undefined when it is not a player count. */
function playersOf(text: string): { min: number; max: number } | undefined {
  const m = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const min = Number(m[1]);
  const max = Number(m[2] ?? m[1]);
  return min >= 1 && max >= min ? { min, max } : undefined;
}

/** The player count as the example's rules page says it, in its language (English where the template has no other). */
function playersInWords(p: { min: number; max: number }, locale = 'en'): string {
  if (locale.split('-')[0] === 'pt') {
    if (p.min === p.max) return `${p.min} jogador${p.min === 1 ? '' : 'es'}`;
    return p.max === p.min + 1 ? `${p.min} ou ${p.max} jogadores` : `${p.min} a ${p.max} jogadores`;
  }
  if (p.min === p.max) return `${p.min} player${p.min === 1 ? '' : 's'}`;
  return p.max === p.min + 1 ? `${p.min} or ${p.max} players` : `${p.min} to ${p.max} players`;
}

/** A name as Markdown text: its punctuation that Markdown (or Handlebars, `{`) would read is escaped. */
const markdownSafe = (text: string) => text.replace(/([\\`*_{}[\]<>()#+!|~])/g, '\\$1');

/** `goods.pt-BR.yaml`: the template's goods.yaml written in that language. */
const VARIANT = /^(.+)\.([a-z]{2,3}(?:-[A-Z]{2})?)(\.schema\.json|\.yaml|\.md|\.hbs)$/;

/**
 * Every file of the template, relative to it, with `_dot_` turned back into `.`; for a file written in
 * several languages, the one in the game's language (its language subtag will do: pt for pt-BR), else English.
 */
async function templateFiles(locale: string, dir = TEMPLATE, rel = ''): Promise<Array<{ from: string; to: string }>> {
  const out: Array<{ from: string; to: string }> = [];
  const entries = await readdir(path.join(dir, rel), { withFileTypes: true });
  const names = entries.map((e) => e.name);
  const language = locale.split('-')[0]!;
  /** The copy of `base` in the game's language, if the template has one. */
  const variantOf = (base: string): string | undefined => {
    const m = /^(.+?)(\.schema\.json|\.yaml|\.md|\.hbs)$/.exec(base);
    if (!m) return undefined;
    const copies = names.map((n) => VARIANT.exec(n)).filter((v) => v && v[1] === m[1] && v[3] === m[2]) as RegExpExecArray[];
    return (copies.find((v) => v[2] === locale) ?? copies.find((v) => v[2]!.split('-')[0] === language))?.[0];
  };
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      out.push(...(await templateFiles(locale, dir, child)));
      continue;
    }
    // A language's copy is reached through its base file.
    if (VARIANT.test(e.name) && names.includes(e.name.replace(VARIANT, '$1$3'))) continue;
    const chosen = variantOf(e.name) ?? e.name;
    out.push({
      from: rel ? `${rel}/${chosen}` : chosen,
      to: child
        .split('/')
        .map((p) => p.replace(/^_dot_/, '.'))
        .join('/'),
    });
  }
  return out.sort((a, b) => (a.to < b.to ? -1 : 1));
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

export async function init(target: string, options: InitOptions): Promise<CommandOutcome> {
  const dir = path.resolve(target);
  const relative = path.relative(process.cwd(), dir) || '.';
  const id = options.id ?? idFromFolder(path.basename(dir));
  if (!GAME_ID.test(id)) return usage(`"${id}" is not a game ID: use lower-case letters, digits and single hyphens (for example "pocket-duel")`);
  if (COMMAND_WORDS.includes(id))
    return usage(`"${id}" cannot be a game ID: \`rulebook new ${id} ...\` is a command`, ['pick another ID with --id (for example "pocket-duel")']);
  const locale = options.locale ?? 'en';
  if (!LOCALE.test(locale)) return usage(`"${locale}" is not a language tag: write it as BCP 47 does (en, pt-BR, fr)`);
  const players = playersOf(options.players ?? '2-4');
  if (!players) return usage(`"${options.players}" is not a player count: write "2-4" (from 2 to 4) or "3"`);
  const name = options.name?.trim() || titleOf(id);
  if (/[\n\r]/.test(name)) return usage("the game's name is one line");

  // A folder with the designer's files in it is never written into by surprise.
  if ((await exists(dir)) && !(await stat(dir)).isDirectory()) return usage(`${relative} is a file, not a folder`);
  const present = (await exists(dir)) ? await readdir(dir) : [];
  const theirs = present.filter((f) => !INSTALL_LEFTOVERS.has(f)).sort();
  if (theirs.length && !options.force)
    return usage(
      `${relative === '.' ? 'this folder' : relative} is not empty: ${theirs.slice(0, 8).join(', ')}${theirs.length > 8 ? `, and ${theirs.length - 8} more` : ''}`,
      ['run `rulebook init <new-folder>`, or add --force to write beside them (no file that is there is overwritten)'],
    );

  const tool = JSON.parse(await readFile(TOOL_PACKAGE, 'utf8')) as { name: string; version: string };
  // The tool's rules-text words exist for a few languages (compiler/locales/): another needs the game's own.
  const hasWords = (await readdir(TOOL_LOCALES)).some((f) => f === `${locale}.yaml` || f.split(/[-.]/)[0] === locale.split('-')[0]);
  const words: Record<string, string> = {
    id,
    name,
    locale,
    minPlayers: String(players.min),
    maxPlayers: String(players.max),
    playersInWords: playersInWords(players, locale),
    typePrefix: typeNamespaceName(id),
    version: tool.version,
  };
  // YAML reads some names as something else (`Yes`, `3`, `a: b`): there they are written quoted. A card
  // template (`.hbs`) writes Markdown, where a `*` or `_` in a name would be emphasis: there it is escaped.
  const fill = (text: string, kind: 'yaml' | 'hbs' | 'other' = 'other') =>
    text.replace(/\{\{(\w+)\}\}/g, (all, key: string) =>
      key === 'name' && kind === 'yaml' ? yamlSafe(name) : key === 'name' && kind === 'hbs' ? markdownSafe(name) : (words[key] ?? all),
    );

  const written: string[] = [];
  const kept: string[] = [];
  for (const file of await templateFiles(locale)) {
    const to = fill(file.to.replace(/__id__/g, id));
    const at = path.join(dir, to);
    if (await exists(at)) {
      kept.push(to);
      continue;
    }
    await mkdir(path.dirname(at), { recursive: true });
    await writeFile(at, fill(await readFile(path.join(TEMPLATE, file.from), 'utf8'), to.endsWith('.yaml') ? 'yaml' : to.endsWith('.hbs') ? 'hbs' : 'other'));
    written.push(to);
  }
  const settings = path.join(dir, 'rulebook.yaml');
  if (!(await exists(settings))) {
    await writeFile(
      settings,
      `# Settings of this project (every one optional).\n# The rulebook version that made this project: a newer tool says what changed.\nrulebook: ${tool.version}\npackage:\n  # The npm name of the engine data package the build writes to generated/.\n  name: ${id}-data\n`,
    );
    written.push('rulebook.yaml');
  } else kept.push('rulebook.yaml');
  const pkg = await writePackageJson(dir, id, tool, await installedSpec(tool));
  if (pkg.outcome === 'written') written.push('package.json');
  else if (pkg.outcome === 'kept') kept.push('package.json (not JSON: add the scripts check, build, serve and test by hand)');

  const cd = relative === '.' ? '' : `cd ${/\s/.test(relative) ? JSON.stringify(relative) : relative} && `;
  return {
    code: 0,
    out: [dir],
    err: [
      `created ${name} (game "${id}", ${locale}, ${playersInWords(players)}) in ${relative === '.' ? 'this folder' : `${relative}/`}: wrote ${written.length} file${written.length === 1 ? '' : 's'}`,
      ...(pkg.outcome === 'merged'
        ? [
            `merged package.json: ${pkg.added.length ? `added ${pkg.added.join(', ')}` : 'nothing to add'}${pkg.theirs.length ? `; kept your own ${pkg.theirs.map((s) => `"${s}"`).join(', ')} script${pkg.theirs.length === 1 ? '' : 's'}` : ''}`,
          ]
        : []),
      ...(kept.length ? [`kept as they were: ${kept.join(', ')}`] : []),
      ...(hasWords
        ? []
        : [
            `note: rulebook has no words for ${locale} yet: the example is in English, and the build warns where its rules text needs words; write them in content/${id}/locales/${locale}.yaml (the tool's own are in node_modules/rulebook-compiler/compiler/locales/en.yaml)`,
          ]),
      `next: ${cd}npm install && ${commandIn(dir, 'build')}`,
      `then: ${commandIn(dir, 'serve')} (the rules site at http://127.0.0.1:4321/, rebuilt on each save)`,
    ],
  };
}

/** A name that YAML would read as something else (`Yes`, `3`, `a: b`, `#1`) is written quoted. */
function yamlSafe(name: string): string {
  return /^[A-Za-z][A-Za-z0-9 '’-]*$/.test(name) && !/^(yes|no|true|false|on|off|null|y|n)$/i.test(name) ? name : JSON.stringify(name);
}

/**
 * How the new project's package.json names the tool: the way this copy of it was installed. A tool that npm
 * installed from a tarball, a folder or a git URL (`npm install -D ./rulebook-compiler-0.2.0.tgz`, `npx --package
 * <tarball>`) is not on the registry under its version, so the project gets that same spec (a `file:` path made
 * absolute); one from the registry, or run from a clone, gets its exact version or the clone's folder.
 */
async function installedSpec(tool: { name: string; version: string }): Promise<string> {
  const parent = path.dirname(path.resolve(TOOL_DIR));
  if (path.basename(parent) !== 'node_modules') return `file:${path.resolve(TOOL_DIR)}`;
  const host = path.dirname(parent);
  try {
    const pkg = JSON.parse(await readFile(path.join(host, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const spec = pkg.devDependencies?.[tool.name] ?? pkg.dependencies?.[tool.name];
    if (spec?.startsWith('file:')) return `file:${path.resolve(host, spec.slice('file:'.length))}`;
    if (spec && /^(git\+|git:|https?:|github:)/.test(spec)) return spec;
  } catch {
    // No package.json beside node_modules: the registry's version is the one.
  }
  return tool.version;
}

const SCRIPTS: Record<string, string> = {
  check: 'rulebook check',
  build: 'rulebook build',
  serve: 'rulebook serve',
  test: 'rulebook check && rulebook build --check',
};

/**
 * The project's package.json: written whole in a new folder; in a folder where
 * `npm install rulebook-compiler` already ran (or a project of the designer's
 * own), merged: the tool moves to the dev dependencies with the version spec
 * npm wrote there, the scripts it lacks are added, and nothing already there
 * is changed (a script of the same name stays theirs, and is said).
 */
async function writePackageJson(
  dir: string,
  id: string,
  tool: { name: string; version: string },
  spec: string,
): Promise<{ outcome: 'written' | 'merged' | 'kept'; added: string[]; theirs: string[] }> {
  const file = path.join(dir, 'package.json');
  if (!(await exists(file))) {
    const pkg = { name: id, version: '0.1.0', private: true, scripts: SCRIPTS, devDependencies: { [tool.name]: spec } };
    await writeFile(file, JSON.stringify(pkg, null, 2) + '\n');
    return { outcome: 'written', added: [], theirs: [] };
  }
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return { outcome: 'kept', added: [], theirs: [] };
  }
  const record = (key: string) => ({ ...((pkg[key] && typeof pkg[key] === 'object' ? pkg[key] : {}) as Record<string, string>) });
  const deps = record('dependencies');
  const dev = record('devDependencies');
  const scripts = record('scripts');
  const added: string[] = [];
  const theirs: string[] = [];
  for (const [name, command] of Object.entries(SCRIPTS)) {
    if (scripts[name] === undefined) {
      scripts[name] = command;
      added.push(`the "${name}" script`);
    } else if (scripts[name] !== command) theirs.push(name);
  }
  const merged: Record<string, unknown> = { ...pkg };
  if (!merged.name) merged.name = id;
  if (merged.private === undefined && !merged.version) merged.private = true;
  merged.scripts = scripts;
  if (!dev[tool.name]) added.push(`${tool.name} to the dev dependencies`);
  dev[tool.name] = dev[tool.name] ?? deps[tool.name] ?? spec;
  delete deps[tool.name];
  if (Object.keys(deps).length) merged.dependencies = deps;
  else delete merged.dependencies;
  merged.devDependencies = dev;
  await writeFile(file, JSON.stringify(merged, null, 2) + '\n');
  return { outcome: 'merged', added, theirs };
}
