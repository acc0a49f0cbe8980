// A list of jobs that worker threads take from themselves, each the next
// number in one atomic step. Messages would not do: a job handed out in reply
// to a worker's last result waits until the main thread's event loop turns,
// and while a check starts, the main thread runs long synchronous steps
// (loading the compiler, compiling the schemas), leaving the workers idle
// (load/parse-ahead.ts). No library does this for worker_threads: piscina and
// its kin hand out tasks by message, from the main thread.

export class JobQueue {
  /** [the next job's number, how many jobs there are] */
  private readonly slots: Int32Array;

  /** A queue of `count` jobs, numbered 0 to count - 1; or the queue whose `buffer` another thread made. */
  constructor(source: number | SharedArrayBuffer) {
    if (typeof source === 'number') {
      this.slots = new Int32Array(new SharedArrayBuffer(8));
      this.slots[1] = source;
    } else this.slots = new Int32Array(source);
  }

  /** What another thread passes to `new JobQueue` to share this queue. */
  get buffer(): SharedArrayBuffer {
    return this.slots.buffer as SharedArrayBuffer;
  }

  /** The next job no one has taken, or -1 when none is left. */
  take(): number {
    const id = Atomics.add(this.slots, 0, 1);
    return id < Atomics.load(this.slots, 1) ? id : -1;
  }

  /** Nothing more is taken from it (a pool that broke down: the loader parses what is left). */
  empty(): void {
    Atomics.store(this.slots, 1, 0);
  }
}
