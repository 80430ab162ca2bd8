"""Art. 20–23, the pozzetti: fewer or more than eleven cards, a pozzetto left from the previous hand, and a
pozzetto looked at before the partner's discard (a warning, then 1 VP off the standings)."""

from __future__ import annotations

from burraco.arbiter.build import ans, ask, ruling, yes_no
from burraco.arbiter.effects import (
    Act,
    Admonition,
    PozzettoAction,
    PozzettoFix,
    StandingsPenalty,
    Subject,
    TableAction,
    Validity,
)
from burraco.arbiter.text import Text
from burraco.arbiter.tree import Article, Ruling

_PLAYED_WORDS = Text(
    "Almeno una carta del pozzetto irregolare è già stata giocata: il gioco continua ed è valido a tutti gli "
    "effetti; si sana soltanto il pozzetto non ancora giocato.",
    "At least one card of the faulty pozzetto has already been played: the game goes on and stands in every "
    "respect; only the pozzetto not yet played is made right.",
)


def _already_played(article: int) -> Ruling:
    return ruling(
        article,
        "already-played",
        _PLAYED_WORDS,
        Validity(Subject.HAND_RESULT, True),
        PozzettoFix(PozzettoAction.FIX_UNPLAYED_ONE),
    )


_PLAYED_QUESTION = (
    "played",
    "È già stata giocata almeno una carta del pozzetto irregolare?",
    "Has at least one card of the faulty pozzetto already been played?",
)

ARTICLE_20 = Article(
    20,
    Text("Pozzetti con meno di undici carte", "A pozzetto with fewer than eleven cards"),
    Text(
        "Chi prende il pozzetto e, contandolo coperto, trova meno di undici carte.",
        "A player takes the pozzetto and, counting it face down, finds fewer than eleven cards.",
    ),
    yes_no(
        *_PLAYED_QUESTION,
        yes=_already_played(20),
        no=yes_no(
            "other_short",
            "Anche l'altro pozzetto ha meno di undici carte?",
            "Is the other pozzetto short too?",
            yes=ruling(
                20,
                "both-short",
                Text(
                    "Il giocatore reintegra il suo pozzetto con la prima carta presa da sotto il tallone, e l'altro "
                    "con la carta successiva.",
                    "The player makes up his pozzetto with the first card from the bottom of the stock, and the "
                    "other with the next one.",
                ),
                PozzettoFix(PozzettoAction.COMPLETE_FROM_STOCK_BOTTOM),
                PozzettoFix(PozzettoAction.COMPLETE_OTHER_TOO),
            ),
            no=ruling(
                20,
                "short",
                Text(
                    "Il giocatore può reintegrare il pozzetto da sé, con la prima carta presa da sotto il tallone.",
                    "The player may make up the pozzetto himself, with the first card from the bottom of the stock.",
                ),
                PozzettoFix(PozzettoAction.COMPLETE_FROM_STOCK_BOTTOM),
            ),
        ),
    ),
)

ARTICLE_21 = Article(
    21,
    Text("Pozzetti con più di undici carte", "A pozzetto with more than eleven cards"),
    Text(
        "Chi prende il pozzetto e, contandolo coperto, trova più di undici carte: deve chiamare l'arbitro.",
        "A player takes the pozzetto and, counting it face down, finds more than eleven cards: he must call "
        "the arbiter.",
    ),
    yes_no(
        *_PLAYED_QUESTION,
        yes=_already_played(21),
        no=ruling(
            21,
            "excess",
            Text(
                "L'arbitro riporta i pozzetti a undici carte: toglie le carte in più dall'alto dei pozzetti, "
                "alternandoli, e le mette allo stesso modo sotto il tallone.",
                "The arbiter brings the pozzetti back to eleven cards: he takes the extra cards from the tops of "
                "the pozzetti, in turn, and puts them the same way under the stock.",
            ),
            PozzettoFix(PozzettoAction.EXCESS_UNDER_STOCK),
        ),
    ),
)

