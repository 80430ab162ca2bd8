"""SplitMix64 in 32-bit halves gives exactly the stream of the plain 64-bit formulas (docs/rules.md §2:
a seeded deal reproduces everywhere)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from burraco.core.rng import SplitMix64

MASK = (1 << 64) - 1


class Reference:
    """The generator as first written: Python integers of 64 bits and more (a bound over 2**64
    would never draw: none is asked)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(-(1 << 70), 1 << 70), bounds=st.lists(st.integers(1, 1 << 64), min_size=1, max_size=20))
def test_stream_and_bounded_draws_match_the_64_bit_formulas(seed: int, bounds: list[int]) -> None:
    ours, reference = SplitMix64(seed), Reference(seed)
    assert ours.state == reference.state
    for n in bounds:
        assert ours.next64() == reference.next64()
        assert ours.below(n) == reference.below(n)
        assert ours.state == reference.state


@pytest.mark.parametrize("seed", [0, 1, 42, MASK, 1 << 63, 123456789])
def test_shuffle_matches_the_reference_fisher_yates(seed: int) -> None:
    deck = list(range(108))
    SplitMix64(seed).shuffle(deck)
    expected = list(range(108))
    reference = Reference(seed)
    for i in range(len(expected) - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert deck == expected


def _xorshift_inverse(y: int, shift: int) -> int:
    x = y
    for _ in range(64 // shift + 1):
        x = y ^ (x >> shift)
    return x


def _seed_giving(output: int) -> int:
    """The seed whose first output is ``output`` (the mixer is a bijection: undone step by step)."""
    z = _xorshift_inverse(output, 31)
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & MASK
    z = _xorshift_inverse(z, 27)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & MASK
    z = _xorshift_inverse(z, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK


@pytest.mark.parametrize("n", [3, 5, 7, 100, 108, (1 << 31) - 1, (1 << 31) + 11, 3 << 40])
def test_an_output_in_the_biased_top_is_drawn_again(n: int) -> None:
    """Outputs at or above ``2**64 - (2**64 mod n)`` are rejected: seeds whose first output lies
    there (found by undoing the mixer) must draw the same second value on both implementations."""
    top = (1 << 64) - ((1 << 64) % n)
    for output in (MASK, top, top - 1):
        seed = _seed_giving(output)
        assert Reference(seed).next64() == output
        ours, reference = SplitMix64(seed), Reference(seed)
        assert ours.below(n) == reference.below(n)
        assert ours.state == reference.state  # one draw, or two when the first was rejected


def test_clone_continues_the_same_stream() -> None:
    rng = SplitMix64(7)
    rng.next64()
    assert rng.clone().next64() == rng.next64()
