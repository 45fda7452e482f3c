import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite must be opened by one process at a time: a second process on the same directory would
 * corrupt it. The lock file holds the owner's pid; a lock whose process is gone (kill -9, crash)
 * is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'circula.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The data directory ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR.`);
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
