"""Exact arithmetic on nonnegative lattice measures for the certified PLD accountant (``pld.py``).

A measure on the lattice {j h : j integer} (h = 2^-k) is stored as

    mass(j0 + i) = A[i] * 2^E          (A: (n, L) uint64 array, little-endian limbs of a nonnegative integer)

plus, for the chains that need it, a scalar mass at +inf (an exact ``Fraction``).  Every operation is EXACT integer
arithmetic followed by an explicitly DIRECTED rounding (``up`` = ceiling, else floor), so that a chain built with
``up=True`` dominates the exact measure entrywise and a chain built with ``up=False`` is dominated by it:

* ``convolve``: exact product of two integer vectors by Kronecker substitution (pack each vector into one big
  integer with W-limb slots, multiply with FLINT's ``fmpz`` (exact), unpack; a slot holds any coefficient because
  64 W >= 2 bitlen(max entry) + bitlen(min length) + 1), then a right shift by S bits rounded in the stated direction.
* ``shift_round``: floor/ceil(C / 2^S) on multi-limb integers (vectorised; the remainder test is exact).
* ``exact_sum``: the exact integer sum of rows (limbs split in 32-bit halves so that numpy's uint64 sums cannot
  overflow for fewer than 2^32 rows).

Floats appear only in ``approx`` (used to CHOOSE windows, shifts and search starting points; never in a bound).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
from flint import fmpz

LIMB_BITS = 64
_U64 = np.uint64


def limbs_for(bits: int) -> int:
    return max(1, -(-int(bits) // LIMB_BITS))


def ints_to_limbs(vals, L: int) -> np.ndarray:
    """Python ints (>= 0, < 2^(64 L)) -> (n, L) uint64 array."""
    nbytes = 8 * L
    buf = b"".join(int(v).to_bytes(nbytes, "little") for v in vals)
    return np.frombuffer(buf, dtype="<u8").reshape(-1, L).astype(_U64, copy=True)


def limbs_to_ints(A: np.ndarray) -> list[int]:
    """(n, L) uint64 -> list of Python ints (exact)."""
    A = np.ascontiguousarray(A, dtype="<u8")
    n, L = A.shape
    raw = A.tobytes()
    step = 8 * L
    return [int.from_bytes(raw[i * step:(i + 1) * step], "little") for i in range(n)]


def exact_sum(A: np.ndarray) -> int:
    """Exact integer sum of the rows of a limb array."""
    if A.shape[0] == 0:
        return 0
    if A.shape[0] >= 1 << 32:  # pragma: no cover - far beyond any window we build
        raise OverflowError("too many rows for exact_sum")
    lo = (A & _U64(0xFFFFFFFF)).sum(axis=0, dtype=_U64)
    hi = (A >> _U64(32)).sum(axis=0, dtype=_U64)
    tot = 0
    for w in range(A.shape[1]):
        tot += (int(lo[w]) + (int(hi[w]) << 32)) << (LIMB_BITS * w)
    return tot


def max_bitlen(A: np.ndarray) -> int:
    """Exact bit length of the largest entry (0 if all entries are 0)."""
    if A.size == 0:
        return 0
    nz = A != 0
    anyrow = nz.any(axis=1)
    if not anyrow.any():
        return 0
    W = A.shape[1]
    top = W - 1 - np.argmax(nz[:, ::-1], axis=1)
    top = np.where(anyrow, top, -1)
    t = int(top.max())
    vmax = int(A[top == t, t].max())
    return t * LIMB_BITS + vmax.bit_length()


def approx(A: np.ndarray) -> tuple[np.ndarray, int]:
    """(v, e) with A[i] ~= v[i] * 2^e (float64; relative error ~2^-52 for the large entries, tiny entries may be 0).
    For decisions only."""
    n, W = A.shape
    if n == 0:
        return np.zeros(0), 0
    nz = (A != 0).any(axis=0)
    t = int(np.nonzero(nz)[0].max()) if nz.any() else 0
    v = A[:, t].astype(np.float64)
    e = t * LIMB_BITS
    if t >= 1:
        v = v * 2.0 ** 64 + A[:, t - 1].astype(np.float64)
        e -= LIMB_BITS
    return v, e


def shift_round(C: np.ndarray, S: int, up: bool, L: int) -> np.ndarray:
    """floor(C / 2^S) (up=False) or ceil(C / 2^S) (up=True), returned with L limbs.

    Preconditions: S >= 0; the result fits in L limbs (callers choose S from ``max_bitlen``)."""
    m, W = C.shape
    q, r = divmod(int(S), LIMB_BITS)
    out = np.zeros((m, L), dtype=_U64)
    for i in range(L):
        src = q + i
        if src >= W:
            break
        lo = C[:, src]
        if r == 0:
            out[:, i] = lo
        else:
            part = lo >> _U64(r)
            if src + 1 < W:
                part = part | (C[:, src + 1] << _U64(LIMB_BITS - r))
            out[:, i] = part
    if up and S > 0:
        rem = np.zeros(m, dtype=bool)
        if q > 0:
            rem |= (C[:, :min(q, W)] != 0).any(axis=1)
        if r and q < W:
            rem |= (C[:, q] & _U64((1 << r) - 1)) != 0
        carry = rem
        for i in range(L):
            if not carry.any():
                break
            new = out[:, i] + carry.astype(_U64)
            carry = carry & (new == 0)          # wrapped around: propagate
            out[:, i] = new
        if carry.any():  # pragma: no cover - excluded by the choice of S
            raise OverflowError("shift_round: result does not fit")
    # the discarded high limbs must be zero (result fits)
    if q + L < W and (C[:, q + L:] >> _U64(r) if r else C[:, q + L:]).any():  # pragma: no cover
        raise OverflowError("shift_round: result does not fit in L limbs")
    return out


def pack(A: np.ndarray, W: int) -> fmpz:
    n, L = A.shape
    if L == W:
        buf = np.ascontiguousarray(A, dtype="<u8")
    else:
        buf = np.zeros((n, W), dtype="<u8")
        buf[:, :L] = A
    return fmpz(int.from_bytes(buf.tobytes(), "little"))


def unpack(x: fmpz, n: int, W: int) -> np.ndarray:
    b = int(x).to_bytes(n * W * 8, "little")
    return np.frombuffer(b, dtype="<u8").reshape(n, W).astype(_U64, copy=True)


def convolve_exact(A: np.ndarray, B: np.ndarray | None) -> np.ndarray:
    """Exact full convolution of two limb vectors (B None: A * A), returned as (nA + nB - 1, W) limbs."""
    same = B is None
    if same:
        B = A
    nA, nB = A.shape[0], B.shape[0]
    bits = max_bitlen(A) + max_bitlen(B) + max(1, min(nA, nB)).bit_length() + 1
    W = limbs_for(bits)
    pa = pack(A, W)
    prod = pa * pa if same else pa * pack(B, W)
    return unpack(prod, nA + nB - 1, W)


class Measure:
    """mass(j0 + i) = A[i] 2^E e^{-tilt s_i} on the lattice s_i = (j0 + i) 2^-k (tilt 0 or 1: the Q chain of the
    lower bound is stored as e^{s} Q(s), which has the scale of P); ``inf`` = mass at +inf (Fraction; used by the
    pessimistic chain, where it is exact)."""

    __slots__ = ("A", "E", "j0", "k", "inf", "tilt")

    def __init__(self, A: np.ndarray, E: int, j0: int, k: int, inf=Fraction(0), tilt: int = 0):
        self.A, self.E, self.j0, self.k, self.inf = A, int(E), int(j0), int(k), Fraction(inf)
        self.tilt = int(tilt)

    @property
    def n(self) -> int:
        return self.A.shape[0]

    def finite_mass(self) -> Fraction:
        """Exact finite mass (untilted chains only)."""
        assert not self.tilt
        return Fraction(exact_sum(self.A)) * Fraction(2) ** self.E

    def copy(self) -> "Measure":
        return Measure(self.A.copy(), self.E, self.j0, self.k, self.inf, self.tilt)


def normalize(C: np.ndarray, E: int, K: int, up: bool) -> tuple[np.ndarray, int]:
    """Round the integer rows C (value C 2^E) to at most K+1 bits: returns (A, E') with A 2^E' >= (up) or
    <= (down) C 2^E entrywise, A < 2^(K+1)."""
    b = max_bitlen(C)
    S = max(0, b - K)
    L = limbs_for(K + 1)
    if S == 0:
        out = np.zeros((C.shape[0], L), dtype=_U64)
        w = min(L, C.shape[1])
        out[:, :w] = C[:, :w]
        return out, E
    return shift_round(C, S, up, L), E + S
