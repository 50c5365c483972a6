"""Sente from Python: every game plugin, engine and table the driver has.

    >>> import sente
    >>> g = sente.game("domineering", board="4x4")
    >>> a = g.solve()                  # the start position, the default engine
    >>> a.outcome, a.value_text
    >>> [(m.move, m.value_text) for m in g.analyze().moves]

Games are the driver's plugins, found the same way: the directories of
SENTE_PLUGIN_PATH, then the plugins installed beside this package. Options are
checked by the plugin's own schema and refused with the driver's messages
(``BadInput``, a ``ValueError``); option names take ``_`` for ``-``
(``node_limit=10**6`` is ``--node-limit 1000000``). Results are dataclasses
whose ``to_json()`` is the driver's ``--json`` text.

Long calls release the GIL and run the engine on a thread of its own; Ctrl-C
(KeyboardInterrupt) or ``Game.cancel()`` from another thread stops the engine
through its stop flag within about a second (``Cancelled`` for the latter).
"""

from __future__ import annotations

import atexit
import json
import numbers
import os
import pathlib
import stat
import threading
import time
from typing import Iterable, Optional, Union

try:
    from . import _core
except ImportError as e:  # the package's Python files without its native half
    raise ImportError(
        f"sente's native module (sente._core) is not built or not loadable ({e}); build the "
        "CMake target sente_python_core (docs/python.md)") from e
from ._progress import ProgressArg, reporter
from ._results import (Analysis, EngineInfo, GameInfo, Move, OptionInfo, PluginProblem,
                       ResultTable, Stat, VerifyReport, outcome_of)

__all__ = [
    "Analysis", "BadInput", "Cancelled", "EngineInfo", "Error", "Game", "GameInfo", "LegalMove",
    "Move", "OptionInfo", "Play", "PluginNotFound", "PluginProblem", "ResultTable", "RulesState",
    "Stat",
    "VerifyReport", "game", "games", "open_table", "outcome_of", "plugin_problems",
    "search_path",
]

_here = pathlib.Path(__file__).resolve().parent
# The plugins beside the package: a wheel's sente/plugins, or the build and
# install trees' <libdir>/sente/plugins (this package is <libdir>/sente/python/sente).
_core.set_host_plugin_dirs([str(_here / "plugins"), str(_here.parent.parent / "plugins")])

# A position by the rules alone (Game.rules) and one of its legal moves.
RulesState = _core.RulesState
LegalMove = _core.LegalMove

__version__ = _core.version  # Sente's version (the driver's `sente --version`)
ABI_VERSION = _core.abi_version

# Every call running, of any game: at exit they are stopped and awaited, so
# no engine thread is still running while Python shuts down (a daemon
# thread's solve would otherwise be torn down mid-call).
_calls = threading.Condition()
_running_calls = set()


@atexit.register
def _stop_running_calls(timeout: float = 10.0) -> None:
    with _calls:
        for stop in _running_calls:
            stop.request_stop()
        _calls.wait_for(lambda: not _running_calls, timeout)  # the plugin ABI the module loads (plugin/interface.hpp)


class Error(Exception):
    """A call Sente could not carry out; the message is the plugin's or the
    plugin loader's own, saying what was wrong and what to do."""


class BadInput(Error, ValueError):
    """A malformed position, an unknown or bad option, a board too big for an
    engine (with the limit), a table file that is not one."""


class PluginNotFound(Error, LookupError):
    """No plugin offers the game; the message lists the directories searched,
    the games found and the plugins that could not be loaded."""


class Cancelled(Error):
    """The call was stopped by ``Game.cancel()``; the message says what the
    engine had done."""


_BAD_INPUT = {"INVALID_ARGUMENT", "OUT_OF_RANGE", "FAILED_PRECONDITION", "RESOURCE_EXHAUSTED",
              "NOT_FOUND", "ALREADY_EXISTS", "DATA_LOSS", "UNIMPLEMENTED"}


def _error(e: _core.StatusError, not_found=BadInput) -> Error:
    code, message = e.args
    if code == "CANCELLED":
        return Cancelled(message)
    if code == "NOT_FOUND":
        return not_found(message)
    if code in _BAD_INPUT:
        return BadInput(message)
    return Error(f"{message} ({code.lower().replace('_', ' ')})")


def _text(s: str) -> bytes:
    """Text for the native half as UTF-8 bytes; lone surrogates kept as
    their bytes, for the plugin to refuse with its message."""
    return s.encode("utf-8", "surrogatepass")


