"""Art. 13 (wrong melds: play stops, no closing for a round), Art. 14 (missing or extra cards in the deck)
and Art. 15 (points not counted at the end)."""

from __future__ import annotations

from burraco.arbiter.build import NO_CLOSE, STOP, ans, ask, ruling, yes_no
from burraco.arbiter.effects import (
    Act,
    Cards,
    DiscardOrder,
    FirstDiscard,
    PenalisedCards,
    Subject,
    TableAction,
    Validity,
)
from burraco.arbiter.text import Text
from burraco.arbiter.tree import Article

ARTICLE_13 = Article(
    13,
    Text("Giochi errati", "Wrong melds"),
    Text(
        "Ogni sequenza o combinazione errata ferma il giocatore fino al prossimo turno; con una penalità la linea "
        "non chiude per un giro.",
        "Any wrong sequence or combination stops the player until his next turn; with a penalty the side may not "
        "close for a round.",
    ),
    yes_no(
        "penalised_cards",
        "Al giocatore sono rimaste carte penalizzate da scartare?",
        "Has the player been left with penalised cards to discard?",
        yes=ruling(
            13,
            "penalised",
            Text(
                "L'errore pone fine a ogni attività del giocatore fino al suo prossimo turno. La linea colpevole non "
                "può chiudere per un giro completo, e il giocatore deve comunque scartare tutte le carte "
                "penalizzate (art. 12).",
                "The error ends all the player's activity until his next turn. The guilty side may not close for a "
                "full round, and the player must in any case discard every penalised card (Art. 12).",
            ),
            STOP,
            PenalisedCards(Cards.PENALISED, FirstDiscard.THIS_TURN, DiscardOrder.ANY),
            NO_CLOSE,
            also=(12,),
        ),
        no=ruling(
            13,
            "stopped",
            Text(
                "L'errore pone fine a ogni attività del giocatore fino al suo prossimo turno, e la linea colpevole non "
                "può chiudere per un giro completo.",
                "The error ends all the player's activity until his next turn, and the guilty side may not close for "
                "a full round.",
            ),
            STOP,
            NO_CLOSE,
            note=Text(
                "Il codice vieta la chiusura «in presenza di una qualsivoglia penalità»: l'interruzione del gioco "
                "imposta dall'errore è letta come tale, e l'art. 12 vieta la chiusura al compagno anche quando il "
                "gioco errato viene sanato.",
                'The code forbids closing "in the presence of any penalty": the stop the error imposes is read as '
                "one, and Art. 12 bars the partner from closing even when the faulty meld is healed.",
            ),
        ),
    ),
)

DECK_VALID = Text(
    "Il risultato resta valido a tutti gli effetti; poi il mazzo si sostituisce o si completa.",
    "The result stands in every respect; the deck is then replaced or completed.",
)

ARTICLE_14 = Article(
    14,
    Text("Carte mancanti o eccedenti", "Missing or extra cards"),
    Text(
        "Il mazzo ha carte in meno o in più: rilevato durante la smazzata o dopo il risultato.",
        "The deck has cards missing or extra: noticed during the hand or after its result.",
    ),
    ask(
        "when",
        "Quando è stata rilevata l'irregolarità?",
        "When was the irregularity noticed?",
        ans(
            "during_hand",
            "Durante la smazzata",
            "During the hand",
            yes_no(
                "meld_opened",
                "Era già stato aperto almeno un gioco?",
                "Had at least one meld been opened?",
                yes=ruling(
                    14,
                    "during-hand",
                    Text(
                        "Nonostante l'irregolarità la smazzata continua fino alla fine e il risultato vale; poi il "
                        "mazzo si sostituisce o si completa.",
                        "Despite the irregularity the hand is played to the end and its result stands; the deck is "
                        "then replaced or completed.",
                    ),
                    Validity(Subject.HAND_RESULT, True),
                    TableAction(Act.DECK_REPLACED),
                ),
                no=ruling(
                    14,
                    "before-any-meld",
                    Text(
                        "Nessun gioco è stato aperto: si sostituisce o si completa il mazzo e si ripete la "
                        "distribuzione.",
                        "No meld has been opened: the deck is replaced or completed and the hand is dealt again.",
                    ),
                    TableAction(Act.DECK_REPLACED),
                    TableAction(Act.REDEAL),
                    note=Text(
                        "Il codice fa proseguire la smazzata solo quando un gioco è già stato aperto e tace sul caso "
                        "contrario; qui si ripete la distribuzione, come per gli errori di distribuzione dell'art. 4.",
                        "The code lets the hand go on only once a meld has been opened and is silent otherwise; "
                        "here the hand is dealt again, as for the dealing errors of Art. 4.",
                    ),
                ),
            ),
        ),
        ans(
            "after_result",
            "Alla fine, dopo che la smazzata si è conclusa regolarmente",
            "At the end, after the hand finished normally",
            ruling(14, "after-result", DECK_VALID, Validity(Subject.HAND_RESULT, True), TableAction(Act.DECK_REPLACED)),
        ),
    ),
)

ARTICLE_15 = Article(
    15,
    Text("Punti positivi non conteggiati alla fine", "Points not counted at the end"),
    Text(
        "Al conteggio un giocatore ha mescolato i suoi giochi con le altre carte prima di contarli.",
        "At the count a player mixed his melds with the other cards before counting them.",
    ),
    yes_no(
        "reconstructed",
        "Con l'aiuto dei giocatori si riescono a ricostruire i giochi?",
        "Can the melds be rebuilt with the players' help?",
        yes=ruling(
            15,
            "reconstructed",
            Text(
                "L'arbitro ricostruisce i giochi con la collaborazione dei giocatori, e si conta di comune accordo "
                "su quella base.",
                "The arbiter rebuilds the melds with the players' help, and the count is agreed on that basis.",
            ),
            TableAction(Act.RECONSTRUCT_MELDS),
        ),
        no=ruling(
            15,
            "arbitral-score",
            Text(
                "La ricostruzione non è possibile: in base agli elementi raccolti l'arbitro assegna un punteggio "
                "arbitrale.",
                "The melds cannot be rebuilt: on the evidence gathered the arbiter awards an arbitral score.",
            ),
            TableAction(Act.ARBITRAL_SCORE),
        ),
    ),
)
