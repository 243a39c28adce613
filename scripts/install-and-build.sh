#!/usr/bin/env bash
# The one build recipe: CI and the container image both run exactly this.
# Installs pnpm if missing, the locked dependencies, then builds: every server-side package
# compiled to its dist/ (what production runs) and the web app bundled into apps/web/dist.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g pnpm@12.21.0
pnpm install --frozen-lockfile
pnpm build
