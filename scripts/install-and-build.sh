#!/usr/bin/env bash
# The one build recipe: CI and the container image both run exactly this.
# Installs pnpm if missing, the locked dependencies, and builds the web app into apps/web/dist.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g pnpm@12.21.0
pnpm install --frozen-lockfile
pnpm build
