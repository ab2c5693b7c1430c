"""bench/screen.py, the bench's fast terminal screen, shows what pyte shows: for robotui's
own output on a real pseudo-terminal (fed in random cuts, escapes split between chunks)
and for the sequences it must read right."""

from __future__ import annotations

import random
from pathlib import Path

import pyte

from bench.screen import Screen
from tests.helpers.pty_robotui import Terminal

WIDE, TALL = 80, 24


def both(chunks: list[bytes]) -> tuple[Screen, pyte.Screen]:
    ours, theirs = Screen(WIDE, TALL), pyte.Screen(WIDE, TALL)
    stream = pyte.ByteStream(theirs)
    for chunk in chunks:
        ours.feed(chunk)
        stream.feed(chunk)
    return ours, theirs


def reversed_cells(screen: pyte.Screen) -> list[list[bool]]:
    return [[screen.buffer[y][x].reverse for x in range(WIDE)] for y in range(TALL)]


def cut(data: bytes, rng: random.Random) -> list[bytes]:
    chunks, start = [], 0
    while start < len(data):
        end = start + rng.randint(1, 700)
        chunks.append(data[start:end])
        start = end
    return chunks


def test_robotuis_screens_read_as_pyte_reads_them(tmp_path: Path) -> None:
    term = Terminal([], WIDE, TALL, tmp_path)
    try:
        term.wait_for("Robot Master")
        for key in ("down", "enter", "escape", "?"):  # a dialog, a list, help
            term.key(key)
        term.settle()
        data = b"".join(term.output)
    finally:
        term.close()
    assert len(data) > 5000  # several whole screens were drawn
    for seed in range(5):
        ours, theirs = both(cut(data, random.Random(seed)))
        assert ours.display == theirs.display
        assert ours.reverse == reversed_cells(theirs)
    whole, _ = both([data])
    assert "".join(whole.display).strip()  # something is on the screen


def test_sequences_the_bench_relies_on() -> None:
    data = (
        "\x1b[?1049h\x1b[2J"
        "\x1b[3;5Hplain \x1b[7mreversed\x1b[0m after"
        "\x1b[38;5;7m not reversed \x1b[48;2;7;7;7m nor this\x1b[27m"
        "\x1b[5;79Hwrap"  # the last column, then the next line
        "\x1b[7;1H× ▊ 表 done"  # narrow, block and wide characters
        "\x1b[9;1Herase me\x1b[9;6H\x1b[K"
        "\x1b]0;title\x07\x1b[10;2H\x1b[1;7;38;2;1;2;3mbold reversed\x1b[m"
    ).encode()
    for size in (1, 2, 3, 7, len(data)):
        chunks = [data[i : i + size] for i in range(0, len(data), size)]
        ours, theirs = both(chunks)
        assert ours.display == theirs.display
        assert ours.reverse == reversed_cells(theirs)
    assert "reversed after" in ours.display[2]
    assert ours.display[4].endswith("wr") and ours.display[5].startswith("ap")
    assert ours.display[8].rstrip() == "erase"
