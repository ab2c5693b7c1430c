"""What RoboRally's programming keys send over a thin link (robotui on a pseudo-terminal,
80x24): a card picked, taken back or a cursor move sends the changed cells, not the screen
(the first card too, whose new preview line moves the log under it: the program panel and
the log are one panel, so the log moves by cells, not by a layout); a screen nobody
touches sends nothing."""

from __future__ import annotations

from tests.helpers.pty_robotui import Terminal

ARGS = [
    "play",
    "roborally",
    "--players",
    "4",
    "--opponent",
    "random,random,random",
    "--seed",
    "7",
    "-o",
    "course=pit-stop",
]


def test_programming_keys_send_only_what_changed(tmp_path) -> None:
    term = Terminal(ARGS, 80, 24, tmp_path)
    try:
        term.wait_for("Which way")
        term.key("1", until="programming")  # North
        term.wait_for(lambda screen: "thinking" not in screen)
        assert "1:-" in term.text()
        first = term.key("1", until="Preview after register 1")
        assert "1:Right 180" in term.text()
        second = term.key("2", until="Preview after register 2")
        assert "2:Left 230" in term.text()
        cursor = term.key("right")
        back = term.key("backspace", until="Preview after register 1")
        assert "2:-" in term.text()
        assert term.idle_rate(1.0) == 0
    finally:
        term.close()
    assert first <= 600  # the preview line is new: the log under it moves down a line
    assert second <= 600 and cursor <= 600 and back <= 600