def _path(name: str, value) -> bytes:
    """A file name as the OS bytes; a NUL in it is BadInput (the OS would cut
    the name there)."""
    if not isinstance(value, (str, bytes, os.PathLike)):
        raise TypeError(f"{name}: give a path (str or pathlib.Path), not {type(value).__name__}")
    b = os.fsencode(value)
    if b"\0" in b:
        raise BadInput(f"{name}: the file name {b!r} holds a NUL byte")
    return b


def _option_text(name: str, value) -> bytes:
    if isinstance(value, bool) or type(value).__name__ == "bool_":  # numpy.bool_ too
        return b"on" if value else b"off"
    if isinstance(value, numbers.Integral):
        return str(int(value)).encode()
    if isinstance(value, float) and value.is_integer():
        return str(int(value)).encode()  # 1e6, as the driver reads 1e6
    if isinstance(value, os.PathLike):
        return _path(f"option {name}", value)
    if isinstance(value, str):
        if "\0" in value:
            raise BadInput(f"option {name}: the value holds a NUL byte")
        return _text(value)
    if (isinstance(value, tuple) and len(value) == 2 and
            all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value)):
        return f"{int(value[0])}x{int(value[1])}".encode()
    raise TypeError(f"option {name}: give a str, int, bool, path or (rows, cols) of ints, "
                    f"not {value!r}")


def _options(options: Optional[dict], kwargs: dict) -> dict:
    if options is not None and not isinstance(options, dict):
        raise TypeError(f"options: give a dict of option names to values, not "
                        f"{type(options).__name__}")
    out = {}
    for source in (options or {}), kwargs:
        for k, v in source.items():
            if not isinstance(k, str):
                raise TypeError(f"option names are str, not {k!r}")
            if v is not None:
                out[k.replace("_", "-")] = _option_text(k, v)
    return out


def _position(position) -> tuple:
    """(text, file) of a position: None for the start, a str in one of the
    game's position formats, or a path (pathlib.Path) to a file holding one."""
    if position is None:
        return b"", b""
    if isinstance(position, os.PathLike):
        path = os.fspath(position)
        name = _path("position", path)
        try:
            mode = os.stat(name).st_mode
            if not stat.S_ISREG(mode):  # a FIFO would block, a device never end
                kind = ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                        else "a device or socket")
                raise BadInput(f"{path} is {kind}, not a regular file: give a file holding a "
                               f"position")
            with open(name, "rb") as f:
                text = f.read((16 << 20) + 1)
        except OSError as e:
            raise BadInput(f"{path}: cannot read the position ({e.strerror})") from None
        if len(text) > 16 << 20:
            raise BadInput(f"{path} holds more than 16 MiB: too large for a position")
        if text.startswith(b"\xef\xbb\xbf"):
            text = text[3:]  # a UTF-8 byte order mark
        if not text.strip():
            raise BadInput(f"{path} holds no position (it is empty)")
        return text, name
    if isinstance(position, str):
        if not position.strip():
            raise BadInput("the position is empty; give a position, or None for the start "
                           "position")
        return _text(position), b""
    raise TypeError(f"position: give a str, a pathlib.Path or None, not "
                    f"{type(position).__name__}")


def search_path() -> list:
    """The plugin directories searched, in order: SENTE_PLUGIN_PATH's
    entries, then the built-in ones that exist."""
    return [str(p) for p in _core.search_path()]


def _discovery() -> dict:
    return json.loads(_core.discover())


def games() -> list:
    """Every game found on the search path (``sente list``), as GameInfo."""
    return [GameInfo._from(g, json.dumps(g, indent=2)) for g in _discovery()["games"]]


def plugin_problems() -> list:
    """The plugin files on the search path that were not used, with why."""
    return [PluginProblem(**p) for p in _discovery()["problems"]]


def open_table(path, game: str = "", rules: str = "", engine: str = "", kind: str = "",
               progress: ProgressArg = False):
    """A table file mapped read-only, its sections numpy arrays
    (sente.tables.Table; numpy must be installed). ``game``, ``rules``,
    ``engine`` and ``kind``, when given, must be the file's. Raises BadInput
    for a missing, truncated or damaged file."""
    from . import tables

    for name, value in (("game", game), ("rules", rules), ("engine", engine), ("kind", kind)):
        if not isinstance(value, str):
            raise TypeError(f"{name}: give a str, not {value!r}")
    return tables.open_table(_path("path", path), game, rules, engine, kind, progress)


