"""Checks for thesis 003 chapter 10 (specs/003_ch10.toml)."""
