import { describe, expect, it } from 'vitest';
import { KeyedMutex } from '../../src/db/mutex.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedMutex', () => {
  it('runs the work of one key one at a time, in order, and other keys alongside', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = mutex.run('a', async () => {
      log.push('a1 start');
      await gate;
      log.push('a1 end');
    });
    const second = mutex.run('a', async () => void log.push('a2'));
    const other = mutex.run('b', async () => void log.push('b1'));
    await other;
    await tick();
    expect(log).toEqual(['a1 start', 'b1']);
    open();
    await Promise.all([first, second]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('keeps no entry for a key nobody holds or awaits', async () => {
    const mutex = new KeyedMutex();
    await Promise.all(Array.from({ length: 100 }, (_, i) => mutex.run(`k${i % 7}`, async () => tick())));
    expect(mutex.size).toBe(0);
  });

  it('releases a key when its work throws, to the next in line', async () => {
    const mutex = new KeyedMutex();
    const failing = mutex.run('a', async () => {
      await tick();
      throw new Error('boom');
    });
    const next = mutex.run('a', async () => 'next ran');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next ran');
    expect(mutex.size).toBe(0);
  });
});
