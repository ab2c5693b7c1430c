"""Benchmarks run by hand (figures in RESULTS.md); a package so `bench.reference_players`
imports by name in `robotui arena --players ...:Class`."""
