"""Drawing a board or course as text for ``robotui board show``: 3 characters a square,
walls as ``|`` and ``---``, a legend and a list of the lasers, pushers and crushers."""

from __future__ import annotations

from engines.roborally.board_model import (
    ARROW_OF,
    BELT,
    DIRS,
    DOUBLE_WRENCH,
    EXPRESS,
    FLOOR,
    GEAR_CCW,
    GEAR_CW,
    PIT,
    VOID,
    WRENCH,
)
from engines.roborally.layout import Layout

_GLYPH = {
    FLOOR: " . ",
    PIT: "[X]",
    WRENCH: " w ",
    DOUBLE_WRENCH: " W ",
    VOID: "   ",
    GEAR_CW: " @+",
    GEAR_CCW: " @-",
}


def render(layout: Layout, robots: dict[int, str] | None = None) -> str:
    """The layout as text: 3 characters a square, walls as | and ---, a legend below."""
    robots = robots or {}
    w, h = layout.width, layout.height
    flag_at = {c: k + 1 for k, c in enumerate(layout.flags)}
    start_at = {c: k + 1 for k, c in enumerate(layout.starts)}
    laser_cells: dict[int, str] = {}
    for src, d, _beams, path in layout.lasers:
        for c in path:
            laser_cells.setdefault(c, ":" if d in (0, 2) else "~")
        laser_cells[src] = "L"
    lines = ["    " + "".join(f" {chr(97 + x) if x < 26 else '?'}  " for x in range(w))]
    for y in range(h):
        top = "    "
        mid = f"{y + 1:>3} "
        for x in range(w):
            i = y * w + x
            top += "+" + ("---" if layout.wall[i] & 1 else "   ")
            mid += "|" if layout.wall[i] & 8 else " "
            mid += _square(layout, i, flag_at, start_at, laser_cells, robots)
        top += "+"
        mid += "|" if layout.wall[y * w + w - 1] & 2 else " "
        lines.append(top.rstrip())
        lines.append(mid.rstrip())
    bottom = "    "
    for x in range(w):
        bottom += "+" + ("---" if layout.wall[(h - 1) * w + x] & 4 else "   ")
    lines.append(bottom + "+")
    lines.append("")
    lines.append(
        "Legend: . floor  [X] pit  >  belt  >> express  @+ gear cw  @- gear ccw  w wrench  "
        "W double wrench"
    )
    lines.append(
        "        F1.. flag  S1.. start  P pusher  C crusher  L laser source (: ~ beam)  | --- walls"
    )

    def at(i: int) -> str:
        """A square as drawn above (``m10``), and by board where the course has several
        (``m10 = laser-alley:a10``), as the course and board files name it."""
        course = layout.course
        several = course is not None and len(course.placements) > 1
        return f"{layout.short_name(i)} = {layout.name_of(i)}" if several else layout.short_name(i)

    details = []
    for src, d, beams, _ in layout.lasers:
        details.append(f"laser at {at(src)} firing {DIRS[d]}, {beams} beam(s)")
    for i in layout.pushers:
        regs = [r + 1 for r in range(5) if layout.pusher_mask[i] >> r & 1]
        details.append(
            f"pusher at {at(i)} pushing {DIRS[layout.pusher_dir[i]]}"
            f" on registers {','.join(map(str, regs))}"
        )
    for i in layout.crushers:
        regs = [r + 1 for r in range(5) if layout.crusher_mask[i] >> r & 1]
        details.append(f"crusher at {at(i)} on registers {','.join(map(str, regs))}")
    lines.extend(details)
    return "\n".join(lines)


def _square(
    layout: Layout, i: int, flag_at: dict, start_at: dict, laser_cells: dict, robots: dict[int, str]
) -> str:
    if i in robots:
        return robots[i][:3].ljust(3)
    if i in flag_at:
        return f"F{flag_at[i]} "
    k = layout.kind[i]
    if k in (BELT, EXPRESS):
        a = ARROW_OF[layout.belt[i]]
        text = f" {a} " if k == BELT else f" {a}{a}"
    elif layout.pusher_dir[i] >= 0:
        text = f" P{ARROW_OF[layout.pusher_dir[i]]}"
    elif i in start_at:
        text = f"S{start_at[i]} "
    else:
        text = _GLYPH[k]
    if layout.crusher_mask[i]:
        text = "C" + text[1:]
    if i in laser_cells and text[0] == " ":
        text = laser_cells[i] + text[1:]
    return text
