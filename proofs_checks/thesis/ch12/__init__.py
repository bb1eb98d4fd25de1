"""Checks for thesis 003 chapter 12 (specs/003_ch12.toml)."""
