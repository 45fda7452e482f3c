#!/usr/bin/env node
// `npm start`: build the web app when its build is missing or older than its sources, then run
// the server (migrations, base and demo data, API and web app on PORT). Ctrl-C stops it cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'packages/web/dist/index.html');
const webSources = ['packages/web/src', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/web/package.json', 'packages/web/public', 'packages/model/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
const changedAt = Math.max(...webSources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@circula/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
// The terminal delivers Ctrl-C to the server too; this process only waits for it to finish.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
