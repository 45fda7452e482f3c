#!/usr/bin/env bash
# After any dependency change: regenerate package-lock.json from scratch (incremental installs
# have dropped optional platform packages before) and prove that `npm ci` accepts it.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf node_modules packages/*/node_modules e2e/node_modules bench/node_modules package-lock.json
npm install --no-audit --no-fund
check=$(mktemp -d)
cp package.json package-lock.json "$check/"
for d in packages/model packages/server packages/web e2e bench; do mkdir -p "$check/$d" && cp "$d/package.json" "$check/$d/"; done
(cd "$check" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
rm -rf "$check"
echo "package-lock.json regenerated; npm ci accepts it"
