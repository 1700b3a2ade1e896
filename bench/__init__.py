"""Benchmarks (not tests): python -m bench.run"""
