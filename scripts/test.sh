#!/usr/bin/env bash
# The whole test suite: installs and starts PostgreSQL and Chromium if needed
# (scripts/test-deps.sh), then builds once and runs every test in parallel.
set -euo pipefail
cd "$(dirname "$0")/.."
eval "$(bash scripts/test-deps.sh)"
# Under CI the PostgreSQL and browser tests fail rather than skip when these are missing.
export CI="${CI:-}"
cargo test --workspace --locked "$@"
