"""Thesis 003, Ch. 7: checks (D. Liu PhD thesis, Part III non-convex)."""
