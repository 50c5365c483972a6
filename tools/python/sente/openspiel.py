"""Sente games as OpenSpiel games, through OpenSpiel's Python game API.

    >>> import pyspiel, sente.openspiel
    >>> name = sente.openspiel.register("domineering")      # "sente_domineering"
    >>> game = pyspiel.load_game(name, {"board": "4x4"})
    >>> state = game.new_initial_state()

OpenSpiel's algorithms and bots for two-player, deterministic,
perfect-information, zero-sum games that read states, strings and returns
then run on the Sente game (minimax, MCTS, value iteration, CFR,
``evaluate_bots``...); those that need observation tensors (the RL
environment) do not: the wrapper gives none. Games and states are not
picklable (no ``serialize_game_and_state``). The rules come from the
plugin (``sente.Game.rules``, no engine runs):

- **actions** are the game's move numbers (``LegalMove.id``, below
  ``num_distinct_actions`` = ``RulesState.move_ids``): its ``move_id`` hook,
  else an unsigned move type of at most 16 bits itself. Dots and Boxes'
  numbers are OpenSpiel's own line ids; tic-tac-toe's are its cells 0-8.
  A game that numbers no moves is refused with that reason.
- **returns** at the end: win/loss games +1/-1/0; scored games the final
  points difference (player 0 minus player 1), within the game's value range
  (``min_utility``/``max_utility``).
- **parameters** are the game's own options (``board``, ``variant``...),
  ``-`` written ``_``; the game's defaults apply to those not given.
- **the state's text** is the game's position text, then who moves and the
  points so far: equal texts are equal states.
- ``max_game_length`` is the number of move numbers unless ``register`` is
  given one: a bound for games where each move is made at most once
  (placement games: tic-tac-toe, Domineering, Cram, Dots and Boxes, the
  switching games). A game whose positions recur (Gobblet Gobblers) needs
  ``register(..., max_game_length=N)``: play stops after N moves with the
  points so far (a draw in a win/loss game).
- The side-to-move option (``to_move``) chooses who moves at the start;
  the positions given back say who moves and are read without it.

Needs OpenSpiel (``pip install open_spiel``); importing this module without
it raises ImportError saying so. Source of the API: OpenSpiel's
``open_spiel/python/games`` (python games registered by
``pyspiel.register_game``).
"""

from __future__ import annotations

from typing import Optional

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as e:  # pragma: no cover - depends on the machine
    raise ImportError(f"sente.openspiel needs OpenSpiel (pip install open_spiel): {e}") from e

import sente

__all__ = ["register", "load", "short_name"]

_registered = {}  # short name -> the Sente game's name


def short_name(game: str) -> str:
    """The name OpenSpiel knows the Sente game ``game`` by: ``sente_`` and
    its name with ``_`` for ``-`` (``sente_dots_and_boxes``)."""
    return "sente_" + game.replace("-", "_")


def _parameters(info: sente.GameInfo) -> dict:
    """The game's options as OpenSpiel parameters: switches as bool,
    integers with a default as int, the rest as text ("" for no default)."""
    spec = {}
    for o in info.options:
        if o.scope != "game":
            continue
        key = o.name.replace("-", "_")
        if o.type == "switch":
            spec[key] = o.default in ("on", "true", "1", "yes")
        elif o.type == "integer" and o.default:
            spec[key] = int(float(o.default))
        else:
            spec[key] = o.default or ""
    return spec


def register(game: str, *, max_game_length: Optional[int] = None) -> str:
    """Registers the Sente game ``game`` (a name ``sente.games()`` lists)
    with pyspiel and returns its OpenSpiel name (``short_name``); again for
    a name registered already, it only returns the name. ``pyspiel.load_game
    (name, {option: value})`` then opens it. Raises sente.PluginNotFound for
    an unknown game."""
    if not isinstance(game, str):
        raise TypeError(f"game: give its name (a str, sente.games() lists them), not {game!r}")
    if max_game_length is not None and (not isinstance(max_game_length, int) or
                                        isinstance(max_game_length, bool) or max_game_length < 1):
        raise TypeError(f"max_game_length: give a whole number of moves, at least 1, not "
                        f"{max_game_length!r}")
    info = sente.game(game).info
    name = short_name(info.name)
    if name in _registered:
        return name
    spec = _parameters(info)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{info.title} (Sente)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=spec)

    class Game(_Game):
        _TYPE = game_type
        _SENTE_NAME = info.name
        _SPEC = spec
        _MAX_GAME_LENGTH = max_game_length

    Game.__name__ = Game.__qualname__ = f"SenteGame_{name}"
    pyspiel.register_game(game_type, Game)
    _registered[name] = info.name
    return name


def load(game: str, **options) -> pyspiel.Game:
    """``register(game)`` then ``pyspiel.load_game`` with ``options`` (the
    game's own, ``_`` for ``-``)."""
    return pyspiel.load_game(register(game), options)


