"""Game night over SSH: the table server, its protocol and its store.

Layering: ``hosting`` sits between ``screens`` and ``saves``. It may import ``saves``,
``engines``, the standard library and platformdirs; never textual, rich, ``screens`` or
``robotui``.
"""
