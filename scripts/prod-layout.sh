#!/usr/bin/env bash
# Lays out the production install into DEST, after install-and-build.sh has built everything:
# the compiled server and the workspace packages it imports (their dist/ and package.json), the
# web app's build, the migrations, the socket's AsyncAPI document (served at /api/asyncapi.json),
# and their production dependencies only, installed from the lockfile (so no tsx, no TypeScript:
# the server runs as plain JavaScript).
# The Dockerfile runs this to make the image's /app, and the production smoke test
# (apps/server/src/ops/production.test.ts) runs it to start that very layout with node.
set -euo pipefail
dest="${1:?usage: scripts/prod-layout.sh DEST}"
cd "$(dirname "$0")/.."

# The packages the server imports, at run time, in the workspace's own words.
mapfile -t packages < <(pnpm --silent --filter '@scorpion/server...' exec pwd | sed "s|^$PWD/||")

# Every workspace manifest and the lockfile, so that the install below is the locked one.
files=(package.json pnpm-lock.yaml pnpm-workspace.yaml drizzle apps/web/dist docs/asyncapi.json docs/puzzles/data)
for manifest in apps/*/package.json packages/*/package.json bench/package.json; do files+=("$manifest"); done
for package in "${packages[@]}"; do files+=("$package/dist"); done

mkdir -p "$dest"
tar -cf - "${files[@]}" | tar -C "$dest" -xf -
cd "$dest"
# The store already holds every package (install-and-build.sh filled it): nothing is fetched.
# No optional dependencies: the Node the project brings for its scripts (the root package's
# node-linux-*; production runs on the machine's or the image's Node 24) and pg's Cloudflare
# Workers socket are the only ones, and the server needs neither.
pnpm install --frozen-lockfile --offline --prod --no-optional --filter '@scorpion/server...'
