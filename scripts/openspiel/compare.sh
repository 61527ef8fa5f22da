#!/usr/bin/env bash
# Connect Four speed, OpenSpiel beside sandtable, in one run (issue 13).
#
#   scripts/openspiel/compare.sh [--seconds 2] [--simulations 1000] [--moves 10] [--python-moves 3] [--seed 1]
#
# 1. Makes a virtual environment under ${CARGO_TARGET_DIR:-target}/openspiel-venv if it
#    is missing (or cannot import pyspiel) and installs OpenSpiel 2.x from PyPI into it
#    (`pip install open-spiel`: a binary wheel, the C++ core with its Python bindings).
# 2. Runs scripts/openspiel/openspiel_bench.py: OpenSpiel's figures on `connect_four`,
#    one JSON object (random playouts and decisions per second, MCTS simulations per
#    second), each figure naming the implementation it comes from.
# 3. Runs ours: sandtable's MCTS and random playouts on games/connect-four, through
#    the command line (see the marked section below). A failure there is printed and
#    does not fail the OpenSpiel half. COMPARE_OURS=0 skips it (it builds the
#    command line in release, which takes a while).
#
# Arguments are passed to openspiel_bench.py. Figures depend on the machine: the
# script prints `nproc` and the CPU model first.
set -euo pipefail
cd "$(dirname "$0")/../.."

venv="${CARGO_TARGET_DIR:-target}/openspiel-venv"
python="$venv/bin/python"

echo "== machine =="
echo "nproc: $(nproc)"
if command -v lscpu >/dev/null; then
  lscpu | grep -E '^(Architecture|Model name|CPU\(s\)|Thread\(s\) per core|CPU max MHz):' || true
fi

if ! { [ -x "$python" ] && "$python" -c 'import pyspiel' 2>/dev/null; }; then
  echo "== installing OpenSpiel into $venv =="
  python3 -m venv "$venv"
  "$python" -m pip install --quiet --upgrade pip
  "$python" -m pip install --quiet 'open-spiel>=2,<3'
fi

echo "== OpenSpiel: connect_four =="
"$python" scripts/openspiel/openspiel_bench.py "$@"

# ---------------------------------------------------------------------------
# OURS: sandtable's MCTS and random playouts on the same game (games/connect-four).
# Random playouts (`playouts`) and the search at 1,000 iterations a move over 10
# moves (`search`: plain UCT first, as OpenSpiel's MCTSBot runs it, then the bot's
# own configuration), one thread each, as one JSON object.
# ---------------------------------------------------------------------------
echo "== ours: sandtable connect-four =="
if [ "${COMPARE_OURS:-1}" = 0 ]; then
  echo "ours: skipped (COMPARE_OURS=0)"
  exit 0
fi
ours_cmd=(cargo run --quiet --release -p sandtable -- bench connect-four --seconds 2 --mcts 1000 --moves 10 --json)
echo "\$ ${ours_cmd[*]}"
if ours_out="$("${ours_cmd[@]}" 2>&1)"; then
  echo "$ours_out"
else
  status=$?
  echo "ours: the command failed (exit $status); its output:" >&2
  echo "$ours_out" | tail -n 30 >&2
fi
# ---------------------------------------------------------------------------
