"""Thesis 003, Ch. 8: private nonsmooth nonconvex optimization (O2NC, zero/first-order oracles, Goldstein stationarity)."""
