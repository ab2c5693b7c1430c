"""Stak Bots texts at 80x24: hints name their keys, a top card's
text shows in full when the column has the room, all stacks tell their counts in one form,
the keys help explains the ``*``/``+`` marks, the turn line names ``^s save`` when the footer
has no room for it, and the hand's heading says who holds how many cards."""

from __future__ import annotations

import re
import textwrap

import pytest

from engines.stak_bots.moves import END, SCRAP, TAKE, Move, encode
from engines.stak_bots.state import StakState
from engines.stak_bots.told import Told, verb, who
from screens.dialogs import RulesScreen, SaveAsScreen
from screens.glyphs import UNICODE
from screens.stak_bots.panels import hint_wrap
from screens.stak_bots.render import (
    fit_label,
    stack_column,
    stack_summary,
    summary_form,
)
from screens.stak_bots.screen import KEYS_HELP, StakBotsScreen
from tests.stak_bots.support import build
from tests.stak_bots.test_columns import check_column, column, parts
from tests.stak_bots.test_keys import footer_keys
from tests.stak_bots.test_prompts import install, react_position, status_lines, tranq_position
from tests.stak_bots.test_screen import log_lines, visible_lines
from tests.ui_helpers import SIZE, make_app, sb_screen, settle

WIDTH = 53  # the status lines at 80x24


# -- 1. hints name the key that makes the move -------------------------------------------
HINT_KEYS = (  # the long form of each, then the shorter ones for less room
    (r"\(card (\d) is picked: ([pdc]) (plays|discards|recycles) it\)\.$", lambda m: [m[2]]),
    (r"\(card (\d) is picked: ([pdc])\)\.$", lambda m: [m[2]]),
    (r"^Hint: card (\d) is picked: ([pdc]) (plays|discards|recycles) it\.$", lambda m: [m[2]]),
    (r"\(option (\d) is selected: Enter\)\.$", lambda m: ["enter"]),
    (r"\(option (\d): Enter\)\.$", lambda m: ["enter"]),
    (r"^Hint: option (\d), .*\(Enter\)\.$", lambda m: ["enter"]),
    (r"\(a, then Enter\)\.$", lambda m: ["a", "enter"]),
    (r"\(s\)\.$", lambda m: ["s"]),
    (r"\(e\)\.$", lambda m: ["e"]),
)


def hint_keys(message: str) -> list[str]:
    """The keys a hint tells to press."""
    assert message.startswith("Hint: "), message
    for pattern, keys in HINT_KEYS:
        match = re.search(pattern, message)
        if match:
            return keys(match)
    raise AssertionError(f"the hint names no key: {message!r}")


def status_text(screen: StakBotsScreen) -> str:
    return " ".join(status_lines(screen))


async def follow_hint(pilot, screen: StakBotsScreen, move: Move) -> str:
    """The hint for ``move`` shows in full, the long way if there is room; its keys make
    exactly that move. Returns the hint as it showed."""
    seat = screen.my_seat()
    assert seat is not None
    screen.on_hint(move, seat)
    screen.refresh_all()
    await pilot.pause()
    assert screen.message == screen.hint_forms[0]
    lines = status_lines(screen)
    assert len(lines) <= 3
    shown = [
        form
        for form in screen.hint_forms
        if " ".join(textwrap.wrap(form, WIDTH)) in " ".join(lines)
    ]
    assert shown, (screen.hint_forms, lines)
    message = shown[0]
    last = [line for line in lines if line][-1]
    assert last.endswith(message.split()[-1])  # the last line: not cut off
    log = screen.session.match.log
    done = len(log)
    await pilot.press(*hint_keys(message))
    await settle(pilot)
    assert log[done].text == encode(move), (message, log[done:])
    return message


def hand_position(recycling: bool = False) -> StakState:
    """Player 1's turn with three cards in hand, Clumsy Bot second, a card to attack with."""
    return build(
        [["core", "core", "spike"], ["core", "begone", "reaper"], ["pit", "fatal"]],
        [["bash", "clumsy", "trip"], ["pit"], ["shot"]],
        recycling=recycling,
    )


@pytest.mark.parametrize("kind", ["play", "discard", "recycle"])
async def test_a_hint_to_play_a_card_picks_it_and_names_its_key(tmp_path, kind):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        players=3,
        options={"recycling": "on"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, hand_position(recycling=True))
        screen.on_hint(Move(kind, effect="clumsy"), 0)
        key = {"play": "p", "discard": "d", "recycle": "c"}[kind]
        assert screen.message == f"Hint: {kind} Clumsy Bot (card 2 is picked: {key} {kind}s it)."
        assert screen.cursor == 1
        await follow_hint(pilot, screen, Move(kind, effect="clumsy"))


