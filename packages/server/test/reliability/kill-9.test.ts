import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../support/test-app.js';
import { apiLogin, startServer, waitForExit, type ServerProcess } from '../support/server-process.js';

const ADMIN_PASSWORD = 'Kill9-Test!pw';
const TOTAL = 1000;
const CLIENTS = 20;

/**
 * The embedded database's promise: a write the server acknowledged (HTTP 200) survives the server
 * process being killed with SIGKILL at any moment, and the next start opens the same data.
 */
describe.skipIf(TEST_DATABASE_URL)('embedded database durability', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'circula-kill9-'));
  const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_PASSWORD };
  let server: ServerProcess | undefined;

  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Writes the keys from concurrent clients; kills the server with SIGKILL once `killAfter` writes were acknowledged. */
  async function writeUntilKilled(s: ServerProcess, keys: string[], killAfter: number): Promise<Set<string>> {
    const { id, token } = await apiLogin(s.baseUrl, 'admin', ADMIN_PASSWORD);
    const acknowledged = new Set<string>();
    const queue = [...keys];
    let killed = false;
    const client = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        try {
          const res = await fetch(`${s.baseUrl}/api/conf/user/settings/${id}/${key}/`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ key, at: Date.now() }),
          });
          if (res.status === 200) acknowledged.add(key);
        } catch {
          // connection refused or reset: the server is gone, this write was not acknowledged
        }
        if (!killed && acknowledged.size >= killAfter) {
          killed = true;
          s.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    if (!killed) s.child.kill('SIGKILL');
    const exit = await waitForExit(s.child);
    expect(exit.signal).toBe('SIGKILL');
    return acknowledged;
  }

  async function storedKeys(s: ServerProcess): Promise<Set<string>> {
    const { id, token } = await apiLogin(s.baseUrl, 'admin', ADMIN_PASSWORD);
    const res = await fetch(`${s.baseUrl}/api/conf/user/settings/findByUserId/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data: { preferences: Record<string, unknown> } };
    return new Set(Object.keys(body.data.preferences));
  }

  it('keeps every acknowledged write of 1 000 concurrent ones across two kill -9 and restarts', async () => {
    const keys = Array.from({ length: TOTAL }, (_, i) => `k${String(i).padStart(4, '0')}`);

    // round 1: killed in the middle of the stream of writes
    server = await startServer(env);
    const firstAcked = await writeUntilKilled(server, keys, 600);
    expect(firstAcked.size).toBeGreaterThanOrEqual(600);

    server = await startServer(env);
    const afterFirst = await storedKeys(server);
    const lostInFirst = [...firstAcked].filter((k) => !afterFirst.has(k));
    expect(lostInFirst).toEqual([]);

    // round 2: the writes that were not acknowledged, killed right after the last acknowledgement
    const rest = keys.filter((k) => !afterFirst.has(k));
    const secondAcked = await writeUntilKilled(server, rest, rest.length);
    expect(secondAcked.size).toBe(rest.length);

    server = await startServer(env);
    const afterSecond = await storedKeys(server);
    const lost = [...firstAcked, ...secondAcked].filter((k) => !afterSecond.has(k));
    expect(lost).toEqual([]);
    expect(keys.every((k) => afterSecond.has(k))).toBe(true);
    server.child.kill('SIGTERM');
    expect((await waitForExit(server.child)).code).toBe(0);
  }, 600_000);
});
