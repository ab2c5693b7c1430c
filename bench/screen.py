"""A small terminal screen for the bench's clients: what Textual draws, read fast.

pyte handles every character through Python calls (and a namedtuple per cell); with 32
clients on the machine that hosts the server, its cost was a quarter of both cores while
everyone connected, time taken from the host the bench measures. This screen keeps each
row as a list of cells and writes runs of text with one slice assignment. It knows the
sequences a Textual app sends (cursor moves, erases, SGR, modes) and the reverse attribute
(the bench finds a dialog's focused row by it); other sequences are read and ignored.
"""

from __future__ import annotations

import codecs
import re

from rich.cells import get_character_cell_size

_TOKEN = re.compile(
    r"\x1b\[([0-9;:?<>=!]*)[ -/]*([@-~])"  # CSI: parameters, final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[P_^X][^\x1b]*\x1b\\"  # DCS, APC, PM, SOS
    r"|\x1b[()*+#%][0-9A-Za-z@]"  # character sets, DEC tests
    r"|\x1b[^\[\]P_^X()*+#%]"  # two-character escapes
    r"|([\x00-\x1a\x1c-\x1f\x7f])"  # one control character
    r"|([^\x00-\x1f\x1b\x7f]+)"  # printable text
)


class Screen:
    """``columns`` x ``lines`` cells; ``feed`` bytes, read ``display`` and ``reverse``."""

    def __init__(self, columns: int, lines: int) -> None:
        self.columns = columns
        self.lines = lines
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._rest = ""
        self.chars: list[list[str]] = []
        self.reverse: list[list[bool]] = []
        self.x = self.y = 0
        self._saved = (0, 0)
        self._wrap = False  # the last column was written: the next character wraps
        self._reverse = False
        self._clear(0, lines)

    @property
    def display(self) -> list[str]:
        return ["".join(row) for row in self.chars]

    def feed(self, data: bytes) -> None:
        text = self._rest + self._decoder.decode(data)
        self._rest = ""
        last = text.rfind("\x1b")
        if last >= 0 and len(text) - last < 256 and not _TOKEN.match(text, last):
            text, self._rest = text[:last], text[last:]  # cut by the chunk's end: wait
        for match in _TOKEN.finditer(text):  # an ESC no pattern knows is skipped alone
            params, final, control, run = match.group(1, 2, 3, 4)
            if run is not None:
                self._draw(run)
            elif control is not None:
                self._control(control)
            elif final is not None:
                self._csi(params, final)
            else:
                self._escape(match.group())

    # -- cells -----------------------------------------------------------------------------
    def _clear(self, first: int, last: int) -> None:
        for y in range(first, last):
            row = [" "] * self.columns
            flags = [False] * self.columns
            if y < len(self.chars):
                self.chars[y], self.reverse[y] = row, flags
            else:
                self.chars.append(row)
                self.reverse.append(flags)

    def _erase(self, y: int, start: int, stop: int) -> None:
        stop = min(stop, self.columns)
        if start < stop:
            self.chars[y][start:stop] = [" "] * (stop - start)
            self.reverse[y][start:stop] = [False] * (stop - start)

    def _line_feed(self) -> None:
        if self.y < self.lines - 1:
            self.y += 1
            return
        del self.chars[0], self.reverse[0]
        self.chars.append([" "] * self.columns)
        self.reverse.append([False] * self.columns)

    def _draw(self, run: str) -> None:
        if run.isascii():
            while run:
                if self._wrap:
                    self._wrap = False
                    self.x = 0
                    self._line_feed()
                room = self.columns - self.x
                part, run = run[:room], run[room:]
                n = len(part)
                self.chars[self.y][self.x : self.x + n] = part
                self.reverse[self.y][self.x : self.x + n] = [self._reverse] * n
                self.x += n
                if self.x >= self.columns:
                    self.x = self.columns - 1
                    self._wrap = True
            return
        for char in run:
            width = get_character_cell_size(char)
            if width == 0:
                continue
            if self._wrap or self.x + width > self.columns:
                self._wrap = False
                self.x = 0
                self._line_feed()
            self.chars[self.y][self.x] = char
            self.reverse[self.y][self.x] = self._reverse
            if width == 2 and self.x + 1 < self.columns:
                self.chars[self.y][self.x + 1] = ""
                self.reverse[self.y][self.x + 1] = self._reverse
            self.x += width
            if self.x >= self.columns:
                self.x = self.columns - 1
                self._wrap = True

    def _move(self, y: int, x: int) -> None:
        self._wrap = False
        self.y = max(0, min(self.lines - 1, y))
        self.x = max(0, min(self.columns - 1, x))

    # -- sequences -------------------------------------------------------------------------
    def _control(self, char: str) -> None:
        if char == "\r":
            self._move(self.y, 0)
        elif char in "\n\x0b\x0c":
            self._wrap = False
            self._line_feed()
        elif char == "\b":
            self._move(self.y, self.x - 1)
        elif char == "\t":
            self._move(self.y, (self.x // 8 + 1) * 8)

    def _escape(self, sequence: str) -> None:
        if sequence == "\x1b7":
            self._saved = (self.y, self.x)
        elif sequence == "\x1b8":
            self._move(*self._saved)
        elif sequence == "\x1bc":
            self._clear(0, self.lines)
            self._move(0, 0)
            self._reverse = False

    def _csi(self, params: str, final: str) -> None:
        private = params[:1] in ("?", "<", ">", "=")
        numbers = [int(p) if p.isdigit() else 0 for p in params.lstrip("?<>=!").split(";")]
        first = numbers[0] if numbers else 0
        n = max(1, first)
        if private:
            if final in "hl" and {1047, 1049} & set(numbers):
                self._clear(0, self.lines)  # the alternate screen: entered or left, blank
            return
        if final in "Hf":
            self._move(n - 1, (max(1, numbers[1]) if len(numbers) > 1 else 1) - 1)
        elif final == "A":
            self._move(self.y - n, self.x)
        elif final in "Be":
            self._move(self.y + n, self.x)
        elif final in "Ca":
            self._move(self.y, self.x + n)
        elif final == "D":
            self._move(self.y, self.x - n)
        elif final == "E":
            self._move(self.y + n, 0)
        elif final == "F":
            self._move(self.y - n, 0)
        elif final in "G`":
            self._move(self.y, n - 1)
        elif final == "d":
            self._move(n - 1, self.x)
        elif final == "J":
            if first == 0:
                self._erase(self.y, self.x, self.columns)
                self._clear(self.y + 1, self.lines)
            elif first == 1:
                self._clear(0, self.y)
                self._erase(self.y, 0, self.x + 1)
            else:
                self._clear(0, self.lines)
        elif final == "K":
            if first == 0:
                self._erase(self.y, self.x, self.columns)
            elif first == 1:
                self._erase(self.y, 0, self.x + 1)
            else:
                self._erase(self.y, 0, self.columns)
        elif final == "X":
            self._erase(self.y, self.x, self.x + n)
        elif final == "m":
            self._sgr(params)
        elif final == "s":
            self._saved = (self.y, self.x)
        elif final == "u":
            self._move(*self._saved)

    def _sgr(self, params: str) -> None:
        codes = [int(p) if p.isdigit() else 0 for p in params.replace(":", ";").split(";")]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code in (38, 48, 58):  # extended colour: 5;n or 2;r;g;b follow
                i += 3 if i + 1 < len(codes) and codes[i + 1] == 5 else 5
                continue
            if code == 0:
                self._reverse = False
            elif code == 7:
                self._reverse = True
            elif code == 27:
                self._reverse = False
            i += 1
