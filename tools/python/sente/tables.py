"""Table files as read-only numpy arrays.

A table file (the tablebase engine's ``--table FILE``) is checked when opened
(checksum, layout, and the game, rules, engine and kind asked for) and its
sections are numpy arrays mapped from the file, never copied: a 1.4 GB
Gobblet Gobblers table opens in the time the checksum takes and costs memory
only for the pages read.

The tablebase's sections:
  ``values``   one byte a position reached from the start, in the order of
               the game's ranking (``Game.locate`` gives a position's entry):
               0 unresolved, 255 draw, 2d+2 a win and 2d+1 a loss in d plies
               for the player to move;
  ``reached``  the set of reached indices (64-bit words with a rank
               directory, engines/ranked_set.hpp).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import os

import numpy

from . import _core

# The tablebase's value bytes (engines/tablebase.hpp, ranked_value).
UNRESOLVED = 0
DRAW = 255


def decode_ranked(values: numpy.ndarray):
    """(outcome, depth) arrays of tablebase value bytes: outcome int8 +1 win,
    -1 loss, 0 draw or unresolved, for the player to move; depth int16, the
    plies to the end with best play, -1 for a draw or unresolved."""
    v = numpy.asarray(values, dtype=numpy.uint8)
    # One lookup a byte: 3 bytes a position in all, however large the table.
    return _OUTCOME.take(v), _DEPTH.take(v)


def _luts():
    v = numpy.arange(256)
    decided = (v != UNRESOLVED) & (v != DRAW)
    outcome = numpy.where(decided & (v % 2 == 0), 1, numpy.where(decided, -1, 0))
    depth = numpy.where(decided, (v - 1) // 2, -1)
    return outcome.astype(numpy.int8), depth.astype(numpy.int16)


_OUTCOME, _DEPTH = _luts()


@dataclass(frozen=True)
class TableEntry:
    """Where an engine's table keeps a position's value (``Game.locate``):
    element ``entry`` of section ``section`` of table file ``file`` (-1: the
    position is not reachable from the start); ``index`` is the position's
    place in the game's ranking (its representative under the table's
    symmetries), below ``index_size``."""

    engine: str
    file: str
    section: str
    index: int
    index_size: int
    entry: int


class Table:
    """A table file, mapped read-only and checked.

    ``header`` holds game, rules, engine, kind and the named ``fields`` (a
    dict: counts, root, index-size ...); ``sections`` maps each section's
    name to its bytes (uint8 numpy array); ``values`` and ``reached`` are the
    tablebase's sections typed."""

    def __init__(self, native):
        self._native = native
        h = native.header
        self.header = {"game": h["game"], "rules": h["rules"], "engine": h["engine"],
                       "kind": h["kind"], "fields": dict(h["fields"])}
        self.path_bytes = native.path_bytes
        self.path = os.fsdecode(self.path_bytes)
        self.file_bytes = native.file_bytes
        self.sections = {name: native.section(name) for name in native.section_names}

    def __repr__(self) -> str:
        return (f"<sente.Table {self.path}: {self.header['game']} {self.header['engine']} "
                f"{self.header['kind']}, {self.file_bytes} bytes, sections "
                f"{', '.join(self.sections)}>")

    def section(self, name: str, dtype=numpy.uint8) -> numpy.ndarray:
        """Section ``name`` viewed as ``dtype`` (sections start 64-byte
        aligned). KeyError names the sections present."""
        if name not in self.sections:
            raise KeyError(f"{self.path} has no section '{name}'; it has "
                           f"{', '.join(self.sections) or 'none'}")
        return self.sections[name].view(dtype)

    @property
    def values(self) -> numpy.ndarray:
        """The value bytes (uint8), one a reached position."""
        return self.section("values")

    @property
    def reached(self) -> numpy.ndarray:
        """The reached set's words (uint64)."""
        return self.section("reached", numpy.uint64)

    def field(self, name: str) -> Optional[str]:
        return self.header["fields"].get(name)

    def counts(self) -> dict:
        """What the value bytes count: positions, wins, losses, draws, the
        longest win and loss in plies (computed here from ``values``, to set
        beside the header's fields)."""
        # A histogram of the 256 byte values: no array the size of the table.
        n = numpy.bincount(self.values, minlength=256)
        v = numpy.arange(256)
        wins = (_OUTCOME == 1) & (n > 0)
        losses = (_OUTCOME == -1) & (n > 0)
        return {
            "positions": int(self.values.size),
            "wins": int(n[_OUTCOME == 1].sum()),
            "losses": int(n[_OUTCOME == -1].sum()),
            "draws": int(n[DRAW]),
            "longest-win": int(_DEPTH[v[wins]].max(initial=0)),
            "longest-loss": int(_DEPTH[v[losses]].max(initial=0)),
        }


def open_table(path, game: str = "", rules: str = "", engine: str = "", kind: str = "",
               progress=False) -> Table:
    """Maps and checks the table file ``path``; ``game``, ``rules``,
    ``engine`` and ``kind``, when given, must be the file's (else BadInput
    naming both). Raises BadInput for a missing, truncated or damaged file
    (the message names the file and what is wrong)."""
    from . import _error, _progress

    callback, bar = _progress.reporter(progress, "checking")
    try:
        return Table(_core.TableFile(os.fsencode(path), game, rules, engine, kind, callback,
                                     _core.StopFlag()))
    except _core.StatusError as e:
        raise _error(e) from None
    finally:
        bar.close()
