"""Panel repaints only the cells that changed; lean_output sends only those cells."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from screens.lean_output import _widen
from screens.panel import Panel, cells_of, changed_spans


class PanelApp(App[None]):
    CSS = "#fixed { height: 3; width: 20; } #auto { width: 20; }"

    def compose(self) -> ComposeResult:
        yield Panel(Text("abc\ndef\nghi"), id="fixed")
        yield Panel("one line", id="auto")


def recorder(panel: Panel) -> list[tuple[tuple[Region, ...], dict]]:
    calls: list[tuple[tuple[Region, ...], dict]] = []
    original = panel.refresh

    def refresh(*regions: Region, **kwargs):
        calls.append((regions, kwargs))
        return original(*regions, **kwargs)

    panel.refresh = refresh  # type: ignore[method-assign]
    return calls


async def test_the_same_content_repaints_nothing_and_a_change_only_its_cells():
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        panel = app.query_one("#fixed", Panel)
        calls = recorder(panel)
        panel.update(Text("abc\ndef\nghi"))
        assert calls == []
        panel.update(Text("abc\ndXf\nghi"))
        assert calls == [((Region(1, 1, 1, 1),), {})]
        await pilot.pause()
        assert "dXf" in str(panel.render())
        calls.clear()
        panel.update(Text("abc\ndXf\nghi", style="bold"))  # same letters, new look
        assert [len(regions) for regions, _ in calls] == [3]


async def test_an_auto_height_panel_that_grows_is_laid_out_again():
    app = PanelApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        panel = app.query_one("#auto", Panel)
        calls = recorder(panel)
        panel.update("two\nlines")
        assert calls and calls[0][1].get("layout") is True
        await pilot.pause()
        assert panel.size.height == 2


def test_changed_spans_join_near_changes_and_keep_wide_characters_whole():
    style = Style(bold=True)
    old = cells_of(Strip([Segment("abcdefghijklmnop", style)]))
    new = cells_of(Strip([Segment("aXcdefghijklmnoY", style)]))
    assert changed_spans(old, new, 16) == [(1, 2), (15, 16)]
    near = cells_of(Strip([Segment("aXcXefghijklmnop", style)]))
    assert changed_spans(old, near, 16) == [(1, 4)]
    wide_old = cells_of(Strip([Segment("ab\u4e00cd")]))
    wide_new = cells_of(Strip([Segment("ab\u4e8ccd")]))
    assert len(wide_new) == 6  # the wide character takes two cells
    assert changed_spans(wide_old, wide_new, 6) == [(2, 4)]


def test_a_cut_through_a_wide_character_takes_it_whole():
    strip = Strip([Segment("ab"), Segment("\u4e00\u4e00", Style(bold=True)), Segment("cd")])
    assert _widen(strip, 3, 5) == (2, 6)  # starts and ends inside a wide character
    assert _widen(strip, 2, 4) == (2, 4)
    assert _widen(strip, 0, 2) == (0, 2)