def game(name: str, options: Optional[dict] = None, **kwargs) -> "Game":
    """The game ``name`` (``sente list`` names them) with its options
    (``board="8x8"``, ``variant="swedish"``; ``options`` for names that are
    not Python identifiers). Raises PluginNotFound, or BadInput with the
    plugin's message for an option it does not take or a bad value."""
    if not isinstance(name, str):
        raise TypeError(f"the game's name is a str (sente.games() lists them), not {name!r}")
    try:
        plugin = _core.find(name)
    except _core.StatusError as e:
        raise _error(e, not_found=PluginNotFound) from None
    return Game(plugin, _options(options, kwargs))


class Game:
    """A game with its options: solve, analyze, play, bench, table, verify."""

    def __init__(self, plugin, options: dict):
        self._plugin = plugin
        self._lock = threading.Lock()
        self._running = set()
        self.info = GameInfo._parse(plugin.info_json())
        self._options = self._check(options, "solve")
        self.options = {k: v.decode("utf-8", "backslashreplace") for k, v in self._options.items()}

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in sorted(self.options.items()))
        return f"sente.game({self.info.name!r}{', ' + opts if opts else ''})"

    @property
    def name(self) -> str:
        return self.info.name

    def _check(self, options: dict, command: str, schema: bool = True) -> dict:
        try:
            return dict(self._plugin.check(options, command, schema))
        except _core.StatusError as e:
            raise _error(e) from None

    def _call_options(self, engine, engine_options: dict, command="solve") -> dict:
        merged = dict(self._options)
        # bytes: values already read (bench passes them on); the rest as given
        merged.update(_options(None, {k: v for k, v in engine_options.items()
                                      if not isinstance(v, bytes)}))
        merged.update({k: v for k, v in engine_options.items() if isinstance(v, bytes)})
        if engine is not None:
            if not isinstance(engine, str):
                raise TypeError(f"engine: give its name (info.engine_names), not {engine!r}")
            merged["engine"] = _text(engine)
        # The plugin checks the options when called, with the driver's words.
        return self._check(merged, command, schema=False)

    def _command_options(self, options: dict, command: str) -> dict:
        """The game's options with ``options`` over them, checked for
        ``command`` ("table", "verify") by the schema."""
        return self._check(dict(self._options, **_options(None, options)), command)

    def _run(self, label: str, progress: ProgressArg, call, *args):
        callback, bar = reporter(progress, label)
        stop = _core.StopFlag()
        with self._lock:
            self._running.add(stop)
        with _calls:
            _running_calls.add(stop)
        try:
            return call(*args, callback, stop)
        except _core.StatusError as e:
            raise _error(e) from None
        finally:
            bar.close()
            with self._lock:
                self._running.discard(stop)
            with _calls:
                _running_calls.discard(stop)
                _calls.notify_all()

    def cancel(self) -> None:
        """Stops every call running on this game (from any thread): each
        raises Cancelled within about a second."""
        with self._lock:
            for stop in self._running:
                stop.request_stop()

    def solve(self, position=None, engine: Optional[str] = None, *,
              progress: ProgressArg = True, options: Optional[dict] = None,
              **engine_options) -> Analysis:
        """The value of ``position`` (None: the start) for the player to move,
        as ``sente solve --json`` gives it. ``engine`` is one of
        ``info.engine_names`` (default: the first that accepts the position);
        ``engine_options`` are that engine's (``node_limit=...``,
        ``threads=1``). ``progress``: True for a tqdm bar (when tqdm is
        installed), False for none, or a callable (done, total, note).
        ``options``: engine options whose names are not Python identifiers."""
        text, file = _position(position)
        options = self._call_options(engine, dict(options or {}, **engine_options))
        return Analysis._parse(self._run("solving", progress, self._plugin.solve, options, text,
                                         file))

    def analyze(self, position=None, engine: Optional[str] = None, *,
                progress: ProgressArg = True, **engine_options) -> Analysis:
        """As ``solve``, with the value of every legal move (``moves``)."""
        text, file = _position(position)
        options = self._call_options(engine, engine_options)
        return Analysis._parse(self._run("analysing", progress, self._plugin.analyze, options,
                                         text, file))

    def table(self, *, progress: ProgressArg = True, **options) -> ResultTable:
        """``sente table``: a family of boards solved, one row each (options:
        the command's, e.g. ``max_area=24``; the game's own as for solve)."""
        merged = self._command_options(options, "table")
        return ResultTable._parse(self._run("tabulating", progress, self._plugin.table, merged))

    def verify(self, file, *, progress: ProgressArg = True, **options) -> VerifyReport:
        """``sente verify``: the published values in ``file`` recomputed."""
        merged = self._command_options(options, "verify")
        return VerifyReport._parse(self._run("verifying", progress, self._plugin.verify, merged,
                                             _path("file", file)))

    def locate(self, position=None, engine: Optional[str] = None, *,
               progress: ProgressArg = True, **engine_options):
        """Where ``engine``'s table keeps the value of ``position`` (None: the
        start): a sente.tables.TableEntry (the file, its section, the
        position's index in the game's ranking and its entry, -1 when not
        reachable). The table is read from ``table=FILE`` when that file
        exists, else solved first (and written there when given). BadInput
        for an engine that keeps no such table."""
        from .tables import TableEntry

        text, file = _position(position)
        options = self._call_options(engine, engine_options)
        return TableEntry(**json.loads(self._run("locating", progress, self._plugin.locate,
                                                 options, text, file)))

    def open_table(self, path, *, progress: ProgressArg = False):
        """The tablebase's table file ``path`` of this game, mapped read-only
        (a GameTable: a sente.tables.Table that also finds a position's
        entry). The file must exist; a file of another game is BadInput."""
        from .tables import Table

        table = open_table(path, game=self.name, engine="tablebase", kind="table",
                           progress=progress)
        gt = GameTable(self, table)
        gt.entry()  # the plugin checks the file is of this game's rules (BadInput if not)
        return gt

    def rules(self, position=None, moves: Iterable[str] = ()) -> RulesState:
        """``position`` (None: the start) after ``moves`` (names in any
        notation the game reads), by the rules alone: no engine runs, so it
        answers at once. A RulesState: ``position`` (text the game reads
        back), ``to_move``, ``player`` (0: the player to move at
        ``position``, 1: the other), ``moves`` (each a LegalMove: ``move``,
        its name, and ``id``, its number below ``move_ids``; empty: the game
        is over), ``points`` (earned by each player in ``moves``, scored
        games), ``terminal_value`` (the game over: its value for the player
        to move), ``value_kind`` ("win-loss" or "score"), ``value_lo`` and
        ``value_hi`` (every value a position takes), ``cyclic`` and
        ``impartial``. BadInput for a malformed position or an illegal move
        (the message lists the legal ones)."""
        text, file = _position(position)
        if isinstance(moves, (str, bytes)) or not isinstance(moves, (list, tuple)):
            raise TypeError(f"moves: give a list of move names in order, not "
                            f"{type(moves).__name__}")
        names = []
        for m in moves:
            if not isinstance(m, str):
                raise TypeError(f"moves: each is a move's name (a str), not {m!r}")
            names.append(_text(m))
        try:
            return self._plugin.rules(self._options, text, file, names)
        except _core.StatusError as e:
            raise _error(e) from None

    def play(self, position=None, engine: Optional[str] = None, **engine_options) -> "Play":
        """A game in progress from ``position`` (None: the start) against
        perfect play, as in ``sente play``: the engine keeps what it solved
        from one move to the next."""
        text, file = _position(position)
        options = self._call_options(engine, engine_options)
        try:
            session = self._plugin.session(options, text, file, {})
        except _core.StatusError as e:
            raise _error(e) from None
        return Play(self, session)

    def bench(self, positions: Union[None, str, Iterable] = None,
              engines: Optional[Iterable[str]] = None, repeat: int = 1, *,
              progress: ProgressArg = False, **engine_options):
        """Every engine on every position, timed: one row per (position,
        engine, run) with the wall time in seconds, the value, the engine's
        figures (nodes, peak_rss ...), and ``agrees``: whether its value is
        the one every engine that settled the position gave. An engine that
        refuses a position gives a row with ``error`` set. Returns a pandas
        DataFrame when pandas is installed, else the list of rows (dicts)."""
        if positions is None or isinstance(positions, (str, os.PathLike)):
            positions = [positions]
        if isinstance(engines, str):
            engines = [engines]
        engines = list(engines) if engines is not None else self.info.engine_names
        if not isinstance(repeat, numbers.Integral) or isinstance(repeat, bool) or repeat < 1:
            raise BadInput(f"repeat {repeat!r}: give a whole number, at least 1")
        for p in positions:
            _position(p)  # a bad position is the caller's error, not a row's
        # Each engine gets the options that are its own or the game's, as the
        # driver's bench does; a name no engine or game takes is refused here.
        given = _options(None, engine_options)
        scopes = {}
        for o in self.info.options:
            scopes.setdefault(o.name, set()).add(o.engine if o.scope == "engine" else None)
        for name in given:
            if name not in scopes:
                self._check(dict(self._options, **{name: given[name]}), "solve")
        rows = []
        for position in positions:
            first = len(rows)
            for engine in engines:
                for run in range(repeat):
                    start = time.perf_counter()
                    row = {"game": self.name, "position": "" if position is None else
                           os.fspath(position), "engine": engine, "run": run}
                    mine = {k: v for k, v in given.items()
                            if None in scopes[k] or engine in scopes[k]}
                    try:
                        a = self.solve(position, engine, progress=progress, options=mine)
                    except BadInput as e:
                        row.update(seconds=time.perf_counter() - start, error=str(e))
                        rows.append(row)
                        continue
                    row.update(seconds=time.perf_counter() - start, value=a.value,
                               value_text=a.value_text, outcome=a.outcome,
                               resolved=a.resolved, error=None)
                    row.update({f"stat_{n}": s.value for n, s in a.stats.items()})
                    row["_comparable"] = (a.outcome if a.value_kind in ("win-loss", "nimber")
                                          else (a.value_kind, a.value)) if a.resolved else None
                    rows.append(row)
            settled = {r["_comparable"] for r in rows[first:] if r.get("_comparable") is not None}
            for r in rows[first:]:
                c = r.pop("_comparable", None)
                r["agrees"] = None if c is None else len(settled) == 1
        try:
            import pandas
        except ImportError:
            return rows
        return pandas.DataFrame(rows)


