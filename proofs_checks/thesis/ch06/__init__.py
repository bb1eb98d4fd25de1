"""Thesis 003, Ch. 6: checks (D. Liu PhD thesis, Part III non-convex)."""