ARTICLE_22 = Article(
    22,
    Text("Pozzetti della smazzata precedente", "A pozzetto left from the previous hand"),
    Text(
        "Dopo una nuova distribuzione è rimasto sul tavolo un pozzetto della smazzata prima.",
        "After a new deal a pozzetto of the previous hand is still on the table.",
    ),
    ask(
        "situation",
        "Che cosa è successo al pozzetto della smazzata precedente?",
        "What happened to the previous hand's pozzetto?",
        ans(
            "left_over",
            "È rimasto sul tavolo, inutilizzato",
            "It was left on the table, unused",
            yes_no(
                "started",
                "Il gioco della nuova smazzata è già iniziato?",
                "Has play in the new hand begun?",
                yes=ruling(
                    22,
                    "left-over",
                    Text(
                        "A gioco iniziato non c'è sanatoria: si gioca la smazzata fino alla fine, il risultato vale a "
                        "tutti gli effetti e il pozzetto dimenticato resta inutilizzato.",
                        "Once play has begun there is no remedy: the hand is played to the end, its result stands in "
                        "every respect and the forgotten pozzetto stays unused.",
                    ),
                    Validity(Subject.HAND_RESULT, True),
                    PozzettoFix(PozzettoAction.FORGOTTEN_UNUSED),
                ),
                no=ruling(
                    22,
                    "left-over-before-play",
                    Text(
                        "Il gioco non è ancora iniziato: si ripete tutta l'operazione (mescolata, alzata, "
                        "distribuzione e pozzetti) con il mazzo completo.",
                        "Play has not begun: the whole deal is done again (shuffle, cut, deal and pozzetti) with the "
                        "full deck.",
                    ),
                    TableAction(Act.REDEAL),
                    also=(4,),
                    note=Text(
                        "Il codice esclude la sanatoria solo a gioco iniziato; prima, come per ogni errore di "
                        "distribuzione (art. 4), si ripete l'operazione.",
                        "The code rules out a remedy only once play has begun; before that, as for any dealing error "
                        "(Art. 4), the deal is done again.",
                    ),
                ),
            ),
        ),
        ans(
            "used",
            "È stato preso e usato in questa smazzata",
            "It was taken and used in this hand",
            ruling(
                22,
                "used",
                Text(
                    "Il gioco resta valido; la seconda linea userà comunque il secondo pozzetto formato in questa "
                    "smazzata.",
                    "The game stands; the second side still uses the second pozzetto formed in this hand.",
                ),
                Validity(Subject.HAND_RESULT, True),
                PozzettoFix(PozzettoAction.SECOND_SIDE_SECOND_POZZETTO),
            ),
        ),
    ),
)

ARTICLE_23 = Article(
    23,
    Text("Pozzetto visto fuori turno", "A pozzetto looked at out of turn"),
    Text(
        "Chi prende il pozzetto con lo scarto lo guarda prima che il compagno abbia scartato.",
        "A player who takes the pozzetto with his discard looks at it before his partner has discarded.",
    ),
    yes_no(
        "repeated",
        "Il giocatore era già stato ammonito per questa infrazione?",
        "Had the player already been warned for this infringement?",
        yes=ruling(
            23,
            "repeated",
            Text(
                "Infrazione ripetuta: la linea colpevole è penalizzata di 1 V.P. (o dei M.P. equivalenti) nella "
                "classifica generale; la linea innocente non ne trae alcun vantaggio.",
                "A repeated infringement: the guilty side loses 1 VP (or the equivalent MP) in the overall "
                "standings; the innocent side gains nothing from it.",
            ),
            StandingsPenalty(vp=1, mp_equivalent=True, opponents_gain=False),
        ),
        no=ruling(
            23,
            "warning",
            Text(
                "Chi prende il pozzetto con lo scarto deve guardarlo solo dopo lo scarto del compagno. L'arbitro "
                "ammonisce il giocatore e lo avverte che, se l'infrazione si ripete, la sua linea perderà 1 V.P. "
                "(o i M.P. equivalenti) in classifica generale.",
                "A player who takes the pozzetto with his discard may look at it only after his partner has "
                "discarded. The arbiter warns the player that if it happens again his side will lose 1 VP (or the "
                "equivalent MP) in the overall standings.",
            ),
            Admonition(),
        ),
    ),
)
