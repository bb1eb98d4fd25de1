"""Thesis 003 chapter 12: reference implementations (see specs/003_ch12.toml)."""
