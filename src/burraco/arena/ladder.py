"""The strength ladder: every difficulty level against the level below and against the fixed heuristic.

Each pairing is an arena run on duplicate deals (:mod:`burraco.arena.runner`) with blunder counting
(:mod:`burraco.arena.blunders`); its report holds the win rate with its 95% Wilson interval, the
mean points per hand, the Elo difference with its interval and, per bot, the blunder rates: feeding
(per discard), wildcard discards (per discard) and missed winning closes (per hand).
:func:`ladder_markdown` renders the reports as a table stamped with the commit; :func:`ladder_page`
writes that table into a page between :data:`BEGIN` and :data:`END` (``docs/strength.md`` keeps its
own text around the block) or, for a new file, makes the whole page (:func:`strength_markdown`).

``budget_ms`` sets the champion's per-decision search budget:
smaller budgets fit a short run; the full run is ``burraco arena --ladder --hands 400``. With
``matches`` each pairing plays duplicate matches to ``target`` (the unit of the strength page and
of a tournament) instead of single hands: ``burraco arena --ladder --matches 100``.

>>> pairs = pairings(LadderConfig(hands=2, budget_ms=100))
>>> [f"{a} v {b}" for a, b in pairs][:3]
['intermediate v beginner', 'expert v intermediate', 'champion:ms=100 v expert']
>>> LadderConfig(hands=40).games, LadderConfig(matches=10).games, LadderConfig(matches=10).unit
(40, 10, 'matches')
>>> LadderConfig(matches=10, players=4, seed=2).command()
'burraco arena --ladder --matches 10 --target 2005 --budget-ms 400 --seed 2 --players 4'
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from burraco.arena.blunders import KEYS
from burraco.arena.runner import ArenaConfig, GameResult, run_arena
from burraco.arena.stats import summarize
from burraco.bots.levels import CHAMPION_MS

LEVELS: Final = ("beginner", "intermediate", "expert", "champion")
REFERENCE: Final = "heuristic"
BEGIN: Final = "<!-- ladder: written by `burraco arena --ladder --write`, edit outside this block -->"
"""The line before the ladder's table in a page (the table is replaced, the rest of the page kept)."""
END: Final = "<!-- ladder: end -->"
"""The line after the ladder's table."""


@dataclass(frozen=True, slots=True)
class LadderConfig:
    """How long and how fast the ladder plays."""

    hands: int = 100
    """Single hands per pairing (when ``matches`` is 0)."""
    budget_ms: float = CHAMPION_MS
    """The champion's search budget per decision (ms)."""
    samples: int = 0
    """Champion's samples per decision (0: the level's default)."""
    iterations: int = 0
    """When > 0, the champion searches this many iterations per decision instead of ``budget_ms``."""
    players: int = 2
    seed: int = 0
    rules: str = "fibur"
    ismcts: int = 0
    """When > 0, also play the champion against ``ismcts:iterations=N``."""
    matches: int = 0
    """When > 0, each pairing plays this many duplicate matches to ``target`` instead of ``hands`` hands."""
    target: int = 2005

    @property
    def games(self) -> int:
        """The games each pairing plays: matches, or single hands."""
        return self.matches if self.matches > 0 else self.hands

    @property
    def unit(self) -> str:
        return "matches" if self.matches > 0 else "hands"

    def command(self) -> str:
        """The command line that plays this ladder."""
        budget = f"--iterations {self.iterations}" if self.iterations > 0 else f"--budget-ms {self.budget_ms:g}"
        games = f"--matches {self.matches} --target {self.target}" if self.matches > 0 else f"--hands {self.hands}"
        extra = f" --ismcts {self.ismcts}" if self.ismcts > 0 else ""
        extra += f" --players {self.players}" if self.players != 2 else ""
        extra += f" --rules {self.rules}" if self.rules != "fibur" else ""
        return f"burraco arena --ladder {games} {budget} --seed {self.seed}{extra}"


