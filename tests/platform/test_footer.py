"""The key bar (screens/footer.py): composed again only when the keys it shows change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from screens.footer import Footer
from screens.textual_private import FooterKey
from tests.ui_helpers import screen_text


class Spot(Static, can_focus=True):
    """A focusable widget that takes no typed letters."""


class Keys(Screen[None]):
    BINDINGS = [Binding("a", "alpha", "Alpha"), Binding("b", "beta", "Beta")]
    beta = True

    def compose(self) -> ComposeResult:
        yield Spot("one")
        yield Spot("two")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.beta if action == "beta" else True

    def action_alpha(self) -> None:
        pass

    def action_beta(self) -> None:
        pass


class Note(ModalScreen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Static("a note")
        yield Footer()


class KeysApp(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        self.push_screen(Keys())


def key_widgets(app: App[None]) -> list[FooterKey]:
    return list(app.screen.query_one(Footer).query(FooterKey))


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_the_footer_keeps_its_keys_while_they_stay_the_same() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = key_widgets(app)
        assert [key.description for key in shown] == ["Alpha", "Beta"]
        await pilot.press("tab")  # the focus moves: the screen's bindings are published again
        await settle(pilot)
        app.push_screen(Note())
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, Keys)
        assert key_widgets(app) == shown  # the same widgets: nothing composed again


async def test_the_footer_composes_again_when_its_keys_change() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, Keys)
        screen.beta = False
        screen.refresh_bindings()
        await settle(pilot)
        assert [key.description for key in key_widgets(app)] == ["Alpha"]
        assert "Beta" not in screen_text(app)
        screen.beta = True
        screen.refresh_bindings()
        await settle(pilot)
        assert [key.description for key in key_widgets(app)] == ["Alpha", "Beta"]
        assert "b Beta" in screen_text(app)


async def test_a_footer_leaving_with_its_screen_is_not_composed() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(Note())
        await settle(pilot)
        note_footer = app.screen.query_one(Footer)
        await pilot.press("escape")  # the note and its footer go; a late recompose is harmless
        await settle(pilot)
        await note_footer.recompose()
        assert isinstance(app.screen, Keys)


class CountingFooter(Footer):
    """Counts its composes (Textual's own footer composes twice for every screen opened:
    empty, then with the keys once the screen has drawn)."""

    def __init__(self) -> None:
        super().__init__()
        self.composes = 0

    def compose(self) -> ComposeResult:
        self.composes += 1
        yield from super().compose()


class Counted(Keys):
    def compose(self) -> ComposeResult:
        yield Spot("one")
        yield CountingFooter()


class Fussy(Counted):
    """Its check of an action reads a widget: it cannot answer before it is mounted."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.query_one(Spot).has_focus or action == "alpha"


async def test_a_screen_opens_with_its_keys_composed_once() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(Counted())
        await settle(pilot)
        footer = app.screen.query_one(CountingFooter)
        assert [key.description for key in key_widgets(app)] == ["Alpha", "Beta"]
        assert footer.composes == 1


async def test_keys_a_screen_cannot_say_before_it_is_mounted_come_after_its_first_frame() -> None:
    app = KeysApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(Fussy())
        await settle(pilot)
        assert "a Alpha" in screen_text(app)
        assert app.screen.query_one(CountingFooter).composes == 2
