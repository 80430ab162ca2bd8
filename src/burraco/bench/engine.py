"""Speed figures of the engine and the meld generator, printed by ``burraco bench`` (no timed tests).

The clock lives here, in an interface-layer module, never in the core.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from burraco.core.cards import counts_of, full_deck
from burraco.core.generate import attachments, new_melds
from burraco.core.hand import Hand
from burraco.core.melds import Meld, meld_or_reason
from burraco.core.view import observe


def _median_us(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1e6, 2) if samples else 0.0


def _p99_us(samples: list[float]) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6, 2)


def core_path() -> str:
    """Which core is running: ``compiled (mypyc)`` or ``pure Python`` (see setup.py)."""
    import burraco.core.hand as hand_module

    return "pure Python" if str(hand_module.__file__).endswith(".py") else "compiled (mypyc)"


def bots_path() -> str:
    """Which playout policy of the search bot runs: ``compiled (mypyc)`` or ``pure Python``."""
    import burraco.bots.lite as lite_module

    return "pure Python" if str(lite_module.__file__).endswith(".py") else "compiled (mypyc)"


def bench_hands(players: int = 2, seconds: float = 5.0, seed: int = 0) -> dict[str, Any]:
    """Random legal hands: throughput from one timed pass of whole hands (per wall and per CPU
    second, hands and actions of the same pass), then a second pass timing legal actions, apply,
    clone and view one by one."""
    rng = random.Random(seed)
    hands = actions = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        actions += _play_random_hand(players, seed + hands, rng)
        hands += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    figures: dict[str, Any] = {
        "core": core_path(),
        "bots": bots_path(),
        "players": players,
        "hands": hands,
        "actions": actions,
        "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),
        "hands_per_s": round(hands / wall, 1),
        "actions_per_s": round(actions / wall, 1),
        "hands_per_cpu_s": round(hands / cpu, 1),
        "actions_per_cpu_s": round(actions / cpu, 1),
    }
    figures.update(_trusted_pass(players, seconds, seed, rng))
    figures.update(_time_operations(players, seconds / 2, seed + 10_000, rng))
    return figures


def _trusted_pass(players: int, seconds: float, seed: int, rng: random.Random) -> dict[str, Any]:
    """The same random hands applied with :meth:`Hand.apply_trusted` (no second verification of
    an action the engine listed), as bots and the arena play them: reported under its own keys."""
    hands = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        _play_random_hand(players, seed + hands, rng, trusted=True)
        hands += 1
    cpu = time.process_time() - cpu0
    return {"trusted_hands_per_cpu_s": round(hands / cpu, 1) if cpu else 0.0}


def _time_operations(players: int, seconds: float, seed: int, rng: random.Random) -> dict[str, Any]:
    """Median µs of legal actions and apply (every step), clone and view (every 8th step)."""
    legal_t: list[float] = []
    apply_t: list[float] = []
    clone_t: list[float] = []
    view_t: list[float] = []
    clock = time.perf_counter
    start = clock()
    played = 0
    while clock() - start < seconds:
        hand = Hand.deal(players=players, seed=seed + played, dealer=played % players)
        step = 0
        while not hand.is_over:
            t0 = clock()
            legal = hand.legal_actions()
            t1 = clock()
            hand.apply(legal[rng.randrange(len(legal))])
            t2 = clock()
            legal_t.append(t1 - t0)
            apply_t.append(t2 - t1)
            if step % 8 == 0:
                t3 = clock()
                hand.clone()
                t4 = clock()
                observe(hand, hand.to_play)
                t5 = clock()
                clone_t.append(t4 - t3)
                view_t.append(t5 - t4)
            step += 1
        played += 1
    return {
        "legal_actions_us": _median_us(legal_t),
        "apply_us": _median_us(apply_t),
        "clone_us": _median_us(clone_t),
        "view_us": _median_us(view_t),
    }


def _play_random_hand(players: int, seed: int, rng: random.Random, trusted: bool = False) -> int:
    return play_random(Hand.deal(players=players, seed=seed, dealer=seed % players), rng, trusted)


def play_random(hand: Hand, rng: random.Random, trusted: bool = False) -> int:
    """Play ``hand`` to its end with uniformly random legal actions (through ``apply``, or
    ``apply_trusted``); the number of actions."""
    apply = hand.apply_trusted if trusted else hand.apply
    steps = 0
    while not hand.is_over:
        legal = hand.legal_actions()
        apply(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def random_position(hand: Hand, rng: random.Random, steps: int) -> Hand:
    """``hand`` after up to ``steps`` uniformly random legal actions (fewer if it ends): a position
    for tests and benchmarks to start from.

    >>> position = random_position(Hand.deal(players=2, seed=3), random.Random(3), 5)
    >>> position.turns >= 1
    True
    """
    for _ in range(steps):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return hand


def bench_openspiel(seconds: float = 5.0, seed: int = 0) -> dict[str, Any] | None:
    """Random games of OpenSpiel's C++ ``gin_rummy`` per second, if ``pyspiel`` is installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    games = 0
    clock = time.perf_counter
    start, cpu0 = clock(), time.process_time()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        games += 1
    wall, cpu = clock() - start, time.process_time() - cpu0
    return {"gin_rummy_games_per_s": round(games / wall, 1), "gin_rummy_games_per_cpu_s": round(games / cpu, 1)}


