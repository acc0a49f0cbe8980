// The compiler, precompiled: compiler/cli.ts and the parse worker bundled by
// esbuild into compiler-dist/, so a command starts from plain JavaScript
// instead of compiling ~140 TypeScript modules through tsx's loader thread on
// every start (half a second to a second of a cold `check` of a small game).
//
// bin/rulebook.js asks `bundleEntry()` for the bundle: it is used when it is
// up to date with the sources, rebuilt first when a source changed (a
// developer edited a .ts file), and refused (undefined: run through tsx as
// before) when esbuild cannot run.
//
// This file is JavaScript, not TypeScript, because it runs before anything
// can compile TypeScript: it is what makes that unnecessary.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The tool's own folder (holding package.json, compiler/, compiler-dist/). */
export const TOOL_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** Where bundles live: one folder per build, and stamp.json naming the current one and its inputs. */
export const DIST_DIR = path.join(TOOL_DIR, 'compiler-dist');
const STAMP = path.join(DIST_DIR, 'stamp.json');
/** The bundle's entry points (sources relative to TOOL_DIR -> output names). */
const ENTRIES = { cli: 'compiler/cli.ts', 'parse-worker': 'compiler/load/parse-worker.ts', 'search-worker': 'compiler/emit-site/search-worker.ts' };
/** Raised when the stamp's layout changes, so a bundle written by an older bin/ is rebuilt, never misread. */
const FORMAT = 2;
/** Builds other than the current one are removed once this old: a process started from one may still load its chunks lazily. */
const KEEP_OLD_MS = 24 * 60 * 60 * 1000;

/**
 * @typedef {{ file: string, size: number, mtimeMs: number, sha1: string, optional?: boolean }} Input
 * @typedef {{ format: number, build: string, inputs: Input[] }} Stamp
 */

/** @param {string} file */
function sha1(file) {
  return createHash('sha1').update(readFileSync(file)).digest('hex');
}

/** @returns {{ stamp: Stamp, time: number } | undefined} */
export function readStamp() {
  try {
    const time = statSync(STAMP).mtimeMs;
    const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
    return stamp && stamp.format === FORMAT && typeof stamp.build === 'string' && Array.isArray(stamp.inputs) ? { stamp, time } : undefined;
  } catch {
    return undefined; // no bundle yet (or a half-written stamp from a killed build, which rename makes impossible)
  }
}

/**
 * Why the bundle of `stamp` no longer matches its sources; undefined when it
 * does. Every input is stat'ed (~215 files: 2-10 ms, the more under load). An
 * input is unchanged when its size is as recorded and either
 * - its modification time is as recorded (a developer's tree: any save, checkout
 *   or copy gives a new time), or
 * - its time is the stamp file's own time: both came out of one archive with
 *   its times kept (`npm pack` sets every time to 1985; `tar x` keeps them), or
 * - failing both, its bytes hash as recorded (a file touched but not changed, or
 *   a tool installed by npm, which gives every file the time of the install).
 *   The new time is then written into `stamp` (`retimed` is set): hashing ~1 MB
 *   of sources costs 10-30 ms, once rather than on every start.
 * A new module cannot be missed: the file importing it changed. A bundled
 * package is an input by its package.json (a new version changes it), and an
 * optional one: an installed tool finds its packages where npm put them (often
 * beside it, not under it), and runs the versions it was packed with.
 * @param {Stamp & { retimed?: boolean }} stamp
 * @param {number} stampTime the stamp file's modification time
 * @returns {string | undefined}
 */
export function staleReason(stamp, stampTime) {
  for (const input of stamp.inputs) {
    const file = path.join(TOOL_DIR, input.file);
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st && input.optional) continue;
    if (!st) return `${input.file} is gone`;
    if (st.size !== input.size) return `${input.file} changed`;
    if (st.mtimeMs === input.mtimeMs || st.mtimeMs === stampTime) continue;
    if (sha1(file) !== input.sha1) return `${input.file} changed`;
    input.mtimeMs = st.mtimeMs;
    stamp.retimed = true;
  }
  if (!statSync(path.join(DIST_DIR, stamp.build, 'cli.js'), { throwIfNoEntry: false })) return `the bundle ${stamp.build} is missing`;
  return undefined;
}