async def test_hints_to_attack_scrap_and_end_name_their_keys(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, hand_position())
        attack = Move("attack", seat=2)  # the second target: "a" must select it
        screen.on_hint(attack, 0)
        assert screen.message == "Hint: attack P3 Computer 2 (a, then Enter)."
        await follow_hint(pilot, screen, attack)
        await follow_hint(pilot, screen, SCRAP)
        screen.on_hint(END, 0)
        assert screen.message == "Hint: end your turn (e)."
        await follow_hint(pilot, screen, END)


async def test_a_hint_in_a_prompt_selects_the_option_and_says_enter(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, tranq_position())
        await pilot.press("1", "p")  # play the Tranq Bot: choose a face-up card
        await settle(pilot)
        options = screen.prompt_options()
        assert len(options) == 4
        screen.on_hint(options[2], 0)
        assert screen.option == 2
        assert screen.message.endswith("(option 3 is selected: Enter).")
        # one line under the options: the option's label says which card
        shown = await follow_hint(pilot, screen, options[2])
        assert shown == "Hint: option 3, P2 top Fatal Bot (Enter)."


async def test_a_hint_to_let_an_attack_happen_fits_the_prompt(tmp_path):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        options={"reactive": "on"},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, react_position())
        screen.option = 0
        shown = await follow_hint(pilot, screen, TAKE)
        assert shown == "Hint: let the attack happen (option 3: Enter)."


async def test_a_hint_not_to_attack_closes_the_attack_prompt(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, hand_position())
        await pilot.press("a")
        await pilot.pause()
        assert screen.targeting
        screen.on_hint(Move("play", effect="trip"), 0)
        assert not screen.targeting  # p plays the card at once
        await follow_hint(pilot, screen, Move("play", effect="trip"))


@pytest.mark.parametrize(("players", "recycling"), [(2, "off"), (2, "on"), (4, "off"), (4, "on")])
async def test_the_hint_key_shows_a_hint_that_names_a_key(tmp_path, players, recycling):
    """Seeded games against hard: the hint (from the computer) shows in full, also with
    recycling on, where the turn's keys take two lines, and its keys make the move."""
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="hard",
        seed=7,
        players=players,
        options={"recycling": recycling},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        hinted: list[Move] = []
        on_hint = screen.on_hint

        def record(action, seat):
            hinted.append(action)
            on_hint(action, seat)

        screen.on_hint = record
        await pilot.press("H")
        await settle(pilot)
        assert len(hinted) == 1
        await follow_hint(pilot, screen, hinted[0])


# -- 2. a top card's text shows in full when the column has the room ---------------------
def column_texts(screen: StakBotsScreen) -> list[tuple[list[str], StakState, int]]:
    state = screen.state
    return [
        (visible_lines(screen.query_one(f"#sb-stack-{seat}")), state, seat)
        for seat in range(state.num_players)
    ]


def joined(lines: list[str]) -> str:
    return " ".join(line.strip() for line in lines)


@pytest.mark.parametrize(("players", "ascii_only"), [(2, False), (3, True), (4, False)])
async def test_top_card_text_shows_in_full_when_the_column_has_room(tmp_path, players, ascii_only):
    """The text shows in full when the column holds it and the face-down run under it
    (``[8 down]``, under a rule if there is room for one); else it is cut with an
    ellipsis and the run still shows, on the last row (no row left free)."""
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="hard",
        seed=7,
        players=players,
        ascii=ascii_only,
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        ellipsis = "..." if ascii_only else "\u2026"
        cut = 0
        for lines, state, seat in column_texts(screen):
            column = screen.query_one(f"#sb-stack-{seat}")
            width, height = column.content_size
            text = state.bots[state.kinds[state.stacks[seat][-1]]].text
            wrapped = textwrap.wrap(text, width)
            last = [line for line in lines if line][-1]
            assert re.fullmatch(r"\[8 (face )?down\]", last), lines
            if len(wrapped) + 4 + 1 <= height:  # room for it and the run under it
                assert joined(wrapped) in joined(lines), (text, lines)
                rule = len(wrapped) + 4 + 2 <= height  # and for the rule between them
                filled = [line for line in lines if line]
                assert bool(re.fullmatch(r"[\u2500-]+", filled[-2])) == rule, lines
                assert not any(line.rstrip().endswith(ellipsis) for line in lines[4:]), lines
            else:
                cut += 1
                assert len(lines) == height and lines[-1], lines  # every row used
                assert lines[-3].endswith(ellipsis) and joined(lines[4:-3]) in text, lines
            if players == 2:  # the 2-player columns keep their rule and face-down run
                assert re.search(r"\[8 face down\]", "\n".join(lines)), lines
                assert not cut
        # the Bash Bot ("Bash: when it ...") gave up its rule for its last line
        assert cut == 0


