"""Checks for thesis 003 Ch.5."""
