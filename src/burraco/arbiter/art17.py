"""Art. 17, drawing, picking up or playing out of turn: point A (no play made: stock or pile restored),
point B (a play made: the last play is penalised), the pozzetto taken on the fly followed by a draw,
and the next player's play that overcomes the irregularity.

Art. 19 applies point B too (:data:`POINT_B`)."""

from __future__ import annotations

from burraco.arbiter.build import NO_CLOSE, STOP, ans, ask, ruling, yes_no
from burraco.arbiter.effects import (
    Act,
    Cards,
    CardToStock,
    DiscardOrder,
    FirstDiscard,
    Limit,
    PenalisedCards,
    TableAction,
    TurnLimit,
    When,
)
from burraco.arbiter.text import Text
from burraco.arbiter.tree import Article, Node, Question, Ruling

N = 17

POINT_B_WORDS = Text(
    "Al momento della contestazione il giocatore colpevole interrompe il gioco e il suo ultimo gioco è "
    "penalizzato. Al suo turno, senza pescare, scarta la più bassa delle carte penalizzate; nei giri seguenti "
    "pesca o raccoglie e, senza fare giochi, scarta le altre dalla più bassa alla più alta. La linea colpevole non "
    "può chiudere per un giro completo.",
    "When challenged the guilty player stops, and his last play is penalised. At his turn, without drawing, he "
    "discards the lowest penalised card; in the following rounds he draws or picks up and, making no meld, "
    "discards the others from lowest to highest. The guilty side may not close for a full round.",
)

POINT_B_EFFECTS = (
    STOP,
    PenalisedCards(Cards.LAST_MELD, FirstDiscard.NEXT_TURN_WITHOUT_DRAWING, DiscardOrder.LOWEST_FIRST),
    NO_CLOSE,
)

POINT_B = ruling(N, "played", POINT_B_WORDS, *POINT_B_EFFECTS)
"""Point B: the guilty player made a play."""

OVERCOME = ruling(
    N,
    "overcome",
    Text(
        "Il giocatore che segue il colpevole nel giro ha già fatto gioco: l'irregolarità è superata e il gioco "
        "prosegue regolarmente.",
        "The player after the guilty one in the rotation has already made a play: the irregularity is overcome "
        "and play goes on as normal.",
    ),
    TableAction(Act.PLAY_CONTINUES),
)

_STOCK = Text(
    "L'arbitro rimette la carta sul tallone; chi doveva giocare può vederla e pescarla, oppure raccogliere il "
    "monte degli scarti.",
    "The arbiter puts the card back on the stock; the player whose turn it was may look at it and draw it, or "
    "pick up the discard pile instead.",
)
_FORGOT = Text(
    "Il colpevole non ricorda la carta pescata: l'arbitro rimette sul tallone la carta di valore più alto che ha "
    "in mano; chi doveva giocare può vederla e pescarla, oppure raccogliere il monte degli scarti.",
    "The guilty player does not remember the card he drew: the arbiter puts the highest-valued card of his hand "
    "back on the stock; the player whose turn it was may look at it and draw it, or pick up the discard pile "
    "instead.",
)
_PILE = Text("L'arbitro ripristina il monte degli scarti.", "The arbiter restores the discard pile.")

_OUT_OF_TURN = Text(
    "Al suo turno il colpevole si limita alla pesca obbligatoria e allo scarto della stessa carta. La linea "
    "colpevole non può chiudere per un giro completo.",
    "At his turn the guilty player only makes the compulsory draw and discards that same card. The guilty side "
    "may not close for a full round.",
)
_OUT_OF_TURN_LIMIT = TurnLimit(Limit.DRAW_AND_DISCARD_SAME, When.OWN_NEXT_TURN)

_POZZETTO = Text(
    "In questo turno il colpevole si limita a scartare una delle carte del pozzetto appena preso, perdendo il "
    "diritto alla diretta; dal giro successivo gioca regolarmente. La linea colpevole non può chiudere per un giro "
    "completo.",
    "In this turn the guilty player only discards one card of the pozzetto he has just taken, losing the right "
    "to play it on the fly; from the next round he plays as normal. The guilty side may not close for a full "
    "round.",
)
_POZZETTO_LIMIT = TurnLimit(Limit.DISCARD_FROM_POZZETTO)


def _no_play(prefix: str, words: Text, limit: TurnLimit) -> Question:
    """Point A: the stock or the pile is restored, then the guilty player's turn is limited."""
    return ask(
        "took",
        "Che cosa aveva preso il colpevole?",
        "What had the guilty player taken?",
        ans(
            "draw",
            "Una carta pescata dal tallone",
            "A card drawn from the stock",
            yes_no(
                "remembers",
                "Il colpevole ricorda quale carta ha pescato?",
                "Does the guilty player remember which card he drew?",
                yes=ruling(N, f"{prefix}-draw", _STOCK + words, CardToStock(Cards.DRAWN_CARD), limit, NO_CLOSE),
                no=ruling(
                    N, f"{prefix}-draw-forgot", _FORGOT + words, CardToStock(Cards.HIGHEST_IN_HAND), limit, NO_CLOSE
                ),
            ),
        ),
        ans(
            "pickup",
            "Il monte degli scarti",
            "The discard pile",
            ruling(N, f"{prefix}-pickup", _PILE + words, TableAction(Act.PILE_RESTORED), limit, NO_CLOSE),
        ),
    )


def _made_play(no_play: Node, play: Ruling) -> Question:
    return yes_no(
        "made_play",
        "Il colpevole ha poi fatto qualche gioco (calato o legato carte)?",
        "Did the guilty player then make any play (meld or attach cards)?",
        yes=play,
        no=no_play,
    )


def _unless_overcome(then: Node) -> Question:
    return yes_no(
        "next_played",
        "Il giocatore che segue il colpevole nel giro ha già fatto gioco?",
        "Has the player after the guilty one in the rotation already made a play?",
        yes=OVERCOME,
        no=then,
    )


POZZETTO_PLAYED = ruling(N, "pozzetto-played", POINT_B_WORDS, *POINT_B_EFFECTS)

ARTICLE_TREE = ask(
    "situation",
    "Che cosa ha fatto il colpevole?",
    "What did the guilty player do?",
    ans(
        "drew",
        "Ha pescato o raccolto quando non era il suo turno",
        "He drew or picked up when it was not his turn",
        _unless_overcome(_made_play(_no_play("out-of-turn", _OUT_OF_TURN, _OUT_OF_TURN_LIMIT), POINT_B)),
    ),
    ans(
        "pozzetto_then_drew",
        "È andato a pozzetto in diretta, ma ha anche pescato o raccolto il monte",
        "He took his pozzetto on the fly, but also drew or picked up the discard pile",
        _unless_overcome(_made_play(_no_play("pozzetto", _POZZETTO, _POZZETTO_LIMIT), POZZETTO_PLAYED)),
    ),
    ans(
        "played",
        "Ha giocato fuori turno, senza pescare né raccogliere",
        "He played out of turn, without drawing or picking up",
        _unless_overcome(ruling(N, "played-without-drawing", POINT_B_WORDS, *POINT_B_EFFECTS)),
    ),
)

ARTICLE = Article(
    N,
    Text("Pesca, raccolta o giocata fuori turno", "Drawing, picking up or playing out of turn"),
    Text(
        "Un giocatore pesca, raccoglie o gioca quando non è il suo turno, o pesca dopo essere andato a pozzetto in "
        "diretta.",
        "A player draws, picks up or plays when it is not his turn, or draws after taking his pozzetto on the fly.",
    ),
    ARTICLE_TREE,
)