def deep_position() -> StakState:
    """Four stacks; the second has face-up cards under a Spike Bot's long text."""
    return build(
        [
            ["begone", "bash", "begone", "begone", "reaper", "reaper", "reaper", "trip", "bash"],
            ["stomp", "stomp", "stomp", "stomp", "reaper+", "clumsy", "clumsy", "fatal+", "spike"],
            ["clumsy", "tranq", "pit", "shot"],
            ["tranq", "leader"],
        ],
    )


def test_the_list_under_the_top_yields_its_room_to_the_top_card_text():
    state = deep_position()
    text = state.bots[state.kinds[state.stacks[1][-1]]].text
    widths = [12, 12, 12, 13]
    # room for everything: the whole list shows
    tall = stack_column(state, 1, 12, "P2", UNICODE, {}, 20, widths).plain.splitlines()
    assert "+Fatal     1" in tall and "*Reaper    1" in tall and "[4 down]" in tall
    # room for the text and one line of the list: the cut cards are counted
    lines = stack_column(state, 1, 12, "P2", UNICODE, {}, 12, widths).plain.splitlines()
    assert len(lines) == 12 and joined(lines[4:10]) == text  # 6 lines of text
    assert lines[10] == "\u2500" * 12 and lines[11] == "[+8 cards]"
    # a card a prompt marks never yields: the text is cut instead
    marks = {5: "reverse"}  # the Reaper Bot, fifth from the top
    lines = stack_column(state, 1, 12, "P2", UNICODE, marks, 12, widths).plain.splitlines()
    assert "*Reaper    1" in lines and "\u2026" in joined(lines[4:])
    # one row less: the rule gives its row too, the text still shows in full
    lines = stack_column(state, 1, 12, "P2", UNICODE, {}, 11, widths).plain.splitlines()
    assert len(lines) == 11 and joined(lines[4:10]) == text and lines[10] == "[+8 cards]"
    # too little room for the text anyway: the text ends in an ellipsis, the list stays
    # (cut to leave the text two lines at least)
    lines = stack_column(state, 1, 12, "P2", UNICODE, {}, 10, widths).plain.splitlines()
    assert lines[5].endswith("\u2026") and lines[6] == "\u2500" * 12  # 2 lines of text
    assert lines[7:] == ["+Fatal     1", "[2 down]", "[+5 cards]"]
    lines = stack_column(state, 1, 12, "P2", UNICODE, {}, 9, widths).plain.splitlines()
    assert lines[4:] == [
        "Spike: when",
        "it damages\u2026",
        "\u2500" * 12,
        "+Fatal     1",
        "[+7 cards]",
    ]
    # a list that is one face-down run stays too, on the last row: the column never
    # drops a line without saying so
    lines = stack_column(state, 3, 13, "P4", UNICODE, {}, 11, widths).plain.splitlines()
    assert len(lines) == 11 and lines[-3].endswith("\u2026") and lines[-1] == "[1 down]"
    lines = stack_column(state, 0, 12, "P1", UNICODE, {}, 11, widths).plain.splitlines()
    assert lines[1] == "9 (8 down)" and len(lines) == 11
    assert lines[-3:] == ["of that\u2026", "\u2500" * 12, "[8 down]"]
    # very short columns: the rule gives its row to the text, then the text to the list
    lines = stack_column(state, 1, 12, "P2", UNICODE, {}, 6, widths).plain.splitlines()
    assert lines[4:] == ["Spike: when\u2026", "[+8 cards]"]
    lines = stack_column(state, 1, 12, "P2", UNICODE, {}, 5, widths).plain.splitlines()
    assert lines[4:] == ["[+8 cards]"]


