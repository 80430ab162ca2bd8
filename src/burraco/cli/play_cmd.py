"""``burraco play``: a match in the terminal, you (seat 0) against computer opponents.

Moves are typed in the card notation of docs/rules.md §1: ``draw``, ``pickup``, ``meld 7H 8H 9H``,
``attach 0 JK`` (to your side's meld number 0), ``discard KD``; plus ``help``, ``hint`` (the
legal actions and what the ``normal`` bot would play), ``show`` and ``quit``. An illegal move
prints the engine's reason (the rule that forbids it) and asks again. Input is read with plain
``input()``, so the game can be driven by a script; output is written with rich, cards with their
suit symbols (hearts and diamonds in red). Every match deals from a fresh random seed, printed so
the same deal can be played again with ``--seed``; 2, 3 or 4 players; Italian or English
(``--lang``, default from ``LANG``; see :mod:`burraco.cli.play_words`).
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable
from typing import Annotated, Final, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from burraco.bots.base import Bot
from burraco.bots.heuristic import HeuristicBot
from burraco.bots.levels import ITALIAN
from burraco.bots.registry import DIFFICULTIES, make_bot
from burraco.cli.play_words import Words, card_markup, cards_markup, language, meld_markup, translate_command
from burraco.core.actions import Action, Record
from burraco.core.cards import sort_key
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.match import HandResult, Match
from burraco.core.options import PRESETS, Rules, preset
from burraco.core.view import Observation, observe

HUMAN: Final = 0
SEAT_KEYS: Final = {2: ("you", "opponent"), 3: ("you", "west", "east"), 4: ("you", "west", "north", "east")}


class Quit(Exception):
    """The player typed quit or closed the input."""


class TerminalGame:
    """A match between the human at seat 0 and bots at the other seats."""

    def __init__(
        self,
        rules: Rules,
        difficulty: str = "normal",
        seed: int = 0,
        console: Console | None = None,
        read: Callable[[str], str] = input,
        lang: str = "en",
        again: str = "",
    ) -> None:
        self.words = Words(lang)
        self.again = again or f"burraco play --seed {seed}" + (
            f" --players {rules.players}" if rules.players != 2 else ""
        )
        self.rules = rules
        self.players = rules.players
        self.console = console or Console(highlight=False)
        self.read = read
        self.seed = seed
        self.match = Match(rules, seed=seed)
        self.bots: dict[int, Bot] = {
            seat: make_bot(difficulty, seed=seed * 31 + seat, rules=rules) for seat in range(1, self.players)
        }
        self.adviser = HeuristicBot(seed=seed, rules=rules)
        self.names = tuple(self.words(k) for k in SEAT_KEYS[self.players])
        self.shown = 0

    # ------------------------------------------------------------------ the match
    def run(self) -> None:
        out, w = self.console.print, self.words
        out(w("intro", sides=w(f"intro{self.players}"), target=self.rules.target))
        out(w("seed", seed=self.seed, command=escape(self.again)), highlight=False)
        try:
            while not self.match.is_over:
                hand = self.match.start_hand()
                self.shown = 0
                number = len(self.match.results) + 1
                out(f"\n[bold]{w('hand', n=number)}[/bold] — {w('dealer')}: {self.names[hand.dealer]}")
                self.play_hand(hand)
                result = self.match.finish_hand()
                self.show_breakdown(hand, result)
                if not self.match.is_over:
                    self.ask(w("next_hand"))
            self.show_match_result()
        except Quit:
            out(w("goodbye"))

    def ask(self, prompt: str) -> str:
        try:
            line = self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit() from None
        if line.strip().lower() in ("quit", "exit", "q", "esci"):
            raise Quit()
        return line

    # ------------------------------------------------------------------ one hand
    def play_hand(self, hand: Hand) -> None:
        while not hand.is_over:
            if hand.to_play == HUMAN:
                self.show_events(hand)
                self.show_table(hand)
                self.human_turn(hand)
            else:
                seat = hand.to_play
                view = observe(hand, seat)
                action = self.bots[seat].choose(view, hand.legal_actions())
                hand.apply(action)
        self.show_events(hand)

    def human_turn(self, hand: Hand) -> None:
        """Read commands until the human's turn is over."""
        while not hand.is_over and hand.to_play == HUMAN:
            typed = self.ask(self.words("prompt"))
            line = translate_command(typed)
            if not line:
                continue
            word = line.split()[0].lower()
            if word == "help":
                self.console.print(self.words("help"), markup=False)
                continue
            if word == "hint":
                self.show_hint(hand)
                continue
            if word == "show":
                self.show_table(hand)
                continue
            try:
                action = Action.parse(line)
                hand.verify(action)
            except BurracoError as error:
                reason = self.words.refusal(str(error), typed)
                self.console.print(f"[red]{self.words('not_allowed')}[/red] {escape(reason)}", highlight=False)
                continue
            hand.apply(action)
            self.show_events(hand)
            if not hand.is_over and hand.to_play == HUMAN:
                self.show_table(hand)

    # ------------------------------------------------------------------ display
    def show_events(self, hand: Hand) -> None:
        """Print what happened since last time, as seat 0 may see it."""
        log = hand.visible_logs[HUMAN]
        for record in log[self.shown :]:
            text = self.describe(record)
            if text:
                self.console.print(text, highlight=False)
        self.shown = len(log)

    def describe(self, record: Record) -> str:
        """One log record in words (rich markup: cards in colour)."""
        w = self.words
        who = self.names[record.seat] if 0 <= record.seat < self.players else w("the_table")
        you = "_you" if record.seat == HUMAN else ""  # "Peschi 9♣", not "Tu pesca 9♣"
        kind, cards = record.kind, cards_markup(record.cards)
        if kind == "draw":
            return w("drew" + you, who=who, card=cards) if record.cards else w("drew_stock" + you, who=who)
        texts = {"pickup": "picked", "meld": "melded", "attach": "attached", "discard": "discarded", "close": "closed"}
        if kind in texts:
            return w(texts[kind] + you, who=who, cards=cards, card=cards, target=record.target)
        if kind == "pozzetto":
            if record.seat < 0:
                return w("pozzetto_stock")
            shown = f": {cards_markup(sorted(record.cards, key=sort_key))}" if record.cards else ""
            return w("took_pozzetto" + you, who=who, detail=escape(w.detail(record.detail)), cards=shown)
        if kind == "end":
            return w("ends", detail=escape(w.end(record.detail)))
        return escape(f"{who}: {kind} {record.detail}".strip())

    def show_table(self, hand: Hand) -> None:
        view = observe(hand, HUMAN)
        out, w = self.console.print, self.words
        my_side = view.side_of[HUMAN]
        phase = w("take") if view.phase == "take" else w("play")
        out(
            f"\n[bold]{w('your_turn')}[/bold] ({phase}) — {w('match')}: {self.totals_text()} "
            f"({w('target')} {self.rules.target})",
            highlight=False,
        )
        untaken = " ".join(str(n) for n in view.pozzetto_sizes) or w("none")
        out(
            f"{w('stock')}: {self.count(view.stock_size)} · {w('pozzetti_left')}: {untaken} · "
            f"{self.pozzetto_text(view)}",
            highlight=False,
        )
        others = " · ".join(
            f"{self.names[s]}: {self.count(view.hand_sizes[s])} {w('in_hand')}"
            + (f" ({w('holds')} {cards_markup(view.known_cards[s])})" if view.known_cards[s] else "")
            for s in range(view.players)
            if s != HUMAN
        )
        out(others, highlight=False)
        for side in range(len(view.melds)):
            label = w("your_melds") if side == my_side else w("their_melds", side=self.side_name(side, view))
            points = sum(m.card_points(self.rules) + m.bonus(self.rules) for m in view.melds[side])
            out(f"{label} ({points} {w('on_table')}):", highlight=False)
            if not view.melds[side]:
                out(w("no_melds"))
            for index, meld in enumerate(view.melds[side]):
                burraco = meld.burraco(self.rules)
                tag = f"  \\[{w(burraco)}]" if burraco else ""
                out(f"  {index}: {meld_markup(meld.describe(), w)}{tag}", highlight=False)
        pile = view.discard_pile
        out(
            f"{w('pile')} ({len(pile)}): {cards_markup(pile) if pile else w('empty')}" + (w("top") if pile else ""),
            highlight=False,
        )
        if view.one_card_pick >= 0:
            out(w("no_discard", card=card_markup(view.one_card_pick)))
        if view.must_draw:
            out(w("must_draw"))
        cards = sorted(view.hand, key=sort_key)
        out(f"[bold]{w('your_hand')} ({len(cards)}):[/bold] {cards_markup(cards)}", highlight=False)

    def count(self, n: int) -> str:
        return self.words("one_card") if n == 1 else self.words("cards", n=n)

    def pozzetto_text(self, view: Observation) -> str:
        taken = dict(view.pozzetto_of_side)
        parts = [
            f"{self.side_name(s, view)} {self.words('took') if s in taken else self.words('not_yet')}"
            for s in range(len(view.melds))
        ]
        return f"{self.words('pozzetto')}: " + ", ".join(parts)

    def side_name(self, side: int, view: Observation | None = None) -> str:
        """A side's players by name ("You+North"); with three players the sides change as the pair forms."""
        if view is not None:
            return "+".join(self.names[s] for s in range(self.players) if view.side_of[s] == side)
        if self.players == 4:
            return f"{self.names[0]}+{self.names[2]}" if side == 0 else f"{self.names[1]}+{self.names[3]}"
        return self.names[side]

    def totals_text(self) -> str:
        """The match totals by entrant: the two sides, or each of three players."""
        return " · ".join(f"{self.side_name(s)} {t}" for s, t in enumerate(self.match.totals))

    def show_hint(self, hand: Hand) -> None:
        legal = hand.legal_actions()
        out, w = self.console.print, self.words
        out(w("legal", n=len(legal)), markup=False)
        plays = [a for a in legal if a.kind in ("meld", "attach")]
        for action in [a for a in legal if a.kind in ("draw", "pickup")] + plays[:30]:
            out(f"  {w.command(str(action))}", markup=False, highlight=False)
        if len(plays) > 30:
            out(f"  {w('more', n=len(plays) - 30)}", markup=False)
        discards = [a for a in legal if a.kind == "discard"]
        for action in discards:
            out(f"  {w.command(str(action))}", markup=False, highlight=False)
        suggestion = self.adviser.choose(observe(hand, HUMAN), legal)
        out(w("suggestion", action=w.command(str(suggestion))), markup=False, highlight=False)

    def show_breakdown(self, hand: Hand, result: HandResult) -> None:
        out = self.console.print
        w = self.words
        sheet = w("sheet_of", rules=w("rules_ref", section="8"))
        out(f"\n[bold]{w('over', n=result.number)}[/bold] ({escape(w.end(result.end_reason))}). {sheet}")
        for side, score in enumerate(result.scores):
            names = "+".join(self.names[s] for s in result.sides[side])
            table = Table(title=names, show_header=False, title_justify="left")
            table.add_column("item", overflow="fold")
            table.add_column("points", justify="right")
            for item in score.items:
                table.add_row(w.score_item(item), f"{item.points:+d}")
            table.add_row(f"[bold]{w('total')}[/bold]", f"[bold]{score.total:+d}[/bold]")
            out(table)
        out(f"{w('totals')}: {self.totals_text()} ({w('target')} {self.rules.target})", highlight=False)

    def show_match_result(self) -> None:
        winner = self.match.winner()
        text, w = self.totals_text(), self.words
        if winner is None:
            self.console.print(f"\n[bold]{w('drawn')}[/bold]: {text}", highlight=False)
        elif winner == 0:
            self.console.print(f"\n[bold]{w('win')}[/bold] {text}", highlight=False)
        else:
            self.console.print(f"\n[bold]{w('lose')}[/bold] {text}", highlight=False)


