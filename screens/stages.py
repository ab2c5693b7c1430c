"""Where leaving and the end of a game stand on its screen (GameScreen.stage)."""

from __future__ import annotations

from enum import StrEnum


class Stage(StrEnum):
    """Every way out of a game screen goes through this one state, so the screen is
    dismissed at most once."""

    PLAYING = "playing"  # the game goes on
    ASKING = "asking"  # "Leave this unfinished game?" is open; the game waits behind it
    PANEL = "panel"  # the game is over and its panel is open
    BOARD = "board"  # the game is over, its panel closed to look at the board
    LEAVING = "leaving"  # dismissed (or robotui is quitting): nothing more happens here


class UiPhase(StrEnum):
    """What a game screen's keys do now (``GameScreen.ui_phase``), and so which key set its
    footer shows. Each game uses the phases it has."""

    PLAY = "play"  # a move of yours (a game with one kind of move)
    OVER = "over"  # the game is over, its panel closed
    WAIT = "wait"  # someone else is to move
    TURN = "turn"  # Stak Bots: your turn, no effect asks anything
    PROMPT = "prompt"  # Stak Bots: an effect's question, or the stack to attack
    PROGRAM = "program"  # RoboRally: fill your registers
    DECIDE = "decide"  # RoboRally: a numbered choice (facing, power down, an option)
    WATCH = "watch"  # RoboRally: the registers play back
    HELD = "held"  # RoboRally: the last picture of a stepped playback, held
    BUY = "buy"  # Robo Factory: buy information (or not)
    BUILD = "build"  # Robo Factory: build a robot
    ANSWER = "answer"  # Robo Factory hot seat: a buyer reads the answer to a purchase
    NOTES = "notes"  # Robo Factory: the notepad has the keys (a footer mode only)
