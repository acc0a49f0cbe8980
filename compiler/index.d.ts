/** What a command printed and its exit code (0 ok, 1 content errors or stale output, 2 usage error). */
export interface RulebookRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a rulebook command in this process: `await rulebook(['check', '--format', 'json'], { cwd: 'my-game' })`. */
export function rulebook(args: readonly string[], options?: { cwd?: string }): Promise<RulebookRun>;
