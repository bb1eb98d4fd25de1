"""Thesis 003, Ch. 8: checks (D. Liu PhD thesis, Part III non-convex)."""