class Play:
    """A game in progress (``Game.play``): the position, whose turn it is,
    every move valued, and perfect play's move."""

    def __init__(self, game: Game, session):
        self._game = game
        self._session = session
        # One call at a time: a session is one position and one engine's tables.
        self._lock = threading.Lock()
        self.history = []  # the moves played, in the game's main notation

    @property
    def player(self) -> int:
        """Who moves: 0 for the player who moved first here, 1 for the other
        (a move that earns another move keeps the mover)."""
        return self._session.player

    def analyze(self, *, progress: ProgressArg = True) -> Analysis:
        """The current position with every legal move valued."""
        return self._analyze(progress)[0]

    def _analyze(self, progress):
        with self._lock:
            text, best = self._game._run("analysing", progress, self._session.analyze)
        return Analysis._parse(text), best or None

    def best_move(self, *, progress: ProgressArg = True) -> Optional[str]:
        """The move perfect play chooses here, as ``sente play`` does (the
        fastest win or slowest loss among the best), or None when the game
        is over."""
        return self._analyze(progress)[1]

    def play(self, move: str) -> str:
        """Plays ``move`` (any notation the game reads) and returns its name
        in the main notation. BadInput for an illegal move, listing the legal
        ones."""
        if not isinstance(move, str):
            raise TypeError(f"move: give its name (a str, as analyze() lists them), not {move!r}")
        try:
            with self._lock:
                name = self._session.play(_text(move))
        except _core.StatusError as e:
            raise _error(e) from None
        self.history.append(name)
        return name

    def reset(self, position=None) -> None:
        """Back to ``position`` (None: the start), player 0 to move, keeping
        the engine's tables."""
        text, file = _position(position)
        try:
            with self._lock:
                self._session.reset(text, file)
        except _core.StatusError as e:
            raise _error(e) from None
        self.history.clear()


class GameTable:
    """A tablebase table file of one game (``Game.open_table``): the mapped
    Table (``table``: header, sections as numpy arrays) and the game's
    ranking to find a position's value in it."""

    def __init__(self, game: Game, table):
        self.game = game
        self.table = table
        self.values = table.values
        self._path = pathlib.Path(os.fsdecode(table.path_bytes))

    def entry(self, position=None) -> int:
        """The element of ``values`` holding ``position``'s value (None: the
        start), -1 when it is not reachable from the start. The plugin checks
        that the file is of this game's rules (BadInput if not)."""
        return self.game.locate(position, "tablebase", table=self._path, progress=False).entry

    def value(self, position=None) -> tuple:
        """(outcome, depth) of ``position`` read from the array: outcome
        "win", "loss" or "draw" for the player to move, depth in plies (None
        for a draw); None when not reachable."""
        from .tables import decode_ranked

        e = self.entry(position)
        if e < 0:
            return None
        outcome, depth = decode_ranked(self.values[e:e + 1])
        return ({1: "win", -1: "loss", 0: "draw"}[int(outcome[0])],
                None if depth[0] < 0 else int(depth[0]))
