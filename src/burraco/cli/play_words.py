"""The words of ``burraco play`` in Italian and English, and cards drawn with suit symbols and colour.

The language comes from ``--lang`` (``it`` or ``en``), else from the ``LANG`` environment variable
(``it_IT.UTF-8`` gives Italian), else English. Moves may be typed in either language: ``pesca``,
``raccogli``, ``cala``, ``attacca``, ``scarta`` are ``draw``, ``pickup``, ``meld``, ``attach``,
``discard``.

>>> card_markup(9)
'[red]10♥[/red]'
>>> card_markup(52), card_markup(13 * 3)
('[magenta]★[/magenta]', 'A♠')
>>> language(None, {"LANG": "it_IT.UTF-8"}), language(None, {}), language("en", {"LANG": "it_IT"})
('it', 'en', 'en')
>>> Words("it")("your_turn")
'Tocca a te'
>>> meld_markup("6C JK=7C 8C (sequence, wildcard fixed)", Words("it"))
'6♣ [magenta]★[/magenta]=7♣ 8♣ (scala)'
>>> meld_markup("7H 7D 7C 2S=7* (combination)", Words("en"))
'[red]7♥[/red] [red]7♦[/red] 7♣ 2♠=7 (set)'
>>> translate_command("scarta KD"), translate_command("attacca 0 JK"), translate_command("draw")
('discard KD', 'attach 0 JK', 'draw')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from burraco.core.cards import format_card, parse_cards

SUITS: Final = {"H": ("♥", "red"), "D": ("♦", "red"), "C": ("♣", ""), "S": ("♠", "")}
COMMANDS: Final = {
    "pesca": "draw",
    "raccogli": "pickup",
    "cala": "meld",
    "attacca": "attach",
    "scarta": "discard",
    "aiuto": "help",
    "consiglio": "hint",
    "mostra": "show",
    "esci": "quit",
}

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "you": "You",
        "west": "West",
        "north": "North (partner)",
        "east": "East",
        "opponent": "Opponent",
        "intro4": "you and North against West and East",
        "intro3": "you against West and East, each on your own",
        "intro2": "you against one opponent",
        "intro": "[bold]Burraco[/bold]: {sides}; target {target} points. Type [bold]help[/bold] for commands.",
        "seed": "Seed {seed}: play this same deal again with --seed {seed}.",
        "hand": "Hand {n}",
        "dealer": "dealer",
        "next_hand": "Press Enter for the next hand (or type quit): ",
        "goodbye": "Goodbye.",
        "prompt": "your move> ",
        "not_allowed": "Not allowed:",
        "your_turn": "Your turn",
        "take": "take a card",
        "play": "meld, attach or discard",
        "match": "match",
        "target": "target",
        "stock": "Stock",
        "pozzetti_left": "pozzetti left",
        "none": "none",
        "in_hand": "in hand",
        "holds": "holds",
        "your_melds": "Your side's melds",
        "their_melds": "{side}'s melds",
        "on_table": "points on the table",
        "no_melds": "  (none)",
        "pile": "Discard pile",
        "empty": "(empty)",
        "top": "   <- top",
        "no_discard": "(you may not discard {card} this turn: picked up alone)",
        "must_draw": "(stall rule: you must draw from the stock this turn)",
        "your_hand": "Your hand",
        "pozzetto": "pozzetto",
        "took": "took theirs",
        "not_yet": "not yet",
        "one_card": "1 card",
        "cards": "{n} cards",
        "over": "Hand {n} is over",
        "sheet": "Score sheet",
        "total": "total",
        "totals": "Match totals",
        "drawn": "The match is drawn",
        "win": "You win the match!",
        "lose": "You lose the match.",
        "the_table": "The table",
        "drew": "{who} drew {card}.",
        "drew_stock": "{who} drew from the stock.",
        "picked": "{who} picked up the discard pile: {cards}.",
        "melded": "{who} melded {cards}.",
        "attached": "{who} attached {cards} to meld {target}.",
        "discarded": "{who} discarded {card}.",
        "pozzetto_stock": "The untaken pozzetto became the stock.",
        "took_pozzetto": "{who} took a pozzetto ({detail}){cards}.",
        "closed": "{who} closed the hand!",
        "ends": "The hand ends: {detail}.",
        "clean": "clean burraco",
        "dirty": "dirty burraco",
        "semi_clean": "semi-clean burraco",
        "sequence": "run",
        "combination": "set",
    },
    "it": {
        "you": "Tu",
        "west": "Ovest",
        "north": "Nord (compagno)",
        "east": "Est",
        "opponent": "Avversario",
        "intro4": "tu e Nord contro Ovest ed Est",
        "intro3": "tu contro Ovest ed Est, ognuno per sé",
        "intro2": "tu contro un avversario",
        "intro": "[bold]Burraco[/bold]: {sides}; si gioca a {target} punti. Scrivi [bold]aiuto[/bold] per i comandi.",
        "seed": "Seme {seed}: rigioca questa stessa smazzata con --seed {seed}.",
        "hand": "Mano {n}",
        "dealer": "mazziere",
        "next_hand": "Premi Invio per la mano successiva (o scrivi esci): ",
        "goodbye": "Arrivederci.",
        "prompt": "la tua mossa> ",
        "not_allowed": "Non si può:",
        "your_turn": "Tocca a te",
        "take": "pesca o raccogli",
        "play": "cala, attacca o scarta",
        "match": "partita",
        "target": "a",
        "stock": "Tallone",
        "pozzetti_left": "pozzetti rimasti",
        "none": "nessuno",
        "in_hand": "in mano",
        "holds": "ha",
        "your_melds": "Le vostre combinazioni",
        "their_melds": "Combinazioni di {side}",
        "on_table": "punti in tavola",
        "no_melds": "  (nessuna)",
        "pile": "Scarti",
        "empty": "(vuoto)",
        "top": "   <- in cima",
        "no_discard": "(in questo turno non puoi scartare {card}: l'hai raccolta da sola)",
        "must_draw": "(regola dello stallo: in questo turno devi pescare dal tallone)",
        "your_hand": "La tua mano",
        "pozzetto": "pozzetto",
        "took": "preso",
        "not_yet": "non ancora",
        "one_card": "1 carta",
        "cards": "{n} carte",
        "over": "La mano {n} è finita",
        "sheet": "Punteggio",
        "total": "totale",
        "totals": "Totali della partita",
        "drawn": "Partita pari",
        "win": "Hai vinto la partita!",
        "lose": "Hai perso la partita.",
        "the_table": "Il tavolo",
        "drew": "{who} pesca {card}.",
        "drew_stock": "{who} pesca dal tallone.",
        "picked": "{who} raccoglie gli scarti: {cards}.",
        "melded": "{who} cala {cards}.",
        "attached": "{who} attacca {cards} alla combinazione {target}.",
        "discarded": "{who} scarta {card}.",
        "pozzetto_stock": "Il pozzetto non preso diventa il tallone.",
        "took_pozzetto": "{who} prende il pozzetto ({detail}){cards}.",
        "closed": "{who} chiude la mano (chiusura)!",
        "ends": "La mano finisce: {detail}.",
        "clean": "burraco pulito",
        "dirty": "burraco sporco",
        "semi_clean": "burraco semipulito",
        "sequence": "scala",
        "combination": "tris",
    },
}


def language(flag: str | None, environ: Mapping[str, str]) -> str:
    """``--lang`` if given, else Italian when ``LANG`` starts with ``it``, else English."""
    if flag in WORDS:
        return flag
    return "it" if environ.get("LANG", "").lower().startswith("it") else "en"


class Words:
    """``words("key", name=value)``: the key's text in the language, with ``{name}`` filled in."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in WORDS else "en"

    def __call__(self, key: str, **params: object) -> str:
        text = WORDS[self.lang].get(key) or WORDS["en"][key]
        return text.format(**params) if params else text


