"""Textual screens and widgets of robotui."""
