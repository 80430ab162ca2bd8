"""Art. 18 (two equal sequences are allowed, two equal combinations are not) and Art. 19 (picking up the
discard pile: a card left behind, cards left face up, a lifted card, a one-card pile)."""

from __future__ import annotations

from burraco.arbiter.art17 import POINT_B_EFFECTS, POINT_B_WORDS
from burraco.arbiter.build import NO_CLOSE, STOP, ans, ask, ruling, yes_no
from burraco.arbiter.effects import (
    Act,
    Cards,
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
    Subject,
    TableAction,
    TurnLimit,
    Validity,
    When,
)
from burraco.arbiter.text import Text
from burraco.arbiter.tree import Article, Question, Ruling

_LAY_BEFORE = Text(
    "La seconda combinazione va appoggiata sulla prima, che da quel momento è congelata, e il giocatore "
    "interrompe ogni altra fase di gioco.",
    "The second combination must be laid on the first, which is frozen from then on, and the player stops "
    "every further play.",
)
_LAY_AFTER = Text(
    "Al suo turno il giocatore appoggia la seconda combinazione sulla prima, che da quel momento è congelata, e si "
    "limita a pescare e a scartare la stessa carta pescata.",
    "At his turn the player lays the second combination on the first, which is frozen from then on, and only "
    "draws and discards that same card.",
)
_WILDCARDS = Text(
    "Poiché entrambe contenevano una matta, la seconda matta va scartata.",
    "As both held a wildcard, the second wildcard must be discarded.",
)
_POZZETTO = Text(
    "Il pozzetto preso con questa giocata, anche in diretta, potrà essere giocato solo al turno successivo.",
    "The pozzetto taken with this play, even on the fly, may be played only from the next turn.",
)
_BURRACO = Text(
    "Il burraco formato appoggiando la seconda combinazione sulla prima non è valido.",
    "The burraco formed by laying the second combination on the first is void.",
)
_SAME_RANK = Text(
    "Nel resto della smazzata il giocatore non può calare una nuova combinazione dello stesso valore; la linea "
    "colpevole non può chiudere per un giro completo.",
    "For the rest of the hand the player may not meld a new combination of that rank; the guilty side may not "
    "close for a full round.",
)
_AFTER_WILDCARD_NOTE = Text(
    "Il codice chiede, in quel turno, sia lo scarto della seconda matta sia quello della carta pescata: qui la "
    "carta pescata si scarta in quel turno e la matta, penalizzata, dal turno seguente.",
    "The code asks, in that turn, both for the second wildcard's discard and for the drawn card's: here the drawn "
    "card is discarded in that turn and the wildcard, penalised, from the following turn.",
)


def _merged(*, before: bool, wildcards: bool, pozzetto: bool, burraco: bool) -> Ruling:
    """The ruling for two equal combinations, the second laid on the first."""
    words = _LAY_BEFORE if before else _LAY_AFTER
    effects: list[Effect] = [TableAction(Act.LAY_ON_FIRST_COMBINATION), MeldFrozen(Meld.FIRST_COMBINATION)]
    effects.append(STOP if before else TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.OWN_NEXT_TURN))
    if wildcards:
        words += _WILDCARDS
        first = FirstDiscard.THIS_TURN if before else FirstDiscard.LATER_TURNS
        effects.append(PenalisedCards(Cards.SECOND_WILDCARD, first, DiscardOrder.ANY))
    if pozzetto:
        words += _POZZETTO
        effects.append(PozzettoFix(PozzettoAction.PLAY_NEXT_ROUND))
    if burraco:
        words += _BURRACO
        effects.append(Validity(Subject.BURRACO, False))
    effects += [Forbidden(Forbid.NEW_COMBINATION_SAME_RANK), NO_CLOSE]
    key = "-".join(
        ["before" if before else "after"]
        + (["wildcards"] if wildcards else [])
        + (["pozzetto"] if pozzetto else [])
        + (["burraco"] if burraco else [])
    )
    note = _AFTER_WILDCARD_NOTE if wildcards and not before else None
    return ruling(18, key, words + _SAME_RANK, *effects, also=(13,), note=note)


