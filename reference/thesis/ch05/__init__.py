"""Thesis 003 Ch.5: log-Laplace transform and a non-Euclidean proximal sampler."""