/**
 * Record the inputs' new times after staleReason found them unchanged by
 * hash, so the next start stats them only. Best effort: an installed tool's
 * folder may be read-only, and then each start hashes.
 * @param {Stamp & { retimed?: boolean }} stamp
 */
function saveTimes(stamp) {
  const { retimed, ...kept } = stamp;
  if (!retimed) return;
  try {
    writeAtomically(STAMP, `${JSON.stringify(kept, null, 1)}\n`);
  } catch {
    // read-only: see above
  }
}

/**
 * Each bundled module keeps the `import.meta.url` it has in source: the
 * compiler finds its schemas, locales, templates, runtime sources and
 * package.json beside its own files, and a bundle in another folder would
 * move every one of those lookups. esbuild has no option for this, hence the
 * plugin; it rewrites each file's `import.meta.url` to its source URL,
 * computed from where the bundle is at run time (so the tool still works when
 * its folder is moved or installed elsewhere).
 *
 * It also records each source as it read it (`read`: time taken before the
 * read, size and hash of the bytes read), so a file saved while the bundle is
 * made is recorded as the bundle has it, and seen as changed next time.
 * @param {string} outdir
 * @param {string} buildName the build's name (its folder in compiler-dist/)
 * @param {Map<string, Input>} read
 * @returns {import('esbuild').Plugin}
 */
function keepSourceUrls(outdir, buildName, read) {
  return {
    name: 'keep-source-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const mtimeMs = statSync(args.path).mtimeMs;
        const bytes = readFileSync(args.path);
        const file = path.relative(TOOL_DIR, args.path).split(path.sep).join('/');
        read.set(file, { file, size: bytes.length, mtimeMs, sha1: createHash('sha1').update(bytes).digest('hex') });
        const text = bytes.toString('utf8');
        // The one module that says where the bundled workers are (each an entry above): see compiler/bundle/worker-entry.ts.
        if (file === 'compiler/bundle/worker-entry.ts')
          return {
            contents: [
              `import { Worker } from 'node:worker_threads';`,
              `export function bundledWorker(name) { return new URL(\`./\${name}.js\`, import.meta.url); }`,
              `export function startWorker(name, options = {}) { return new Worker(bundledWorker(name), options); }`,
            ].join('\n'),
            loader: 'js',
          };
        // The one module that says which build is running: see compiler/bundle/build-id.ts.
        if (file === 'compiler/bundle/build-id.ts') return { contents: `export const BUNDLE_BUILD = ${JSON.stringify(buildName)};`, loader: 'js' };
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        // Chunks are written flat into outdir, so every chunk's import.meta.url is the same folder.
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

/**
 * The packages bundled into the compiler: plain JavaScript that reads no file of its own, loaded by `check` (the
 * YAML parser, Ajv, Commander, ...) and by the site's build (Handlebars, unified and its Markdown and HTML steps).
 * Each was a few dozen to a few hundred files that Node found, read and compiled one by one on every start: bundled,
 * a warm check of 1,000 cards took 110 ms instead of 140, a cold one 55 ms less, and a build of them ~110 ms less
 * (1.44 s from 1.55 s). The packages they import come with them. The others stay outside: native or platform
 * binaries (esbuild, Pagefind, oxc), a browser (playwright-core), ts-morph and its TypeScript (large, and loaded by
 * the package's emit only), chokidar (serve's watcher), and jsonc-parser (its entry is a UMD module whose `require`
 * calls esbuild cannot follow).
 */
const BUNDLED = new Set([
  'yaml',
  'js-yaml',
  'ajv',
  'ajv-formats',
  'commander',
  '@babel/code-frame',
  'fastest-levenshtein',
  'junk',
  'tinyglobby',
  '@sindresorhus/slugify',
  'csv-parse',
  'csv-stringify',
  'handlebars',
  'unified',
  'unist-util-visit',
  'rehype-stringify',
  'rehype-sanitize',
  'rehype-parse',
  'remark-rehype',
  'remark-parse',
  'remark-directive',
]);

/**
 * esbuild bundles every package or none (`packages`); this bundles the named ones and what they import, and leaves
 * each other package to be resolved at run time.
 * @param {Set<string>} names
 * @returns {import('esbuild').Plugin}
 */
function bundleOnly(names) {
  return {
    name: 'bundle-only',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:')) return { external: true };
        if (args.importer.split(path.sep).includes('node_modules')) return undefined; // a bundled package's own import
        const name = args.path
          .split('/')
          .slice(0, args.path.startsWith('@') ? 2 : 1)
          .join('/');
        return names.has(name) ? undefined : { external: true };
      });
    },
  };
}

