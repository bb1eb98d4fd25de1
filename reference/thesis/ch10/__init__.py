"""Thesis 003 chapter 10: reference implementations (see specs/003_ch10.toml)."""
