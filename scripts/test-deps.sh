#!/usr/bin/env bash
# Installs and starts what the test suite needs beside Rust: PostgreSQL (the
# server's second storage backend) and Chromium with ChromeDriver (the browser
# tests). Idempotent; prints the environment to export:
#   eval "$(bash scripts/test-deps.sh)"
set -euo pipefail
log() { echo "test-deps: $*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need=()
command -v pg_ctlcluster >/dev/null 2>&1 && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  log "installing ${need[*]}"
  aptlog=$(mktemp)
  if ! { as_root apt-get update -qq && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq \
      --no-install-recommends "${need[@]}"; } >"$aptlog" 2>&1; then
    cat "$aptlog" >&2
    log "could not install ${need[*]}"
    exit 1
  fi
fi

# PostgreSQL: Debian's package makes a cluster; start it and give the tests a
# role and a database of their own.
read -r ver cluster _ < <(pg_lsclusters --no-header | head -n1)
if [ -z "${ver:-}" ]; then
  ver=$(ls /usr/lib/postgresql | sort -n | tail -n1)
  as_root pg_createcluster "$ver" main >&2
  cluster=main
fi
if ! pg_lsclusters --no-header | awk -v v="$ver" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
  log "starting PostgreSQL $ver/$cluster"
  as_root pg_ctlcluster "$ver" "$cluster" start >&2
fi
port=$(pg_lsclusters --no-header | awk -v v="$ver" -v c="$cluster" '$1==v && $2==c {print $3}')
psql_admin() { as_root su postgres -c "psql -p $port -qtAX -c \"$1\""; }
if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname='sandtable'")" != 1 ]; then
  psql_admin "CREATE ROLE sandtable LOGIN PASSWORD 'sandtable'" >&2
fi
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname='sandtable_test'")" != 1 ]; then
  psql_admin "CREATE DATABASE sandtable_test OWNER sandtable" >&2
fi

echo "export SANDTABLE_TEST_POSTGRES='postgres://sandtable:sandtable@127.0.0.1:$port/sandtable_test'"
echo "export SANDTABLE_CHROMEDRIVER='$(command -v chromedriver)'"
echo "export SANDTABLE_CHROMIUM='$(command -v chromium)'"
