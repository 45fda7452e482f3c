#!/usr/bin/env node
// The browser tests drive the system Chromium (never a downloaded browser). When it is missing:
// as root on Debian, install it; otherwise say how to.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt && !process.env.CHROMIUM_PATH) {
  console.log('Chromium is missing: installing Debian\'s "chromium" package for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (install && install.status === 0 && existsSync(CHROMIUM)) process.exit(0);
}
console.error(
  [
    `The browser tests need Chromium at ${CHROMIUM}, and it is not there.`,
    'Install it from your distribution, e.g. on Debian/Ubuntu:  sudo apt-get install chromium',
    'or point CHROMIUM_PATH at an installed Chromium, then run npm test again.',
  ].join('\n'),
);
process.exit(1);
