"""The cost of a move of a Sente game played through OpenSpiel (sente.openspiel)
beside OpenSpiel's own games: uniform random play-outs, microseconds per
apply_action (legal_actions and the state's copy included), the games
alternating in one run.

    PYTHONPATH=build/release/lib/sente/python:<OpenSpiel's python paths> \\
        python3 benchmarks/openspiel_rollouts.py [PLAYOUTS]

Needs OpenSpiel's pyspiel (docs/python.md, OpenSpiel)."""

import random
import sys
import time

import pyspiel
from open_spiel.python import games  # noqa: F401  (registers python_tic_tac_toe)

import sente.openspiel


def per_move(game, playouts, seed):
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal():
            state = state.child(rng.choice(state.legal_actions()))
            moves += 1
    return (time.perf_counter() - start) / moves * 1e6


def main():
    playouts = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    games = [
        ("tic_tac_toe (OpenSpiel, C++)", pyspiel.load_game("tic_tac_toe")),
        ("python_tic_tac_toe (OpenSpiel, Python)", pyspiel.load_game("python_tic_tac_toe")),
        ("sente_tic_tac_toe (Sente plugin)", sente.openspiel.load("tic-tac-toe")),
        ("dots_and_boxes 2x2 (OpenSpiel, C++)",
         pyspiel.load_game("dots_and_boxes", {"num_rows": 2, "num_cols": 2})),
        ("sente_dots_and_boxes 2x2 (Sente plugin)",
         sente.openspiel.load("dots-and-boxes", board="2x2")),
    ]
    times = {name: [] for name, _ in games}
    for round_ in range(3):  # alternating, the median of three
        for name, game in games:
            times[name].append(per_move(game, playouts, round_))
    print(f"{'game':45} us per move (median of 3 x {playouts} play-outs)")
    for name, _ in games:
        print(f"{name:45} {sorted(times[name])[1]:8.1f}")


if __name__ == "__main__":
    main()
