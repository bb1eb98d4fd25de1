"""Shared primitives used by several documents."""
