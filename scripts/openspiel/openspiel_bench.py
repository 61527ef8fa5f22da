#!/usr/bin/env python3
"""OpenSpiel's speed on connect_four, printed as one JSON object on stdout.

Run by scripts/openspiel/compare.sh inside its virtual environment (OpenSpiel 2.x from
PyPI). Every figure names the implementation it comes from:

- random playouts (uniformly random legal actions to the end of the game, from the
  initial position), for `--seconds` each:
  * "cpp": `pyspiel.evaluate_bots` with two `pyspiel.make_uniform_random_bot`s, the
    whole game played in C++ (one Python call per game);
  * "python-loop": pyspiel states (C++) driven from a Python loop
    (`legal_actions`, `random.choice`, `apply_action`), the cost a Python user sees;
- MCTS, simulations per second at `--simulations` per move, for `--moves` moves
  played from the initial position (the bot moves for both sides, a new search each
  move, one thread, `solve=False`, UCT c = 2, one random rollout per leaf):
  * "cpp": `pyspiel.MCTSBot` with `pyspiel.RandomRolloutEvaluator(1, seed)`, when the
    installed pyspiel exposes them (the fair comparison: our search is compiled too);
  * "python": `open_spiel.python.algorithms.mcts.MCTSBot` with its
    `RandomRolloutEvaluator(n_rollouts=1)`, for `--python-moves` moves (it is slow).

Progress goes to stderr; stdout is the JSON object only.
"""

import argparse
import importlib.metadata
import json
import os
import platform
import random
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as py_mcts

GAME = "connect_four"
UCT_C = 2.0


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def playouts_cpp(game, seconds, seed):
    """Whole random games in C++: pyspiel.evaluate_bots with uniform random bots."""
    bots = [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)]
    games = decisions = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        pyspiel.evaluate_bots(state, bots, seed + games)
        decisions += len(state.history())
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {
        "implementation": "cpp: pyspiel.evaluate_bots + 2 x pyspiel.make_uniform_random_bot "
        "(the game played in C++, one Python call per game)",
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed, 1),
        "mean_game_length": round(decisions / games, 2),
    }


def playouts_python(game, seconds, seed):
    """Random games on pyspiel states driven from a Python loop."""
    rng = random.Random(seed)
    games = decisions = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    return {
        "implementation": "python-loop: pyspiel State (C++) driven from Python "
        "(legal_actions, random.choice, apply_action)",
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed, 1),
        "mean_game_length": round(decisions / games, 2),
    }


def run_mcts(game, bot, simulations, moves, implementation, step):
    """`moves` searches from the initial position, the bot moving for both sides."""
    state = game.new_initial_state()
    played = []
    per_move = []
    for _ in range(moves):
        if state.is_terminal():
            break
        start = time.perf_counter()
        action = step(bot, state)
        per_move.append(time.perf_counter() - start)
        played.append(state.action_to_string(state.current_player(), action))
        state.apply_action(action)
    total = sum(per_move)
    return {
        "implementation": implementation,
        "simulations_per_move": simulations,
        "moves": len(per_move),
        "moves_played": played,
        "seconds": round(total, 3),
        "simulations_per_s": round(simulations * len(per_move) / total, 1),
        "ms_per_move": [round(t * 1000, 1) for t in per_move],
        "uct_c": UCT_C,
        "solve": False,
        "rollouts_per_leaf": 1,
        "threads": 1,
    }


def mcts_cpp(game, simulations, moves, seed):
    if not (hasattr(pyspiel, "MCTSBot") and hasattr(pyspiel, "RandomRolloutEvaluator")):
        return None
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, UCT_C, simulations, 1000, False, seed, False)
    return run_mcts(
        game,
        bot,
        simulations,
        moves,
        "cpp: pyspiel.MCTSBot + pyspiel.RandomRolloutEvaluator(n_rollouts=1)",
        lambda b, s: b.step(s),
    )


def mcts_python(game, simulations, moves, seed):
    evaluator = py_mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = py_mcts.MCTSBot(
        game,
        UCT_C,
        simulations,
        evaluator,
        solve=False,
        random_state=np.random.RandomState(seed + 1),
    )
    return run_mcts(
        game,
        bot,
        simulations,
        moves,
        "python: open_spiel.python.algorithms.mcts.MCTSBot + RandomRolloutEvaluator(n_rollouts=1)",
        lambda b, s: b.step(s),
    )


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=2.0, help="time per random-playout measure")
    p.add_argument("--simulations", type=int, default=1000, help="MCTS simulations per move")
    p.add_argument("--moves", type=int, default=10, help="moves searched by the C++ MCTS")
    p.add_argument("--python-moves", type=int, default=3, help="moves searched by the Python MCTS (0: skip)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    game = pyspiel.load_game(GAME)
    out = {
        "game": GAME,
        "open_spiel": importlib.metadata.version("open-spiel"),
        "python": platform.python_version(),
        "machine": {"nproc": os.cpu_count(), "cpu": cpu_model(), "arch": platform.machine()},
        "random_playouts": [],
        "mcts": [],
    }
    log(f"random playouts, C++ ({args.seconds} s)…")
    out["random_playouts"].append(playouts_cpp(game, args.seconds, args.seed))
    log(f"random playouts, Python loop ({args.seconds} s)…")
    out["random_playouts"].append(playouts_python(game, args.seconds, args.seed))
    log(f"MCTS, C++ ({args.simulations} simulations x {args.moves} moves)…")
    cpp = mcts_cpp(game, args.simulations, args.moves, args.seed)
    if cpp is None:
        out["mcts_cpp_missing"] = "this pyspiel exposes no MCTSBot/RandomRolloutEvaluator: Python MCTS only"
    else:
        out["mcts"].append(cpp)
    if args.python_moves > 0:
        log(f"MCTS, Python ({args.simulations} simulations x {args.python_moves} moves)…")
        out["mcts"].append(mcts_python(game, args.simulations, args.python_moves, args.seed))
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
