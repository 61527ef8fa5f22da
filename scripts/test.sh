#!/usr/bin/env bash
# The whole test suite: installs and starts PostgreSQL and Chromium if needed
# (scripts/test-deps.sh), then builds once and runs every test in parallel.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/test-deps.sh)"
# Under CI the PostgreSQL and browser tests fail rather than skip when these are missing.
export CI="${CI:-}"
# The counts some tests state (issue 9: the soak's random actions, the fuzz
# inputs, the load figures) are printed at the end, whether or not a test
# failed; the script's status is cargo's.
status=0
cargo test --workspace --locked "$@" || status=$?
cat "${CARGO_TARGET_DIR:-target}"/tmp/report-*.txt 2>/dev/null || true
exit "$status"
