"""The Python module against the driver: the same games, options, messages
and JSON, and what only a module can do (threads, callbacks, cancel)."""

import json
import os
import pathlib
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import sente
from conftest import SMALL_BOARDS, Driver

# Figures that differ from run to run (time, memory, what the machine had).
VOLATILE_UNITS = {"s", "bytes", "nodes/s", "positions/s", "threads"}


def steady(doc):
    """A solve's JSON without the figures that change between runs; the names
    of every figure kept, and the deterministic ones with their values."""
    doc = dict(doc)
    doc["stats"] = [s if s["unit"] not in VOLATILE_UNITS else {"name": s["name"]}
                    for s in doc["stats"]]
    return doc


def test_games_are_the_drivers(driver):
    listed = driver.json("list")
    assert [g.name for g in sente.games()] == [g["name"] for g in listed["games"]]
    for info, doc in zip(sente.games(), listed["games"]):
        assert info.to_dict() == doc
        assert info.engine_names == [e["name"] for e in doc["engines"]]
    assert sente.search_path() == listed["searched"]


def one_thread(g, engine):
    """{"threads": 1} when `engine` of `g` takes a thread count (its node
    counts then do not vary from run to run), else {}."""
    takes = any(o.name == "threads" and o.engine in (None, engine) for o in g.info.options)
    return {"threads": "1"} if takes else {}


@pytest.mark.parametrize("name", sorted(SMALL_BOARDS))
@pytest.mark.parametrize("command", ["solve", "analyze"])
def test_json_equals_the_drivers(driver, name, command):
    g = sente.game(name, SMALL_BOARDS[name])
    engine = getattr(g, command)(progress=False).engine  # the default engine
    options = dict(SMALL_BOARDS[name], **one_thread(g, engine))
    a = getattr(g, command)(progress=False, **options)
    doc = driver.json(command, name, *Driver.sets(options))
    assert steady(a.to_dict()) == steady(doc)
    assert a.value == doc["value"] and a.value_text == doc["value_text"]
    assert a.depth == doc.get("depth")
    assert [m.move for m in a.moves] == [m["move"] for m in doc["moves"]]
    assert [m.value for m in a.moves] == [m["value"] for m in doc["moves"]]
    assert sorted(a.stats) == sorted(s["name"] for s in doc["stats"])
    # The text itself is the driver's (the same writer), figures aside.
    if all(s["unit"] not in VOLATILE_UNITS for s in doc["stats"]):
        assert a.to_json() + "\n" == driver.run(command, name, *Driver.sets(options), "--json",
                                               "--quiet").stdout


@pytest.mark.parametrize("name", ["domineering", "tic-tac-toe", "dots-and-boxes"])
def test_every_engine_agrees_with_the_driver(driver, name):
    g = sente.game(name, SMALL_BOARDS[name])
    for engine in g.info.engine_names:
        options = one_thread(g, engine)
        args = ["solve", name, *Driver.sets(dict(SMALL_BOARDS[name], **options)), "--engine",
                engine]
        r = driver.run(*args, "--json", "--quiet", check=False)
        if r.returncode not in (0, 7):  # an engine that cannot take this board: the same refusal
            with pytest.raises(sente.Error) as e:
                g.solve(engine=engine, progress=False, **options)
            assert str(e.value) in r.stderr
            continue
        a = g.solve(engine=engine, progress=False, **options)
        assert a.resolved == (r.returncode == 0)  # exit 7: unresolved within the budget
        assert steady(a.to_dict()) == steady(json.loads(r.stdout)), engine


def test_a_position_as_text_and_as_a_file(driver, tmp_path):
    g = sente.game("tic-tac-toe")
    f = tmp_path / "p.txt"
    f.write_text("x.o|.x.|...\n")
    by_text = g.analyze("x.o|.x.|...", progress=False, threads=1)
    by_file = g.analyze(f, progress=False, threads=1)
    doc = driver.json("analyze", "tic-tac-toe", "--threads", "1", str(f))
    assert steady(by_text.to_dict()) == steady(doc) == steady(by_file.to_dict())
    assert by_text.outcome == {1: "win", 0: "draw", -1: "loss"}[doc["value"]]
    assert by_text.best_moves == [m for m in by_text.moves if m.value == doc["value"]]


@pytest.mark.parametrize("call, args", [
    ("game", {"bord": "4x4"}),  # no such option
    ("game", {"board": "4y4"}),  # a bad size
    ("solve", {"position": "xy"}),  # a malformed position
    ("solve", {"engine": "no-such-engine"}),
    ("solve", {"node_limit": "-3"}),
])
def test_bad_input_raises_the_plugins_message(driver, call, args):
    base = {"board": "4x4"}
    cli = ["solve", "domineering"]
    with pytest.raises(ValueError) as e:
        if call == "game":
            sente.game("domineering", **args)
        else:
            sente.game("domineering", **base).solve(progress=False, **args)
    given = dict(base, **args) if call != "game" else args
    position = given.pop("position", None)
    engine = given.pop("engine", None)
    cli += Driver.sets({k.replace("_", "-"): v for k, v in given.items()})
    cli += ["--engine", engine] if engine else []
    cli += [position] if position else []
    r = driver.run(*cli, check=False)
    assert r.returncode != 0
    assert f"sente: error: {e.value}\n" in r.stderr or str(e.value) in r.stderr
    assert isinstance(e.value, sente.BadInput)


