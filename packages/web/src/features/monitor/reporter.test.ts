import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, createPageViewTracker, routePattern } from './reporter';

describe('client error reporter', () => {
  it('sends an error once with its message, stack, url and time', () => {
    const send = vi.fn(async () => undefined);
    const report = createErrorReporter({ send, now: () => Date.parse('2026-11-25T10:00:00Z') });
    const error = new TypeError('x is undefined');
    expect(report(error, 'http://localhost/users')).toBe(true);
    expect(send).toHaveBeenCalledWith('/api/monitor/client-errors', expect.objectContaining({ message: 'TypeError: x is undefined', stack: error.stack, url: 'http://localhost/users', at: '2026-11-25T10:00:00.000Z' }));
  });

  it('throttles: the same message once a minute, at most five reports a minute', () => {
    let now = 0;
    const send = vi.fn(async () => undefined);
    const report = createErrorReporter({ send, now: () => now, perMinute: 5 });
    expect(report(new Error('same'))).toBe(true);
    expect(report(new Error('same'))).toBe(false);
    for (let i = 0; i < 4; i++) expect(report(new Error(`other ${i}`))).toBe(true);
    expect(report(new Error('sixth'))).toBe(false);
    expect(send).toHaveBeenCalledTimes(5);
    now = 60_000;
    expect(report(new Error('same'))).toBe(true);
    expect(send).toHaveBeenCalledTimes(6);
  });

  it('never loops: an error raised while reporting is not reported, a failing send is swallowed', async () => {
    const holder: { report?: ReturnType<typeof createErrorReporter> } = {};
    const send = vi.fn((): Promise<void> => {
      // the sender itself fails synchronously and its failure reaches the reporter again
      expect(holder.report!(new Error('inside the sender'))).toBe(false);
      throw new Error('network down');
    });
    holder.report = createErrorReporter({ send });
    expect(holder.report(new Error('first'))).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    const rejecting = vi.fn(() => Promise.reject(new Error('offline')));
    const other = createErrorReporter({ send: rejecting });
    expect(other('a string error')).toBe(true);
    await Promise.resolve();
    expect(rejecting).toHaveBeenCalledWith('/api/monitor/client-errors', expect.objectContaining({ message: 'a string error' }));
  });
});

describe('page view tracker', () => {
  it('ends a view at the next route and sends the views in batches and on leaving', () => {
    let now = Date.parse('2026-11-25T10:00:00Z');
    const send = vi.fn(async () => undefined);
    const tracker = createPageViewTracker({ send, now: () => now, batch: 2 });
    tracker.enter('dashboard');
    now += 5_000;
    tracker.enter('dashboard');
    tracker.enter('users');
    expect(tracker.pending()).toEqual([{ route: 'dashboard', enteredAt: '2026-11-25T10:00:00.000Z', leftAt: '2026-11-25T10:00:05.000Z' }]);
    now += 2_000;
    tracker.enter('users/:id');
    // two views: a batch
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('/api/monitor/usability', { views: [expect.objectContaining({ route: 'dashboard' }), expect.objectContaining({ route: 'users', leftAt: '2026-11-25T10:00:07.000Z' })] });
    now += 1_000;
    tracker.leave();
    expect(send).toHaveBeenLastCalledWith('/api/monitor/usability', { views: [{ route: 'users/:id', enteredAt: '2026-11-25T10:00:07.000Z', leftAt: '2026-11-25T10:00:08.000Z' }] });
    tracker.leave();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('names a page by its route pattern, never by its URL', () => {
    expect(routePattern(['/', undefined, 'users', ':id'])).toBe('users/:id');
    expect(routePattern(['/', undefined, 'dashboard'])).toBe('dashboard');
    expect(routePattern(['/', undefined, 'profile/:userId'])).toBe('profile/:userId');
    expect(routePattern([])).toBeNull();
  });
});