def random_table(rng: random.Random, melds: int = 6) -> tuple[list[Meld], list[int]]:
    """A random table of legal melds and the cards left in the deck."""
    pool = list(full_deck())
    rng.shuffle(pool)
    table: list[Meld] = []
    while len(table) < melds:
        cards = rng.sample(pool, rng.randint(3, 7))
        made = meld_or_reason(cards)
        if isinstance(made, Meld):
            table.append(made)
            for c in cards:
                pool.remove(c)
    return table, pool


VALIDATION_BATCHES = 5
"""``validations_per_s`` is the best of this many batches of fresh random card lists."""


def bench_melds(samples: int = 2000, seed: int = 0) -> dict[str, Any]:
    """Validations per second (best of :data:`VALIDATION_BATCHES` batches of new lists, each
    validated once: first calls, memo misses), and generation time of all new melds and attachments by hand size:
    the first call for a hand and table (``median_us``, ``p99_us``) and the same call again, its
    pieces memoised (``warm_median_us``)."""
    rng = random.Random(seed)
    deck = list(full_deck())
    validations = 0.0
    for _ in range(VALIDATION_BATCHES):  # best of: one batch is ~10 ms, far shorter than the load's swings
        candidates = [rng.sample(deck, rng.randint(3, 8)) for _ in range(samples)]
        t0 = time.perf_counter()
        for cards in candidates:
            meld_or_reason(cards)
        validations = max(validations, samples / (time.perf_counter() - t0))
    result: dict[str, Any] = {"validations_per_s": round(validations, 1), "generation": {}}
    for size in (11, 18, 30):
        times: list[float] = []
        warm: list[float] = []
        for _ in range(max(200, samples // 4)):
            table, pool = random_table(rng)
            counts = counts_of(rng.sample(pool, size))
            times.append(_time(lambda c=counts, t=table: (new_melds(c, t), attachments(c, t))))  # type: ignore[misc]
            warm.append(_time(lambda c=counts, t=table: (new_melds(c, t), attachments(c, t))))  # type: ignore[misc]
        result["generation"][str(size)] = {
            "median_us": _median_us(times),
            "p99_us": _p99_us(times),
            "warm_median_us": _median_us(warm),
        }
    result["listing"] = {str(size): bench_listing(size, max(100, samples // 10), rng) for size in LISTING_SIZES}
    return result


LISTING_SIZES = (11, 30, 40)


def bench_listing(size: int, positions: int, rng: random.Random) -> dict[str, Any]:
    """The legal actions of a player in the play phase holding ``size`` random cards beside a side
    of 6 random melds (a synthetic position: only the listing is timed), warm: how many actions
    and groups, and µs for ``Hand.legal_actions`` (every action listed) against ``Hand.legal_view``
    (one step per group) and a uniform pick from it."""
    actions: list[float] = []
    groups: list[float] = []
    listed: list[float] = []
    viewed: list[float] = []
    for _ in range(positions):
        hand = Hand.deal(players=2, seed=rng.randrange(1 << 30))
        hand.draw()
        table, pool = random_table(rng)
        hand.melds[hand.side_of[hand.to_play]] = table
        hand.set_hand(hand.to_play, counts_of(rng.sample(pool, size)))
        view = hand.legal_view()  # the memos warm, as in play from the second call on
        actions.append(len(view))
        groups.append(len(view.groups))
        listed.append(_time(hand.legal_actions))
        viewed.append(_time(lambda h=hand: (v := h.legal_view()).pick(len(v) // 2)))  # type: ignore[misc]
    return {
        "actions_median": statistics.median(actions),
        "actions_max": max(actions),
        "groups_median": statistics.median(groups),
        "list_warm_median_us": _median_us(listed),
        "view_and_pick_warm_median_us": _median_us(viewed),
    }


def _time(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0
