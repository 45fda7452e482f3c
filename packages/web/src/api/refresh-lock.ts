/**
 * One token refresh at a time across the tabs of a browser. The refresh token rotates and lives in
 * one cookie all tabs share: two tabs refreshing at once would present the same token twice. The
 * server tolerates that for a few seconds (the rotation race), but a tab that waits for another's
 * refresh and then reads the new token from storage sends no second refresh at all.
 *
 * The Web Locks API does it when the browser has it (it is missing outside secure contexts: a
 * back-office served over plain http on a LAN address); otherwise a lease in localStorage, which
 * every tab of the origin shares: a tab writes its claim, lets concurrent writers settle, and holds
 * the lease only if its claim is still the one stored. A lease outlives no crash for long (it
 * expires), and a tab never waits for one longer than `maxWaitMs`.
 */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

export const REFRESH_LOCK_NAME = 'circula.auth.refresh';

export interface RefreshLockOptions {
  /** `navigator.locks` when the browser has it. */
  locks?: Pick<LockManager, 'request'> | undefined;
  /** `window.localStorage`, shared by the tabs, for the lease when there are no Web Locks. */
  storage?: Storage | null | undefined;
  /** This tab's name in the lease. */
  id?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a lease holds without its holder releasing it. */
  leaseMs?: number;
  /** How long concurrent claims are given to settle before the stored one is read back. */
  settleMs?: number;
  pollMs?: number;
  maxWaitMs?: number;
}

interface Lease {
  owner: string;
  until: number;
}

function readLease(storage: Storage): Lease | null {
  try {
    const value = JSON.parse(storage.getItem(REFRESH_LOCK_NAME) ?? 'null') as Partial<Lease> | null;
    return value && typeof value.owner === 'string' && typeof value.until === 'number' ? (value as Lease) : null;
  } catch {
    return null;
  }
}

const randomId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function createRefreshLock(options: RefreshLockOptions = {}): RefreshLock {
  const { locks, storage } = options;
  if (locks) return (task) => locks.request(REFRESH_LOCK_NAME, task) as ReturnType<typeof task>;
  if (!storage) return (task) => task();
  const id = options.id ?? randomId();
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const leaseMs = options.leaseMs ?? 10_000;
  const settleMs = options.settleMs ?? 25;
  const pollMs = options.pollMs ?? 50;
  const maxWaitMs = options.maxWaitMs ?? 15_000;

  async function acquire(): Promise<boolean> {
    const deadline = now() + maxWaitMs;
    while (now() < deadline) {
      const held = readLease(storage!);
      if (!held || held.until <= now()) {
        storage!.setItem(REFRESH_LOCK_NAME, JSON.stringify({ owner: id, until: now() + leaseMs }));
        await sleep(settleMs);
        if (readLease(storage!)?.owner === id) return true;
      } else {
        await sleep(pollMs);
      }
    }
    return false;
  }

  return async (task) => {
    const acquired = await acquire();
    try {
      return await task();
    } finally {
      if (acquired && readLease(storage)?.owner === id) storage.removeItem(REFRESH_LOCK_NAME);
    }
  };
}

/** The browser's lock: Web Locks, else the localStorage lease. */
export function browserRefreshLock(): RefreshLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  let storage: Storage | null = null;
  try {
    storage = typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // storage disabled (privacy settings): one tab is all that can be coordinated
  }
  return createRefreshLock({ locks, storage });
}
