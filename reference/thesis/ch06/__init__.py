"""Thesis 003, Ch. 6: private SOSP (Stochastic Spider, AboveThreshold selector) and excess risk (Gibbs sampling)."""