def test_option_values_python_style():
    g = sente.game("domineering", board=(3, 4), skip_safe=True)
    assert g.options["board"] == "3x4" and g.options["skip-safe"] == "on"
    with pytest.raises(TypeError):
        sente.game("domineering", board=3.5)
    with pytest.raises(sente.BadInput, match="empty"):
        g.solve("   ", progress=False)
    with pytest.raises(TypeError):
        g.solve(42)


def test_a_missing_plugin_lists_the_search_path():
    with pytest.raises(LookupError) as e:
        sente.game("no-such-game")
    assert isinstance(e.value, sente.PluginNotFound)
    for d in sente.search_path():
        assert d in str(e.value)
    assert "domineering" in str(e.value) and "SENTE_PLUGIN_PATH" in str(e.value)


def test_the_search_path_follows_sente_plugin_path(tmp_path, monkeypatch):
    monkeypatch.setenv("SENTE_PLUGIN_PATH", str(tmp_path / "absent"))
    assert sente.search_path()[0] == str(tmp_path / "absent")
    problems = sente.plugin_problems()
    assert any(p.kind == "missing-directory" and "absent" in p.plugin for p in problems)
    # A file that is not a plugin is reported, not loaded.
    bogus = tmp_path / "libbogus.so"
    bogus.write_bytes(b"not an ELF file")
    monkeypatch.setenv("SENTE_PLUGIN_PATH", str(tmp_path))
    assert any(p.kind == "not-a-library" for p in sente.plugin_problems())
    assert "tic-tac-toe" in [g.name for g in sente.games()]


def test_table_equals_the_drivers(driver):
    g = sente.game("domineering")
    t = g.table(max_area=12, threads=1, progress=False)
    doc = driver.json("table", "domineering", "--max-area", "12", "--threads", "1")
    timed = [t.columns.index(c) for c in ("seconds", "nodes/s")]

    def untimed(d):
        d["rows"] = [[c for i, c in enumerate(row) if i not in timed] for row in d["rows"]]
        return d

    assert untimed(t.to_dict()) == untimed(doc)
    assert t.mismatches == 0 and t.rows and len(t.columns) == len(t.rows[0])
    frame = t.to_dataframe()
    assert list(frame.columns) == t.columns and len(frame) == len(t.rows)


def test_play_against_perfect_play():
    p = sente.game("tic-tac-toe").play()
    assert p.player == 0
    a = p.analyze(progress=False)
    assert len(a.moves) == 9 and a.value_text == "draw"
    best = p.best_move(progress=False)
    assert best in [m.move for m in a.best_moves]
    assert p.play(best) == best and p.player == 1
    with pytest.raises(sente.BadInput) as e:
        p.play(best)  # taken
    assert "legal" in str(e.value)
    while (move := p.best_move(progress=False)) is not None:
        p.play(move)
    assert p.analyze(progress=False).value_text == "draw"  # perfect play draws
    assert len(p.history) == 9
    p.reset()
    assert p.history == [] and len(p.analyze(progress=False).moves) == 9


def test_bench_rows(driver):
    pandas = pytest.importorskip("pandas")
    g = sente.game("domineering", board="3x4")
    frame = g.bench(engines=["alphabeta", "minimax", "retrograde"], repeat=2)
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == 6 and set(frame["engine"]) == {"alphabeta", "minimax", "retrograde"}
    assert frame["agrees"].all() and (frame["seconds"] > 0).all()
    expected = driver.json("solve", "domineering", "--board", "3x4")["value_text"]
    assert set(frame["value_text"]) == {expected}
    # An engine that refuses the position is a row with its error.
    frame = g.bench(engines=["cgt", "no-such-engine"])
    assert frame["error"].iloc[1].startswith("unknown engine")


def test_progress_callback_and_the_gil():
    # A solve of about two seconds: Domineering 8x8, one thread.
    g = sente.game("domineering", board="8x8")
    reports = []
    ticks = []
    stop = threading.Event()

    def tick():  # Python runs beside the engine: the GIL is released
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    try:
        a = g.solve(engine="alphabeta", threads=1,
                    progress=lambda done, total, note: reports.append((done, total, note)))
    finally:
        stop.set()
        t.join()
    assert a.resolved and a.outcome in "LRNP"
    seconds = a.stat("seconds")
    assert len(ticks) > seconds * 20  # at least a fifth of the 100 ticks a second
    assert reports and all(done <= total or total == 0 for done, total, _ in reports)


def test_a_callback_that_raises_stops_the_engine():
    g = sente.game("domineering", board="9x9")

    def boom(done, total, note):
        raise RuntimeError("enough")

    start = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        g.solve(engine="alphabeta", progress=boom)
    assert time.monotonic() - start < 10


