// The parse workers' shared queue (load/job-queue.ts): every job is taken once, whichever side of the buffer takes it.
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../compiler/load/job-queue.ts';

describe('a shared job queue', () => {
  it('hands out each job once, in order, to every holder of its buffer, then -1', () => {
    const queue = new JobQueue(5);
    const other = new JobQueue(queue.buffer);
    const taken = [queue.take(), other.take(), other.take(), queue.take(), other.take()];
    expect(taken).toEqual([0, 1, 2, 3, 4]);
    expect(queue.take()).toBe(-1);
    expect(other.take()).toBe(-1);
  });

  it('hands out nothing more once emptied (a pool that broke down)', () => {
    const queue = new JobQueue(3);
    expect(queue.take()).toBe(0);
    new JobQueue(queue.buffer).empty();
    expect(queue.take()).toBe(-1);
  });

  it('hands out nothing from an empty list', () => {
    expect(new JobQueue(0).take()).toBe(-1);
  });
});
