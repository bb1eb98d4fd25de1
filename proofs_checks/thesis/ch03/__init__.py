"""Checks for thesis 003, Chapter 3."""
