"""Each effect in words, Italian and English: one line the arbiter can read out at the table.

>>> from burraco.arbiter.effects import SideMayNotClose, TurnLimit, Limit
>>> describe(SideMayNotClose(), Lang.IT)
'La linea colpevole non può chiudere per un giro completo.'
>>> describe(TurnLimit(Limit.STOP), Lang.EN)
'Now: play stops (no more melds or attachments; the turn ends with the discard).'
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from burraco.arbiter.effects import (
    Act,
    Admonition,
    Cards,
    CardToStock,
    CountedAgainst,
    Discard,
    DiscardOrder,
    Effect,
    FirstDiscard,
    Forbid,
    Forbidden,
    Limit,
    Meld,
    MeldFrozen,
    PenalisedCards,
    PozzettoAction,
    PozzettoFix,
    SideMayNotClose,
    StandingsPenalty,
    Subject,
    TableAction,
    TurnLimit,
    Validity,
    When,
)
from burraco.arbiter.text import Lang, Text

T = Text

WORDS: Final[dict[Enum, Text]] = {
    Cards.WRONG_CARDS: T("le carte legate per errore", "the cards attached in error"),
    Cards.UNFITTING_CARDS: T(
        "le carte legate per errore che non si legano al gioco", "the cards attached in error that do not fit the meld"
    ),
    Cards.UNHEALED_CARDS: T("le carte del gioco errato non sanate", "the cards of the faulty meld left unhealed"),
    Cards.PENALISED: T("le carte penalizzate assegnate", "the penalised cards assigned"),
    Cards.ALL_MELD_CARDS: T("tutte le carte del gioco errato", "every card of the faulty meld"),
    Cards.EXTRA_CARDS: T("le carte eccedenti", "the extra cards"),
    Cards.LAST_MELD: T("l'ultimo gioco effettuato", "the last play made"),
    Cards.SECOND_WILDCARD: T("la seconda matta", "the second wildcard"),
    Cards.DRAWN_CARD: T("la carta pescata", "the card drawn"),
    Cards.HIGHEST_IN_HAND: T("la carta di valore più alto in mano", "the card of highest value in the hand"),
    Cards.LOWEST_PICKED_UP: T("la carta più bassa tra quelle raccolte", "the lowest of the cards picked up"),
    Cards.CARD_LEFT_ON_PILE: T("la carta lasciata sul tavolo", "the card left on the table"),
    FirstDiscard.THIS_TURN: T("la prima è lo scarto di questo turno", "the first is this turn's discard"),
    FirstDiscard.NEXT_TURN_WITHOUT_DRAWING: T(
        "la prima si scarta al turno successivo, senza pescare",
        "the first is discarded at the next turn, without drawing",
    ),
    FirstDiscard.LATER_TURNS: T("si scartano dal turno seguente", "they are discarded from the following turn"),
    DiscardOrder.LOWEST_FIRST: T("dalla più bassa alla più alta", "lowest first"),
    DiscardOrder.ANY: T("nell'ordine che sceglie il giocatore", "in the order the player chooses"),
    Meld.VALID_PART: T(
        "La parte valida del gioco errato è congelata: non vi si lega più nulla.",
        "The valid part of the faulty meld is frozen: nothing more may be attached to it.",
    ),
    Meld.WHOLE_MELD: T(
        "Il gioco errato è congelato: non vi si lega più nulla.",
        "The faulty meld is frozen: nothing more may be attached to it.",
    ),
    Meld.FIRST_COMBINATION: T(
        "La prima combinazione, con la seconda appoggiata sopra, è congelata: non vi si lega più nulla.",
        "The first combination, with the second laid on it, is frozen: nothing more may be attached to it.",
    ),
    Limit.STOP: T(
        "il gioco si interrompe (niente più giochi né carte legate; il turno finisce con lo scarto)",
        "play stops (no more melds or attachments; the turn ends with the discard)",
    ),
    Limit.DRAW_AND_DISCARD_SAME: T(
        "pesca dal tallone (non dal monte degli scarti) e scarta la stessa carta, senza fare altro",
        "draw from the stock (not the discard pile) and discard that same card, nothing else",
    ),
    Limit.DRAW_NOW_DISCARD_NEXT_TURN: T(
        "pesca ora; al turno successivo scarta quella carta, senza fare altro",
        "draw now; at the next turn discard that card, nothing else",
    ),
    Limit.DISCARD_FROM_POZZETTO: T(
        "scarta soltanto una carta del pozzetto appena preso (perde la diretta)",
        "only discard one card of the pozzetto just taken (the pozzetto is not played on the fly)",
    ),
    Limit.PLAY_OR_DISCARD_EXPOSED: T(
        "gioca la carta esposta (legandola o aprendo un gioco), altrimenti la scarta subito e si ferma",
        "play the exposed card (attach it or open a meld with it), or else discard it at once and stop",
    ),
    When.NOW: T("Ora", "Now"),
    When.OWN_NEXT_TURN: T("Al suo prossimo turno", "At his next turn"),
    PozzettoAction.PLAY_NEXT_ROUND: T(
        "Il pozzetto preso si gioca solo dal giro successivo.", "The pozzetto taken is played only from the next round."
    ),
    PozzettoAction.COMPLETE_FROM_STOCK_BOTTOM: T(
        "Il pozzetto in difetto si reintegra con le carte prese da sotto il tallone.",
        "The short pozzetto is made up with cards from the bottom of the stock.",
    ),
    PozzettoAction.COMPLETE_OTHER_TOO: T(
        "Anche l'altro pozzetto, in difetto, si reintegra con le carte successive da sotto il tallone.",
        "The other pozzetto, short too, is made up with the next cards from the bottom of the stock.",
    ),
    PozzettoAction.EXCESS_UNDER_STOCK: T(
        "L'arbitro toglie le carte in più dall'alto dei pozzetti, alternandoli, e le mette sotto il tallone.",
        "The arbiter takes the extra cards from the tops of the pozzetti, in turn, and puts them under the stock.",
    ),
    PozzettoAction.FIX_UNPLAYED_ONE: T(
        "Si sana soltanto il pozzetto non ancora giocato.", "Only the pozzetto not yet played is made right."
    ),
    PozzettoAction.FORGOTTEN_UNUSED: T(
        "Il pozzetto dimenticato della smazzata precedente resta inutilizzato.",
        "The pozzetto forgotten from the previous hand stays unused.",
    ),
    PozzettoAction.SECOND_SIDE_SECOND_POZZETTO: T(
        "La seconda linea prende comunque il secondo pozzetto formato in questa smazzata.",
        "The second side still takes the second pozzetto formed in this hand.",
    ),
    Forbid.MOVE_TO_ANOTHER_MELD: T(
        "spostare le carte su un altro gioco a cui si legherebbero",
        "moving the cards to another meld they would fit",
    ),
    Forbid.PENALISED_ON_EXISTING_MELDS: T(
        "sanare le carte penalizzate legandole a giochi già sul tavolo",
        "healing penalised cards by attaching them to melds already on the table",
    ),
    Forbid.EXPOSED_ON_PARTNERS_LAST_PLAYS: T(
        "mettere la carta nei giochi o negli allunghi fatti dal compagno nell'ultimo turno",
        "putting the card on the melds or extensions the partner made in his last turn",
    ),
    Forbid.PILE_CARD_PLACED: T(
        "collocare la carta del monte degli scarti utile alla sequenza sistemata",
        "placing the discard pile's card that the fixed sequence needs",
    ),
    Forbid.PILE_PICKUP: T("raccogliere il monte degli scarti", "picking up the discard pile"),
    Forbid.SUGGESTED_PLAY: T("fare il gioco suggerito", "making the suggested play"),
    Forbid.NEW_COMBINATION_SAME_RANK: T(
        "calare, per il resto della smazzata, una nuova combinazione dello stesso valore",
        "melding, for the rest of the hand, a new combination of the same rank",
    ),
    Forbid.DISCARD_TAKEN_CARD_AT_ONCE: T(
        "scartare nello stesso turno la carta appena presa dal monte",
        "discarding in the same turn the card just taken from the pile",
    ),
    Act.RETURN_TO_HAND: T("La carta torna in mano al giocatore.", "The card goes back into the player's hand."),
    Act.FITTING_CARDS_STAY: T(
        "Le carte che si legano correttamente restano nel gioco e valgono.",
        "The cards that fit stay on the meld and count.",
    ),
    Act.MELD_SEPARATELY: T(
        "Le carte si calano come gioco a sé (non si sanano con matte o con la carta mancante).",
        "The cards are laid down as a meld of their own (not healed with a wildcard or the missing card).",
    ),
    Act.HEAL_FROM_HAND: T(
        "Il giocatore sana il gioco con carte della propria mano, scegliendo lui quale parte sanare.",
        "The player heals the meld with cards from his hand, choosing which part to heal.",
    ),
    Act.LAY_ON_FIRST_COMBINATION: T(
        "La seconda combinazione si appoggia sulla prima.", "The second combination is laid on the first."
    ),
    Act.TAKE_BACK_LAST_MELD: T(
        "Il giocatore riprende in mano l'ultima calata.", "The player takes back the last meld."
    ),
    Act.CLOSE_NEXT_TURN: T(
        "La chiusura potrà essere fatta al turno successivo.", "The side may close from its next turn."
    ),
    Act.PILE_RESTORED: T("L'arbitro ripristina il monte degli scarti.", "The arbiter restores the discard pile."),
    Act.TAKE_WHOLE_PILE: T(
        "Il giocatore deve raccogliere tutto il monte degli scarti.", "The player must pick up the whole discard pile."
    ),
    Act.TAKE_LIFTED_CARD: T(
        "Il giocatore deve prendere la carta sollevata e non può cambiare idea.",
        "The player must take the card he lifted and may not change his mind.",
    ),
    Act.SHOW_SAME_CARD_IF_ASKED: T(
        "Se richiesto, il giocatore mostra la carta uguale che ha in mano.",
        "If asked, the player shows the same card in his hand.",
    ),
    Act.DECK_REPLACED: T("Il mazzo si sostituisce o si completa.", "The deck is replaced or completed."),
    Act.REDEAL: T(
        "Si ripete tutta l'operazione: mescolata, alzata, distribuzione e pozzetti.",
        "The whole deal is done again: shuffle, cut, deal and pozzetti.",
    ),
    Act.RECONSTRUCT_MELDS: T(
        "L'arbitro ricostruisce i giochi con la collaborazione dei giocatori.",
        "The arbiter rebuilds the melds with the players' help.",
    ),
    Act.ARBITRAL_SCORE: T("L'arbitro assegna un punteggio arbitrale.", "The arbiter awards an arbitral score."),
    Act.PLAY_CONTINUES: T("Il gioco prosegue regolarmente.", "Play goes on as normal."),
    Subject.PLAYS_BEFORE_NOTICE: T(
        "i giochi e le carte legate prima dell'avviso", "the melds and attachments made before the warning"
    ),
    Subject.BURRACO: T("il burraco fatto con quel gioco", "the burraco made with that meld"),
    Subject.CLOSING_ON_THAT_BURRACO: T(
        "la chiusura, se quel burraco era l'unico della linea",
        "the closing, if that burraco was the side's only one",
    ),
    Subject.POZZETTO_TAKEN: T("il pozzetto preso", "the pozzetto taken"),
    Subject.HAND_RESULT: T("il risultato della smazzata", "the hand's result"),
}
"""The words of every enum member an effect holds (a test checks that none is missing)."""


def _w(member: Enum, lang: Lang) -> str:
    return WORDS[member](lang)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(effect: Effect, lang: Lang) -> str:
    """The effect in one sentence, in ``lang``."""
    it = lang is Lang.IT
    match effect:
        case PenalisedCards(cards=cards, first=first, order=order):
            head = "Carte penalizzate" if it else "Penalised cards"
            tail = (
                "finché non le ha scartate tutte, pesca o raccoglie ma non fa giochi"
                if it
                else "until all are discarded he draws or picks up but makes no meld"
            )
            return f"{head}: {_w(cards, lang)}; {_w(first, lang)}, {_w(order, lang)}; {tail}."
        case Discard(cards=cards):
            return f"{_cap(_w(cards, lang))} " + ("è il suo scarto, ora." if it else "is his discard, now.")
        case CountedAgainst(cards=cards):
            return f"{_cap(_w(cards, lang))} " + (
                "si contano in negativo." if it else "count against the side at the end."
            )
        case MeldFrozen(meld=meld):
            return _w(meld, lang)
        case SideMayNotClose(rounds=rounds):
            if rounds == 1:
                return (
                    "La linea colpevole non può chiudere per un giro completo."
                    if it
                    else "The guilty side may not close for a full round."
                )
            return (
                f"La linea colpevole non può chiudere per {rounds} giri."
                if it
                else f"The guilty side may not close for {rounds} rounds."
            )
        case TurnLimit(limit=limit, when=when):
            return f"{_w(when, lang)}: {_w(limit, lang)}."
        case CardToStock(cards=cards, next_player_chooses=chooses):
            text = f"{_cap(_w(cards, lang))} " + ("torna sul tallone" if it else "goes back on the stock")
            if chooses:
                text += (
                    "; chi doveva giocare può vederla e pescarla, o raccogliere il monte degli scarti"
                    if it
                    else "; the player whose turn it was may look at it and draw it, or pick up the discard pile"
                )
            return text + "."
        case PozzettoFix(action=action):
            return _w(action, lang)
        case Forbidden(play=play):
            return ("Non è permesso: " if it else "Not allowed: ") + _w(play, lang) + "."
        case TableAction(act=act):
            return _w(act, lang)
        case Validity(subject=subject, valid=valid):
            verdict = ("vale" if valid else "non vale") if it else ("stands" if valid else "is void")
            return f"{_cap(_w(subject, lang))}: {verdict}."
        case Admonition():
            return "L'arbitro ammonisce il giocatore colpevole." if it else "The arbiter warns the guilty player."
        case StandingsPenalty(vp=vp, mp_equivalent=mp, opponents_gain=gain):
            if it:
                text = f"La linea colpevole perde {vp} V.P." + (" (o l'equivalente in M.P.)" if mp else "")
                return (
                    text + " in classifica generale" + ("." if gain else "; la linea innocente non ne trae vantaggio.")
                )
            text = f"The guilty side loses {vp} VP" + (" (or the equivalent MP)" if mp else "")
            return text + " in the overall standings" + ("." if gain else "; the opponents gain nothing.")
    raise AssertionError(f"no words for {effect!r}")  # pragma: no cover - the match covers every effect
