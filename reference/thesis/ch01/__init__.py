"""Thesis 003, Chapter 1 (Kulkarni-Lee-Liu): subquadratic DP-ERM/SCO via Private AC-SA and iterative localisation."""
