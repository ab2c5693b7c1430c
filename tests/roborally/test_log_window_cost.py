"""The log window of a long race wraps only the entries that can show, not the whole log
(it is drawn twice a second while a computer thinks)."""

from __future__ import annotations

from screens.roborally import panels
from screens.roborally.panels import log_window


def test_only_the_newest_entries_and_their_heading_are_wrapped(monkeypatch) -> None:
    lines = [(f"  Red Move1: f{n}N -> f{n - 1}N", "") for n in range(1000)]
    lines[990] = ("Register 4: Red Move1 500", "bold")
    wrapped: list[str] = []
    wrap = panels.wrap_log

    def counting(entries, width):
        wrapped.extend(text for text, _ in entries)
        return wrap(entries, width)

    monkeypatch.setattr(panels, "wrap_log", counting)
    window = log_window(lines, 40, 8)
    assert len(wrapped) == 10  # from the newest heading on: it stays at the top
    assert window[0] == lines[990] and window[-1] == lines[-1] and len(window) == 8
    wrapped.clear()
    assert log_window(lines[:900], 40, 8) == lines[892:900]  # no heading: the newest 8
    assert len(wrapped) == 8
