"""Hypothesis settings of the fuzz suite: derandomized (the same cases on every run, so CI is
reproducible and a failure replays), no example database, no deadline (a 2-core CI machine is
noisy), and no health-check complaint about the per-test store fixtures: each example resets
what it uses."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

FUZZ = settings(derandomize=True, database=None, deadline=None, print_blob=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large, HealthCheck.large_base_example])
