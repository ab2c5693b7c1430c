"""The waiting room of a table that has not started: its seats filling up, the private
code for its creator, and a chat. The app hands it the table's messages (:meth:`handle`)
and opens the game when the table starts."""

from __future__ import annotations

import contextlib
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.widgets import Input, Static

from engines.core import EngineError
from engines.registry import get_game
from engines.safe_text import safe_text
from hosting.protocol import ServerType
from screens.chat_input import ChatInput
from screens.chat_outbox import ChatOutbox
from screens.daily_text import daily_terms
from screens.dialogs import ConfirmScreen
from screens.footer import Footer
from screens.lobby.lobby import StatusLineScreen
from screens.lobby.rows import chat_line, seat_text, status_text
from screens.panel import Panel
from screens.text_fit import clip_wrap, fit

CHAT_CELLS = 200  # the server's limit for a chat line
CHAT_KEPT = 200  # lines kept on screen


class WaitingRoom(StatusLineScreen):
    """Enter (or t) starts a chat line, Enter sends it, Escape stops typing; Escape or q
    leaves the table (its creator is asked first: leaving closes it)."""

    STATUS_ID = "wait-status"
    SCOPED_CSS = False  # "App.ascii #..." below must match from the app down
    DEFAULT_CSS = """
    WaitingRoom { layout: vertical; }
    #wait-title { height: 1; padding: 0 1; background: $boost; text-style: bold; }
    #wait-info { height: auto; padding: 0 1; }
    #wait-chat { height: 1fr; border: round $accent; border-title-color: $accent;
                 padding: 0 1; }
    #wait-input { height: 1; border: none; padding: 0 1; }
    #wait-input:focus { background: $accent 30%; }
    #wait-status { height: 1; padding: 0 1; color: $text-muted; }
    #wait-status.error { color: $error; }
    App.ascii #wait-chat { border: ascii $accent; }
    """

    AUTO_FOCUS = ""  # keys first (None would mean the app's "*"): Enter or t starts a chat line
    BINDINGS = [
        Binding("enter,t", "chat", "Chat"),
        Binding("escape,q", "leave", "Leave", key_display="q"),
        # while typing (the chat line has the keyboard); Enter is the Input's own
        Binding("enter", "send", "Send"),
        Binding("escape", "stop_typing", "Stop typing", key_display="Esc"),
    ]

    def __init__(self, table_msg: dict[str, Any]) -> None:
        super().__init__()
        self.table_id: int = table_msg["table"]
        self.msg = table_msg
        self.summary: dict[str, Any] = table_msg["summary"]
        self.chat: list[dict[str, Any]] = list(table_msg["chat"])
        self.outbox = ChatOutbox(self._send_chat)

    def compose(self) -> ComposeResult:
        yield Panel("", id="wait-title", markup=False)
        yield Panel("", id="wait-info", markup=False)
        chat = VerticalScroll(Static("", id="wait-chat-lines", markup=False), id="wait-chat")
        chat.border_title = "Chat"
        chat.can_focus = False
        yield chat
        yield ChatInput(
            id="wait-input", placeholder="Enter: say something to the table", max_length=400
        )
        yield Panel("", id="wait-status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.set_focus(None)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    # -- messages from the app ------------------------------------------------
    @property
    def creator(self) -> bool:
        return bool(self.msg["creator"])

    @property
    def your_seat(self) -> int | None:
        return self.msg["your_seat"]

    def handle(self, msg: dict[str, Any]) -> None:
        """A message for this table: ``table`` (all again), ``seats`` or ``chat``."""
        kind = msg["type"]
        if kind == ServerType.TABLE:
            self.msg = msg
            self.summary = msg["summary"]
            self.chat = list(msg["chat"])
        elif kind == ServerType.SEATS:
            self.summary = msg["summary"]
        elif kind == ServerType.CHAT:
            self.chat.append(msg["line"])
            del self.chat[:-CHAT_KEPT]
            if msg["line"]["who"] == self._my_name():
                self.outbox.echoed(msg["line"]["text"])
        elif kind == ServerType.ERROR:
            held = self.outbox.refused(msg["code"]) if self.outbox.in_flight else None
            self.show_status(held or msg["message"], error=True)
            return
        self._draw()

    # -- drawing ----------------------------------------------------------------
    def _seat_names(self) -> list[str]:
        try:
            return list(get_game(self.summary["game"]).seat_names(len(self.summary["seats"])))
        except (EngineError, KeyError, ValueError):
            return [f"Seat {s['seat'] + 1}" for s in self.summary["seats"]]

    def _draw(self) -> None:
        if not self.is_mounted:
            return
        with contextlib.suppress(NoMatches):  # the app is closing: its widgets are gone
            self._draw_all()

    def _draw_all(self) -> None:
        width = max(self.size.width - 2, 20)
        ell = self._ellipsis()
        summary = self.summary
        title = (
            f"Table #{self.table_id} - {safe_text(summary['game_name'])} - {status_text(summary)}"
        )
        if self.your_seat is None:
            title += " - watching"
        self.query_one("#wait-title", Static).update(fit(title, width, ell))
        info = Text()
        options = safe_text(summary["options"]) or "the usual rules"
        for line in clip_wrap(f"Options: {options}", width, 2, ell):
            info.append(line + "\n")
        extras = []
        if summary["timer"]:
            extras.append("30 s timer on")
        if terms := daily_terms(summary):
            extras.append(terms)
        else:
            after = summary["stand_in_after"]
            extras.append(
                f"a computer may stand in after {after} min" if after else "no computer stands in"
            )
        if summary.get("rated") is False:
            extras.append("casual (not rated)")
        info.append(fit("Table: " + ", ".join(extras), width, ell) + "\n")
        if self.creator and self.msg["code"]:
            info.append(f"Private code: {safe_text(self.msg['code'])}", style="bold")
            info.append(
                fit(
                    f"  (friends join with c, table #{self.table_id} and this code)",
                    max(width - 30, 10),
                    ell,
                )
                + "\n"
            )
        names = self._seat_names()
        for seat in summary["seats"]:
            label = names[seat["seat"]] if seat["seat"] < len(names) else f"Seat {seat['seat']}"
            line = f"  {seat['seat'] + 1}. {label}: {seat_text(seat)}"
            style = (
                "bold"
                if seat["you"]
                else ("dim" if seat["name"] is None and seat["kind"] == "person" else "")
            )
            info.append(fit(line, width, ell) + "\n", style=style)
        info.rstrip()
        self.query_one("#wait-info", Static).update(info)
        lines = [chat_line(line) for line in self.chat] or ["(nobody has said anything yet)"]
        self.query_one("#wait-chat-lines", Static).update("\n".join(lines))
        scroll = self.query_one("#wait-chat", VerticalScroll)
        self.call_after_refresh(scroll.scroll_end, animate=False)

    # -- keys -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        typing = isinstance(self.focused, Input)
        if action in ("chat", "leave"):
            return not typing
        if action in ("send", "stop_typing"):
            return typing
        return True

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    def on_descendant_blur(self) -> None:
        self.refresh_bindings()

    def action_chat(self) -> None:
        self.query_one("#wait-input", Input).focus()

    def on_chat_input_said(self, event: ChatInput.Said) -> None:
        text = safe_text(event.text)
        if not text:
            self.set_focus(None)
            return
        if cell_len(text) > CHAT_CELLS:
            self.show_status(f"A chat line is at most {CHAT_CELLS} columns.", error=True)
            event.chat_input.put_back(text)
            return
        self.outbox.add(text)

    def _send_chat(self, text: str) -> None:
        send = self.app.send_table  # type: ignore[attr-defined]
        send({"type": "chat", "table": self.table_id, "text": text})

    def _my_name(self) -> str:
        you = getattr(self.app, "lobby_you", None) or {}
        return str(you.get("name") or "")

    async def action_send(self) -> None:
        await self.query_one("#wait-input", ChatInput).action_submit()

    def action_stop_typing(self) -> None:
        self.set_focus(None)

    def action_leave(self) -> None:
        if self.creator and self.summary["status"] == "waiting":

            def done(yes: bool | None) -> None:
                if yes:
                    self.dismiss(None)

            question = (
                f"Leave table #{self.table_id}? You created it: leaving closes it "
                "for everyone waiting."
            )
            self.app.push_screen(ConfirmScreen(question, yes="Close it", no="Stay"), done)
            return
        self.dismiss(None)