def level_name(level: str, config: LadderConfig) -> str:
    """The registry name of ``level`` with the ladder's budget."""
    if level != "champion":
        return level
    options = [f"iterations={config.iterations}" if config.iterations > 0 else f"ms={config.budget_ms:g}"]
    if config.samples and level == "champion":
        options.append(f"samples={config.samples}")
    return f"{level}:{','.join(options)}"


def pairings(config: LadderConfig) -> list[tuple[str, str]]:
    """(bot A, bot B): each level against the one below, then each non-reference level against the heuristic."""
    names = [level_name(level, config) for level in LEVELS]
    pairs = list(zip(names[1:], names[:-1], strict=True))
    pairs += [(name, REFERENCE) for level, name in zip(LEVELS, names, strict=True) if level != "intermediate"]
    if config.ismcts > 0:
        pairs.append((names[-1], f"ismcts:iterations={config.ismcts}"))
    return pairs


def run_pairing(
    config: LadderConfig,
    bot_a: str,
    bot_b: str,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> dict[str, Any]:
    """Play one pairing and build its report (win rate, points, Elo, blunders, CPU seconds per hand)."""
    arena = ArenaConfig(
        bot_a,
        bot_b,
        players=config.players,
        games=config.games,
        matches=config.matches > 0,
        target=config.target,
        rules=config.rules,
        seed=config.seed,
        blunders=True,
    )
    results = run_arena(arena, workers, on_result)
    report = summarize((bot_a, bot_b), [r.outcome for r in results], [d for r in results for d in r.hand_diffs])
    report["mode"] = config.unit
    report["blunders"] = [blunder_rates(results, i) for i in (0, 1)]
    hands = sum(max(1, len(r.hand_diffs)) for r in results)
    report["seconds_per_hand"] = round(sum(r.seconds for r in results) / max(1, hands), 2)
    return report


def games_cell(report: dict[str, Any]) -> str:
    """The games column: hands, or matches with the hands they held.

    >>> games_cell({"mode": "matches", "games": 10, "hands": 43}), games_cell({"games": 40, "hands": 40})
    ('10 (43 hands)', '40')
    """
    if report.get("mode") == "matches":
        return f"{report['games']} ({report['hands']} hands)"
    return str(report["hands"])


def blunder_rates(results: Sequence[GameResult], bot: int) -> dict[str, float]:
    """Bot ``bot``'s (0: A, 1: B) blunder totals and rates over ``results``."""
    totals = dict.fromkeys(KEYS, 0)
    for result in results:
        if len(result.blunders) > bot:
            for key, value in zip(KEYS, result.blunders[bot], strict=True):
                totals[key] += value
    discards = max(1, totals["discards"])
    rates: dict[str, float] = {key: float(value) for key, value in totals.items()}
    rates["feed_rate"] = round(totals["feeds"] / discards, 4)
    rates["wild_discard_rate"] = round(totals["wild_discards"] / discards, 4)
    hands = sum(max(1, len(result.hand_diffs)) for result in results)  # a match game holds several
    rates["missed_closes_per_hand"] = round(totals["missed_closes"] / max(1, hands), 4)
    return rates


def commit() -> str:
    """The current commit (short hash, ``+dirty`` with uncommitted changes), or ``unknown``."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True)
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True, check=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def ladder_markdown(config: LadderConfig, reports: Sequence[dict[str, Any]], measured_at: str) -> str:
    """The ladder's table, how it was measured and how to reproduce it (markdown, no title)."""
    unit = f"duplicate matches to {config.target}" if config.matches > 0 else "single hands"
    lines = [
        f"Measured at commit `{measured_at}` with `{config.command()}` ({config.players} players, rules "
        f"{config.rules}, {unit}; duplicate deals: every deal is played twice with the seats swapped).",
        "",
        f"| bot A | bot B | {config.unit} | A win rate [95% CI] | A points/hand [95% CI] | Elo A−B [95% CI] "
        "| A feeds | A wild discards | A missed closes | B feeds | s/hand |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in reports:
        a, b = r["results"]
        ba, bb = r["blunders"]
        lo, hi = a["ci95"]
        mlo, mhi = a["mean_score_diff_ci95"]
        elo_lo, elo_hi = r["elo_ci95"]
        lines.append(
            f"| {a['bot']} | {b['bot']} | {games_cell(r)} | {a['win_rate']:.1%} [{lo:.1%}, {hi:.1%}] "
            f"| {a['mean_score_diff_per_hand']:+.1f} [{mlo:+.1f}, {mhi:+.1f}] "
            f"| {r['elo_diff']:+.0f} [{elo_lo:+.0f}, {elo_hi:+.0f}] | {ba['feed_rate']:.1%} "
            f"| {ba['wild_discard_rate']:.1%} | {int(ba['missed_closes'])} | {bb['feed_rate']:.1%} "
            f"| {r['seconds_per_hand']} |"
        )
    lines += [
        "",
        "Feeds: discards that attach to an opponent's meld while a safe discard existed (per discard). "
        "Wild discards: wildcards thrown while a natural could be (per discard). Missed closes: turns at "
        "which a winning close existed (going out, §6, found on the true cards) and the bot did not close; "
        "the last turn on an exhausted stock (§7) ends the hand whatever is discarded and is not one. s/hand: wall "
        "seconds per hand of one worker (both bots).",
        "",
        f"The full run (≥ 400 hands per pairing, the champion at its default {CHAMPION_MS:g} ms budget) is "
        f"`burraco arena --ladder --hands 400 --budget-ms {CHAMPION_MS:g} --ismcts 1000 --workers 2 "
        "--write docs/strength.md` "
        "on otherwise idle cores; it takes hours. In duplicate matches to 2005: "
        "`--matches 100` instead of `--hands 400`.",
    ]
    return "\n".join(lines)


def strength_markdown(config: LadderConfig, reports: Sequence[dict[str, Any]], measured_at: str) -> str:
    """A whole page holding the ladder's table between :data:`BEGIN` and :data:`END`."""
    return ladder_page(None, config, reports, measured_at)


def splice(page: str | None, block: str) -> str:
    """``page`` with ``block`` between its :data:`BEGIN` and :data:`END` lines; a page without them
    gets the block at its end, under a heading of its own; no page (``None``) becomes a new one.

    >>> page = f"# Strength\\n\\nBefore.\\n\\n{BEGIN}\\nold table\\n{END}\\n\\nAfter.\\n"
    >>> new = splice(page, "new table")
    >>> new.replace(BEGIN, "[").replace(END, "]")
    '# Strength\\n\\nBefore.\\n\\n[\\nnew table\\n]\\n\\nAfter.\\n'
    >>> splice(new, "newer") == page.replace("old table", "newer")
    True
    >>> splice("# Notes\\n", "t").replace(BEGIN, "[").replace(END, "]")
    '# Notes\\n\\n## The ladder\\n\\n[\\nt\\n]\\n'
    >>> splice(None, "t").startswith("# Bot strength ladder")
    True
    """
    marked = f"{BEGIN}\n{block}\n{END}"
    if page is None:
        return f"# Bot strength ladder\n\n{marked}\n"
    lines = page.splitlines()
    if BEGIN in lines and END in lines[lines.index(BEGIN) :]:
        start = lines.index(BEGIN)
        stop = lines.index(END, start)
        return "\n".join([*lines[:start], marked, *lines[stop + 1 :]]) + "\n"
    return page.rstrip("\n") + f"\n\n## The ladder\n\n{marked}\n"


def ladder_page(existing: str | None, config: LadderConfig, reports: Sequence[dict[str, Any]], measured_at: str) -> str:
    """The page to write: ``existing`` (a file's text, or ``None``) with the ladder's table spliced in."""
    return splice(existing, ladder_markdown(config, reports, measured_at))
