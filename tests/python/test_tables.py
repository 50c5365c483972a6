"""Table files as numpy arrays: a small Gobblet Gobblers tablebase solved to a
file, read back through numpy, and set against the header's counts, the
plugin's own lookups and an independent engine (retrograde)."""

import pytest

numpy = pytest.importorskip("numpy")

import sente  # noqa: E402
from sente import tables  # noqa: E402

RULES = {"pieces": "1", "sizes": "2"}  # a small variant, solved in well under a second


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    path = tmp_path_factory.mktemp("table") / "gobblet.tbl"
    g = sente.game("gobblet-gobblers", RULES)
    a = g.solve(engine="tablebase", table=path, progress=False)
    assert path.exists()
    return g, path, a


def test_the_arrays_count_what_the_header_says(solved):
    g, path, a = solved
    t = g.open_table(path).table
    assert t.header["game"] == "gobblet-gobblers" and t.header["kind"] == "table"
    assert set(t.sections) == {"reached", "values"}
    assert t.values.dtype == numpy.uint8 and t.reached.dtype == numpy.uint64
    counts = t.counts()
    for name, value in counts.items():
        assert value == int(t.field(name)), name
    assert counts["positions"] == a.stat("positions")
    assert counts["wins"] == a.stat("wins") and counts["draws"] == a.stat("draws")
    # popcount of the reached set = the number of value bytes
    bits = numpy.unpackbits(t.reached.view(numpy.uint8)).sum()
    assert bits >= counts["positions"]  # the words hold a rank directory beside the bits
    with pytest.raises(ValueError):
        t.values[0] = 1  # read-only


def test_a_position_found_through_the_ranking(solved):
    g, path, _ = solved
    gt = g.open_table(path)
    start = g.locate(engine="tablebase", table=path, progress=False)
    assert start.section == "values" and start.file == str(path)
    assert start.index == int(gt.table.field("root")) and start.index < start.index_size
    assert start.index_size == int(gt.table.field("index-size"))
    # Walk a game: at each position the byte in the array is the value the
    # plugin reads from the file and the value retrograde analysis finds alone.
    p = g.play(engine="tablebase", table=path)
    seen = 0
    for step in range(12):
        a = p.analyze(progress=False)
        outcome, depth = gt.value(a.position)
        assert (outcome, depth) == (a.outcome, a.depth)
        ref = g.solve(a.position, engine="retrograde", progress=False)
        assert (ref.outcome, ref.depth) == (outcome, depth)
        seen += 1
        if not a.moves:
            break
        p.play(a.moves[(3 * step) % len(a.moves)].move)
    assert seen >= 3


def test_decode_matches_the_encoding():
    outcome, depth = tables.decode_ranked(numpy.array([0, 255, 1, 2, 3, 4, 9], numpy.uint8))
    assert outcome.tolist() == [0, 0, -1, 1, -1, 1, -1]
    assert depth.tolist() == [-1, -1, 0, 0, 1, 1, 4]


def test_bad_files_are_refused(solved, tmp_path):
    g, path, _ = solved
    data = path.read_bytes()
    truncated = tmp_path / "truncated.tbl"
    truncated.write_bytes(data[: len(data) // 2])
    with pytest.raises(sente.BadInput, match="truncated.tbl"):
        sente.open_table(truncated)
    flipped = tmp_path / "flipped.tbl"
    flipped.write_bytes(data[:-100] + bytes([data[-100] ^ 1]) + data[-99:])
    with pytest.raises(sente.BadInput, match="flipped.tbl"):
        sente.open_table(flipped)
    with pytest.raises(sente.BadInput, match="absent.tbl"):
        sente.open_table(tmp_path / "absent.tbl")
    with pytest.raises(sente.BadInput, match="game"):
        sente.game("tic-tac-toe").open_table(path)
    # A table of other rules: the plugin refuses it when the game opens it.
    with pytest.raises(sente.BadInput, match="rules"):
        sente.game("gobblet-gobblers", pieces="2", sizes="2").open_table(path)


def test_an_engine_without_a_table_says_so():
    with pytest.raises(sente.BadInput, match="no table with an entry"):
        sente.game("tic-tac-toe").locate(engine="alphabeta", progress=False)
