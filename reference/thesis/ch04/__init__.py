"""Thesis 003 Ch.4: private convex optimization in general norms (REM)."""
