"""Game.rules: positions and moves by the rules alone (plugin ABI 15), checked
against the published tic-tac-toe count, against the engines' values by a
naive minimax over the rules, and on every shipped game's small board."""

import os
import pathlib
import random
import re

import pytest

import sente
from conftest import SMALL_BOARDS


def published_tic_tac_toe_positions():
    """The count of positions reachable in play, from the reference data
    (shared/data/reference-games/published-values.md, Wikipedia's
    "Tic-tac-toe", combinatorics)."""
    path = (pathlib.Path(os.environ.get("SENTE_REFERENCE_DATA", "")) / "reference-games" /
            "published-values.md")
    if not path.exists():
        pytest.skip(f"{path} is absent (the published reference data)")
    for line in path.read_text().splitlines():
        if line.startswith("| board positions reachable in play"):
            return int(line.split("|")[2].strip().replace(",", ""))
    raise AssertionError(f"{path}: no row of positions reachable in play")


def reachable(game):
    """Every position reachable from the start by the rules, by its text."""
    start = game.rules()
    seen = {start.position: start}
    todo = [start.position]
    while todo:
        text = todo.pop()
        for m in seen[text].moves:
            child = game.rules(text, [m.move])
            if child.position not in seen:
                seen[child.position] = game.rules(child.position)
                todo.append(child.position)
    return seen


def test_tic_tac_toe_reaches_the_published_count_of_positions():
    positions = reachable(sente.game("tic-tac-toe"))
    assert len(positions) == published_tic_tac_toe_positions()
    # Ended games: no moves, and the player to move lost or drew.
    ends = [r for r in positions.values() if not r.moves]
    assert ends and all(r.terminal_value in (-1, 0) for r in ends)
    assert all(r.value_kind == "win-loss" and r.move_ids == 256 for r in positions.values())


def naive_value(game, text, memo):
    """The value for the player to move of ``text`` by plain minimax over
    Game.rules (points earned by a move, another move kept by the mover)."""
    if text in memo:
        return memo[text]
    r = game.rules(text)
    if not r.moves:
        v = r.terminal_value
    else:
        v = None
        for m in r.moves:
            child = game.rules(text, [m.move])
            w = naive_value(game, child.position, memo)
            # child.player 0: the same player moves again there.
            mine = child.points[0] - child.points[1] + (w if child.player == 0 else -w)
            v = mine if v is None else max(v, mine)
    memo[text] = v
    return v


@pytest.mark.parametrize("name,options", [
    ("dots-and-boxes", {"board": "2x2"}),
    ("dots-and-boxes", {"board": "1x3"}),
    ("tic-tac-toe", {}),
])
def test_naive_minimax_over_the_rules_equals_the_engines(name, options):
    game = sente.game(name, **options)
    start = game.rules()
    assert naive_value(game, start.position, {}) == game.analyze(progress=False).value


def test_a_completed_box_earns_a_point_and_another_move():
    game = sente.game("dots-and-boxes", board="1x1")
    start = game.rules()
    assert start.value_kind == "score" and (start.value_lo, start.value_hi) == (-1, 1)
    names = [m.move for m in start.moves]
    assert len(names) == 4
    r = game.rules(None, names[:3])  # three sides, the players alternating
    assert r.player == 1 and list(r.points) == [0, 0] and len(r.moves) == 1
    r = game.rules(None, names)  # the fourth side closes the box: B's point
    assert not r.moves and list(r.points) == [0, 1] and r.player == 1
    assert r.terminal_value == 0


@pytest.mark.parametrize("name", sorted(SMALL_BOARDS))
def test_every_game_numbers_its_moves_apart(name):
    """On random plays of each small board: move numbers distinct and below
    move_ids (or -1 for all when the game has none), and the text of each
    position read back the same."""
    game = sente.game(name, **SMALL_BOARDS[name])
    rng = random.Random(7)
    for _ in range(5):
        r = game.rules()
        for _ in range(40):
            ids = [m.id for m in r.moves]
            if r.move_ids:
                assert len(set(ids)) == len(ids) and all(0 <= i < r.move_ids for i in ids), ids
            else:
                assert all(i == -1 for i in ids)
            assert game.rules(r.position).position == r.position
            if not r.moves:
                assert r.value_lo <= r.terminal_value <= r.value_hi
                break
            r = game.rules(r.position, [rng.choice(r.moves).move])


def test_bad_input_names_the_move_and_the_legal_ones():
    game = sente.game("tic-tac-toe")
    first = game.rules().moves[0].move
    with pytest.raises(sente.BadInput, match=re.escape(f"move 2 ('{first}')")):
        game.rules(None, [first, first])
    with pytest.raises(sente.BadInput, match="legal"):
        game.rules(None, ["zz9"])
    with pytest.raises(ValueError):
        game.rules("this is not a board")
    with pytest.raises(TypeError):
        game.rules(None, first)  # one str, not a list of names
    with pytest.raises(TypeError):
        game.rules(None, [3])


def test_text_that_is_not_utf8_comes_back_escaped():
    # A vertex name made of a lone surrogate reaches the plugin as bytes.
    r = sente.game("shannon", graph="s \udcff; \udcff t").rules()
    assert "\\x" in r.position or "\udcff" not in r.position
    assert r.moves and all(isinstance(m.move, str) for m in r.moves)
    repr(r.moves[0])


def test_moves_must_be_given_in_order():
    game = sente.game("tic-tac-toe")
    with pytest.raises(TypeError, match="in order"):
        game.rules(None, {"b2"})
    with pytest.raises(TypeError, match="in order"):
        game.rules(None, None)