def card_markup(card: int) -> str:
    """A card as rich markup with its suit symbol, hearts and diamonds in red, the joker a star."""
    text = format_card(card)
    if text == "JK":
        return "[magenta]★[/magenta]"
    symbol, colour = SUITS[text[-1]]
    face = text[:-1] + symbol
    return f"[{colour}]{face}[/{colour}]" if colour else face


def cards_markup(cards: Iterable[int]) -> str:
    return " ".join(card_markup(c) for c in cards)


def translate_command(line: str) -> str:
    """An Italian command word becomes the engine's English one; the cards stay as typed."""
    word, _, rest = line.strip().partition(" ")
    english = COMMANDS.get(word.lower(), word)
    return f"{english} {rest}".strip()


def meld_markup(description: str, words: Words) -> str:
    """A meld's engine description ("6C JK=7C 8C (sequence, wildcard fixed)") in colour and plain words:
    each wildcard with what it stands for (``★=7♣``), the kind of meld, no engine jargon."""
    cards, _, kind = description.partition(" (")
    shown = []
    for token in cards.split():
        card, _, stands = token.partition("=")
        text = card_markup(parse_cards([card])[0])
        if stands:
            text += "=" + (stands[:-1] if stands.endswith("*") else plain_card(stands))
        shown.append(text)
    name = kind.split(",")[0].rstrip(")")
    return " ".join(shown) + (f" ({words(name)})" if name in WORDS["en"] else "")


def plain_card(code: str) -> str:
    """A card code with its suit symbol, no colour: ``7C`` → ``7♣``."""
    return code[:-1] + SUITS[code[-1]][0] if code[-1] in SUITS else code