def _wildcards_then_burraco(*, before: bool, pozzetto: bool) -> Question:
    def burraco_question(wildcards: bool) -> Question:
        return yes_no(
            "burraco",
            "Appoggiando la seconda combinazione sulla prima si forma un burraco?",
            "Does laying the second combination on the first make a burraco?",
            yes=_merged(before=before, wildcards=wildcards, pozzetto=pozzetto, burraco=True),
            no=_merged(before=before, wildcards=wildcards, pozzetto=pozzetto, burraco=False),
        )

    return yes_no(
        "wildcards",
        "Entrambe le combinazioni contengono una matta?",
        "Do both combinations hold a wildcard?",
        yes=burraco_question(True),
        no=burraco_question(False),
    )


CLOSED = ruling(
    18,
    "before-closing",
    Text(
        "Con questa giocata la linea avrebbe chiuso: il giocatore riprende in mano l'ultima calata e interrompe il "
        "gioco; la chiusura potrà essere fatta al turno successivo.",
        "This play would have closed for the side: the player takes back the last meld and stops; the side may "
        "close from its next turn.",
    ),
    TableAction(Act.TAKE_BACK_LAST_MELD),
    STOP,
    TableAction(Act.CLOSE_NEXT_TURN),
    NO_CLOSE,
    also=(13,),
)

ARTICLE_18 = Article(
    18,
    Text("Apertura di due sequenze o combinazioni uguali", "Two equal sequences or combinations"),
    Text(
        "Due sequenze uguali sono ammesse; due combinazioni uguali no.",
        "Two equal sequences are allowed; two equal combinations are not.",
    ),
    ask(
        "melds",
        "Che cosa ha aperto il giocatore?",
        "What did the player open?",
        ans(
            "two_sequences",
            "Due sequenze uguali",
            "Two equal sequences",
            ruling(
                18,
                "two-sequences",
                Text(
                    "Due sequenze uguali sono ammesse: non c'è irregolarità e il gioco prosegue.",
                    "Two equal sequences are allowed: there is no irregularity and play goes on.",
                ),
                TableAction(Act.PLAY_CONTINUES),
            ),
        ),
        ans(
            "two_combinations",
            "Due combinazioni uguali (dello stesso valore)",
            "Two equal combinations (of the same rank)",
            ask(
                "noticed",
                "Quando è stato notato l'errore?",
                "When was the error noticed?",
                ans(
                    "before_discard",
                    "Prima che il giocatore scartasse",
                    "Before the player discarded",
                    ask(
                        "outcome",
                        "Con questa giocata il giocatore…",
                        "With this play the player…",
                        ans("closed", "ha chiuso il gioco", "closed", CLOSED),
                        ans(
                            "pozzetto",
                            "è andato a pozzetto (anche in diretta)",
                            "took his pozzetto (even on the fly)",
                            _wildcards_then_burraco(before=True, pozzetto=True),
                        ),
                        ans(
                            "neither",
                            "né ha chiuso né è andato a pozzetto",
                            "neither closed nor took his pozzetto",
                            _wildcards_then_burraco(before=True, pozzetto=False),
                        ),
                    ),
                ),
                ans(
                    "after_discard",
                    "Dopo il suo scarto",
                    "After his discard",
                    _wildcards_then_burraco(before=False, pozzetto=False),
                ),
            ),
        ),
    ),
)

