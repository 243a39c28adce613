#!/usr/bin/env bash
# The cluster's tests and `pnpm cluster` run real engines: PostgreSQL 15 (its server binaries in
# /usr/lib/postgresql/15/bin), Redis 7 and HAProxy 2.6, all Debian packages. Installs what is
# missing when we are root on Debian; otherwise says what to do.
set -euo pipefail
missing=()
[ -x "${PG_BIN:-/usr/lib/postgresql/15/bin}/initdb" ] || missing+=(postgresql-15)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} for the cluster's tests…" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >&2
  exit 0
fi
echo "The cluster's tests need ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
exit 1
