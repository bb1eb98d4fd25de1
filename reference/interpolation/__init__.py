"""Document 001: Asi, Chadha, Cheng, Duchi, "Private optimization in the interpolation regime: faster rates
and hardness results".

Modules: lipschitz_extension (P1), localization (Alg 4, Alg 5, P2-P4, OperationCounter), geometry (projection
onto an intersection of <= 4 balls), schedule (P5; the explicit Thm 2 bound and its inversion for Cor 4.1 /
Remark 1), algorithms (Alg 1, 2, 3, 6), privacy (exact accounting of what is implemented), lower_bounds
(LB1-LB4, Thm 1, Thm 4, Prop 5 modulus)."""
