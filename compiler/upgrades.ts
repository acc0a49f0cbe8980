import { readFileSync } from 'node:fs';

/**
 * What a newer rulebook no longer takes, and what to write instead. When a
 * release renames or retires a manifest key or a DSL `op`, it adds an entry
 * here: a project written for the older tool then gets, at the old form's
 * place, the version it changed in and the new form, instead of a generic
 * "unknown key" or "unknown op". Entries are never removed.
 */
export interface RetiredForm {
  /** A key of game.yaml, or the value of a DSL rule's `op`. */
  kind: 'manifest-key' | 'dsl-op';
  /**
   * For a manifest key: the JSON pointer of the key in game.yaml, a `*` for
   * any one segment (`/collections/*\/kind`). For an op: the op as it was
   * written (`rnk`).
   */
  old: string;
  /** What to write instead, as the designer writes it (`pageBy:`, `op: rank`). */
  instead: string;
  /** The rulebook version the change came in (semver): the first that no longer takes the old form. */
  since: string;
}

/** The retired forms of every rulebook release so far: none yet (the checks run over this list, empty or not). */
export const RETIRED: readonly RetiredForm[] = [];

/** The installed tool's version: the package.json beside compiler/ (as `rulebook --version` reads it). */
export const TOOL_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** What validation knows of versions: the retired forms, the installed tool, and the version rulebook.yaml says made the project. */
export interface Upgrades {
  retired: readonly RetiredForm[];
  tool: string;
  /** `rulebook:` in rulebook.yaml, when it is there and a version. */
  made?: string;
}

export function defaultUpgrades(made?: string): Upgrades {
  return { retired: RETIRED, tool: TOOL_VERSION, ...(made ? { made } : {}) };
}

/** A version as semver writes it: `1.2.3`, `1.2.3-beta.1`, `1.2.3+build` (https://semver.org/#backusnaur-form-grammar-for-valid-semver-versions). */
export const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** Semver precedence: negative when `a` is older than `b`, 0 when equal (build metadata ignored), positive when newer. */
export function compareVersions(a: string, b: string): number {
  const pa = SEMVER.exec(a);
  const pb = SEMVER.exec(b);
  if (!pa || !pb) throw new Error(`not a semver version: ${pa ? b : a}`);
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d) return d;
  }
  // A pre-release comes before its release; pre-releases compare identifier by identifier.
  if (!pa[4] || !pb[4]) return (pa[4] ? -1 : 0) + (pb[4] ? 1 : 0);
  const xa = pa[4].split('.');
  const xb = pb[4].split('.');
  for (let i = 0; i < Math.max(xa.length, xb.length); i++) {
    const [x, y] = [xa[i], xb[i]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Only the forms the installed tool has already retired count (a registry entry for a later version does not). */
function inForce(upgrades: Upgrades): RetiredForm[] {
  return upgrades.retired.filter((f) => compareVersions(f.since, upgrades.tool) <= 0);
}

/** The retired manifest key at `pointer` (the JSON pointer of the unknown key in game.yaml), if it is one. */
export function retiredKey(pointer: string, upgrades: Upgrades): RetiredForm | undefined {
  const parts = pointer.split('/');
  return inForce(upgrades).find((f) => {
    if (f.kind !== 'manifest-key') return false;
    const pattern = f.old.split('/');
    return pattern.length === parts.length && pattern.every((p, i) => p === '*' || p === parts[i]);
  });
}

/** The retired op `op`, if it is one. */
export function retiredOp(op: string, upgrades: Upgrades): RetiredForm | undefined {
  return inForce(upgrades).find((f) => f.kind === 'dsl-op' && f.old === op);
}

/**
 * The message for a retired form met in content: what it was, the version
 * that changed it and what to write instead; when rulebook.yaml records an
 * older version as having made the project, the range the change lies in.
 */
export function retiredMessage(form: RetiredForm, upgrades: Upgrades): { message: string; notes: string[] } {
  const what = form.kind === 'manifest-key' ? `the key \`${form.old.slice(form.old.lastIndexOf('/') + 1)}\`` : `op "${form.old}"`;
  const made = upgrades.made && compareVersions(upgrades.made, form.since) < 0 ? upgrades.made : undefined;
  const when = made
    ? `changed between rulebook ${made}, which made this project, and ${upgrades.tool}, the installed tool (in ${form.since})`
    : `changed in rulebook ${form.since}`;
  return {
    message: `${what} is no longer read: ${when}; write ${form.instead} instead`,
    notes: made ? [`after the change, record the version in rulebook.yaml: \`rulebook: "${upgrades.tool}"\``] : [],
  };
}