/**
 * The package.json of the package a bundled file under node_modules/ is in (`node_modules/yaml/dist/index.js` ->
 * `node_modules/yaml/package.json`); undefined for the compiler's own files.
 * @param {string} file
 * @returns {string | undefined}
 */
function packageJsonOf(file) {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const name = parts.slice(at + 1, parts[at + 1]?.startsWith('@') ? at + 3 : at + 2);
  return [...parts.slice(0, at + 1), ...name, 'package.json'].join('/');
}

/**
 * Bundle the compiler into a new folder of compiler-dist/ and make it the
 * current one. The stamp (the current build and its inputs) is written to a
 * temporary file and renamed, so two processes starting together see the old
 * bundle or the new one, never half of one; both may build, and the last
 * rename wins with a bundle as good as the other.
 * @returns {Promise<string>} the current build's cli.js
 */
export async function makeBundle() {
  const esbuild = await import('esbuild');
  const build = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const outdir = path.join(DIST_DIR, build);
  mkdirSync(DIST_DIR, { recursive: true });
  /** @type {Map<string, Input>} */
  const read = new Map();
  const result = await esbuild.build({
    absWorkingDir: TOOL_DIR,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, src]) => [name, path.join(TOOL_DIR, src)])),
    outdir,
    bundle: true,
    splitting: true, // the commands' `await import(...)` stay separate chunks, loaded only by the command that uses them
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The packages named in BUNDLED are bundled; the others are resolved at run time. Their CommonJS code asks for
    // Node's own modules with `require`, which an ES module lacks: each chunk makes one.
    plugins: [bundleOnly(BUNDLED), keepSourceUrls(outdir, build, read)],
    banner: { js: "import { createRequire as __rulebookRequire } from 'node:module'; const require = __rulebookRequire(import.meta.url);" },
    // No keepNames: it wraps every function and class the code makes in a call to esbuild's `__name` helper, closures
    // made in loops included, and nothing reads a function's `.name` (the bundle test holds the output to tsx's). A
    // profile of serve at 30,000 cards spent 0.6 s in `__name` (the first build and three saves).
    keepNames: false,
    chunkNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'silent',
  });
  // This file is an input too: a change to how the bundle is made makes a new one.
  const bundled = Object.keys(result.metafile.inputs);
  const packages = new Set(bundled.map(packageJsonOf).filter((file) => file !== undefined));
  // A package's files are not inputs one by one (hundreds of stats on every start), only its package.json; a file's path
  // may lead out of the tool's folder (node_modules a symbolic link), so each is told by its node_modules segment.
  const own = bundled.filter((file) => packageJsonOf(file) === undefined);
  const inputs = [...own, 'compiler/bundle/bundle.js', ...packages].sort().map((file) => {
    const seen = read.get(file);
    if (seen) return seen;
    const abs = path.join(TOOL_DIR, file);
    const st = statSync(abs);
    return { file, size: st.size, mtimeMs: st.mtimeMs, sha1: sha1(abs), ...(packages.has(file) ? { optional: true } : {}) };
  });
  writeFileSync(path.join(outdir, LICENSES), thirdPartyLicenses([...packages].sort()));
  writeAtomically(STAMP, `${JSON.stringify(/** @type {Stamp} */ ({ format: FORMAT, build, inputs }), null, 1)}\n`);
  // `npm pack` ships the current build only: older ones stay (a running process may still load their chunks) but unpacked.
  writeAtomically(
    path.join(DIST_DIR, '.npmignore'),
    `# Written by compiler/bundle/bundle.js: only the current build is packed.\n/*\n!/stamp.json\n!/${build}/\n`,
  );
  removeOldBuilds(build);
  return path.join(outdir, 'cli.js');
}

