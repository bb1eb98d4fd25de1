"""Thesis 003 chapter 13: reference implementations (see specs/003_ch13.toml)."""
