"""Helper modules for the tests (importable as ``helpers.*`` with tests/ on sys.path)."""
