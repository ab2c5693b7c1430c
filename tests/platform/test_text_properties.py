"""Text measured in terminal cells, as properties: fitted text is never
wider than allowed, any save and player name survives save and load as the loader keeps
it, and the RoboRally board parser fails only with BoardError. Plus the load list with a
40-character Japanese save name at 80x24."""

from __future__ import annotations

import contextlib
import json
import random
import re
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from textual.widgets import DataTable

from engines.match import Match
from engines.registry import get_game
from engines.roborally.boardfile import BoardError, parse_board, parse_course
from engines.safe_text import safe_text
from saves import PlayerEntry, SavedGame, clean_name, list_saves, load_save, write_save
from screens.load import NAME_WIDTH, LoadScreen
from screens.text_fit import clip_wrap, cut_cells, fit, wrap_groups, wrap_log, wrap_text
from tests.ui_helpers import make_app

WHEN = datetime(2026, 11, 22, 14, 5, 12, tzinfo=UTC)
JAPANESE = "ロボットマスターの対局記録、日曜日の夜に友達と遊んだ長い試合の保存です。第二局目"
# wide CJK, combining marks, emoji with joiners and selectors, and anything else
WIDE = st.sampled_from(
    [
        "日",
        "本",
        "語",
        "ｗ",
        "한",
        "🤖",
        "👩\u200d💻",
        "\u2764\ufe0f",
        "e\u0301",
        "\u0301",
        " ",
        "a",
        "\u2026",
    ]
)
TEXT = st.one_of(
    st.text(max_size=60),
    st.lists(WIDE, max_size=40).map("".join),
    st.lists(st.one_of(WIDE, st.characters()), max_size=40).map("".join),
)
FAST = settings(max_examples=150, deadline=None)


@FAST
@given(TEXT, st.integers(0, 60), st.sampled_from(["\u2026", "...", "~"]))
def test_fit_is_never_wider_than_allowed(text: str, width: int, ellipsis: str) -> None:
    fitted = fit(text, width, ellipsis)
    assert cell_len(fitted) <= width
    if cell_len(text) <= width:
        assert fitted == text
    assert cell_len(cut_cells(text, width)) <= width


@FAST
@given(TEXT, st.integers(4, 40), st.integers(1, 4))
def test_wrapped_text_is_never_wider_than_allowed(text: str, width: int, lines: int) -> None:
    wrapped = clip_wrap(text, width, lines)
    assert len(wrapped) <= lines and all(cell_len(line) <= width for line in wrapped)
    logged = wrap_log([(text, "")], width)
    assert all(cell_len(line) <= max(8, width) for line, _ in logged)
    assert all(cell_len(line) <= width for line in wrap_text(text, width, " ", "  "))
    groups = text.split(" ", 3)
    for balance in (False, True):
        assert all(cell_len(line) <= width for line in wrap_groups(groups, width, balance))


def test_a_japanese_name_is_cut_by_cells():
    fitted = fit(JAPANESE, NAME_WIDTH)
    assert len(JAPANESE) == 40 and cell_len(JAPANESE) == 80
    assert fitted.endswith("\u2026") and cell_len(fitted) <= NAME_WIDTH
    assert JAPANESE.startswith(fitted[:-1])


def _saved(name: str, players: list[PlayerEntry]) -> SavedGame:
    match = Match(get_game("robot-master"), 2, {"hand": "full", "first": "rows"}, 7)
    match.play(match.state.legal_actions()[0])
    return SavedGame(name, match, players, WHEN, WHEN)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, TEXT)
@example("x", "Robot\n")  # a final newline is never written raw (a '$' anchor lets it through)
def test_any_name_round_trips_through_save_and_load(name: str, player: str) -> None:
    kept = clean_name(name) or "unnamed"  # as a new save gets it (an empty one is refused)
    players = [PlayerEntry(player or "You", "human"), PlayerEntry("Robot", "computer", "random")]
    with tempfile.TemporaryDirectory(prefix="robotui-h6-") as folder:
        path = write_save(Path(folder), _saved(kept, players))
        loaded = load_save(path)
        assert loaded.name == kept
        assert loaded.players[0].name == safe_text(player or "You")
        summaries, errors = list_saves(Path(folder))
        assert not errors and [s.name for s in summaries] == [kept]


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    return json.dumps(value) if isinstance(value, str) else str(value)


