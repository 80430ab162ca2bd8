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
>>> Words("it").command("attach 0 JK"), Words("en").command("attach 0 JK")
('attacca 0 JK', 'attach 0 JK')
>>> Words("it").refusal("you cannot close without a burraco on your side (rules §6.2)")
'Non puoi chiudere senza un burraco sul tavolo della tua linea. (regole §6.2)'
>>> from burraco.core.scoring import BonusName
>>> Words("it").score_item(ScoreItem(ScoreKind.BURRACO, 200, BonusName.CLEAN)), Words("it").end("stock exhausted")
('burraco pulito', 'tallone finito')

The refusals, score items and ends are worded from the page's catalogues (``web/static/i18n.*.json``):
one source of truth for the game's words in both places.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Final

from burraco.core.cards import format_card, parse_cards
from burraco.core.scoring import ScoreItem, ScoreKind
from burraco.web.protocol.refusals import refusal

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

HELP_EN: Final = """Commands (cards as in 10H AS 2C JK; T for ten and lower case are fine):
  draw                 take the top card of the stock
  pickup               take the whole discard pile
  meld 7H 8H 9H        lay down a new meld
  attach 0 JK          attach cards to your side's meld number 0
  discard KD           discard a card (ends your turn)
  hint                 list the legal actions and a suggestion
  show                 show the table again
  help                 this text
  quit                 leave the game
A refusal names a section of the rules, e.g. "(rules §6.2)": type burraco rules 6.2 to read it.
In italiano: pesca, raccogli, cala, attacca, scarta, consiglio, mostra, aiuto, esci."""
HELP_IT: Final = """Comandi (carte come 10H AS 2C JK: H cuori, D quadri, C fiori, S picche; T per il dieci;
anche minuscole):
  pesca                prendi la prima carta del tallone
  raccogli             prendi tutti gli scarti
  cala 7H 8H 9H        cala un gioco nuovo
  attacca 0 JK         attacca carte al gioco numero 0 della tua linea
  scarta KD            scarta una carta (il turno finisce)
  consiglio            le mosse possibili e un consiglio
  mostra               mostra di nuovo il tavolo
  aiuto                questo testo
  esci                 lascia la partita
Un rifiuto nomina una sezione delle regole, per esempio "(regole §6.2)": per leggerla scrivi
burraco rules 6.2 --lang it.
In English: draw, pickup, meld, attach, discard, hint, show, help, quit."""
DETAILS: Final = {
    "it": {
        "on the fly": "al volo",
        "with the discard": "con lo scarto",
        "to the stock": "nel tallone",
        "time-out called (Art. 28)": "tempo scaduto (Art. 28)",
    }
}
"""The engine's record details (burraco.core.actions.RecordDetail) in Italian."""

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
        "seed": "Seed {seed}: to play these same deals again, type {command}",
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
        "bad_players": "play 2, 3 or 4 players",
        "error": "error",
        "bad_difficulty": "choose one of {levels}",
        "bad_rules": "unknown rules preset {name!r}: choose one of {presets}",
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
        "drew_you": "You drew {card}.",
        "drew_stock_you": "You drew from the stock.",
        "picked_you": "You picked up the discard pile: {cards}.",
        "melded_you": "You melded {cards}.",
        "attached_you": "You attached {cards} to meld {target}.",
        "discarded_you": "You discarded {card}.",
        "took_pozzetto_you": "You took a pozzetto ({detail}){cards}.",
        "closed_you": "You closed the hand!",
        "ends": "The hand ends: {detail}.",
        "clean": "clean burraco",
        "dirty": "dirty burraco",
        "semi_clean": "semi-clean burraco",
        "sequence": "run",
        "combination": "set",
        "legal": "legal actions ({n}):",
        "more": "… and {n} more melds and attachments",
        "suggestion": "suggestion: {action}",
        "bad_command": "I do not understand “{line}”: type help for the commands.",
        "sheet_of": "Score sheet ({rules}):",
        "rules_ref": "rules §{section}",
        "help": HELP_EN,
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
        "seed": "Partita numero {seed}: per rigiocare le stesse smazzate, scrivi {command}",
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
        "bad_players": "si gioca in 2, 3 o 4",
        "error": "errore",
        "bad_difficulty": "scegli uno tra {levels}",
        "bad_rules": "regole {name!r} sconosciute: scegli tra {presets}",
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
        "drew_you": "Peschi {card}.",
        "drew_stock_you": "Peschi dal tallone.",
        "picked_you": "Raccogli gli scarti: {cards}.",
        "melded_you": "Cali {cards}.",
        "attached_you": "Attacchi {cards} alla combinazione {target}.",
        "discarded_you": "Scarti {card}.",
        "took_pozzetto_you": "Prendi il pozzetto ({detail}){cards}.",
        "closed_you": "Chiudi la mano (chiusura)!",
        "ends": "La mano finisce: {detail}.",
        "clean": "burraco pulito",
        "dirty": "burraco sporco",
        "semi_clean": "burraco semipulito",
        "sequence": "scala",
        "combination": "tris",
        "legal": "mosse possibili ({n}):",
        "more": "… e altri {n} giochi e attacchi",
        "suggestion": "consiglio: {action}",
        "bad_command": "Non capisco «{line}»: scrivi aiuto per i comandi.",
        "sheet_of": "Punteggio ({rules}):",
        "rules_ref": "regole §{section}",
        "help": HELP_IT,
    },
}


