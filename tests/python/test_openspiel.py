"""OpenSpiel on both sides: its exact values of its own tic_tac_toe and
dots_and_boxes equal Sente's on every position, and Sente games wrapped as
OpenSpiel games (sente.openspiel) run OpenSpiel's algorithms to the values
Sente's engines give. Skipped when OpenSpiel (pyspiel) is not installed."""

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (pip install open_spiel): the cross-check "
    "with OpenSpiel and the wrapped games are not run")
get_all_states = pytest.importorskip("open_spiel.python.algorithms.get_all_states")
value_iteration = pytest.importorskip("open_spiel.python.algorithms.value_iteration")

import sente  # noqa: E402
import sente.openspiel  # noqa: E402


def all_states(game):
    """Every state by its text, as value_iteration keys them."""
    return get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True,
                                         include_chance_states=False, to_string=str)


def exact_values(game):
    """OpenSpiel's exact solver: every state's value for player 0 (each state
    expanded once: without cyclic_game it walks every move order)."""
    return value_iteration.value_iteration(game, depth_limit=-1, threshold=0, cyclic_game=True)


class SenteValues:
    """Sente's value of the position an OpenSpiel state's action history
    reaches, for player 0: win/loss games +1/0/-1, Dots and Boxes the final
    score A minus B (A moves first: OpenSpiel's player 0). One play session
    values every position (its engine keeps its tables)."""

    def __init__(self, name, **options):
        self.game = sente.game(name, **options)
        self.session = self.game.play()
        self.names = {(): []}  # history -> the moves' names

    def rules(self, history):
        history = tuple(history)
        if history not in self.names:
            parent = self.rules(history[:-1])
            name = {m.id: m.move for m in parent.moves}[history[-1]]
            self.names[history] = self.names[history[:-1]] + [name]
        return self.game.rules(None, self.names[history])

    def for_player_0(self, history):
        r = self.rules(history)
        self.session.reset(r.position)
        a = self.session.analyze(progress=False)
        if a.value_kind == "score":
            assert a.value_meaning.startswith("final score A minus B"), a.value_meaning
            return a.value
        return a.value if r.player == 0 else -a.value


def sign(x):
    return (x > 0) - (x < 0)


def test_tic_tac_toe_values_equal_openspiels_on_every_state():
    game = pyspiel.load_game("tic_tac_toe")
    states, values = all_states(game), exact_values(game)
    sv = SenteValues("tic-tac-toe")
    for key, state in states.items():
        assert sv.for_player_0(state.history()) == values[key], key
    assert len(states) == 5478


def test_dots_and_boxes_2x2_outcomes_equal_openspiels_on_every_state():
    """OpenSpiel's exact solver here is its alpha-beta (minimax.py, state
    copies): value_iteration keys states by their text, which for
    dots_and_boxes does not say who moves, so states apart in play share a
    value there."""
    from open_spiel.python.algorithms import minimax
    game = pyspiel.load_game("dots_and_boxes", {"num_rows": 2, "num_cols": 2})
    sv = SenteValues("dots-and-boxes", board="2x2")
    states = all_states(game)
    for key, state in states.items():
        if state.is_terminal():
            value = state.returns()[0]
        else:
            value, _ = minimax.alpha_beta_search(game, state=state.clone(),
                                                 maximizing_player_id=0)
        # OpenSpiel's returns are the winner's +1 (utility_margin off): the sign of Sente's margin.
        assert sign(sv.for_player_0(state.history())) == value, key
    assert len(states) > 5000


@pytest.mark.parametrize("name,options,native", [
    ("tic-tac-toe", {}, "tic_tac_toe"),
    ("dots-and-boxes", {"board": "2x2"}, None),
])
def test_openspiel_solves_the_wrapped_game_to_sentes_values(name, options, native):
    wrapped = sente.openspiel.load(name, **options)
    states, values = all_states(wrapped), exact_values(wrapped)
    sv = SenteValues(name, **options)
    for key, state in states.items():
        assert sv.for_player_0(state.history()) == values[key], key
    if native:  # the same states as OpenSpiel's own game
        assert len(states) == len(all_states(pyspiel.load_game(native)))


def test_openspiel_minimax_on_wrapped_domineering_and_cram():
    from open_spiel.python.algorithms import minimax
    for name, board in (("domineering", "3x4"), ("cram", "3x3")):
        wrapped = sente.openspiel.load(name, board=board)
        value, _ = minimax.alpha_beta_search(wrapped, maximizing_player_id=0)
        outcome = sente.game(name, board=board).analyze(progress=False).outcome  # Cram's: a nimber
        assert value == {"win": 1, "loss": -1}[outcome], name


def test_openspiel_bots_play_wrapped_games_to_their_end():
    from open_spiel.python.algorithms import mcts
    import numpy as np
    wrapped = sente.openspiel.load("dots-and-boxes", board="2x2")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(wrapped, uct_c=2, max_simulations=50,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    random_bot = pyspiel.make_uniform_random_bot(1, 5)
    returns = pyspiel.evaluate_bots(wrapped.new_initial_state(), [bot, random_bot], 5)
    assert returns[0] == -returns[1] and abs(returns[0]) <= 4
    # The state's text is the game's position: Sente reads it back.
    state = wrapped.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert str(clone) == str(state)
    assert sente.game("dots-and-boxes", board="2x2").rules(str(state).splitlines()[0])


def test_a_game_without_move_numbers_is_refused_with_the_reason():
    with pytest.raises(sente.BadInput, match="numbers no moves"):
        sente.openspiel.load("turning-corners", board="3x3")


def test_parameters_are_the_games_options():
    name = sente.openspiel.register("domineering")
    assert name == "sente_domineering"
    game = pyspiel.load_game(f"{name}(board=3x3)")
    assert game.num_distinct_actions() > 0
    with pytest.raises(Exception, match="board"):
        pyspiel.load_game(name, {"board": "0x0"})


def test_a_side_to_move_option_chooses_the_first_player_and_positions_read_back():
    wrapped = sente.openspiel.load("domineering", board="3x3", to_move="H")
    state = wrapped.new_initial_state()
    for _ in range(3):  # each move re-reads the position the game gave back
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
    value, _ = __import__("open_spiel.python.algorithms.minimax",
                          fromlist=["x"]).alpha_beta_search(wrapped, maximizing_player_id=0)
    outcome = sente.game("domineering", board="3x3", to_move="H").analyze(progress=False).outcome
    assert value == {"win": 1, "loss": -1}[outcome]


def test_a_cyclic_game_needs_a_length_and_stops_there():
    with pytest.raises(sente.BadInput, match="max_game_length"):
        sente.openspiel.load("gobblet-gobblers", pieces=1, sizes=2)
    with pytest.raises(TypeError):
        sente.openspiel.register("gobblet-gobblers", max_game_length=0)


def test_action_names_are_each_players_own():
    state = sente.openspiel.load("domineering", board="3x3").new_initial_state()
    first = state.legal_actions()[0]
    name = state.action_to_string(0, first)
    state.apply_action(first)
    # The other player's move of the same number is another move (Domineering's cell).
    assert state.action_to_string(0, first) == name
    assert state.action_to_string(1, 63) == "action 63"
