"""The results of Sente's calls as plain dataclasses.

Each is built from the JSON the driver prints with ``--json`` (the native
half returns that very text), keeps it, and gives it back unchanged:
``to_dict()`` is the parsed document and ``to_json()`` the driver's text.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any, Optional


def _hidden():
    return field(default=None, repr=False, compare=False)


def _fill(cls, d: dict, **given):
    """``cls`` with each field from ``given``, else ``d`` by the field's name
    (None when the document leaves it out: the driver omits unknown depths)."""
    return cls(**{f.name: given[f.name] if f.name in given else d.get(f.name)
                  for f in fields(cls) if f.init and (f.name in given or f.name[0] != "_")})


class _FromJson:
    """``to_dict()``/``to_json()`` for a result made by ``_parse``."""

    _json: Optional[str]

    def to_dict(self) -> dict:
        """The driver's ``--json`` document, parsed (a fresh copy)."""
        return json.loads(self._json)

    def to_json(self) -> str:
        """The driver's ``--json`` text, character for character."""
        return self._json


@dataclass(frozen=True)
class Stat:
    """A figure the engine measured: ``name`` ("nodes", "seconds", "peak_rss"
    ...), ``value``, and its ``unit`` ("nodes", "s", "bytes", ...)."""

    name: str
    value: float
    unit: str


@dataclass(frozen=True)
class Move:
    """One legal move of an analysed position.

    ``value`` is in the game's display convention (``value_kind``: for
    "win-loss" +1/0/-1 for the player making the move; "score" a score
    difference; "nimber" k for *k of the position the move leads to).
    ``depth`` is the plies to the end after the move with best play (None when
    the engine does not know it); ``best`` marks the moves keeping the best
    value; ``resolved`` is False when a work budget stopped the engine first.
    ``also`` holds other notations of the move (``{"openspiel": "10"}``).
    """

    move: str
    value: int
    value_text: str
    value_kind: str
    best: bool
    resolved: bool
    depth: Optional[int] = None
    also: dict = field(default_factory=dict)
    canonical: Optional[str] = None
    dominated_by: Optional[str] = None
    reversible_through: Optional[str] = None

    @classmethod
    def _parse(cls, d: dict) -> "Move":
        return _fill(cls, d, also=dict(d.get("also", {})))


def outcome_of(value_kind: str, value: int, resolved: bool) -> Optional[str]:
    """The outcome a value gives: "win", "loss" or "draw" for the player to
    move (a win-loss value, a score by its sign, a nimber: * 0 is a loss);
    "L", "R", "N" or "P" for an outcome class (values 0..3); None when
    unresolved or for "draws" (both sides solved, one or both a draw, no
    class)."""
    if not resolved:
        return None
    if value_kind == "outcome-class":
        return "LRNP"[value]
    if value_kind == "draws":
        return None
    if value_kind == "nimber":
        return "win" if value else "loss"
    return "win" if value > 0 else "loss" if value < 0 else "draw"


@dataclass(frozen=True)
class Analysis(_FromJson):
    """A solved or analysed position (``sente solve/analyze --json``).

    ``value``/``value_text`` are for the player to move (``value_meaning``
    says how to read them; ``value_kind`` is "win-loss", "score", "nimber",
    "outcome-class" or "draws"). ``depth`` is the plies to the end with best
    play, None when unknown. ``moves`` is empty for ``solve`` and holds every
    legal move for ``analyze``. ``stats`` maps each figure's name to a
    ``Stat``. ``certificate`` is what proves the value, as (name, text) pairs
    (switching games); ``canonical`` the CGSuite value (engine cgt).
    """

    game: str
    variant: str
    position: str
    to_move: str
    value: int
    value_text: str
    value_meaning: str
    value_kind: str
    resolved: bool
    depth: Optional[int]
    canonical: Optional[str]
    moves: list
    summary: str
    diagram: str
    board: str
    engine: str
    engine_detail: str
    stats: dict
    certificate: list
    _json: Optional[str] = _hidden()

    @property
    def outcome(self) -> Optional[str]:
        """``outcome_of(value_kind, value, resolved)``."""
        return outcome_of(self.value_kind, self.value, self.resolved)

    @property
    def best_moves(self) -> list:
        """The moves keeping the best value (empty for ``solve``)."""
        return [m for m in self.moves if m.best]

    def stat(self, name: str, default: Any = None) -> Any:
        """The value of the figure ``name`` ("nodes", "seconds" ...), or
        ``default`` when the engine did not measure it."""
        s = self.stats.get(name)
        return default if s is None else s.value

    @classmethod
    def _parse(cls, text: str) -> "Analysis":
        d = json.loads(text)
        return _fill(
            cls, d,
            moves=[Move._parse(m) for m in d["moves"]],
            stats={s["name"]: Stat(s["name"], s["value"], s["unit"]) for s in d["stats"]},
            certificate=[(c["name"], c["description"]) for c in d["certificate"]],
            _json=text,
        )

    def __str__(self) -> str:
        head = f"{self.game}{' ' + self.variant if self.variant else ''}: value {self.value_text}"
        return f"{head} ({self.value_meaning})\n{self.summary}\n\n{self.diagram}"


