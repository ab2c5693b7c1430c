"""A compact keyboard widget: a label and a value changed with left/right."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class ChoiceRow(Widget, can_focus=True):
    """``Label   < value >``; left/right (or h/l, space) change the value."""

    DEFAULT_CSS = """
    ChoiceRow { height: 1; width: 1fr; }
    ChoiceRow:focus { background: $accent 40%; }
    """

    BINDINGS = [
        Binding("left,h", "step(-1)", "Change", show=False),
        Binding("right,l,space", "step(1)", "Change", show=False),
    ]

    index: reactive[int] = reactive(0)

    class Changed(Message):
        """The row's value changed; ``value`` is the one it changed to (the row may have
        moved on by the time a fast typist's message is handled)."""

        def __init__(self, row: ChoiceRow) -> None:
            super().__init__()
            self.row = row
            self.value = row.value

    def __init__(
        self,
        label: str,
        choices: Sequence[tuple[str, str]],
        value: str,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.label = label
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        self.set_reactive(ChoiceRow.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> str:
        return self.choices[self.index][0]

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.choices)
        self.post_message(self.Changed(self))

    def render(self) -> Text:
        shown = self.choices[self.index][1]
        text = Text(f" {self.label:<14}", style="bold")
        text.append(f"< {shown} >", style="reverse" if self.has_focus else "")
        return text
