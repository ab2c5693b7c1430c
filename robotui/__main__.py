"""``python -m robotui``: the same as the ``robotui`` command."""

from robotui.cli import main

if __name__ == "__main__":
    main()
