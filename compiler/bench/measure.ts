import { stripVTControlCharacters } from 'node:util';
// Timing one fresh process: run it under GNU `/usr/bin/time -v` (wall clock
// and peak RSS of the whole process tree, as the peer harness measures) and
// `timeout` (a process past its limit is a recorded result, never a hung
// bench). The parsers are pure and tested in test/bench-harness.test.ts.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TimeV {
  wallMs: number;
  rssMB: number;
  /** The exit status `time` saw (124 is `timeout`'s: the limit was reached). */
  exit?: number;
  /** Set when the process ended on a signal. */
  signal?: number;
}

/** The figures of `/usr/bin/time -v`'s report; undefined when the text is not one. */
export function parseTimeV(text: string): TimeV | undefined {
  const wall = text.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/);
  const rss = text.match(/Maximum resident set size \(kbytes\): (\d+)/);
  if (!wall || !rss) return undefined;
  const wallMs = ((Number(wall[1] ?? 0) * 60 + Number(wall[2])) * 60 + Number(wall[3])) * 1000;
  const exit = text.match(/Exit status: (\d+)/);
  const signal = text.match(/Command terminated by signal (\d+)/);
  return {
    wallMs: Math.round(wallMs),
    rssMB: Math.round(Number(rss[1]) / 1024),
    ...(exit ? { exit: Number(exit[1]) } : {}),
    ...(signal ? { signal: Number(signal[1]) } : {}),
  };
}

/** `phases: schemas 53 ms, load 1871 ms, ...; total 9000 ms` (the build's last line) as [phase, ms] pairs, `total` last. */
export function parsePhases(output: string): Array<[string, number]> | undefined {
  const line = output.split('\n').reverse().find((l) => l.startsWith('phases: '));
  if (!line) return undefined;
  const [list, total] = line.slice('phases: '.length).split(/;\s*total\s+/);
  const phases: Array<[string, number]> = [];
  for (const part of list!.split(/,\s*/)) {
    const m = part.trim().match(/^(.+?)\s+(\d+(?:\.\d+)?)\s*ms$/);
    if (m) phases.push([m[1]!, Number(m[2])]);
  }
  const t = total?.match(/^(\d+(?:\.\d+)?)\s*ms/);
  if (t) phases.push(['total', Number(t[1])]);
  return phases.length ? phases : undefined;
}

/** The middle value (upper median for an even count, as the peer harness takes it); undefined for none. */
export function median(xs: readonly number[]): number | undefined {
  if (!xs.length) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export interface Run extends TimeV {
  ok: boolean;
  timedOut: boolean;
  /** What the process printed (stdout then stderr), colour codes removed. */
  output: string;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  timeoutS: number;
}


/** Run `cmd` once in a fresh process under `/usr/bin/time -v` and `timeout`. Never throws for the command's own failure. */
export async function timed(cmd: readonly string[], options: RunOptions): Promise<Run> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rulebook-bench-time-'));
  const report = path.join(dir, 'time.txt');
  try {
    const { out, err, code } = await new Promise<{ out: string; err: string; code: number | null }>((resolve, reject) => {
      const child = spawn('/usr/bin/time', ['-v', '-o', report, 'timeout', '--kill-after=10', String(options.timeoutS), ...cmd], {
        cwd: options.cwd,
        env: { ...process.env, NO_COLOR: '1', ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      // Keep only the tail: a failing build at 30,000 cards may print megabytes of diagnostics.
      child.stdout.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
      child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-200_000)));
      child.on('error', reject);
      child.on('close', (code) => resolve({ out, err, code }));
    });
    const t = parseTimeV(await readFile(report, 'utf8').catch(() => ''));
    const timedOut = code === 124 || code === 137;
    return { wallMs: t?.wallMs ?? NaN, rssMB: t?.rssMB ?? NaN, exit: code ?? undefined, ...(t?.signal ? { signal: t.signal } : {}), ok: code === 0, timedOut, output: stripVTControlCharacters(`${out}${err}`) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The last lines of a process's output, for a failure's one-line record. */
export function tail(output: string, lines = 3): string {
  return output.trim().split('\n').slice(-lines).join(' | ').slice(0, 300);
}