def play(
    players: Annotated[int, typer.Option(help="2, 3 or 4 players (4: a bot partner sits opposite you).")] = 2,
    rules: Annotated[str, typer.Option(help="Rules preset: fibur, international, portal, home, reale.")] = "fibur",
    target: Annotated[int | None, typer.Option(help="Points to win the match (default: the preset's).")] = None,
    difficulty: Annotated[
        str,
        typer.Option(
            help="beginner, intermediate, expert or champion (principiante, "
            "intermedio, esperto, campione); also easy, normal, hard."
        ),
    ] = "normal",
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the deals and the bots (default: a fresh random one, printed at the start)."),
    ] = None,
    lang: Annotated[str | None, typer.Option(help="it or en (default: from the LANG environment variable).")] = None,
) -> None:
    """Play a match of Burraco in the terminal against computer opponents."""
    if lang not in (None, "it", "en"):
        raise typer.BadParameter("it o en / it or en", param_hint="--lang")
    words = Words(language(lang, os.environ))
    if players not in (2, 3, 4):
        _refuse(words, "--players", words("bad_players"))
    if difficulty not in (*DIFFICULTIES, *ITALIAN.values()):
        levels = ", ".join((*DIFFICULTIES, *ITALIAN.values()))
        _refuse(words, "--difficulty", words("bad_difficulty", levels=levels))
    if rules.strip().lower() not in PRESETS:
        _refuse(words, "--rules", words("bad_rules", name=rules, presets=", ".join(PRESETS)))
    chosen = preset(rules).replace(players=players)
    if target is not None:
        chosen = chosen.replace(target=target, hands_per_turn=None)
    chosen_seed = seed if seed is not None else secrets.randbelow(2**31)
    again = " ".join(
        [f"burraco play --seed {chosen_seed}"]
        + [f"--players {players}"] * (players != 2)
        + [f"--rules {rules}"] * (rules != "fibur")
        + [f"--target {target}"] * (target is not None)
        + [f"--difficulty {difficulty}"] * (difficulty != "normal")
    )
    TerminalGame(chosen, difficulty, chosen_seed, lang=language(lang, os.environ), again=again).run()


def _refuse(words: Words, option: str, reason: str) -> NoReturn:
    """One line in the player's language on standard error, and exit code 2 (as for any bad option)."""
    print(f"{words('error')}: {option}: {reason}", file=sys.stderr)
    raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    app.command("play")(play)
