"""The chat line: Enter takes the text and empties the line at once, before the next key
is read, so a fast typist's next line never mixes with the last one and no line is sent
twice. A pasted text of several lines comes in as one line, its parts in order."""

from __future__ import annotations

from textual import events
from textual.message import Message
from textual.widgets import Input


class ChatInput(Input):
    """An Input whose Enter posts :class:`ChatInput.Said` with the line, already cleared."""

    class Said(Message):
        """A line was entered (``text`` as typed; the input is empty already)."""

        def __init__(self, chat_input: ChatInput, text: str) -> None:
            super().__init__()
            self.chat_input = chat_input
            self.text = text

        @property
        def control(self) -> ChatInput:
            return self.chat_input

    async def _on_key(self, event: events.Key) -> None:
        # Enter is taken here, in the order keys reach the line: as a binding it would run
        # only after bubbling up to the app, when the keys typed after it are in the line
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            await self.action_submit()
        # other keys: Input's own handler runs next (handlers run down the class tree)

    async def action_submit(self) -> None:
        text = self.value
        self.value = ""  # now: the next key starts the next line
        self.post_message(self.Said(self, text))

    def _on_paste(self, event: events.Paste) -> None:
        if event.text:
            joined = " ".join(line.strip() for line in event.text.splitlines() if line.strip())
            if joined:
                selection = self.selection
                if selection.is_empty:
                    self.insert_text_at_cursor(joined)
                else:
                    self.replace(joined, *selection)
        event.stop()
        event.prevent_default()  # not Input's paste too (it keeps only the first line)

    def put_back(self, text: str) -> None:
        """A line that cannot go (too wide): back in the line to be shortened."""
        if not self.value:
            self.value = text
            self.cursor_position = len(text)