SQUARES = st.sampled_from(["..", "XX", "b^", "B>", "g+", "w1", "w2", "s1", "s1", "q?", "日本"])
GRID = st.lists(st.lists(SQUARES, min_size=1, max_size=4).map(" ".join), max_size=4)
SCALAR = st.one_of(
    st.text(max_size=6),
    st.integers(-3, 30),
    st.booleans(),
    st.sampled_from(["a1", "b2", "z99", "a0", "N", "e", "a1 NE", "b1 ß", " a1"]),
)
VALUE = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(
            st.sampled_from(["at", "dir", "beams", "registers", "x"]), inner, max_size=4
        ),
    ),
    max_leaves=8,
)
TABLES = st.lists(
    st.dictionaries(st.sampled_from(["at", "dir", "beams", "registers", "x"]), VALUE, max_size=4),
    max_size=2,
)
BOARD = st.fixed_dictionaries(
    {},
    optional={
        "name": VALUE,
        "description": VALUE,
        "grid": st.one_of(GRID.map("\n".join), VALUE),
        "walls": st.one_of(st.lists(st.one_of(SCALAR, st.just("a1 N")), max_size=3), VALUE),
        "lasers": st.one_of(TABLES, VALUE),
        "pushers": st.one_of(TABLES, VALUE),
        "crushers": st.one_of(TABLES, VALUE),
        "other": VALUE,
    },
)


def _board_text(doc: dict, tables: bool) -> str:
    """``doc`` as TOML; with ``tables`` lists of tables as [[key]] and the grid as a
    multi-line string, as board files write them."""
    out, after = [], []
    for key, value in doc.items():
        if tables and isinstance(value, list) and value and all(isinstance(t, dict) for t in value):
            for table in value:
                after.append(f"[[{key}]]")
                after.extend(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in table.items())
        elif tables and key == "grid" and isinstance(value, str):
            out.append(f'grid = """\n{value}\n"""')
        else:
            out.append(f"{json.dumps(key)} = {_toml_value(value)}")
    return "\n".join(out + after)


def _only_board_errors(text: str) -> None:
    for parse in (parse_board, parse_course):
        with contextlib.suppress(BoardError):
            parse(text, "fuzz.toml")


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_board_parser_raises_only_board_error_for_any_text(text: str) -> None:
    _only_board_errors(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BOARD, st.booleans())
def test_board_parser_raises_only_board_error_for_any_toml(doc: dict, tables: bool) -> None:
    _only_board_errors(_board_text(doc, tables))


def test_deeply_nested_toml_is_a_board_error_not_a_crash():
    # hypothesis: tomllib recursed per "[" into a RecursionError
    for text in ("grid = " + "[" * 5000, "a = " + "{b = " * 3000):
        _only_board_errors(text)


async def test_a_japanese_save_name_stays_in_its_column_at_80x24(tmp_path):
    players = [PlayerEntry("You", "human"), PlayerEntry("Computer", "computer", "hard")]
    write_save(tmp_path, _saved(JAPANESE, players))
    write_save(tmp_path, _saved("plain name", players))
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.width <= table.size.width
        lines = [
            "".join(seg.text for seg in strip)
            for strip in table.render_lines(table.region.reset_offset)
        ]
        row = next(i for i, line in enumerate(lines) if "ロボット" in line)
        plain = next(i for i, line in enumerate(lines) if "plain name" in line)
        # the name is cut with an ellipsis inside its column: the date column starts
        # where it does for a plain name, and the game line under it is whole
        name, date = lines[row].split("\u2026", 1)
        assert JAPANESE.startswith(name.strip())
        assert date.strip().startswith("2026-") or date.strip()[:4].isdigit()
        start = lines[plain].index(date.strip()[:4])
        assert cell_len(lines[row][: lines[row].index(date.strip()[:4])]) == start
        assert all(cell_len(line) <= 80 for line in lines)
        assert "Robot Master: You vs Computer (hard)" in lines[row + 1]


NAME = (
    st.one_of(
        st.lists(WIDE, min_size=1, max_size=30).map("".join), st.text(min_size=1, max_size=30)
    )
    .map(safe_text)
    .filter(bool)
)


@settings(max_examples=60, deadline=None)
@given(NAME, st.integers(8, 30))
def test_stak_bots_columns_and_prompts_fit_their_cells(name: str, width: int) -> None:
    from engines.stak_bots.moves import Move
    from screens.glyphs import UNICODE
    from screens.stak_bots.render import fit_label, option_rows, stack_column
    from tests.stak_bots.support import build

    state = build([["core", "core", "spike"], ["core", "pit+", "trip"]], [["expel"], []])
    for label in (f"P2 {name}", f">P1 {name} (you)", f"P3 {name} 1"):
        assert cell_len(fit_label(label, width)) <= width
        column = stack_column(state, 1, width, label, UNICODE, {}, height=14, widths=[width, width])
        assert all(cell_len(line) <= width for line in column.plain.splitlines())
    labels = [f"1 {name}", f"2 {name}", "3 P2 (0 in hand)"]
    rows = option_rows(labels, 0, 3, 40)
    for row in rows:
        shown = [labels[i] for i in row]
        assert len(shown) == 1 or cell_len("  ".join(shown)) <= 40
    assert Move("expel", seat=1)  # the prompt's moves still build


