"""Checks for thesis 003 chapter 9 (specs/003_ch09.toml)."""
