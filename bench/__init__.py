"""Benchmarks run by hand from the repository's folder, as ``python -m bench.NAME``; their
figures are in RESULTS.md."""
