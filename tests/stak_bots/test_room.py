"""Stak Bots on a bigger terminal (room.py), and keys that repaint only what they change."""

from __future__ import annotations

from rich.cells import cell_len

from screens.stak_bots.room import Room, room_for
from tests.stak_bots.test_room_snapshots import install, three_players
from tests.ui_helpers import sb_screen, settle


def test_at_80x24_the_panels_keep_their_sizes():
    assert room_for(80, 24) == Room(left=54, hand_rows=11, card_lines=3)
    assert room_for(79, 23) == room_for(80, 24)  # never smaller


def test_a_bigger_terminal_widens_and_heightens_the_panels():
    room = room_for(120, 40)
    assert room.left > 54 and room.hand_rows > 11 and room.card_lines > 3
    assert 120 - room.left >= 26  # the log keeps at least its 80-column width
    assert room_for(400, 100).left < 400 - 26


def lines_of(screen, selector: str) -> list[str]:
    """A widget's lines as they show, cut to the screen's size."""
    widget = screen.query_one(selector)
    return [strip.text.rstrip() for strip in widget.render_lines(widget.region.reset_offset)]


async def shown_names_and_texts(tmp_path, size: tuple[int, int]) -> tuple[bool, bool]:
    """Whether every top card's name shows whole in its column, and every hand card's
    text whole in the hand, on a terminal of ``size`` (the long-names position)."""
    app = three_players(tmp_path)
    async with app.run_test(size=size) as pilot:
        await install(pilot)
        screen = sb_screen(app)
        state = screen.state
        names = all(
            state.bots[state.kinds[state.stacks[seat][-1]]].name
            in lines_of(screen, f"#sb-stack-{seat}")
            for seat in range(state.num_players)
        )
        hand = " ".join(line.strip() for line in lines_of(screen, "#sb-hand"))
        texts = all(state.bots[state.kinds[card]].text in hand for card in state.hands[0])
        return names, texts


async def test_long_names_and_texts_cut_at_80x24_show_whole_at_120x40(tmp_path):
    assert await shown_names_and_texts(tmp_path / "small", (80, 24)) == (False, False)
    assert await shown_names_and_texts(tmp_path / "big", (120, 40)) == (True, True)


async def test_the_hand_and_status_use_the_width_at_120x40(tmp_path):
    app = three_players(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await install(pilot)
        screen = sb_screen(app)
        assert screen.query_one("#sb-left").size.width == room_for(120, 40).left - 1
        widest = max(cell_len(line) for line in lines_of(screen, "#sb-hand"))
        assert widest > 54  # wider than the whole left panel at 80 columns


async def test_a_card_pick_repaints_only_the_hand_cells_it_changes(tmp_path):
    app = three_players(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await install(pilot)
        screen = sb_screen(app)
        refreshed: dict[str, list[tuple]] = {}
        widgets = [screen.query_one(f"#sb-stack-{seat}") for seat in range(3)]
        widgets += [
            screen.query_one(f"#{name}") for name in ("sb-title", "sb-hand", "sb-status", "sb-log")
        ]
        for widget in widgets:

            def spy(*regions, _widget=widget, _refresh=widget.refresh, **kwargs):
                refreshed.setdefault(_widget.id, []).append(regions)
                return _refresh(*regions, **kwargs)

            widget.refresh = spy
        await pilot.press("right")
        await settle(pilot)
        assert screen.cursor == 1
        assert list(refreshed) == ["sb-hand"], refreshed
        hand = screen.query_one("#sb-hand")
        regions = [region for call in refreshed["sb-hand"] for region in call]
        assert regions and all(region.height == 1 for region in regions)
        assert sum(region.area for region in regions) < hand.size.area // 4


async def under_the_tops(tmp_path, size: tuple[int, int]) -> tuple[bool, bool]:
    """Whether each face-up card under a top card is named in full in its column, and
    whether its text shows under the name (the long-names position: the Fatal Final Blow
    Bot, the Stomping Stomper Bot and the Basher Bottom Smash Bot)."""
    app = three_players(tmp_path)
    async with app.run_test(size=size) as pilot:
        await install(pilot)
        screen = sb_screen(app)
        state = screen.state
        names = texts = True
        for seat in range(state.num_players):
            column = lines_of(screen, f"#sb-stack-{seat}")
            joined = " ".join(line.strip() for line in column)
            for card in state.stacks[seat][:-1]:
                if not state.up[card]:
                    continue
                bot = state.bots[state.kinds[card]]
                names = names and any(line.startswith(bot.tag + bot.name) for line in column)
                texts = texts and bot.text in joined
        return names, texts


async def test_the_cards_under_the_tops_show_whole_with_the_room(tmp_path):
    assert await under_the_tops(tmp_path / "small", (80, 24)) == (False, False)
    assert await under_the_tops(tmp_path / "big", (120, 40)) == (True, True)
