import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.ts';
import { check } from '../compiler/pipeline.ts';
import { readSettings, recordedVersion } from '../compiler/project-settings.ts';
import { compareVersions, RETIRED, retiredKey, retiredMessage, retiredOp, TOOL_VERSION, type RetiredForm, type Upgrades } from '../compiler/upgrades.ts';
import { fixtureProject, runCli, swap } from './helpers.ts';

const GAME = 'content/duel/game.yaml';
const TROPHIES = 'content/duel/trophies.yaml';

/** Diagnostics as `severity file:line:col code: message [notes]`. */
function lines(bag: DiagnosticBag): string[] {
  return bag
    .sorted()
    .map(
      (d) =>
        `${d.severity} ${d.file}:${d.place?.start.line}:${d.place?.start.column} ${d.ruleId}: ${d.message}${d.notes.length ? ` [${d.notes.join('; ')}]` : ''}`,
    );
}

// Illustrations injected through check's parameters: the shipped registry holds no retired form yet.
const heading: RetiredForm = { kind: 'manifest-key', old: '/collections/*/heading', instead: '`title:`', since: TOOL_VERSION };
const ranked: RetiredForm = { kind: 'dsl-op', old: 'ranked', instead: '`op: rank`', since: TOOL_VERSION };

describe('versions', () => {
  it('compares as semver does', () => {
    expect(compareVersions('0.2.0', '0.3.0')).toBeLessThan(0);
    expect(compareVersions('0.10.0', '0.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0+build.5')).toBe(0);
    expect(compareVersions('1.0.0-beta.2', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-beta.2', '1.0.0-beta.11')).toBeLessThan(0);
    expect(compareVersions('1.0.0-alpha', '1.0.0-alpha.1')).toBeLessThan(0);
    expect(compareVersions('1.0.0-1', '1.0.0-alpha')).toBeLessThan(0);
    expect(() => compareVersions('v1', '1.0.0')).toThrow('not a semver version: v1');
  });

  it("the tool's version is its package.json's", () => {
    expect(TOOL_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('the registry of retired forms', () => {
  const upgrades = (retired: RetiredForm[], made?: string): Upgrades => ({ retired, tool: '0.4.0', ...(made ? { made } : {}) });

  it('is real and, for now, empty: every check runs over it', () => {
    expect(RETIRED).toEqual([]);
    expect(retiredKey('/sources', { retired: RETIRED, tool: TOOL_VERSION })).toBeUndefined();
    expect(retiredOp('rank', { retired: RETIRED, tool: TOOL_VERSION })).toBeUndefined();
  });

  it('finds a key by its pointer (a `*` for any one segment), an op by its name, and only forms the installed tool has retired', () => {
    const key: RetiredForm = { kind: 'manifest-key', old: '/collections/*/heading', instead: '`title:`', since: '0.3.0' };
    const op: RetiredForm = { kind: 'dsl-op', old: 'ranked', instead: '`op: rank`', since: '0.3.0' };
    const later: RetiredForm = { kind: 'dsl-op', old: 'each', instead: '`op: per`', since: '0.5.0' };
    const u = upgrades([key, op, later]);
    expect(retiredKey('/collections/cards/heading', u)).toBe(key);
    expect(retiredKey('/collections/heading', u)).toBeUndefined();
    expect(retiredKey('/collections/cards/title', u)).toBeUndefined();
    expect(retiredOp('ranked', u)).toBe(op);
    expect(retiredOp('heading', u)).toBeUndefined();
    expect(retiredOp('each', u)).toBeUndefined();
  });

  it('says what changed, in which version, and what to write; with the version that made the project, the range', () => {
    const key: RetiredForm = { kind: 'manifest-key', old: '/collections/*/heading', instead: '`title:`', since: '0.3.0' };
    expect(retiredMessage(key, upgrades([key]))).toEqual({
      message: 'the key `heading` is no longer read: changed in rulebook 0.3.0; write `title:` instead',
      notes: [],
    });
    expect(retiredMessage(key, upgrades([key], '0.2.0'))).toEqual({
      message:
        'the key `heading` is no longer read: changed between rulebook 0.2.0, which made this project, and 0.4.0, the installed tool (in 0.3.0); write `title:` instead',
      notes: ['after the change, record the version in rulebook.yaml: `rulebook: "0.4.0"`'],
    });
    // A project made after the change: no range to name.
    expect(retiredMessage(key, upgrades([key], '0.3.1')).message).toBe(
      'the key `heading` is no longer read: changed in rulebook 0.3.0; write `title:` instead',
    );
  });
});

describe('a retired form met in content', () => {
  const renamedKey = { [GAME]: swap('    title: Trophy cards\n', '    heading: Trophy cards\n') };
  const renamedOp = { [TROPHIES]: swap('op: rank', 'op: ranked') };

  it('a manifest key: the version, the place of the key and what to write, instead of an unknown key', async () => {
    const root = await fixtureProject('duel', renamedKey);
    expect(lines((await check(root, { retired: [heading] })).bag)).toEqual([
      `error content/duel/game.yaml:23:5 form-retired: the key \`heading\` is no longer read: changed in rulebook ${TOOL_VERSION}; write \`title:\` instead`,
    ]);
    // Without the entry (the shipped registry), the same key is the schema's unknown key.
    const generic = lines((await check(root)).bag);
    expect(generic).toHaveLength(1);
    expect(generic[0]).toMatch(/^error content\/duel\/game\.yaml:23:5 schema-additionalProperties: unknown field `heading` in `collections\.trophies`/);
  });

  it('a rule op: at the op, instead of an unknown op', async () => {
    const root = await fixtureProject('duel', renamedOp);
    expect(lines((await check(root, { retired: [ranked] })).bag)).toEqual([
      `error content/duel/trophies.yaml:5:18 form-retired: op "ranked" is no longer read: changed in rulebook ${TOOL_VERSION}; write \`op: rank\` instead`,
    ]);
    expect(lines((await check(root)).bag)[0]).toContain('schema-discriminator: unknown op "ranked"');
  });

  it('a manifest key pattern does not match a field of an entry', async () => {
    const root = await fixtureProject('duel', { [TROPHIES]: swap('  copies: 2\n', '  copies: 2\n  heading: x\n') });
    expect(lines((await check(root, { retired: [{ ...heading, old: '/*/heading' }] })).bag)[0]).toContain(
      'schema-additionalProperties: unknown field `heading`',
    );
  });

  it('with an older version recorded in rulebook.yaml: the range the change lies in', async () => {
    const root = await fixtureProject('duel', renamedOp);
    await writeFile(path.join(root, 'rulebook.yaml'), 'rulebook: "0.0.1"\n');
    expect(await recordedVersion(root)).toBe('0.0.1');
    expect(lines((await check(root, { retired: [ranked] })).bag)).toEqual([
      `error content/duel/trophies.yaml:5:18 form-retired: op "ranked" is no longer read: changed between rulebook 0.0.1, which made this project, and ${TOOL_VERSION}, the installed tool (in ${TOOL_VERSION}); write \`op: rank\` instead [after the change, record the version in rulebook.yaml: \`rulebook: "${TOOL_VERSION}"\`]`,
    ]);
  });
});

describe('the version that made the project (rulebook.yaml `rulebook:`)', () => {
  const settings = async (text: string, tool: string) => {
    const root = await fixtureProject('duel');
    await writeFile(path.join(root, 'rulebook.yaml'), text);
    const bag = new DiagnosticBag();
    return { settings: await readSettings(root, bag, undefined, tool), diagnostics: lines(bag) };
  };

  it('newer than the installed tool: one warning, in words', async () => {
    expect(await settings('rulebook: "0.3.0"\n', '0.2.0')).toEqual({
      settings: { package: { name: 'rulebook-generated' }, rulebook: '0.3.0' },
      diagnostics: [
        'warning rulebook.yaml:1:11 tool-older: this project was made with rulebook 0.3.0; the installed tool is 0.2.0: run npm install [an older tool may report what the newer one reads as a mistake]',
      ],
    });
  });

  it('the same or older: no word', async () => {
    expect((await settings('rulebook: "0.2.0"\n', '0.2.0')).diagnostics).toEqual([]);
    expect((await settings('rulebook: 0.1.9\n', '0.2.0')).diagnostics).toEqual([]);
  });

  it('not a semver version: an error at the value', async () => {
    const got = await settings('rulebook: v0.2\n', '0.2.0');
    expect(got.settings.rulebook).toBeUndefined();
    expect(got.diagnostics).toEqual([
      'error rulebook.yaml:1:11 settings-version: "rulebook" must be the version of the tool that made the project, as npm writes it [for example: rulebook: "0.2.0" (got "v0.2")]',
    ]);
  });

  it('`rulebook check` and `rulebook build` print the warning once', async () => {
    const root = await fixtureProject('duel');
    await writeFile(path.join(root, 'rulebook.yaml'), 'rulebook: "999.0.0"\n');
    const words = `this project was made with rulebook 999.0.0; the installed tool is ${TOOL_VERSION}: run npm install`;
    for (const command of ['check', 'build']) {
      const r = await runCli([command, '-C', root]);
      expect(r.code, r.err).toBe(0);
      expect(r.err.split(words).length - 1, command).toBe(1);
    }
  });
});
