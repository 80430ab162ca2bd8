"""``burraco play``: a match in the terminal, you (seat 0) against computer opponents.

Moves are typed in the card notation of RULES.md §1: ``draw``, ``pickup``, ``meld 7H 8H 9H``,
``attach 0 JK`` (to your side's meld number 0), ``discard KD``; plus ``help``, ``hint`` (the
legal actions and what the ``normal`` bot would play), ``show`` and ``quit``. An illegal move
prints the engine's reason (the rule that forbids it) and asks again. Input is read with plain
``input()``, so the game can be driven by a script; output is written with rich.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Final

import typer
from rich.console import Console
from rich.table import Table

from burraco.bots.base import Bot
from burraco.bots.heuristic import HeuristicBot
from burraco.bots.registry import DIFFICULTIES, make_bot
from burraco.core.actions import Action, Record
from burraco.core.cards import format_card, format_cards, sort_key
from burraco.core.citation import cite
from burraco.core.errors import BurracoError
from burraco.core.hand import Hand
from burraco.core.match import HandResult, Match
from burraco.core.options import Rules, preset
from burraco.core.view import Observation, observe

HUMAN: Final = 0
SEAT_NAMES: Final = {2: ("You", "Opponent"), 4: ("You", "West", "North (partner)", "East")}
HELP: Final = f"""Commands (cards as in 10H AS 2C JK; T for ten and lower case are fine):
  draw                 take the top card of the stock
  pickup               take the whole discard pile
  meld 7H 8H 9H        lay down a new meld
  attach 0 JK          attach cards to your side's meld number 0
  discard KD           discard a card (ends your turn)
  hint                 list the legal actions and a suggestion
  show                 show the table again
  help                 this text
  quit                 leave the game
