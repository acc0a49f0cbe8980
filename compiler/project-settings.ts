import path from 'node:path';
import { closest, hintOf } from './diagnostics/suggest.ts';
import { DiagnosticBag as Bag } from './diagnostics/diagnostic.ts';
import { loadYaml } from './load/game.ts';
import { compareVersions, SEMVER, TOOL_VERSION } from './upgrades.ts';

/** Settings of the whole project (not of one game), from `rulebook.yaml` at its root; every one optional. */
export interface ProjectSettings {
  package: {
    /** The engine package's npm name, scope included (`@studio/games-data`). */
    name: string;
  };
  /** `rulebook: "0.2.0"`: the version of the tool that made the project (a semver version), when recorded. */
  rulebook?: string;
}

export const SETTINGS_FILE = 'rulebook.yaml';
export const DEFAULT_PACKAGE_NAME = 'rulebook-generated';

/** npm's rule for a package name: lower case, URL-safe, an optional @scope/, at most 214 characters. */
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

const KNOWN: Record<string, string[]> = { '': ['package', 'rulebook'], '/package': ['name'] };

/**
 * Read `rulebook.yaml` (absent: the defaults). A problem in it is a located
 * error in `bag`, and the default stands in for the value, so the caller
 * decides (the build stops on any error, as for content).
 */
export async function readSettings(root: string, bag: Bag, sources?: Map<string, string>, tool = TOOL_VERSION): Promise<ProjectSettings> {
  const settings: ProjectSettings = { package: { name: DEFAULT_PACKAGE_NAME } };
  const source = await loadYaml(root, path.join(root, SETTINGS_FILE), bag, sources);
  if (!source || !source.ok || source.value === null || source.value === undefined) return settings;
  const file = source.path;
  const mapAt = (pointer: string, value: unknown): Record<string, unknown> | undefined => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        if (KNOWN[pointer]!.includes(key)) continue;
        const hint = closest(key, KNOWN[pointer]!);
        bag.error(
          file,
          source.placeOf(`${pointer}/${key}`, { key: true }),
          'settings-unknown',
          `unknown setting "${key}"`,
          [hint ? `did you mean "${hint}"?` : `known here: ${KNOWN[pointer]!.join(', ')}`],
          hintOf(hint, KNOWN[pointer]!),
        );
      }
      return value as Record<string, unknown>;
    }
    bag.error(
      file,
      source.placeOf(pointer),
      'settings-type',
      pointer ? `"${pointer.slice(1)}" must be a map of settings` : `${SETTINGS_FILE} must be a map of settings`,
      ['for example: package: { name: "@studio/games-data" }'],
    );
    return undefined;
  };
  const top = mapAt('', source.value);
  if (top && top.rulebook !== undefined) {
    if (typeof top.rulebook !== 'string' || !SEMVER.test(top.rulebook))
      bag.error(file, source.placeOf('/rulebook'), 'settings-version', `"rulebook" must be the version of the tool that made the project, as npm writes it`, [
        `for example: rulebook: "${tool}" (got ${JSON.stringify(top.rulebook)})`,
      ]);
    else {
      settings.rulebook = top.rulebook;
      if (compareVersions(top.rulebook, tool) > 0)
        bag.warning(
          file,
          source.placeOf('/rulebook'),
          'tool-older',
          `this project was made with rulebook ${top.rulebook}; the installed tool is ${tool}: run npm install`,
          ['an older tool may report what the newer one reads as a mistake'],
        );
    }
  }
  if (!top || top.package === undefined) return settings;
  const pkg = mapAt('/package', top.package);
  if (!pkg || pkg.name === undefined) return settings;
  if (typeof pkg.name !== 'string' || !NPM_NAME.test(pkg.name) || pkg.name.length > 214) {
    bag.error(file, source.placeOf('/package/name'), 'settings-package-name', `the package name ${JSON.stringify(pkg.name)} is not one npm accepts`, [
      'lower-case letters, digits, "-", "." and "_", with an optional scope: "@studio/games-data"',
    ]);
    return settings;
  }
  settings.package.name = pkg.name;
  return settings;
}

/**
 * The version rulebook.yaml records as having made the project, when it
 * gives a valid one; read before a check, without a word (`readSettings`
 * reports its problems, once, after the check).
 */
export async function recordedVersion(root: string): Promise<string | undefined> {
  const source = await loadYaml(root, path.join(root, SETTINGS_FILE), new Bag());
  const value = source?.ok ? (source.value as Record<string, unknown> | null | undefined) : undefined;
  const made = value && typeof value === 'object' && !Array.isArray(value) ? value.rulebook : undefined;
  return typeof made === 'string' && SEMVER.test(made) ? made : undefined;
}
