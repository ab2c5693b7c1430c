"""Every bench is a module of the ``bench`` package: it imports by its name from the
repository's folder, as ``python -m bench.NAME`` runs it, and changes no import path."""

from __future__ import annotations

import importlib
import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
MODULES = sorted(path.stem for path in BENCH.glob("*.py") if path.stem != "__init__")
# The benches run from the command line; the others are the scenarios and helpers they use.
RUNNABLE = sorted(
    name for name in MODULES if 'if __name__ == "__main__":' in (BENCH / f"{name}.py").read_text()
)


def test_the_benches_are_found() -> None:
    assert {"levels", "start_time", "terminal_bytes", "serve_load"} <= set(RUNNABLE)


@pytest.mark.parametrize("name", MODULES)
def test_a_bench_imports_by_name_without_changing_the_import_path(name: str) -> None:
    before = list(sys.path)
    module = importlib.import_module(f"bench.{name}")
    assert sys.path == before
    assert Path(module.__file__ or "").resolve() == BENCH / f"{name}.py"
    assert "sys.path" not in (BENCH / f"{name}.py").read_text()


@pytest.mark.parametrize("name", RUNNABLE)
def test_a_bench_runs_as_a_module(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [f"bench.{name}", "--help"])
    monkeypatch.delitem(sys.modules, f"bench.{name}", raising=False)  # run afresh, as -m does
    with pytest.raises(SystemExit) as stop:
        runpy.run_module(f"bench.{name}", run_name="__main__", alter_sys=True)
    assert stop.value.code == 0
    assert "usage:" in capsys.readouterr().out
