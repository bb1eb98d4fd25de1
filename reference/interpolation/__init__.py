"""Document 001: Asi, Chadha, Cheng, Duchi, "Private optimization in the interpolation regime: faster rates
and hardness results".  Modules: lipschitz_extension (P1), localization (Alg 4, Alg 5, P2-P4), schedule (P5),
algorithms (Alg 1, 2, 3, 6), privacy (exact accounting of what is implemented), lower_bounds (LB1-LB4, Thm 1,
Thm 4, Prop 5 modulus), bounds (the paper's explicit upper-bound formulas)."""
