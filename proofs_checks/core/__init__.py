"""Checks of the core primitives."""
