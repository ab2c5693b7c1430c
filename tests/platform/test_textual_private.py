"""Textual's private names robotui uses (screens/textual_private.py), checked one by one
against the installed Textual: a failure names the one that changed. And no module but
the adapter touches a private Textual name."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from textual.app import App
from textual.css.stylesheet import Stylesheet
from textual.widget import Widget
from textual.widgets import Static

import screens.textual_private as private

ROOT = Path(__file__).resolve().parents[2]
# the private names the adapter wraps: nobody else may use them
WRAPPED = {
    "render_segments",
    "_Static__content",
    "_Static__visual",
    "_render_markup",
    "_size_updated",
    "_repaint_regions",
    "_fatal_error",
    "_exception",
    "_exit_renderables",
    "_close_messages_no_wait",
    "_compositor",
    "_footer",
    "_parse_rules",
    "_variables",
}


def test_chops_update_renders_its_segments_with_a_console() -> None:
    render = private.ChopsUpdate.render_segments
    assert list(inspect.signature(render).parameters) == ["self", "console"], (
        "textual._compositor.ChopsUpdate.render_segments changed"
    )


async def test_static_keeps_its_content_in_mangled_names() -> None:
    class Probe(App[None]):
        def compose(self):
            yield Static("old", id="s")

    app = Probe()
    async with app.run_test():
        static = app.query_one("#s", Static)
        assert hasattr(static, "_Static__content"), "Static.__content is gone"
        assert hasattr(static, "_Static__visual"), "Static.__visual is gone"
        assert isinstance(private.static_markup(static), bool), "Static._render_markup"
        from textual.visual import visualize

        private.set_static_content(static, "new", visualize(static, "new"))
        assert str(static.content) == "new", "Static.content no longer reads __content"


def test_the_footer_widgets_are_in_textual_widgets_footer() -> None:
    for name in ("FooterKey", "FooterLabel", "KeyGroup"):
        assert issubclass(getattr(private, name), Widget), f"textual.widgets._footer.{name}"


def test_widget_size_updated_takes_a_layout_flag_and_keeps_repaint_regions() -> None:
    params = inspect.signature(Widget._size_updated).parameters
    assert list(params) == ["self", "size", "virtual_size", "container_size", "layout"], (
        "Widget._size_updated changed"
    )
    assert "_repaint_regions" in inspect.getsource(Widget.__init__), (
        "Widget._repaint_regions is gone"
    )
    assert "_size" in inspect.getsource(Widget.__init__), "Widget._size is gone"


def test_app_fatal_error_hooks_are_there() -> None:
    assert callable(App._fatal_error), "App._fatal_error is gone"
    assert callable(App._close_messages_no_wait), "App._close_messages_no_wait is gone"
    source = inspect.getsource(App.__init__)
    for name in ("_exception", "_exit_renderables"):
        assert f"self.{name}" in source, f"App.{name} is gone"
    assert "_fatal_error" in inspect.getsource(App._handle_exception), (
        "App no longer ends an unhandled error through _fatal_error"
    )


def test_stylesheet_parses_each_source_through_parse_rules() -> None:
    params = inspect.signature(Stylesheet._parse_rules).parameters
    assert list(params) == [
        "self",
        "css",
        "read_from",
        "is_default_rules",
        "tie_breaker",
        "scope",
    ], "Stylesheet._parse_rules changed"
    assert "self._parse_rules(" in inspect.getsource(Stylesheet.parse), (
        "Stylesheet.parse no longer parses through _parse_rules"
    )
    assert "self._variables" in inspect.getsource(Stylesheet.__init__), (
        "Stylesheet._variables is gone"
    )


class _Probe(App[None]):
    CSS = "#s { color: $primary; }"

    def compose(self):
        yield Static("probe", id="s")


async def test_a_second_app_parses_no_css_again(monkeypatch) -> None:
    private.share_parsed_css()
    async with _Probe().run_test():
        pass
    parsed: list[str] = []
    original = private._original_parse_rules

    def counting(self, css, *args):
        parsed.append(css)
        return original(self, css, *args)

    monkeypatch.setattr(private, "_original_parse_rules", counting)
    app = _Probe()
    async with app.run_test():
        assert app.query_one("#s").styles.color == app.current_theme.to_color_system().primary
    assert parsed == []


async def test_parsed_css_is_kept_apart_for_other_variables() -> None:
    private.share_parsed_css()
    dark, light = _Probe(), _Probe()
    light.theme = "textual-light"
    async with dark.run_test():
        dark_color = dark.query_one("#s").styles.color
    async with light.run_test():
        light.theme = "textual-light"
        await light.workers.wait_for_complete()
        light_color = light.query_one("#s").styles.color
    assert dark_color != light_color


def test_a_stylesheets_variables_are_keyed_once_until_they_change() -> None:
    sheet = Stylesheet(variables={"primary": "red", "accent": "blue"})
    first = private._variables_key(sheet)
    assert private._variables_key(sheet) is first  # not sorted again
    assert first == (("accent", "blue"), ("primary", "red"))
    sheet.set_variables({"primary": "green", "accent": "blue"})
    assert private._variables_key(sheet) == (("accent", "blue"), ("primary", "green"))
    sheet._variables["accent"] = "white"  # changed in place: a new key all the same
    assert private._variables_key(sheet) == (("accent", "white"), ("primary", "green"))


def _uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in WRAPPED:
            found.append(f"{node.lineno} .{node.attr}")
        elif isinstance(node, ast.FunctionDef) and node.name in WRAPPED:
            found.append(f"{node.lineno} def {node.name}")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("textual")
            and any(part.startswith("_") for part in node.module.split("."))
        ):
            found.append(f"{node.lineno} from {node.module}")
    return found


def test_no_module_but_the_adapter_touches_a_private_textual_name() -> None:
    adapter = ROOT / "screens" / "textual_private.py"
    assert _uses(adapter)  # the scan sees the adapter's own uses
    others = {
        str(path.relative_to(ROOT)): hits
        for package in ("robotui", "screens")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path != adapter and (hits := _uses(path))
    }
    assert others == {}
