"""Thesis 003, Ch. 7: tree mechanism and adaptive-batch Stochastic Spider for private SOSP."""
