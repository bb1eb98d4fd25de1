"""Checks for thesis 003 chapter 13 (specs/003_ch13.toml)."""
