import path from 'node:path';
import type { DiagnosticBag } from './diagnostics/diagnostic.ts';
import { closest, hintOf } from './diagnostics/suggest.ts';
import { loadYaml } from './load/game.ts';

/** Settings of the whole project (not of one game), from `rulebook.yaml` at its root; every one optional. */
export interface ProjectSettings {
  package: {
    /** The engine package's npm name, scope included (`@studio/games-data`). */
    name: string;
  };
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
export async function readSettings(root: string, bag: DiagnosticBag, sources?: Map<string, string>): Promise<ProjectSettings> {
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
