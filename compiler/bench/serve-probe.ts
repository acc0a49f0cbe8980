// A one-card rebuild under `rulebook serve`, measured from outside, in a
// fresh process (not in-process like bench.ts's serveBench): start
// `rulebook serve --port 0` in the project, wait until it serves and has gone
// idle (its first build's search index and generated/ done), then edit one
// card's text in its YAML file, as an editor saves it, and time until the
// card's page on disk, then generated/, holds the new text (when serve wrote
// each file: its modification time once this process has seen the text in
// it). Several edits in
// the one serve process (its first build is a whole build: one per size is
// enough); peak RSS from `/usr/bin/time -v` once serve is stopped (SIGINT,
// which serve handles by closing cleanly).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median, parseTimeV } from './measure.ts';
import type { ServeResult } from './targets.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (e.isFile() && e.name.endsWith(ext)) out.push(path.join(e.parentPath, e.name));
  }
  return out.sort();
}

interface ProcStat {
  ppid: number;
  cpu: number;
}

async function procStats(): Promise<Map<number, ProcStat>> {
  const stats = new Map<number, ProcStat>();
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const text = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // Fields after the command (which may hold spaces) start after the last ')'.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (f.length > 13) stats.set(Number(name), { ppid: Number(f[1]), cpu: Number(f[11]) + Number(f[12]) });
  }
  return stats;
}

/** A process and all its descendants, parents first. */
function tree(stats: Map<number, ProcStat>, pid: number): number[] {
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    out.push(p);
    for (const [child, s] of stats) if (s.ppid === p) queue.push(child);
  }
  return out;
}