def test_cancel_from_another_thread_within_a_second():
    g = sente.game("domineering", board="9x9")  # hours of search
    asked = []

    def cancel():
        time.sleep(1.0)
        asked.append(time.monotonic())
        g.cancel()

    t = threading.Thread(target=cancel)
    t.start()
    with pytest.raises(sente.Cancelled) as e:
        g.solve(engine="alphabeta", progress=False)
    stopped = time.monotonic()
    t.join()
    assert stopped - asked[0] < 1.0
    assert "stopped on request" in str(e.value)
    # The game answers again afterwards.
    assert sente.game("domineering", board="3x3").solve(progress=False).resolved


def test_ctrl_c_raises_keyboard_interrupt():
    # In a process of its own: SIGINT to itself while the engine runs.
    script = textwrap.dedent("""
        import os, signal, threading, time, sente
        g = sente.game("domineering", board="9x9")
        sent = []
        def interrupt():
            time.sleep(1.0)
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=interrupt).start()
        try:
            g.solve(engine="alphabeta", progress=False)
        except KeyboardInterrupt:
            print("interrupted after", round(time.monotonic() - sent[0], 3))
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("interrupted after")
    assert float(r.stdout.split()[-1]) < 1.0


def test_verify_equals_the_drivers(driver):
    data = os.environ.get("SENTE_REFERENCE_DATA", "")
    path = pathlib.Path(data) / "domineering" / "mcgs" / "4x4_easy_imp.test"
    if not path.exists():
        pytest.skip(f"{path} is absent (the published reference data)")
    r = sente.game("cram").verify(path, progress=False)
    doc = driver.run("verify", "cram", str(path), "--json", "--quiet")
    assert [r.to_dict()] == json.loads(doc.stdout)
    assert r.values_compared > 0 and r.values_matched == r.values_compared and not r.mismatches


def test_version_and_abi(driver):
    assert sente.__version__ in driver.run("--version").stdout
    assert sente.ABI_VERSION >= 14


def test_input_python_gives_is_refused_cleanly(tmp_path):
    g = sente.game("tic-tac-toe")
    for bad in ("\ud800", "é" * 40, "x\x00o"):  # a lone surrogate, non-ASCII, a NUL
        with pytest.raises(sente.BadInput):
            g.solve(bad, progress=False)
    raw = tmp_path / "bad.txt"
    raw.write_bytes(b"X.O|\xff..|...\n")  # not UTF-8: the plugin's message, escaped
    with pytest.raises(sente.BadInput, match=r"\\xff|0xFF|0xff"):
        g.solve(raw, progress=False)
    odd = pathlib.Path(os.fsdecode(bytes(tmp_path) + b"/pos\xff.txt"))
    odd.write_text("X.O|...|...")
    assert g.solve(odd, progress=False).resolved  # a file name that is not UTF-8
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(sente.BadInput, match="FIFO"):
        g.solve(fifo, progress=False)  # refused, not read (it would block)
    with pytest.raises(sente.BadInput, match="NUL"):
        g.solve(engine="retrograde", progress=False, table=str(tmp_path / "t\x00.tbl"))
    with pytest.raises(TypeError):
        sente.game(None)
    with pytest.raises(TypeError):
        sente.game("domineering", "4x4")
    with pytest.raises(TypeError):
        g.solve(engine=5, progress=False)
    with pytest.raises(TypeError):
        g.play().play(5)
    assert sente.game("domineering", board="3x3", node_limit=1e6).options["node-limit"] == \
        "1000000"


def test_play_serialises_concurrent_calls():
    p = sente.game("domineering", board="5x5", threads=1).play()
    errors = []

    def analyse():
        try:
            for _ in range(5):
                p.analyze(progress=False)
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    def move():
        for _ in range(5):
            try:
                p.play("a1-a2")
            except sente.BadInput:
                pass
            p.reset()

    threads = [threading.Thread(target=analyse) for _ in range(2)] + [threading.Thread(target=move)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_exit_while_a_solve_runs_on_a_daemon_thread():
    script = textwrap.dedent("""
        import threading, time, sente
        g = sente.game("domineering", board="9x9", threads=1)
        threading.Thread(target=lambda: g.solve(progress=False), daemon=True).start()
        time.sleep(1)
        print("exiting")
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "exiting\n"


def test_bench_gives_each_engine_its_own_options():
    pytest.importorskip("pandas")
    g = sente.game("domineering", board="3x4")
    frame = g.bench(engines=["alphabeta", "minimax"], threads=1, minimax_nodes=10**6)
    assert frame["error"].isna().all() and frame["agrees"].all()
    assert len(g.bench(engines="alphabeta")) == 1
    with pytest.raises(sente.BadInput):
        g.bench(bogus=1)
    with pytest.raises(sente.BadInput):
        g.bench(repeat="2")


def test_cancel_stops_a_table_between_boards():
    g = sente.game("domineering", threads=1)
    timer = threading.Timer(1.0, g.cancel)
    timer.start()
    start = time.monotonic()
    with pytest.raises(sente.Cancelled, match="board shapes"):
        g.table(max_area=64, min_area=40, progress=False)  # about 40 s in all
    timer.join()
    assert time.monotonic() - start < 15  # the board under way finishes first
