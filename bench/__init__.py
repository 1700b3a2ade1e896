"""Benchmarks (python -m bench.run) and the stand-ins they share with the tests: the loopback
fake Discord (bench.fakediscord), the bot harness that plays against it, and a throwaway
PostgreSQL server. They live here so that bench never imports tests; tests import them from here."""