A refusal names a section of the rules page, e.g. "({cite('6.2')})": `burraco rules 6.2` prints it."""


class Quit(Exception):
    """The player typed quit or closed the input."""


class TerminalGame:
    """A match between the human at seat 0 and bots at the other seats."""

    def __init__(self, rules: Rules, difficulty: str = "normal", seed: int = 0,
                 console: Console | None = None, read: Callable[[str], str] = input) -> None:
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
        self.names = SEAT_NAMES[self.players]
        self.shown = 0

    # ------------------------------------------------------------------ the match
    def run(self) -> None:
        out = self.console.print
        sides = "you and North against West and East" if self.players == 4 else "you against one opponent"
        out(f"[bold]Burraco[/bold]: {sides}; target {self.rules.target} points. Type [bold]help[/bold] for commands.")
        try:
            while not self.match.is_over:
                hand = self.match.start_hand()
                self.shown = 0
                number = len(self.match.results) + 1
                out(f"\n[bold]Hand {number}[/bold] — dealer: {self.names[hand.dealer]}")
                self.play_hand(hand)
                result = self.match.finish_hand()
                self.show_breakdown(hand, result)
                if not self.match.is_over:
                    self.ask("Press Enter for the next hand (or type quit): ")
            self.show_match_result()
        except Quit:
            out("Goodbye.")

    def ask(self, prompt: str) -> str:
        try:
            line = self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit() from None
        if line.strip().lower() in ("quit", "exit", "q"):
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
            line = self.ask("your move> ").strip()
            if not line:
                continue
            word = line.split()[0].lower()
            if word == "help":
                self.console.print(HELP, markup=False)
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
                self.console.print(f"[red]Not allowed:[/red] {error}", markup=True, highlight=False)
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
                self.console.print(text, markup=False, highlight=False)
        self.shown = len(log)

    def describe(self, record: Record) -> str:
        who = self.names[record.seat] if 0 <= record.seat < self.players else "The table"
        kind = record.kind
        if kind == "draw":
            return f"{who} drew {format_card(record.cards[0])}." if record.cards else f"{who} drew from the stock."
        if kind == "pickup":
            return f"{who} picked up the discard pile: {format_cards(record.cards)}."
        if kind == "meld":
            return f"{who} melded {format_cards(record.cards)}."
        if kind == "attach":
            return f"{who} attached {format_cards(record.cards)} to meld {record.target}."
        if kind == "discard":
            return f"{who} discarded {format_card(record.cards[0])}."
        if kind == "pozzetto":
            if record.seat < 0:
                return "The untaken pozzetto became the stock."
            cards = f": {format_cards(sorted(record.cards, key=sort_key))}" if record.cards else ""
            return f"{who} took a pozzetto ({record.detail}){cards}."
        if kind == "close":
            return f"{who} closed the hand!"
        if kind == "end":
            return f"The hand ends: {record.detail}."
        return f"{who}: {kind} {record.detail}".strip()

    def show_table(self, hand: Hand) -> None:
        view = observe(hand, HUMAN)
        out = self.console.print
        my_side = view.side_of[HUMAN]
        totals = self.match.totals
        score_text = " · ".join(f"{self.side_name(s)} {totals[s]}" for s in range(len(totals)))
        out(f"\n[bold]Your turn[/bold] ({'take a card' if view.phase == 'take' else 'meld, attach or discard'})"
            f" — match: {score_text} (target {self.rules.target})", highlight=False)
        untaken = " ".join(str(n) for n in view.pozzetto_sizes) or "none"
        out(f"Stock: {_cards(view.stock_size)} · pozzetti left: {untaken} · "
            f"{self.pozzetto_text(view)}", highlight=False)
        others = " · ".join(f"{self.names[s]}: {_cards(view.hand_sizes[s])} in hand"
                            + (f" (holds {format_cards(view.known_cards[s])})" if view.known_cards[s] else "")
                            for s in range(view.players) if s != HUMAN)
        out(others, markup=False, highlight=False)
        for side in range(len(view.melds)):
            label = "Your side's melds" if side == my_side else f"{self.side_name(side)}'s melds"
            points = sum(m.card_points(self.rules) + m.bonus(self.rules) for m in view.melds[side])
            out(f"{label} ({points} points on the table):", markup=False, highlight=False)
            if not view.melds[side]:
                out("  (none)", markup=False)
            for index, meld in enumerate(view.melds[side]):
                burraco = meld.burraco(self.rules)
                tag = f"  [{burraco.replace('_', '-')} burraco]" if burraco else ""
                out(f"  {index}: {meld.describe()}{tag}", markup=False, highlight=False)
        pile = view.discard_pile
        out(f"Discard pile ({len(pile)}): {format_cards(pile) if pile else '(empty)'}"
            + ("   <- top" if pile else ""), markup=False, highlight=False)
        if view.one_card_pick >= 0:
            out(f"(you may not discard {format_card(view.one_card_pick)} this turn: picked up alone)", markup=False)
        if view.must_draw:
            out("(stall rule: you must draw from the stock this turn)", markup=False)
        cards = sorted(view.hand, key=sort_key)
        out(f"[bold]Your hand ({len(cards)}):[/bold] {format_cards(cards)}", highlight=False)

    def pozzetto_text(self, view: Observation) -> str:
        taken = dict(view.pozzetto_of_side)
        parts = [f"{self.side_name(s)} {'took theirs' if s in taken else 'not yet'}" for s in range(len(view.melds))]
        return "pozzetto: " + ", ".join(parts)

    def side_name(self, side: int) -> str:
        if self.players == 4:
            return "You+North" if side == 0 else "West+East"
        return "You" if side == 0 else "Opponent"

    def show_hint(self, hand: Hand) -> None:
        legal = hand.legal_actions()
        out = self.console.print
        out(f"legal actions ({len(legal)}):", markup=False)
        plays = [a for a in legal if a.kind in ("meld", "attach")]
        for action in [a for a in legal if a.kind in ("draw", "pickup")] + plays[:30]:
            out(f"  {action}", markup=False, highlight=False)
        if len(plays) > 30:
            out(f"  … and {len(plays) - 30} more melds and attachments", markup=False)
        discards = [a for a in legal if a.kind == "discard"]
        for action in discards:
            out(f"  {action}", markup=False, highlight=False)
        suggestion = self.adviser.choose(observe(hand, HUMAN), legal)
        out(f"suggestion: {suggestion}", markup=False, highlight=False)

    def show_breakdown(self, hand: Hand, result: HandResult) -> None:
        out = self.console.print
        out(f"\n[bold]Hand {result.number} is over[/bold] ({hand.end_reason}). Score sheet ({cite('8')}):")
        for side, score in enumerate(result.scores):
            table = Table(title=f"{self.side_name(side)}", show_header=False, title_justify="left")
            table.add_column("item", overflow="fold")
            table.add_column("points", justify="right")
            for item in score.items:
                table.add_row(item.label, f"{item.points:+d}")
            table.add_row("[bold]total[/bold]", f"[bold]{score.total:+d}[/bold]")
            out(table)
        totals = " · ".join(f"{self.side_name(s)} {t}" for s, t in enumerate(self.match.totals))
        out(f"Match totals: {totals} (target {self.rules.target})", highlight=False)

    def show_match_result(self) -> None:
        winner = self.match.winner()
        totals = self.match.totals
        text = " · ".join(f"{self.side_name(s)} {t}" for s, t in enumerate(totals))
        if winner is None:
            self.console.print(f"\n[bold]The match is drawn[/bold]: {text}", highlight=False)
        elif winner == 0:
            self.console.print(f"\n[bold]You win the match![/bold] {text}", highlight=False)
        else:
            self.console.print(f"\n[bold]You lose the match.[/bold] {text}", highlight=False)


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def play(
    players: Annotated[int, typer.Option(help="2 or 4 players (4: a bot partner sits opposite you).")] = 2,
    rules: Annotated[str, typer.Option(help="Rules preset: fibur, international, portal, home, reale.")] = "fibur",
    target: Annotated[int | None, typer.Option(help="Points to win the match (default: the preset's).")] = None,
    difficulty: Annotated[str, typer.Option(help="easy, normal or hard.")] = "normal",
    seed: Annotated[int, typer.Option(help="Seed of the deals and the bots.")] = 0,
) -> None:
    """Play a match of Burraco in the terminal against computer opponents."""
    if players not in (2, 4):
        raise typer.BadParameter("play 2 or 4 players", param_hint="--players")
    if difficulty not in DIFFICULTIES:
        raise typer.BadParameter(f"choose one of {', '.join(DIFFICULTIES)}", param_hint="--difficulty")
    chosen = preset(rules).replace(players=players)
    if target is not None:
        chosen = chosen.replace(target=target, hands_per_turn=None)
    TerminalGame(chosen, difficulty, seed).run()


def register(app: typer.Typer) -> None:
    app.command("play")(play)
