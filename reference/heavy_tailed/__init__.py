"""Doc 004: Kamath, Liu, Zhang -- Improved Rates for DP-SCO with Heavy-Tailed Data (reference implementation)."""
