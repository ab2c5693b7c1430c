"""One robot and its player's cards; the seat names, the registers and the damage limit."""

from __future__ import annotations

from typing import Any

SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange", "White", "Black")
MAX_DAMAGE = 10
REGISTERS = 5


class Bot:
    """One robot and its player's cards."""

    __slots__ = (
        "pos",
        "facing",
        "damage",
        "lives",
        "virtual",
        "archive",
        "flags",
        "powered",
        "announce",
        "destroyed",
        "regs",
        "pairs",
        "locked",
        "fc_locks",
        "hand",
        "options",
        "ablative",
        "howitzer",
        "flywheel",
        "parked",
        "gyro",
        "recompiled",
        "abort",
        "abort_used",
        "radio",
        "crab",
        "dual",
        "pending",
        "stay",
        "reenter_face",
    )

    def __init__(self) -> None:
        self.pos = -1
        self.facing = 0
        self.damage = 0
        self.lives = 3
        self.virtual = False
        self.archive = -1
        self.flags = 0
        self.powered = False
        self.announce = False
        self.destroyed = False
        self.regs = [0] * REGISTERS
        self.pairs = [0] * REGISTERS
        self.locked = [False] * REGISTERS
        self.fc_locks = 0
        self.hand: list[int] = []
        self.options: list[str] = []
        self.ablative = 0
        self.howitzer = 0
        self.flywheel = 0
        self.parked = 0
        self.gyro = False
        self.recompiled = False
        self.abort = False
        self.abort_used = False
        self.radio = -1
        self.crab = -1  # register holding a Crab Legs pair
        self.dual = -1  # register holding a Dual Processor pair
        self.pending: list[str] = []
        self.stay = False
        self.reenter_face = 0

    def clone(self) -> Bot:
        b = Bot.__new__(Bot)
        for name in Bot.__slots__:
            v = getattr(self, name)
            setattr(b, name, v[:] if type(v) is list else v)
        return b

    def data(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in Bot.__slots__}

    @property
    def out(self) -> bool:
        return self.lives <= 0

    @property
    def on_board(self) -> bool:
        return self.pos >= 0

    def has(self, option: str) -> bool:
        return option in self.options
