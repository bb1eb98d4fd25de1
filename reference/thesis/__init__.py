"""Thesis 003 (D. Liu, PhD thesis): per-chapter subpackages."""
