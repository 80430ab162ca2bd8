"""``burraco fuzz --hands N --players 2|3|4 [--seed S] [--out DIR]``: random legal hands, checked.

Hand ``i`` is dealt from seed ``S + i`` (dealer ``i mod players``) and played by
``random.Random(S + i)`` choosing uniformly among ``legal_actions()``. After every action the
fuzzer checks the invariants below; at the end of each hand it also writes the hand's history,
reads it back and replays it to the identical state. The first violation stops the run: the
failing hand's history (with the failing action last) is written to ``DIR`` (default
``./fuzz-failures/``), its path printed, and the exit code is 1. Otherwise a summary line is
printed and the exit code is 0.

Invariants:

- the 108 cards are all accounted for exactly once: the multiset of card kinds over the stock,
  the pile, the hands, the untaken pozzetti and the melds is the deck's (docs/rules.md §1), and
  ``card_count()`` is 108;
- each side's score equals the sum of its breakdown items, and its "cards in hand" item is minus
  the value of the cards its players hold (§8);
- the hand terminates within the rules' turn cap (§3) and no turn runs longer than its cards allow;
- ``legal_actions()`` is empty exactly when the hand is over, and every action it lists verifies.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from burraco.core.actions import Action
from burraco.core.cards import DECK_SIZE, NUM_KINDS, counts_of, full_deck, value_table
from burraco.core.citation import cite
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.history import HandHistory, Step, read_history, replay, snapshot, steps_from_log, write_history
from burraco.core.options import preset
from burraco.core.scoring import ScoreKind

DECK_COUNTS = counts_of(full_deck())
MAX_ACTIONS_PER_TURN = 2 + DECK_SIZE
"""A turn takes once, then every play removes at least one card from a hand of at most 108, then discards."""


@dataclass
class Violation:
    """The first broken invariant of a run: which hand, after which action, and what."""

    seed: int
    message: str
    failing: Action | None = None
    """An action that raised instead of being applied (it is not in the hand's log)."""


def check_hand(hand: Hand) -> str:
    """The first invariant ``hand`` breaks now (see the module docstring), or ''."""
    counts = [0] * NUM_KINDS
    for card in hand.stock:
        counts[card] += 1
    for card in hand.discard_pile:
        counts[card] += 1
    for seat, held in enumerate(hand.hands):
        if sum(held) != hand.hand_sizes[seat] or min(held) < 0:
            return f"seat {seat} holds {sum(held)} cards but its hand size says {hand.hand_sizes[seat]}"
        for kind, n in enumerate(held):
            counts[kind] += n
    for pozzetto in hand.pozzetti[hand.next_pozzetto :]:
        for card in pozzetto:
            counts[card] += 1
    for side_melds in hand.melds:
        for meld in side_melds:
            for card in meld.cards:
                counts[card] += 1
    if counts != DECK_COUNTS:
        extra = [k for k in range(NUM_KINDS) if counts[k] > DECK_COUNTS[k]]
        missing = [k for k in range(NUM_KINDS) if counts[k] < DECK_COUNTS[k]]
        return f"the cards are not the deck's 108: kinds {extra} too many, {missing} missing ({cite('1')})"
    if hand.card_count() != DECK_SIZE:
        return f"card_count() is {hand.card_count()}, not 108"
    values = value_table(hand.rules.joker_value)
    for side, score in enumerate(hand.scores()):
        if score.total != sum(item.points for item in score.items):
            return f"side {side}'s total {score.total} is not the sum of its items"
        in_hand = -sum(values[c] for s in hand.seats_of_side(side) for c in hand.hand_cards(s))
        if score.points_of(ScoreKind.CARDS_IN_HAND) != in_hand:
            return f"side {side}'s 'cards in hand' item is not {in_hand} ({cite('8')})"
    if hand.turns > hand.rules.max_turns:
        return f"{hand.turns} turns: the turn cap is {hand.rules.max_turns} ({cite('3')})"
    return ""


def check_legal(hand: Hand, legal: list[Action]) -> str:
    """'' when the legal list is consistent with the phase and every listed action verifies."""
    if hand.is_over:
        return "legal_actions() is not empty after the end" if legal else ""
    if not legal:
        return f"no legal action for seat {hand.to_play} in phase {hand.phase}"
    for action in legal:
        try:
            hand.verify(action)
        except BurracoError as error:
            return f"listed legal action '{action}' does not verify: {error}"
    return ""


def play_checked(hand: Hand, rng: random.Random) -> tuple[int, str, Action | None]:
    """Play ``hand`` to the end at random; return (actions applied, violation or '', action that raised)."""
    actions = 0
    in_turn = 0
    turn = (hand.turns, hand.to_play)
    message = check_hand(hand)
    while not message:
        legal = hand.legal_actions()
        message = check_legal(hand, legal)
        if message or hand.is_over:
            break
        action = legal[rng.randrange(len(legal))]
        try:
            hand.apply(action)
        except Exception as error:  # the engine refused (or crashed on) an action it listed
            return actions, f"applying listed legal action '{action}' raised {type(error).__name__}: {error}", action
        actions += 1
        now = (hand.turns, hand.to_play)
        in_turn = in_turn + 1 if now == turn else 1
        turn = now
        if in_turn > MAX_ACTIONS_PER_TURN:
            return actions, f"a turn ran for more than {MAX_ACTIONS_PER_TURN} actions", None
        message = check_hand(hand)
    return actions, message, None


def check_history(hand: Hand, seed: int) -> str:
    """'' when the hand's history reads back and replays to the identical state and scores."""
    try:
        text = write_history(hand, seed=seed)
        again = replay(read_history(text))
    except BurracoError as error:
        return f"the hand's history does not replay: {error}"
    if snapshot(again) != snapshot(hand) or [s.to_dict() for s in again.scores()] != [
        s.to_dict() for s in hand.scores()
    ]:
        return "the hand's history replays to a different state"
    return ""


def _write_failure(
    out: Path, hand: Hand, seed: int, violation: Violation, preset_name: str, sizes: tuple[int, ...] | None
) -> Path:
    steps = list(steps_from_log(hand.log))
    if violation.failing is not None:
        steps.append(Step(hand.to_play, violation.failing.kind, violation.failing.cards, violation.failing.target))
    history = HandHistory(
        hand.rules, hand.dealer, seed=seed, steps=tuple(steps), preset=preset_name, pozzetto_sizes=sizes
    )
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"fuzz-{hand.players}p-seed{seed}.txt"
    header = f"# fuzz violation: {violation.message}\n"
    text = history.to_text()
    first, rest = text.split("\n", 1)
    path.write_text(f"{first}\n{header}{rest}", encoding="utf-8")
    return path


MAX_SEED = (1 << 63) - 1
"""Hand histories record seeds from 0 to 2**63 - 1 (hand ``i`` uses ``seed + i``)."""


def fuzz(
    hands: Annotated[int, typer.Option("--hands", help="How many random hands to play.")] = 100,
    players: Annotated[int, typer.Option("--players", help="2, 3 or 4 players.")] = 4,
    seed: Annotated[int, typer.Option("--seed", help="Hand i uses seed S + i for its deal and its choices.")] = 0,
    out: Annotated[Path, typer.Option("--out", help="Folder for the failing hand's history.")] = Path("fuzz-failures"),
    rules: Annotated[
        str, typer.Option("--rules", help="Rules preset: fibur, international, portal, home, reale.")
    ] = "fibur",
    pozzetti: Annotated[
        str | None, typer.Option("--pozzetti", help="Pozzetto sizes, e.g. 11,11,11 for the later 3-player hands.")
    ] = None,
) -> None:
    """Play random legal hands, checking invariants after every action; write a failing hand's history."""
    if players not in (2, 3, 4):
        raise typer.BadParameter("players must be 2, 3 or 4", param_hint="--players")
    if hands < 1:
        raise typer.BadParameter("give at least one hand", param_hint="--hands")
    if not 0 <= seed <= MAX_SEED - hands:
        raise typer.BadParameter(f"seeds run from 0 to {MAX_SEED - hands} for {hands} hands", param_hint="--seed")
    chosen = preset(rules, players=players)
    preset_name = rules.strip().lower()
    try:
        sizes = tuple(int(x) for x in pozzetti.replace(",", " ").split()) if pozzetti else None
    except ValueError:
        raise typer.BadParameter(f"expected sizes like 11,11,11, not {pozzetti!r}", param_hint="--pozzetti") from None
    reasons: Counter[str] = Counter()
    total = 0
    start = time.perf_counter()
    for i in range(hands):
        hand_seed = seed + i
        hand = Hand.deal(players, hand_seed, i % players, chosen, sizes)
        count, message, failing = play_checked(hand, random.Random(hand_seed))
        total += count
        if not message:
            message = check_history(hand, hand_seed)
        if message:
            violation = Violation(hand_seed, message, failing)
            path = _write_failure(out, hand, hand_seed, violation, preset_name, sizes)
            print(
                f"fuzz: invariant violated in hand {i} (seed {hand_seed}) after {len(hand.log)} log records: {message}"
            )
            print(f"history written to {path}")
            raise typer.Exit(1)
        reasons[hand.end_reason] += 1
    elapsed = max(time.perf_counter() - start, 1e-9)
    ends = ", ".join(f"{reason} {n}" for reason, n in reasons.most_common())
    print(
        f"fuzz: {hands} hands, {players} players, rules {preset_name}, seeds {seed}..{seed + hands - 1}: "
        f"{total} actions in {elapsed:.1f} s ({total / elapsed:,.0f} actions/s); end reasons: {ends}; "
        "no invariant violated"
    )


def register(app: typer.Typer) -> None:
    app.command("fuzz")(fuzz)