@dataclass(frozen=True)
class ResultTable(_FromJson):
    """``sente table --json``: one solved row per board of a family.

    ``rows`` holds one list of cells per row, named by ``columns``;
    ``mismatches`` counts rows contradicting the published data the plugin
    compared with (``notes`` say which)."""

    title: str
    columns: list
    rows: list
    notes: list
    unresolved: int
    mismatches: int
    _json: Optional[str] = _hidden()

    @classmethod
    def _parse(cls, text: str) -> "ResultTable":
        return _fill(cls, json.loads(text), _json=text)

    def to_dataframe(self):
        """The rows as a pandas DataFrame (pandas must be installed)."""
        import pandas

        return pandas.DataFrame(self.rows, columns=self.columns)


@dataclass(frozen=True)
class VerifyReport(_FromJson):
    """``sente verify``: the published values of ``file`` recomputed.

    ``skipped``, ``mismatches`` and ``notes`` are (where, what) pairs."""

    file: str
    items_found: int
    values_compared: int
    values_matched: int
    skipped: list
    mismatches: list
    notes: list
    _json: Optional[str] = _hidden()

    @classmethod
    def _parse(cls, text: str) -> "VerifyReport":
        d = json.loads(text)
        pairs = {k: [(i["where"], i["what"]) for i in d[k]]
                 for k in ("skipped", "mismatches", "notes")}
        return _fill(cls, d, **pairs, _json=text)


@dataclass(frozen=True)
class EngineInfo:
    name: str
    description: str


@dataclass(frozen=True)
class OptionInfo:
    """An option of the game's schema (``sente list GAME``): ``type`` is
    "switch", "integer", "size", "enum", "board", "text" or "file"; ``scope``
    "game", "engine" (``engine`` names it) or "command"."""

    name: str
    description: str
    default: str
    type: str
    scope: str
    engine: Optional[str] = None
    command: Optional[str] = None
    min: Optional[int] = None
    max: Optional[int] = None
    values: Optional[list] = None
    role: Optional[str] = None
    unit: Optional[str] = None


@dataclass(frozen=True)
class GameInfo(_FromJson):
    """A game as its plugin describes it (an entry of ``sente list
    --json``): its engines (the first that accepts a position is the
    default), options, variants and position formats, and the plugin file."""

    name: str
    title: str
    summary: str
    engines: list
    options: list
    variants: list
    position_formats: list
    table_engines: list
    verify_engines: list
    plugin: str
    _json: Optional[str] = _hidden()

    @classmethod
    def _parse(cls, text: str) -> "GameInfo":
        return cls._from(json.loads(text), text)

    @classmethod
    def _from(cls, d: dict, text: str) -> "GameInfo":
        return _fill(
            cls, d,
            engines=[EngineInfo(e["name"], e["description"]) for e in d["engines"]],
            options=[OptionInfo(**o) for o in d["options"]],
            variants=[(v["name"], v["description"]) for v in d["variants"]],
            position_formats=[(f["name"], f["description"]) for f in d["position_formats"]],
            _json=text,
        )

    @property
    def engine_names(self) -> list:
        return [e.name for e in self.engines]


@dataclass(frozen=True)
class PluginProblem:
    """A plugin file that was not used, with why (``kind`` as ``sente list
    --json`` names it: "abi-version", "missing-library", ...)."""

    plugin: str
    kind: str
    message: str
