"""How the command line opens the Textual UI: the menu of a plain ``robotui`` and the
commands ``play`` and ``resume`` all call :func:`start_app` by this module's name, so that
replacing it here (as tests do) replaces it for every one of them."""

from __future__ import annotations

from robotui.config import AppConfig


def start_app(config: AppConfig) -> None:
    """Open the Textual UI (imported only now, after the environment is set)."""
    from robotui.app import run_app

    run_app(config)
