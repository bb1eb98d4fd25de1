"""Thesis 003 chapter 11: reference implementations (see specs/003_ch11.toml)."""