def test_robo_factory_turn_result_names_are_cut_by_cells() -> None:
    from engines.robo_factory.state import Build, Buy
    from screens.robo_factory.draw import NAME_WIDTH as RF_NAME_WIDTH
    from screens.robo_factory.draw import turn_result_text
    from tests.robo_factory.test_turn_text import new_state, wrong_code

    state = new_state()
    state.apply(Buy(None), 1)
    state.apply(Buy(None), 2)
    state.apply(Build(state.order), 1)
    state.apply(Build(wrong_code(state)), 2)
    names = ["You", JAPANESE, "Computer 2"]
    lines = turn_result_text(state.events, 0, names, state.cubes).plain.splitlines()
    row = next(line for line in lines if line.startswith("ロボット"))
    other = next(line for line in lines if line.startswith("Computer 2"))

    # the text after the name starts at the same cell in every row (the name is cut
    # by cells and padded by cells)
    def text_start(line: str) -> int:
        found = re.search(r"[A-Z]{3} (right|wrong)", line)
        assert found is not None
        return found.start()

    indent = text_start(other)
    assert indent == RF_NAME_WIDTH
    assert cell_len(row[: text_start(row)]) == indent


def _finished_session(tmp_path: Path, game_id: str, players: list[PlayerEntry]):
    from screens.session import GameSession

    session = GameSession.new(get_game(game_id), players, {}, 3, tmp_path)
    rng = random.Random(5)
    state = session.match.state
    while not state.is_terminal():
        seat = state.to_move()[0]
        session.match.play(rng.choice(state.legal_actions(seat)), seat)
    return session, state.result()


def test_game_over_tables_pad_wide_names_by_cells(tmp_path) -> None:
    """The game-over rankings of Stak Bots, Robo Factory and RoboRally line their
    columns up by cells: a wide name takes the same cells as a plain one of its width."""
    from screens.robo_factory.screen import RoboFactoryOverScreen
    from screens.roborally.screen import RoboRallyOverScreen
    from screens.stak_bots.screen import StakBotsOverScreen

    wide, plain = "日本語の名前", "abcdefghijkl"  # both 12 cells
    for game_id, screen, marks in (
        ("stak-bots", StakBotsOverScreen, r" \d+$"),
        ("robo-factory", RoboFactoryOverScreen, r" +\d+ cubes?$"),
        ("roborally", RoboRallyOverScreen, r"  flags "),
    ):
        players = [PlayerEntry(wide, "human"), PlayerEntry(plain, "computer", "random")]
        session, result = _finished_session(tmp_path / game_id, game_id, players)
        lines = screen(session, result).summary().plain.splitlines()
        starts = []
        for name in (wide, plain):
            line = next(ln for ln in lines if name in ln and re.search(marks, ln))
            at = re.search(marks, line)
            assert at is not None
            starts.append(cell_len(line[: at.start()]))
        assert starts[0] == starts[1], (game_id, lines)


def test_robo_factory_players_panel_cuts_and_pads_names_by_cells() -> None:
    from types import SimpleNamespace

    from screens.robo_factory.screen import RoboFactoryScreen
    from tests.robo_factory.test_turn_text import new_state

    names = ["ロボットマスターの対局記録", "Computer 1", "Computer 2"]  # 26 cells, 10, 10
    from screens.robo_factory.room import room_for

    panel = SimpleNamespace(names=lambda: names, room=lambda: room_for(80, 24))
    text = RoboFactoryScreen._players_text(panel, new_state().view(0))  # type: ignore[arg-type]
    rows = text.plain.splitlines()[1:4]
    found = [(row, re.search(r"\d+(?=  ( E|used)$)", row)) for row in rows]
    ends = [cell_len(row[: m.end()]) for row, m in found if m is not None]
    assert len(ends) == 3, rows
    assert len(set(ends)) == 1, rows  # every cube count ends at the same cell
    assert all(cell_len(row) == cell_len(rows[1]) for row in rows)


def test_a_player_name_with_a_lone_surrogate_is_saved_without_it() -> None:
    """A name holding a lone surrogate (which UTF-8 cannot encode) is saved, as it is shown."""
    players = [PlayerEntry("Ann\ud800", "human"), PlayerEntry("Robot", "computer", "random")]
    with tempfile.TemporaryDirectory(prefix="robotui-h6-") as folder:
        loaded = load_save(write_save(Path(folder), _saved("surrogate", players)))
        assert loaded.players[0].name == "Ann"
