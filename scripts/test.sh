#!/usr/bin/env bash
# The whole test suite: installs and starts PostgreSQL and Chromium if needed
# (scripts/test-deps.sh), then builds once and runs every test in parallel.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/test-deps.sh)"
# Under CI the PostgreSQL and browser tests fail rather than skip when these are missing.
export CI="${CI:-}"
# The fuzzing, soak and load tests state their counts in report-*.txt files: cleared
# first, printed at the end (pass or fail).
reports="${CARGO_TARGET_DIR:-target}/tmp"
rm -f "$reports"/report-*.txt
status=0
cargo test --workspace --locked "$@" || status=$?
if compgen -G "$reports/report-*.txt" >/dev/null; then
  echo "== counts stated by the fuzzing, soak and load tests =="
  cat "$reports"/report-*.txt
fi
exit "$status"