/** The bundle's notice of the packages whose code it holds, beside its chunks. */
const LICENSES = 'THIRD-PARTY-LICENSES.txt';

/**
 * Each bundled package's name, version, licence and licence text, from its package.json and the licence file beside
 * it. The bundle holds their code, and MIT, ISC and BSD licences ask that their notice go with copies of it; esbuild
 * keeps only `/*!` comments, and the packages' own folders are not in the tool's package (npm installs them beside it).
 * @param {string[]} packageJsons the packages' package.json files, relative to the tool's folder
 */
function thirdPartyLicenses(packageJsons) {
  const parts = ['The compiler bundle in this folder holds code from the packages below, each under its own licence.\n'];
  for (const file of packageJsons) {
    const abs = path.join(TOOL_DIR, file);
    const pkg = JSON.parse(readFileSync(abs, 'utf8'));
    const dir = path.dirname(abs);
    const licenceFile = readdirSync(dir).find((name) => /^licen[cs]e(\.(md|txt))?$/i.test(name));
    const text = licenceFile
      ? readFileSync(path.join(dir, licenceFile), 'utf8').trim()
      : `No licence file in the package; its package.json says: ${pkg.license ?? 'nothing'}.`;
    parts.push(`${'-'.repeat(78)}\n${pkg.name} ${pkg.version} (${typeof pkg.license === 'string' ? pkg.license : 'see below'})\n\n${text}\n`);
  }
  return parts.join('\n');
}

/** Written to a temporary name and renamed, so a reader sees the old file or the new one, never half of one. @param {string} file @param {string} text */
function writeAtomically(file, text) {
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/** @param {string} current */
function removeOldBuilds(current) {
  for (const name of readdirSync(DIST_DIR)) {
    if (name === current || !/^[a-z0-9]+-[0-9a-f]{8}$/.test(name)) continue; // builds only (not stamp.json, .npmignore, a temporary file)
    const dir = path.join(DIST_DIR, name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > KEEP_OLD_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // removed by another process at the same time
    }
  }
}

/**
 * The file URL of the bundled CLI to import, rebuilding it first when a source
 * changed; undefined when there is no usable bundle and esbuild cannot make
 * one (the caller runs the TypeScript through tsx). `debug` is told why.
 * @param {(line: string) => void} debug
 * @returns {Promise<string | undefined>}
 */
export async function bundleEntry(debug) {
  const found = readStamp();
  const why = found ? staleReason(found.stamp, found.time) : 'no bundle yet';
  if (!why) {
    saveTimes(found.stamp);
    debug(`running the bundle ${found.stamp.build}`);
    return pathToFileURL(path.join(DIST_DIR, found.stamp.build, 'cli.js')).href;
  }
  debug(`bundling the compiler (${why})`);
  try {
    return pathToFileURL(await makeBundle()).href;
  } catch (error) {
    debug(`cannot bundle the compiler, running its TypeScript through tsx: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

// `node compiler/bundle/bundle.js` (npm run bundle, npm run build, prepack): make sure the bundle matches the sources,
// bundling only when it does not (so packing twice ships the same build).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = readStamp();
  const why = found ? staleReason(found.stamp, found.time) : 'no bundle yet';
  if (why) {
    const cli = await makeBundle();
    process.stderr.write(`bundled the compiler into ${path.relative(process.cwd(), path.dirname(cli)) || '.'} (${why})\n`);
  } else {
    saveTimes(found.stamp);
    process.stderr.write(`the bundle ${found.stamp.build} is up to date\n`);
  }
}
