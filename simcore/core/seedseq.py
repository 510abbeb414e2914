"""``numpy.random.SeedSequence(entropy).generate_state(2)`` in plain Python integers.

Every game derives four seeds (its own, its state's chance stream, one stream per seat).
Through numpy a derivation costs about 13 us (array coercion, a Cython object,
``np.errstate``): some 50 us of a 600-us random Ratjack game. The mixing itself is a few
dozen 32-bit multiply/xor steps whose multipliers do not depend on the data, so below they
are literals and the words are mixed as Python ints, unrolled: about 2x faster, the same
seeds. ``tests/simcore/core/test_seedseq.py`` compares the two on the running installation.

The algorithm is numpy's (``numpy/random/bit_generator.pyx``, after M. E. O'Neill's
``seed_seq`` alternative): a 4-word pool filled by ``hashmix`` with a running multiplier
(``0x43B0D7E5``, times ``0x931E8875`` per step), every word mixed into every other
(``mix``: ``0xCA01F9DD * x - 0x4973F715 * y``), then two output words (multiplier
``0x8B51F9DD``, times ``0x58F38DED`` per word). Entropy of more than four 32-bit words goes
through numpy itself.
"""

from __future__ import annotations

from typing import Final

try:  # mypyc's 64-bit machine int; it comes with mypy, which only the compiled build needs
    from mypy_extensions import i64
except ImportError:  # plain ints (the compiled module runs this too, and keeps i64 native)
    i64 = int  # type: ignore[misc]  # mypy: "Cannot assign to a type" (i64 is a class to it)

M: Final = 0xFFFFFFFF


def seed63(*entropy: int) -> int:
    """``SeedSequence(list(entropy)).generate_state(2)`` as one int, with the top bit of the
    first word cleared (the seed fits a signed int64 column)."""
    words: list[int] = []
    for n in entropy:  # little-endian 32-bit words of each int, as numpy coerces them
        if n < 0:
            raise ValueError("expected non-negative integer")
        words.append(n & M)
        n >>= 32
        while n:
            words.append(n & M)
            n >>= 32
    if len(words) > 4:
        return _numpy_seed63(entropy)
    words += [0] * (4 - len(words))
    return _mix4(*words)


def _mix4(w0: i64, w1: i64, w2: i64, w3: i64) -> int:
    # The pool (p0..p3), then the two output words. Unrolled: one Python call per seed.
    # Compiled, the words are machine ints (i64): a product of two 32-bit words may pass
    # 2**63 and wrap (the C is built with -fwrapv), which leaves its low 32 bits, all that
    # ``& M`` keeps, exactly those of the Python product. The pure build computes the same.
    h = (w0 ^ 0x43B0D7E5) * 0xAE5A53A9 & M
    p0 = h ^ h >> 16
    h = (w1 ^ 0xAE5A53A9) * 0x8488043D & M
    p1 = h ^ h >> 16
    h = (w2 ^ 0x8488043D) * 0x5A9057E1 & M
    p2 = h ^ h >> 16
    h = (w3 ^ 0x5A9057E1) * 0x9205B1D5 & M
    p3 = h ^ h >> 16
    h = (p0 ^ 0x9205B1D5) * 0xE9096E59 & M
    r = (0xCA01F9DD * p1 - 0x4973F715 * (h ^ h >> 16)) & M
    p1 = r ^ r >> 16
    h = (p0 ^ 0xE9096E59) * 0x8D5CB6AD & M
    r = (0xCA01F9DD * p2 - 0x4973F715 * (h ^ h >> 16)) & M
    p2 = r ^ r >> 16
    h = (p0 ^ 0x8D5CB6AD) * 0x9BB16511 & M
    r = (0xCA01F9DD * p3 - 0x4973F715 * (h ^ h >> 16)) & M
    p3 = r ^ r >> 16
    h = (p1 ^ 0x9BB16511) * 0x00C238C5 & M
    r = (0xCA01F9DD * p0 - 0x4973F715 * (h ^ h >> 16)) & M
    p0 = r ^ r >> 16
    h = (p1 ^ 0x00C238C5) * 0x4D029A09 & M
    r = (0xCA01F9DD * p2 - 0x4973F715 * (h ^ h >> 16)) & M
    p2 = r ^ r >> 16
    h = (p1 ^ 0x4D029A09) * 0xCC132E1D & M
    r = (0xCA01F9DD * p3 - 0x4973F715 * (h ^ h >> 16)) & M
    p3 = r ^ r >> 16
    h = (p2 ^ 0xCC132E1D) * 0x83A97B41 & M
    r = (0xCA01F9DD * p0 - 0x4973F715 * (h ^ h >> 16)) & M
    p0 = r ^ r >> 16
    h = (p2 ^ 0x83A97B41) * 0xFA8DDCB5 & M
    r = (0xCA01F9DD * p1 - 0x4973F715 * (h ^ h >> 16)) & M
    p1 = r ^ r >> 16
    h = (p2 ^ 0xFA8DDCB5) * 0xAC4C06B9 & M
    r = (0xCA01F9DD * p3 - 0x4973F715 * (h ^ h >> 16)) & M
    p3 = r ^ r >> 16
    h = (p3 ^ 0xAC4C06B9) * 0x26FF5A8D & M
    r = (0xCA01F9DD * p0 - 0x4973F715 * (h ^ h >> 16)) & M
    p0 = r ^ r >> 16
    h = (p3 ^ 0x26FF5A8D) * 0x0E554A71 & M
    r = (0xCA01F9DD * p1 - 0x4973F715 * (h ^ h >> 16)) & M
    p1 = r ^ r >> 16
    h = (p0 ^ 0x8B51F9DD) * 0x464A0A99 & M
    h ^= h >> 16
    r = (p1 ^ 0x464A0A99) * 0x819D14A5 & M
    return (h & 0x7FFFFFFF) << 32 | (r ^ r >> 16)


def _numpy_seed63(entropy: tuple[int, ...]) -> int:
    import numpy as np

    words = np.random.SeedSequence(list(entropy)).generate_state(2, dtype=np.uint32)
    return (int(words[0]) & 0x7FFFFFFF) << 32 | int(words[1])