/** The CPU time (clock ticks) of a process and all its descendants, from /proc. */
async function treeCpu(pid: number): Promise<number> {
  const stats = await procStats();
  return tree(stats, pid).reduce((sum, p) => sum + (stats.get(p)?.cpu ?? 0), 0);
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

/** Wait until the process tree has used no CPU for `quietMs` (serve's background work is done). */
async function idle(pid: number, deadline: number, quietMs = 600): Promise<void> {
  let last = await treeCpu(pid);
  let since = performance.now();
  while (performance.now() < deadline) {
    await sleep(150);
    const now = await treeCpu(pid);
    if (now !== last) {
      last = now;
      since = performance.now();
    } else if (performance.now() - since >= quietMs) return;
  }
  throw new Error('serve did not go idle before the time limit');
}

/** Poll files until each holds `marker`; resolves with the ms from `t0` at which the last one did. */
async function until(files: readonly string[], marker: string, t0: number, deadline: number): Promise<number> {
  const pending = new Map(files.map((f) => [f, '']));
  while (pending.size) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${[...pending.keys()].map((f) => path.basename(f)).join(', ')}`);
    for (const [file, seen] of pending) {
      const st = await stat(file).catch(() => undefined);
      const key = st ? `${st.mtimeMs}:${st.size}:${st.ino}` : '';
      if (!st || key === seen) continue;
      pending.set(file, key);
      if ((await readFile(file, 'utf8').catch(() => '')).includes(marker)) pending.delete(file);
    }
    if (pending.size) await sleep(5);
  }
  return performance.now() - t0;
}

/**
 * Save (`since`, wall-clock ms) to the search index holding `marker`: a Pagefind fragment (gzip, one per page)
 * written since the save whose text holds it. Fragments are named by a hash of what they hold, so the page's new
 * fragment is a new file.
 */
async function untilIndexed(pagefindDir: string, marker: string, t0: number, since: number, deadline: number): Promise<{ ms: number; fragment: string }> {
  // Fragments read, and those older than the save (a new fragment is a new file): neither is looked at again, so the
  // probe's polling (every 10 ms) does not take a core's share from the serve process it times.
  const read = new Set<string>();
  for (;;) {
    if (performance.now() > deadline) throw new Error('timed out waiting for the search index to hold the saved text');
    for (const f of await filesUnder(pagefindDir, '.pf_fragment')) {
      if (read.has(f)) continue;
      const st = await stat(f).catch(() => undefined);
      if (!st) continue;
      read.add(f);
      if (st.mtimeMs < since - 5) continue;
      let text = '';
      try {
        text = gunzipSync(await readFile(f)).toString('utf8');
      } catch {
        read.delete(f); // half written: read again
      }
      if (text.includes(marker)) return { ms: performance.now() - t0, fragment: f };
    }
    await sleep(10);
  }
}

/**
 * The card to edit: the middle entry of the middle content file (YAML, or JSON as the synthetic game writes it), its
 * ID, its one-line text and where that text ends (the edit is written there).
 */
async function pickCard(project: string): Promise<{ file: string; id: string; text: string; end: number }> {
  const files = (await filesUnder(path.join(project, 'content'), '')).filter((f) => /\.(?:ya?ml|json)$/.test(f) && path.basename(f) !== 'game.yaml');
  const file = files[Math.floor(files.length / 2)]!;
  const src = await readFile(file, 'utf8');
  // The middle card of the middle file, as a designer edits anywhere: in one large file, a save's work after the card
  // differs from its work before it (the first card hid a second save that compared the whole file once per entry).
  const json = file.endsWith('.json');
  const starts = [...src.matchAll(json ? /^ {4}"id": "([^"\\]+)",?$/gm : /^- id: (\S+)$/gm)];
  const start = starts[Math.floor(starts.length / 2)];
  const line = start ? (json ? /^ {4}"text": "([^"\\]+)"/m : /^ {2}text: (.+)$/m).exec(src.slice(start.index)) : undefined;
  if (!start || !line) throw new Error(`no ${json ? '"id" and "text"' : '"- id:" and "  text:"'} lines in ${file}`);
  const end = start.index + line.index + line[0].length - (json ? 1 : 0);
  return { file, id: start[1]!, text: line[1]!, end };
}

export async function serveProbe(bin: string, project: string, options: { edits: number; timeoutS: number; log: (line: string) => void }): Promise<ServeResult> {
  const card = await pickCard(project);
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-bench-serve-'));
  const report = path.join(dir, 'time.txt');
  const total = options.timeoutS * (options.edits + 2);
  const started = performance.now();
  const deadline = started + total * 1000;
  const child = spawn('/usr/bin/time', ['-v', '-o', report, 'timeout', '--kill-after=10', String(total), 'node', bin, 'serve', '--port', '0'], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const onData = (d: Buffer) => (log = (log + d.toString()).slice(-100_000));
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  let exited = false;
  void closed.then(() => (exited = true));
  const result: ServeResult = { ok: false, edits: 0 };
  const original = await readFile(card.file, 'utf8');
  let onExit: (() => void) | undefined;
  try {
    while (!/serving http:\/\//.test(log)) {
      if (exited) throw new Error(`serve exited: ${log.trim().split('\n').slice(-3).join(' | ')}`);
      if (performance.now() > deadline) throw new Error('serve did not start before the time limit');
      await sleep(20);
    }
    result.startMs = Math.round(performance.now() - started);
    // A bench stopped with Ctrl-C does not leave serve running: \`timeout\` (in a process group of its own) gets the SIGINT.
    const timeoutPid = tree(await procStats(), child.pid!)[1];
    if (timeoutPid) process.once('exit', (onExit = () => signal(timeoutPid, 'SIGINT')));
    await idle(child.pid!, deadline);
    const pages = [];
    for (const f of await filesUnder(path.join(project, 'docs-site', 'dist'), '.html')) if ((await readFile(f, 'utf8')).includes(card.text)) pages.push(f);
    const generated = [];
    for (const f of await filesUnder(path.join(project, 'generated'), '')) if ((await readFile(f, 'utf8')).includes(card.text)) generated.push(f);
    if (!pages.length || !generated.length) throw new Error(`the card's text is not in ${pages.length ? 'generated/' : 'docs-site/dist/'} after serve's first build`);
    result.page = pages.map((p) => path.relative(project, p)).join(', ');
    result.generatedFile = generated.map((p) => path.relative(project, p)).join(', ');
    const pageMs: number[] = [];
    const generatedMs: number[] = [];
    const searchMs: number[] = [];
    for (let k = 0; k < options.edits; k++) {
      const marker = `Zqbench${k}edit`;
      const edited = `${original.slice(0, card.end)} ${marker}.${original.slice(card.end)}`;
      const since = Date.now();
      const t0 = performance.now();
      await writeFile(card.file, edited);
      const limit = Math.min(deadline, t0 + options.timeoutS * 1000);
      // The three are watched at once: each lands when it lands, in whatever order serve writes them.
      const [page, gen, indexed] = await Promise.all([
        until(pages, marker, t0, limit),
        until(generated, marker, t0, limit),
        untilIndexed(path.join(project, 'docs-site', 'dist', 'pagefind'), marker, t0, since, limit),
      ]);
      // Each figure is when serve wrote the file (its modification time, from the save's wall-clock time), not when
      // this process saw it: on two cores busy with serve's background and Pagefind, noticing a 21 MB generated/
      // file and reading it back lagged serve's write by up to 0.7 s at 30,000 cards.
      const writtenAt = async (files: readonly string[]) => Math.max(...(await Promise.all(files.map(async (f) => (await stat(f)).mtimeMs - since))));
      const [pageAt, genAt] = [await writtenAt(pages), await writtenAt(generated)];
      const indexAt = (await stat(indexed.fragment)).mtimeMs - since;
      pageMs.push(pageAt);
      generatedMs.push(genAt);
      searchMs.push(indexAt);
      options.log(
        `  serve edit ${k + 1}: page ${pageAt.toFixed(0)} ms, generated/ ${genAt.toFixed(0)} ms, search index ${indexAt.toFixed(0)} ms (seen after ${page.toFixed(0)} / ${gen.toFixed(0)} / ${indexed.ms.toFixed(0)} ms)`,
      );
      await idle(child.pid!, deadline);
    }
    Object.assign(result, {
      ok: true,
      edits: options.edits,
      pageMs: Math.round(median(pageMs)!),
      generatedMs: Math.round(median(generatedMs)!),
      searchMs: Math.round(median(searchMs)!),
    });
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  } finally {
    await writeFile(card.file, original);
    const lines = log.split('\n');
    const updated = lines.filter((l) => / files? updated in /.test(l)).at(-1);
    const background = lines.filter((l) => /generated\/ \d+ ms.*; search index \d+ ms/.test(l)).at(-1);
    if (updated) result.log = `${updated.trim()}${background ? `; ${background.trim()}` : ''}`.slice(0, 400);
    if (!exited) {
      // Peak RSS read from /proc (VmHWM) before stopping: if serve takes longer than the grace below to close
      // (its background search index at 30,000 cards), the kill would lose \`time\`'s figure.
      const peaks = await Promise.all(tree(await procStats(), child.pid!).map(async (p) => Number((await readFile(`/proc/${p}/status`, 'utf8').catch(() => '')).match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0)));
      const peak = Math.max(0, ...peaks);
      if (peak) result.rssMB = Math.round(peak / 1024);
      // \`time\` ignores SIGINT and \`timeout\` runs serve in a process group of its own, passing on the signals it gets:
      // so SIGINT goes to \`timeout\` alone (serve closes cleanly on one SIGINT; a second would end it at once).
      const procs = tree(await procStats(), child.pid!);
      signal(procs[1] ?? child.pid!, 'SIGINT');
      const stopped = await Promise.race([closed.then(() => true), sleep(120_000).then(() => false)]);
      if (!stopped) {
        for (const p of [...tree(await procStats(), child.pid!)].reverse()) signal(p, 'SIGKILL');
        await closed;
      }
    }
    if (onExit) process.off('exit', onExit);
    const t = parseTimeV(await readFile(report, 'utf8').catch(() => ''));
    // time's figure when serve ended by itself; the larger, in case serve grew while it closed.
    if (t && Number.isFinite(t.rssMB)) result.rssMB = Math.max(result.rssMB ?? 0, t.rssMB);
    await rm(dir, { recursive: true, force: true });
  }
  return result;
}