def language(flag: str | None, environ: Mapping[str, str]) -> str:
    """``--lang`` if given, else Italian when ``LANG`` starts with ``it``, else English."""
    if flag in WORDS:
        return flag
    return "it" if environ.get("LANG", "").lower().startswith("it") else "en"


@cache
def catalogue(lang: str) -> dict[str, Any]:
    """The page's catalogue in ``lang`` (shipped with the package): the words of refusals and scores."""
    path = resources.files("burraco").joinpath("web", "static", f"i18n.{lang}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


class Words:
    """``words("key", name=value)``: the key's text in the language, with ``{name}`` filled in."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in WORDS else "en"

    def __call__(self, key: str, **params: object) -> str:
        text = WORDS[self.lang].get(key) or WORDS["en"][key]
        return text.format(**params) if params else text

    def worded(self, key: str, fallback: str, **params: object) -> str:
        """A catalogue entry's text with ``{name}`` filled in (a plural entry's "other" form), else ``fallback``."""
        entry = catalogue(self.lang).get(key)
        if entry is None:
            return fallback
        text = entry if isinstance(entry, str) else entry.get("one" if params.get("count") == "1" else "other", "")
        return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)

    def refusal(self, text: str, line: str = "") -> str:
        """The engine's refusal of the typed ``line`` in the language: English as the engine words it
        (citing the rules); Italian from its reason code, with the section, and for a line that is no
        move at all (an unknown word or card) a pointer to ``aiuto``."""
        if self.lang == "en":
            return text
        coded = refusal(text)
        if not coded:
            return self("bad_command", line=line.strip()) if line.strip() else text
        params = {k: plain_card(v) if k == "card" else v for k, v in coded["params"].items()}
        words = self.worded(f"reason.{coded['reason']}", text, **params)
        section = params.get("section")
        return f"{words} ({self('rules_ref', section=section)})" if section and words != text else words

    def command(self, action: str) -> str:
        """An action as the player would type it in this language ("attach 0 JK" → "attacca 0 JK")."""
        if self.lang == "en":
            return action
        word, _, rest = action.partition(" ")
        italian = next((it for it, en in COMMANDS.items() if en == word), word)
        return f"{italian} {rest}".strip()

    def score_item(self, item: ScoreItem) -> str:
        """A score-sheet item (a meld, a burraco, the closing, ...) in words, cards in colour."""
        if item.kind == ScoreKind.MELD:
            return meld_markup(item.detail, self)
        if item.kind == ScoreKind.BURRACO:
            return self.worded(f"sheet.bonus.{item.detail}", item.label)
        return self.worded(f"sheet.item.{item.kind.value}", item.label)

    def end(self, reason: str) -> str:
        """Why a hand ended ("stock exhausted") in words."""
        return self.worded(f"end.{re.sub(r'[ -]', '_', reason)}", reason)

    def detail(self, detail: str) -> str:
        """A record's detail ("on the fly") in words."""
        return DETAILS.get(self.lang, {}).get(detail, detail)


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