def test_an_owner_too_long_for_the_column_keeps_its_number():
    # a computer is "CPU" where "Computer" has no room (not "P2 Compu… 1", which loses the word)
    assert fit_label("P2 Computer 1", 12) == "P2 CPU 1"
    assert fit_label(">P3 Computer 2", 12, "...") == ">P3 CPU 2"
    assert fit_label("P2 Computer 1", 7) == "P2 C\u2026 1"  # narrower still: cut
    assert fit_label("P2 Ann-Christine 1", 12) == "P2 Ann-Ch\u2026 1"
    assert fit_label(">P1 You (you)", 12) == ">P1 You"
    assert fit_label(">P1 You (you)", 25) == ">P1 You (you)"
    assert fit_label("P4 Computer 3", 13) == "P4 Computer 3"
    assert fit_label("Player 2", 6) == "Playe\u2026"


def test_every_owner_is_cut_alike_and_keeps_its_form_when_the_turn_passes():
    """With 4 players the widest column does not keep "P4 Computer 3" whole while the others
    read "P2 Comput… 1", and a name keeps its form when it takes the turn."""
    widths = [12, 12, 12, 13]
    names = ["P1 You", "P2 Computer 1", "P3 Computer 2", "P4 Computer 3"]
    for active in range(4):
        state = deep_position()
        state.active = active
        owners = [
            stack_column(state, seat, widths[seat], names[seat], UNICODE, {}, 12, widths)
            .plain.splitlines()[0]
            .rstrip()
            .removeprefix(">")
            for seat in range(4)
        ]
        assert owners == ["P1 You", "P2 CPU 1", "P3 CPU 2", "P4 CPU 3"]


# -- 3. one form of the counts for every stack --------------------------------------------
def summary_lines(screen: StakBotsScreen) -> list[str]:
    return [lines[1] for lines, _, _ in column_texts(screen)]


def forms(lines: list[str]) -> set[str]:
    """The lines with their numbers taken out: one element if they are alike."""
    return {re.sub(r"\d+", "N", line).replace("N card ", "N cds ") for line in lines}


