"""Thesis 003, Chapter 3 (Gopi-Lee-Liu): private convex optimisation via the (regularised) exponential mechanism."""