ARTICLE_19 = Article(
    19,
    Text("Raccolta dal monte degli scarti", "Picking up the discard pile"),
    Text(
        "Chi raccoglie prende tutto il monte; una carta lasciata, carte lasciate scoperte, una carta sollevata, un "
        "monte di una sola carta.",
        "Whoever picks up takes the whole pile; a card left behind, cards left face up, a lifted card, a one-card "
        "pile.",
    ),
    ask(
        "situation",
        "Che cosa è successo?",
        "What happened?",
        ans(
            "left_one",
            "Raccogliendo il monte, il giocatore ha lasciato sul tavolo una sola carta",
            "Picking up the pile, the player left one card on the table",
            yes_no(
                "made_play",
                "Ha poi fatto un gioco (calato o legato carte)?",
                "Did he then make a play (meld or attach cards)?",
                yes=ruling(
                    19,
                    "left-one-played",
                    Text("Si applica il punto B dell'art. 17.", "Point B of Art. 17 applies.") + POINT_B_WORDS,
                    *POINT_B_EFFECTS,
                    also=(17,),
                ),
                no=ruling(
                    19,
                    "left-one",
                    Text(
                        "La carta lasciata è automaticamente il suo scarto: non può fare nient'altro.",
                        "The card left behind is automatically his discard: he may do nothing else.",
                    ),
                    Discard(Cards.CARD_LEFT_ON_PILE),
                    STOP,
                ),
            ),
        ),
        ans(
            "left_face_up",
            "Ha lasciato le carte raccolte scoperte sul tavolo e ha iniziato a giocare",
            "He left the cards picked up face up on the table and began to play",
            ruling(
                19,
                "left-face-up",
                Text(
                    "Le carte raccolte non si lasciano scoperte sul tavolo: l'arbitro sospende il gioco e fa scartare "
                    "la carta più bassa tra quelle raccolte.",
                    "The cards picked up may not be left face up on the table: the arbiter stops play and has the "
                    "lowest of the cards picked up discarded.",
                ),
                Discard(Cards.LOWEST_PICKED_UP),
                STOP,
            ),
        ),
        ans(
            "lifted_pile_card",
            "Esaminando il monte, ha sollevato il dorso di una carta",
            "Looking through the pile, he lifted the back of a card",
            ruling(
                19,
                "lifted-pile-card",
                Text(
                    "Le carte del monte si possono esaminare, ma chi ne solleva anche una sola deve raccoglierle "
                    "tutte.",
                    "The pile's cards may be looked through, but whoever lifts even one must pick them all up.",
                ),
                TableAction(Act.TAKE_WHOLE_PILE),
            ),
        ),
        ans(
            "lifted_stock_card",
            "Ha sollevato, anche solo in parte, una carta del tallone",
            "He lifted a card of the stock, even partly",
            ruling(
                19,
                "lifted-stock-card",
                Text(
                    "Deve prendere la carta sollevata, anche se non l'ha guardata, e non può cambiare idea.",
                    "He must take the card he lifted, even unseen, and may not change his mind.",
                ),
                TableAction(Act.TAKE_LIFTED_CARD),
            ),
        ),
        ans(
            "single_card_pile",
            "Il monte era di una sola carta: presa, il giocatore vuole scartarla subito",
            "The pile was a single card: having taken it, the player wants to discard it at once",
            yes_no(
                "holds_same",
                "Ha già in mano una carta uguale?",
                "Does he already hold the same card?",
                yes=ruling(
                    19,
                    "single-card-same-held",
                    Text(
                        "Può scartarla, perché ha in mano la stessa carta; se richiesto, deve mostrarla.",
                        "He may discard it, as he holds the same card; if asked, he must show it.",
                    ),
                    TableAction(Act.SHOW_SAME_CARD_IF_ASKED),
                ),
                no=ruling(
                    19,
                    "single-card",
                    Text(
                        "La carta presa da un monte di una sola carta non può essere scartata subito: deve scartarne "
                        "un'altra.",
                        "A card taken from a one-card pile may not be discarded at once: he must discard another.",
                    ),
                    Forbidden(Forbid.DISCARD_TAKEN_CARD_AT_ONCE),
                ),
            ),
        ),
    ),
)
