#!/usr/bin/env bash
# Installs and starts what the test suite needs beside Rust: PostgreSQL (the
# server's second storage backend), Chromium with ChromeDriver (the browser
# tests) and a local SMTP server (the e-mail tests: aiosmtpd from PyPI in a
# virtual environment, scripts/smtp-sink.py). Idempotent; prints the
# environment to export:
#   eval "$(bash scripts/test-deps.sh)"
set -euo pipefail
log() { echo "test-deps: $*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

need=()
command -v pg_ctlcluster >/dev/null 2>&1 && ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
python3 -m venv --help >/dev/null 2>&1 && python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
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

# SMTP: a sink on loopback that files every message it gets (scripts/smtp-sink.py),
# started once and reused while it runs.
here=$(cd "$(dirname "$0")" && pwd)
venv="${XDG_CACHE_HOME:-$HOME/.cache}/sandtable/smtp-venv"
if ! "$venv/bin/python" -c 'import aiosmtpd' >/dev/null 2>&1; then
  log "installing aiosmtpd into $venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --disable-pip-version-check 'aiosmtpd==1.4.6' >&2
fi
maildir="${TMPDIR:-/tmp}/sandtable-smtp-$(id -u)"
mkdir -p "$maildir"
# Reused only if its recorded port greets as an SMTP server does ("220"): a
# live pid alone may be another process that took the number of a sink a
# previous run left dead, and so may a port.
answers() {
  python3 -c "import socket, sys; c = socket.create_connection(('127.0.0.1', $1), 1); c.settimeout(1); sys.exit(0 if c.recv(3) == b'220' else 1)" 2>/dev/null
}
if ! { [ -f "$maildir/port" ] && answers "$(cat "$maildir/port")"; }; then
  smtp_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  log "starting the SMTP sink on 127.0.0.1:$smtp_port"
  setsid "$venv/bin/python" "$here/smtp-sink.py" 127.0.0.1 "$smtp_port" "$maildir" >"$maildir/log" 2>&1 </dev/null &
  echo $! >"$maildir/pid"
  echo "$smtp_port" >"$maildir/port"
  for _ in $(seq 100); do
    answers "$smtp_port" && break
    sleep 0.1
  done
fi
echo "export SANDTABLE_TEST_SMTP='smtp://127.0.0.1:$(cat "$maildir/port")'"
echo "export SANDTABLE_TEST_MAILDIR='$maildir'"
