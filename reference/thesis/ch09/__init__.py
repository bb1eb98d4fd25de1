"""Thesis 003 chapter 9: reference implementations (see specs/003_ch09.toml)."""
