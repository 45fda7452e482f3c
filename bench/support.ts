import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** What the benchmarks report of a series of latencies (ms). */
export interface Stats {
  /** Requests that failed or timed out (autocannon's 10 s timeout): reported, not hidden. */
  errors?: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max?: number;
  count: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export function stats(latencies: number[], seconds: number): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rps: sorted.length / seconds, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0, count: sorted.length };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The application as `npm start` runs it: its own process, its own event loop. */
export async function startServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', path.resolve(import.meta.dirname, '../packages/server/src/main.ts')], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    const ok = await fetch(`http://127.0.0.1:${port}/assets/environments/environment.json`).then((r) => r.ok, () => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}
