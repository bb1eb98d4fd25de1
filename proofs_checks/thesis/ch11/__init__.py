"""Checks for thesis 003 chapter 11 (specs/003_ch11.toml)."""
