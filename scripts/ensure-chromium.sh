#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
# Installs it when missing and we are root on Debian; otherwise says what to do.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's Chromium for the browser tests…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
  exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium: sudo apt-get install -y chromium" >&2
exit 1