async def test_every_stack_tells_its_counts_in_the_same_form(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=7, players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        lines = summary_lines(screen)
        assert len(forms(lines)) == 1, lines  # not "9 cds 8 down" next to "9 cds, 8 down"
        # the form two-digit counts need from the start: it stays when a stack reaches 10
        assert lines == ["9 (8 down)"] * 4
        runs = re.findall(
            r"\[\d+ (?:face )?down\]",
            "\n".join("\n".join(lines) for lines, _, _ in column_texts(screen)),
        )
        assert len(forms(runs)) == 1, runs  # not "[8 down]" next to "[8 face down]"

        widths = [screen.query_one(f"#sb-stack-{seat}").content_size.width for seat in range(4)]
        assert widths == [12, 12, 12, 13]
        big_and_single = build(
            [
                [
                    "begone",
                    "bash",
                    "begone",
                    "begone",
                    "reaper",
                    "reaper",
                    "reaper",
                    "trip",
                    "bash",
                    "reaper",
                ],
                ["stomp", "stomp", "stomp", "stomp", "fatal", "clumsy", "clumsy", "fatal", "spike"],
                ["tranq", "leader", "tranq", "pit", "pit", "pit", "expel", "expel", "expel"],
                ["shot"],
            ],
            [["core"], ["core"], ["core"], ["core"]],
        )
        await install(pilot, screen, big_and_single)
        lines = summary_lines(screen)
        assert len(forms(lines)) == 1, lines
        assert lines == ["10 (9 down)", "9 (8 down)", "9 (8 down)", "1 (0 down)"]

        big_and_single.stacks[0].pop(0)  # 9 cards: no flip to "9 cds 8 down"
        screen.refresh_all()
        await pilot.pause()
        lines = summary_lines(screen)
        assert len(forms(lines)) == 1, lines
        assert lines == ["9 (8 down)", "9 (8 down)", "9 (8 down)", "1 (0 down)"]


def test_the_summary_form_is_the_longest_that_fits_every_column():
    """The longest form that fits every column with two-digit counts: it does not change
    when a stack grows to 10 cards."""
    state = deep_position()
    assert summary_form(state, [25, 25, 25, 25]) == 0  # "10 cards, 10 face down"
    assert stack_summary(state, 2, 25, 0) == "4 cards, 3 face down"
    assert stack_summary(state, 2, 17, summary_form(state, [17, 17, 17])) == "4 cards, 3 down"
    assert stack_summary(state, 2, 17, summary_form(state, [17, 17, 16])) == "4 cards 3 down"
    form = summary_form(state, [12, 12, 12, 13])  # "10 cds 10 down" does not fit
    assert [stack_summary(state, s, 12, form) for s in range(4)] == [
        "9 (8 down)",
        "9 (6 down)",
        "4 (3 down)",
        "2 (1 down)",
    ]
    state.stacks[3] = state.stacks[3][-1:]
    assert summary_form(state, [12, 12, 12, 13]) == form
    assert stack_summary(state, 3, 13, form) == "1 (0 down)"
    assert stack_summary(state, 3, 30) == "1 card, 0 face down"
    assert stack_summary(state, 3, 13, 2) == "1 card 0 down"  # never "1 cds"
    state.stacks[0] += state.draw[:3]  # 12 cards, 11 face down: the same form
    assert summary_form(state, [12, 12, 12, 13]) == form
    assert stack_summary(state, 0, 12, form) == "12 (11 down)"


# -- 4. the keys help explains the marks of the stack lists -------------------------------
async def test_keys_help_explains_the_marks_before_card_names(tmp_path):
    assert '("*" before a name: an entry effect, "+":' in KEYS_HELP
    assert "an ability)" in KEYS_HELP and '"[3 down]"' in KEYS_HELP and "[+5 cards]" in KEYS_HELP
    help_lines = KEYS_HELP.splitlines()
    marks = next(i for i, line in enumerate(help_lines) if '"*" before' in line)
    assert "pw" in help_lines[marks - 2]  # next to "pw4 dm3 atk"
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.keys == KEYS_HELP


# -- 5. ^s save on the turn line when the footer has no room for it -----------------------
@pytest.mark.parametrize("recycling", ["off", "on"])
async def test_turn_line_names_save_when_the_footer_has_no_room(tmp_path, recycling):
    app = make_app(
        tmp_path,
        start="play",
        game="stak-bots",
        opponent="random",
        seed=4,
        options={"recycling": recycling},
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        if recycling == "off":  # room for save until undo (once it can) takes it
            assert footer_keys(screen)["Save"] == "^s"
            await pilot.press("p")  # plays Spike Bot: something to undo, nothing scrapped
            await settle(pilot)
            assert screen.session.why_no_undo() is None and not screen.state.scrapped
            assert footer_keys(screen)["Undo"] == "u"
        assert "Save" not in footer_keys(screen)
        lines = status_lines(screen)
        assert len(lines) <= 3 and lines[0].startswith("Your turn: ")
        turn = " ".join(lines[:2])
        assert "^s save" in turn
        if recycling == "on":  # nothing to undo yet: no "u undo"
            assert "H hint ^s save" in turn
        assert "waits: nothing scrapped yet" in " ".join(lines)
        # a message takes the room of the extras, never more than three lines
        screen.message = (
            "A message long enough to take two lines of the status area when "
            "it is shown under the keys."
        )
        screen.refresh_all()
        await pilot.pause()
        lines = status_lines(screen)
        assert len(lines) == 3 and "p play" in lines[0]
        if recycling == "off":  # the keys on one line, the message on two
            assert lines[1].startswith("A message") and lines[2].endswith("the keys.")
        else:  # the keys on two lines, the message cut to one
            assert "^s save" in lines[1] and lines[2].startswith("A message")
            assert lines[2].endswith("\u2026")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)


async def test_turn_line_leaves_out_save_when_the_footer_shows_it(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=(100, 24)) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await pilot.press("p")  # something to undo
        await settle(pilot)
        assert [a for a, _, _ in screen.footer_keys()][-5:] == [
            "hint",
            "undo",
            "save_as",
            "rules",
            "leave",
        ]
        assert screen.footer_left_out() == []
        assert "save" not in screen.turn_keys(WIDTH)


# -- 6. the hand's heading ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "heading"),
    [
        (2, "Your hand, P1 You (P2 holds 2 cards):"),
        (4, "Your hand, P1 You (P2 holds 2 cards, P3 2, P4 2):"),
    ],
)
async def test_hand_heading_says_who_holds_how_many(tmp_path, players, heading):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="random", seed=7, players=players
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        hand = visible_lines(screen.query_one("#sb-hand"))
        assert hand[1] == heading
        screen.state.hands[1] = screen.state.hands[1][:1]
        assert "(P2 holds 1 card" in screen.hand_heading(0)
        screen.session.players[0].name = "Somebody With A Really Long Name"
        short = screen.hand_heading(0)
        assert len(short) <= WIDTH and short.startswith("Your hand (P2 holds 1 card")