class _Game(pyspiel.Game):
    """A Sente game (one class per game, made by register())."""

    _TYPE = _SENTE_NAME = _SPEC = _MAX_GAME_LENGTH = None

    def __init__(self, params=None):
        options = {k: v for k, v in (params or {}).items()
                   if v != "" and v != self._SPEC.get(k)}
        self.sente = sente.game(self._SENTE_NAME, **options)
        # Positions the game gives back say who moves: they are read without
        # the side-to-move option (which would contradict them).
        side = {o.name.replace("-", "_") for o in self.sente.info.options
                if o.role == "side-to-move"}
        self._reader = sente.game(self._SENTE_NAME,
                                  **{k: v for k, v in options.items() if k not in side})
        start = self.sente.rules()
        if start.cyclic and not self._MAX_GAME_LENGTH:
            raise sente.BadInput(
                f"{self._SENTE_NAME}'s positions can recur, so play need not end: give "
                "sente.openspiel.register(..., max_game_length=N); play then stops after N "
                "moves with the points so far (a draw in a win/loss game)")
        if start.move_ids <= 0:
            raise sente.BadInput(
                f"{self._SENTE_NAME} numbers no moves (no move_id hook and its moves are not small "
                "integers), and OpenSpiel's actions are numbers: it cannot be an OpenSpiel game")
        lo, hi = (-1, 1) if start.value_kind == "win-loss" else (start.value_lo, start.value_hi)
        length = self._MAX_GAME_LENGTH or start.move_ids
        self._cut = self._MAX_GAME_LENGTH if start.cyclic else None  # moves before a stop
        super().__init__(self._TYPE,
                         pyspiel.GameInfo(num_distinct_actions=start.move_ids,
                                          max_chance_outcomes=0, num_players=2,
                                          min_utility=float(lo), max_utility=float(hi),
                                          utility_sum=0.0, max_game_length=length),
                         params or {})
        self._start = _Snapshot(start, 0, (0, 0))
        # Whether the game reads its positions' text back (the shipped games
        # do; a game without a format hook gives a key that it does not).
        try:
            self._reread = self._reader.rules(start.position).position == start.position
        except sente.BadInput:
            self._reread = False
        self._names = {}  # (player, action) -> the move's name, as met in any state

    def new_initial_state(self):
        return _State(self)

    def __deepcopy__(self, memo):
        return self  # states refer to their game; a clone shares it

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)

    def _after(self, snap: "_Snapshot", action: int) -> "_Snapshot":
        """The snapshot after ``action`` from ``snap``: one call to the
        plugin, from the last position whose text the game reads back (every
        position, for games whose text round-trips; else the start, with
        every move since)."""
        played = snap.played + (snap.name_of(action),)
        r = (self.sente if snap.base is None else self._reader).rules(snap.base, played)
        # r numbers players from the mover at the base: 0 is snap.base_player.
        player = snap.base_player ^ r.player
        points = list(snap.base_points)
        points[snap.base_player] += r.points[0]
        points[1 - snap.base_player] += r.points[1]
        after = _Snapshot(r, player, tuple(points))
        if self._reread:
            after.rebase()
        else:
            after.base, after.base_player, after.base_points = snap.base, snap.base_player, \
                snap.base_points
            after.played = played
        return after


class _Snapshot:
    """What a state holds, all plain values, never changed once made (states
    share them; OpenSpiel clones a python state by copying its attributes):
    the position as its base (a text the game reads, None for the start)
    and the moves played since, and what the rules say of it."""

    __slots__ = ("base", "base_player", "base_points", "played", "position", "player", "points",
                 "moves", "terminal_value")

    def __init__(self, r: sente.RulesState, player: int, points: tuple):
        self.position = r.position
        self.player = player
        self.points = points
        self.moves = tuple(sorted((m.id, m.move) for m in r.moves))
        self.terminal_value = r.terminal_value
        self.base, self.base_player, self.base_points, self.played = None, 0, (0, 0), ()

    def rebase(self) -> None:
        self.base, self.base_player, self.base_points, self.played = \
            self.position, self.player, self.points, ()

    def name_of(self, action: int) -> str:
        for a, name in self.moves:
            if a == action:
                return name
        raise ValueError(f"action {action} is not legal here; legal: {[a for a, _ in self.moves]}")

    def __deepcopy__(self, memo):
        return self

    def text(self) -> str:
        who = f"player {self.player} to move" if self.moves else "game over"
        return f"{self.position}\n{who}; points {self.points[0]}-{self.points[1]}"


class _State(pyspiel.State):
    """A position of a Sente game, in OpenSpiel's terms."""

    def __init__(self, game: _Game):
        super().__init__(game)
        self._game = game
        self._snap = game._start

    def _over(self):
        cut = self._game._cut
        return not self._snap.moves or (cut is not None and self.move_number() >= cut)

    def current_player(self):
        return pyspiel.PlayerId.TERMINAL if self._over() else self._snap.player

    def _legal_actions(self, player):
        return [] if self._over() else [a for a, _ in self._snap.moves]

    def _apply_action(self, action):
        game = self._game
        for a, name in self._snap.moves:
            game._names.setdefault((self._snap.player, a), name)
        self._snap = game._after(self._snap, action)

    def _action_to_string(self, player, action):
        """The move's name: the same action may be another move for the other
        player (Domineering's cell); an action not met yet is "action N"."""
        if player == self._snap.player:
            for a, name in self._snap.moves:
                if a == action:
                    return name
        return self._game._names.get((player, action), f"action {action}")

    def is_terminal(self):
        return self._over()

    def returns(self):
        s = self._snap
        if not self._over():
            return [0.0, 0.0]
        # The final difference for player 0: the points earned, then the end's
        # value for the player to move (normal play: -1, the mover lost); a
        # cyclic game stopped at its length: the points alone.
        diff = s.points[0] - s.points[1]
        if not s.moves:
            diff += s.terminal_value if s.player == 0 else -s.terminal_value
        return [float(diff), float(-diff)]

    def __str__(self):
        return self._snap.text()


class _Observer:
    """The position's text for either player (perfect information); no
    tensor."""

    def __init__(self, params):
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return str(state)
