"""Document 002: Accelerated-DP-SRGD (Choquette-Choo, Ganesh, Thakurta) — reference implementation."""