# -- 6. every hint reads as English, said to you --------------------------------------------
@pytest.mark.parametrize(
    ("move", "said"),
    [
        (Move("play", effect="spike"), "play Spike Bot"),
        (Move("discard", effect="spike"), "discard Spike Bot"),
        (Move("recycle", effect="spike"), "recycle Spike Bot"),
        (Move("lose", effect="spike"), "scrap Spike Bot from your hand"),
        (Move("react", effect="spike"), "block with Spike Bot"),
        (SCRAP, "scrap your top card"),
        (END, "end the turn"),
        (TAKE, "let the attack happen"),
        (Move("attack", seat=1), "attack Player 2"),
        (Move("target", seat=1), "choose Player 2's top card"),
        (Move("target", seat=0), "choose your top card"),
        (Move("expel", seat=1), "choose Player 2 to scrap a hand card"),
        (Move("expel", seat=0), "choose yourself to scrap a hand card"),
        (Move("reset", seat=1, depth=2), "reset the 2nd card from the top of Player 2's stack"),
        (Move("reset", seat=0, depth=1), "reset the top card of your stack"),
    ],
)
def test_moves_are_described_to_the_mover(move, said):
    from engines.stak_bots.spec import describe

    assert describe(move, 0, None) == f"Player 1: {said}"


async def test_a_hint_to_scrap_a_hand_card_says_from_your_hand(tmp_path):
    """Not "Hint: scrap from hand Bash Bot (option 1: Enter).": the card, then where."""
    from tests.stak_bots.test_prompts import expel_position

    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, expel_position())
        await pilot.press("1", "p", "1")  # the Expel Bot, on yourself: scrap a hand card
        await settle(pilot)
        lose = Move("lose", effect="clumsy")
        screen.on_hint(lose, 0)
        assert screen.hint_forms[:2] == [
            "Hint: scrap Clumsy Bot from your hand (option 2 is selected: Enter).",
            "Hint: scrap Clumsy Bot from your hand (option 2: Enter).",
        ]
        # one line under the prompt's title and options: the short form with the card
        shown = await follow_hint(pilot, screen, lose)
        assert shown == "Hint: option 2, Clumsy Bot (Enter)."


async def test_hints_about_your_own_stack_say_your(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, hand_position())
        screen.on_hint(SCRAP, 0)
        assert screen.message == "Hint: scrap your top card (s)."
        await install(pilot, screen, tranq_position())
        await pilot.press("1", "p")  # the Tranq Bot: choose a face-up card to reset
        await settle(pilot)
        options = screen.prompt_options()
        screen.on_hint(options[0], 0)
        assert screen.hint_forms[0] == (
            "Hint: reset the 2nd card from the top of your stack (option 1 is selected: Enter)."
        )
        assert "Hint: option 1, your #2 Core Bot (Enter)." in screen.hint_forms
        await follow_hint(pilot, screen, options[0])


# -- 7. prompt options call your own stack "your", as the stacks call it "P1 You" -----------
def test_option_labels_say_your_for_the_one_human_only():
    from screens.stak_bots.render import option_label

    state = build(
        [["core", "reaper+", "trip"], ["core", "fatal"], ["core", "bash"]],
        [["pit"], ["shot", "spike"], []],
    )
    names = ["P1 You", "P2 Computer 1", "P3 Computer 2"]
    moves = [
        Move("target", seat=0),
        Move("reset", seat=0, depth=1),
        Move("reset", seat=0, depth=2),
        Move("expel", seat=0),
        Move("target", seat=1),
        Move("expel", seat=1),
    ]
    assert [option_label(state, m, names, 0) for m in moves] == [
        "your Trip Bot",
        "your top Trip Bot",
        "your #2 Reaper Bot",
        "you (1 in hand)",
        "P2 Fatal Bot",
        "P2 (2 in hand)",
    ]
    # hot seat (no one human): every stack by its seat
    assert [option_label(state, m, names) for m in moves] == [
        "P1 Trip Bot",
        "P1 top Trip Bot",
        "P1 #2 Reaper Bot",
        "P1 (1 in hand)",
        "P2 Fatal Bot",
        "P2 (2 in hand)",
    ]
    # the human in another seat
    assert option_label(state, Move("target", seat=1), names, 1) == "your Fatal Bot"
    assert option_label(state, Move("target", seat=0), names, 1) == "P1 Trip Bot"


