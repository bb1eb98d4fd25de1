"""Checks for doc 004 (heavy-tailed DP-SCO)."""