# Stak Bots at 80x24, none of: top-card text cut while deeper list lines still show,
# "P1 You plays" in the log, ">P1 You (you)" over the column, players who are out in the
# hand's heading, and hints whose key is cut off.
LOW = ["core", "core", "core", "bountiful", "bountiful", "clumsy", "clumsy"]  # face down


def top_text(screen: StakBotsScreen, seat: int) -> list[str]:
    state = screen.state
    width = screen.query_one(f"#sb-stack-{seat}").content_size.width
    return textwrap.wrap(state.bots[state.kinds[state.stacks[seat][-1]]].text, width)


# -- 3. the top card's text in full when the list can make way -----------------------------
@pytest.mark.parametrize(
    ("players", "stack", "hand", "said"),
    [
        # three players: Stomp Bot ended "effect stops it…" over "*Begone 2", "[7 face down]"
        (3, [*LOW, "begone+", "stomp"], ["trip", "pit"], "or it is scrapped."),
        # four players: Sidekick Bot ended "down its…" over the rule and "[8 down]"
        (4, [*LOW, "trip", "sidekick"], ["trip", "pit", "bash", "bountiful"], "down its stack."),
    ],
)
async def test_top_card_text_shows_whole_when_the_list_makes_way(
    tmp_path, players, stack, hand, said
):
    app = make_app(
        tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=players
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        stacks = [["fatal", "shot"], stack, ["leader", "fatal"], ["spike", "reaper"]]
        await install(
            pilot, screen, build(stacks[:players], [hand] + [[] for _ in range(players - 1)])
        )
        lines, height = column(screen, 1)
        wrapped = top_text(screen, 1)
        # the column has the room for the text and one line under it, not for the rule too
        assert 4 + len(wrapped) + 1 == height, (height, lines)
        text, listed = parts(screen, 1, lines)
        assert text == wrapped and " ".join(text).endswith(said), lines
        assert not any(line.endswith("\u2026") for line in lines), lines
        assert listed == [lines[-1]] and len(lines) == height, lines  # every row used
        assert lines[-1] == ("[+8 cards]" if players == 3 else "[8 down]"), lines
        assert check_column(screen, 1) == {"cut": False, "more": players == 3}


async def test_text_too_long_for_any_room_is_still_cut_visibly(tmp_path):
    """A hand of four leaves the three-player columns 9 rows: Stomp Bot's 8 lines cannot
    show, so it is cut with an ellipsis above its list, as before."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(
            pilot,
            screen,
            build(
                [["fatal", "shot"], [*LOW, "begone+", "stomp"], ["leader", "fatal"]],
                [["pit", "tranq", "shot", "bash"], [], []],
            ),
        )
        lines, height = column(screen, 1)
        assert height == 9
        text, listed = parts(screen, 1, lines)
        assert text[-1].endswith("\u2026") and listed == ["*Begone         2", "[7 face down]"]
        assert check_column(screen, 1)["cut"]


# -- 4. the log speaks to the one human ---------------------------------------------------
def begone_and_draw() -> StakState:
    """Player 1 holds a Begone Bot and a Bountiful Bot (draws a card)."""
    return build(
        [["core", "core", "spike"], ["core", "bash", "fatal"]], [["begone", "bountiful"], ["pit"]]
    )


async def test_the_log_says_you_play_and_you_draw(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, begone_and_draw())
        await pilot.press("2", "p")  # Bountiful Bot: draw a card
        await settle(pilot)
        log = " ".join(line.strip() for line in log_lines(screen))
        assert "You play Bountiful Bot." in log and "You draw a card." in log, log
        assert not re.search(r"P1 You (plays|draws|turns|discards|scraps)", log), log
        # the whole log (l) says it the same way
        assert "You play Bountiful Bot." in [text for text, _ in screen.log_lines()]


async def test_hot_seat_log_keeps_the_names_and_verbs(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="human", seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the pass screen
        await pilot.pause()
        screen = sb_screen(app)
        names = screen.names()
        events = [
            Told(who(0), " ", verb(0, "plays"), " Reaper Bot."),
            Told("Turn 2: ", who(1), " ", verb(1, "draws"), " a card."),
        ]
        assert screen.named(events) == [
            f"{names[0]} plays Reaper Bot.",
            f"Turn 2: {names[1]} draws a card.",
        ]


# -- 5. "(you)" only where the name does not say it -------------------------------------
async def test_the_column_says_you_once(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        assert column(screen, 0)[0][0] == ">P1 You"
        screen.session.players[0].name = "Ann"  # a name of your own: "(you)" says who
        screen.refresh_all()
        await pilot.pause()
        assert column(screen, 0)[0][0] == ">P1 Ann (you)"


# -- 6. the hand's heading leaves out players who are out -------------------------------
async def test_the_hand_heading_leaves_out_who_is_out(tmp_path):
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        state = build(
            [["core", "core", "spike"], ["reaper", "core"], ["fatal"]],
            [["begone"], ["pit", "shot"], []],
        )
        state.stacks[2] = []
        state.out[2] = True
        await install(pilot, screen, state)
        hand = visible_lines(screen.query_one("#sb-hand"))
        assert hand[1] == "Your hand, P1 You (P2 holds 2 cards):", hand
        assert "P3" not in hand[1]


# -- 1. a hint keeps the key to press -------------------------------------------------------
def four_player_hand() -> StakState:
    """Four players; Player 1 holds a Core Bot first and a Bountiful Bot second."""
    return build(
        [
            ["clumsy", "reaper", "spike"],
            ["bountiful", "bash"],
            ["clumsy", "tranq"],
            ["shot", "pit"],
        ],
        [["core", "bountiful", "trip"], ["pit"], ["shot"], ["reaper"]],
    )


@pytest.mark.parametrize("scrapped", [False, True])
@pytest.mark.parametrize(("kind", "effect"), [("discard", "core"), ("play", "bountiful")])
async def test_a_long_hint_keeps_its_key_in_view(tmp_path, scrapped, kind, effect):
    """ "Hint: discard Core Bot (card 1 is picked: d discards it)." is wider than the
    status: rather than wrap it ("Hint: play Bountiful Bot (card 1 is picked: p plays" /
    "it)."), the status shows the shorter form that fits one line, the key at its end,
    and the turn line keeps its room."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        state = four_player_hand()
        state.scrapped = scrapped
        await install(pilot, screen, state)
        assert screen.status_width() == WIDTH
        key = kind[0]
        screen.on_hint(Move(kind, effect=effect), 0)
        screen.refresh_all()
        await pilot.pause()
        lines = status_lines(screen)
        assert len(lines) == 3 and all(len(line) <= WIDTH for line in lines), lines
        n = screen.cursor + 1
        assert len(screen.hint_forms[0]) > WIDTH  # the long form needs two lines
        assert screen.hint_forms[0].endswith(f"(card {n} is picked: {key} {kind}s it).")
        shown = [line for line in lines if line]
        assert shown[-1] == screen.hint_forms[1], lines  # the short one, on one line
        assert shown[-1].endswith(f"(card {n} is picked: {key})."), lines
        if not scrapped:  # the line it saved tells why the turn cannot end yet
            assert shown[-2] == "End turn (e) waits: nothing scrapped yet.", lines
        assert lines[0].startswith("Your turn: "), lines
        assert not any(line.startswith("it)") for line in lines), lines
        await follow_hint(pilot, screen, Move(kind, effect=effect))


@pytest.mark.parametrize("width", range(20, 60))
def test_a_hint_never_breaks_inside_its_parenthesis(width):
    """When a hint takes two lines, its parenthesis with the key goes whole onto the
    second (when it fits a line): never a lone "it)." under "... p plays"."""
    text = "Hint: play Bountiful Bot (card 1 is picked: p plays it)."
    lines = hint_wrap(text, width)
    assert " ".join(lines) == text and all(len(line) <= width for line in lines), lines
    tail = "(card 1 is picked: p plays it)."
    if len(tail) <= width:
        assert tail in lines[-1], lines
    if len(text) > width >= len(tail) + len("Hint: play Bountiful Bot "):
        assert lines == ["Hint: play Bountiful Bot", tail]


async def test_the_hint_keeps_its_lines_whatever_the_turn_line_needs(tmp_path, monkeypatch):
    """The message is laid out last and keeps its lines: a turn line longer than it was
    planned to be loses its own last lines, never the hint's key."""
    app = make_app(tmp_path, start="play", game="stak-bots", opponent="random", seed=4, players=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = sb_screen(app)
        await install(pilot, screen, four_player_hand())
        screen.on_hint(Move("discard", effect="core"), 0)
        monkeypatch.setattr(
            screen, "turn_keys", lambda width, room=3: "Your turn: p play\nd discard\ns scrap"
        )
        screen.refresh_all()
        await pilot.pause()
        lines = status_lines(screen)
        assert lines == [
            "Your turn: p play",
            "d discard",
            "Hint: discard Core Bot (card 1 is picked: d).",
        ], lines
