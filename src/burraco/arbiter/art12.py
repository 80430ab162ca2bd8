"""Art. 12, exposed and penalised cards: a card seen out of the fan, a card stuck under a meld, cards
attached in error, a faulty new meld, and an error nobody noticed at the time.

The worked examples of the article (ten for an error noticed at once, two and the "N.B." for one
noticed later) each reach one leaf here; tests/arbiter/test_art12.py walks every one of them.
"""

from __future__ import annotations

from burraco.arbiter.build import NO_CLOSE, STOP, ans, ask, ruling, yes_no
from burraco.arbiter.effects import (
    Act,
    Cards,
    CountedAgainst,
    DiscardOrder,
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
from burraco.arbiter.tree import Article, Question

N = 12

EXPOSED_OWN_TURN = ruling(
    N,
    "exposed-own-turn",
    Text(
        "La carta esposta va giocata subito, legandola a un gioco già sul tavolo o aprendo con essa un nuovo "
        "gioco; se non si può, va scartata subito. Non può essere messa nei giochi o negli allunghi fatti dal "
        "compagno nel suo ultimo turno.",
        "The exposed card must be played at once, attached to a meld already on the table or in a new meld; "
        "if it cannot be, it must be discarded at once. It may not go on the melds or extensions the partner "
        "made in his last turn.",
    ),
    TurnLimit(Limit.PLAY_OR_DISCARD_EXPOSED, When.NOW),
    Forbidden(Forbid.EXPOSED_ON_PARTNERS_LAST_PLAYS),
)

EXPOSED_OUT_OF_TURN = ruling(
    N,
    "exposed-out-of-turn",
    Text(
        "Al suo turno il giocatore deve giocare la carta esposta, legandola a un gioco o aprendo un nuovo "
        "gioco; altrimenti la scarta subito e non fa altro in quel turno. Non può metterla nei giochi o negli "
        "allunghi fatti dal compagno nel suo ultimo turno.",
        "At his turn the player must play the exposed card, attached to a meld or in a new meld; otherwise he "
        "discards it at once and does nothing more that turn. He may not put it on the melds or extensions the "
        "partner made in his last turn.",
    ),
    TurnLimit(Limit.PLAY_OR_DISCARD_EXPOSED, When.OWN_NEXT_TURN),
    Forbidden(Forbid.EXPOSED_ON_PARTNERS_LAST_PLAYS),
)

WHEN_EXPOSED = ask(
    "turn",
    "Quando è successo?",
    "When did it happen?",
    ans("own_turn", "Durante la fase di gioco del giocatore", "During the player's own turn", EXPOSED_OWN_TURN),
    ans(
        "out_of_turn",
        "Fuori turno, mentre giocavano gli avversari o il compagno",
        "Out of turn, while an opponent or the partner was playing",
        EXPOSED_OUT_OF_TURN,
    ),
)

STUCK_UNSEEN = ruling(
    N,
    "stuck-unseen",
    Text(
        "Nessuno l'ha vista: la carta torna in mano al giocatore, senza penalità.",
        "Nobody saw it: the card goes back into the player's hand, without penalty.",
    ),
    TableAction(Act.RETURN_TO_HAND),
)

ATTACHED_PARTLY = ruling(
    N,
    "attached-partly",
    Text(
        "Le carte che si legano correttamente restano nel gioco e valgono; le altre sono penalizzate e vanno "
        "scartate. Il giocatore interrompe il gioco; l'eventuale burraco fatto resta valido.",
        "The cards that fit stay on the meld and count; the others are penalised and must be discarded. The "
        "player stops playing; a burraco made with the attachment stands.",
    ),
    TableAction(Act.FITTING_CARDS_STAY),
    PenalisedCards(Cards.UNFITTING_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY),
    STOP,
    Validity(Subject.BURRACO, True),
    NO_CLOSE,
    also=(13,),
)

_OWN_MELD_WORDS = Text(
    "Le carte legate per errore formano da sole un gioco: non si possono sanare né con una matta né con la "
    "carta mancante, e vengono calate come gioco a sé; l'errore interrompe però ogni altra fase di gioco.",
    "The cards attached in error form a meld of their own: they cannot be healed with a wildcard or with the "
    "missing card, and are laid down as a separate meld; the error still ends every further play this turn.",
)

ATTACHED_OWN_MELD = ruling(
    N, "attached-own-meld", _OWN_MELD_WORDS, TableAction(Act.MELD_SEPARATELY), STOP, NO_CLOSE, also=(13,)
)

ATTACHED_OWN_MELD_POZZETTO = ruling(
    N,
    "attached-own-meld-pozzetto",
    _OWN_MELD_WORDS
    + Text(
        "Il pozzetto preso in questo modo potrà essere giocato solo al giro successivo.",
        "The pozzetto taken this way may be played only from the next round.",
    ),
    TableAction(Act.MELD_SEPARATELY),
    STOP,
    PozzettoFix(PozzettoAction.PLAY_NEXT_ROUND),
    NO_CLOSE,
    also=(13,),
)

ATTACHED_DISCARD = ruling(
    N,
    "attached-discard",
    Text(
        "Le carte legate per errore sono penalizzate e vanno scartate, e il giocatore interrompe il gioco. Non "
        "si possono spostare su un altro gioco, neppure se sul tavolo ce n'è uno a cui si legherebbero. Finché "
        "non le ha scartate tutte, il giocatore pesca o raccoglie ma non fa giochi; intanto la sua linea non può "
        "chiudere per un giro completo.",
        "The cards attached in error are penalised and must be discarded, and the player stops playing. They may "
        "not be moved to another meld, even one on the table they would fit. Until he has discarded them all the "
        "player draws or picks up but makes no meld; meanwhile his side may not close for a full round.",
    ),
    PenalisedCards(Cards.WRONG_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY),
    STOP,
    Forbidden(Forbid.MOVE_TO_ANOTHER_MELD),
    NO_CLOSE,
    also=(13,),
)

NEW_MELD_HEALED = ruling(
    N,
    "new-meld-healed",
    Text(
        "Il giocatore sana tutto il gioco con carte della propria mano (anche spostando la matta), poi "
        "interrompe il gioco; il suo compagno non può chiudere per un giro completo.",
        "The player heals the whole meld with cards from his hand (moving the wildcard if need be), then stops "
        "playing; his partner may not close for a full round.",
    ),
    TableAction(Act.HEAL_FROM_HAND),
    STOP,
    NO_CLOSE,
    also=(13,),
)

NEW_MELD_PART = ruling(
    N,
    "new-meld-part",
    Text(
        "Il giocatore sceglie quale parte del gioco sanare e la sana solo con carte della propria mano; le carte "
        "che non si possono sanare sono penalizzate e la prima si scarta subito (non si sanano legandole a giochi "
        "già sul tavolo). Finché non le ha scartate tutte, pesca o raccoglie ma non fa giochi; il compagno intanto "
        "non può chiudere per un giro completo.",
        "The player chooses which part of the meld to heal and heals it only with cards from his hand; the cards "
        "that cannot be healed are penalised and the first is discarded at once (they may not be healed by "
        "attaching them to melds on the table). Until he has discarded them all he draws or picks up but makes "
        "no meld; meanwhile his partner may not close for a full round.",
    ),
    TableAction(Act.HEAL_FROM_HAND),
    PenalisedCards(Cards.UNHEALED_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY),
    STOP,
    Forbidden(Forbid.PENALISED_ON_EXISTING_MELDS),
    NO_CLOSE,
    also=(13,),
)

NEW_MELD_UNHEALED = ruling(
    N,
    "new-meld-unhealed",
    Text(
        "Il giocatore non ha in mano carte per sanare il gioco: tutte le sue carte sono penalizzate e la prima si "
        "scarta subito (non si sanano legandole a giochi già sul tavolo). Finché non le ha scartate tutte, pesca "
        "o raccoglie ma non fa giochi; il compagno intanto non può chiudere per un giro completo.",
        "The player holds no cards to heal the meld: all its cards are penalised and the first is discarded at "
        "once (they may not be healed by attaching them to melds on the table). Until he has discarded them all "
        "he draws or picks up but makes no meld; meanwhile his partner may not close for a full round.",
    ),
    PenalisedCards(Cards.ALL_MELD_CARDS, FirstDiscard.THIS_TURN, DiscardOrder.ANY),
    STOP,
    Forbidden(Forbid.PENALISED_ON_EXISTING_MELDS),
    NO_CLOSE,
    also=(13,),
)

LATER_FROZEN = ruling(
    N,
    "later-frozen",
    Text(
        "Errore non rilevato al momento: il gioco resta sul tavolo congelato nella sua parte valida, e alla fine "
        "si contano in negativo solo le carte eccedenti.",
        "An error not noticed at the time: the meld stays on the table, frozen in its valid part, and at the end "
        "only the extra cards count against the side.",
    ),
    MeldFrozen(Meld.VALID_PART),
    CountedAgainst(Cards.EXTRA_CARDS),
)

LATER_BURRACO = ruling(
    N,
    "later-burraco",
    Text(
        "Si giudica l'errore al momento in cui viene rilevato: la parte valida, con le carte legate dopo, è "
        "congelata, il burraco non vale e le carte eccedenti si contano in negativo. Si punisce l'errore e non le "
        "sue conseguenze: un pozzetto preso resta preso; ma se quel burraco era l'unico della linea, la chiusura "
        "fatta grazie a esso è annullata.",
        "The error is judged as it stands when noticed: the valid part, with the cards attached later, is frozen, "
        "the burraco is void and the extra cards count against the side. The error is penalised, not its "
        "consequences: a pozzetto taken stays taken; but if that burraco was the side's only one, a closing it "
        "allowed is annulled.",
    ),
    MeldFrozen(Meld.VALID_PART),
    Validity(Subject.BURRACO, False),
    CountedAgainst(Cards.EXTRA_CARDS),
    Validity(Subject.POZZETTO_TAKEN, True),
    Validity(Subject.CLOSING_ON_THAT_BURRACO, False),
)

LATER_ALL_NEGATIVE = ruling(
    N,
    "later-all-negative",
    Text(
        "Errore non rilevato al momento, e nessuna parte del gioco è valida: il gioco è congelato e tutte le sue "
        "carte si contano in negativo.",
        "An error not noticed at the time, and no part of the meld is valid: the meld is frozen and all its cards "
        "count against the side.",
    ),
    MeldFrozen(Meld.WHOLE_MELD),
    CountedAgainst(Cards.ALL_MELD_CARDS),
)

ATTACHED: Question = yes_no(
    "some_fit",
    "Almeno una delle carte legate si lega correttamente al gioco?",
    "Does at least one of the attached cards fit the meld?",
    yes=ATTACHED_PARTLY,
    no=yes_no(
        "own_meld",
        "Le carte legate formano da sole un gioco valido (tre o più carte)?",
        "Do the attached cards form a valid meld on their own (three or more cards)?",
        yes=yes_no(
            "took_pozzetto",
            "Con quella giocata il giocatore ha preso il pozzetto?",
            "Did the player take the pozzetto with that play?",
            yes=ATTACHED_OWN_MELD_POZZETTO,
            no=ATTACHED_OWN_MELD,
        ),
        no=ATTACHED_DISCARD,
    ),
)

NEW_MELD = ask(
    "heal",
    "Con le carte che ha in mano, il giocatore può sanare il gioco?",
    "Can the player heal the meld with cards from his hand?",
    ans("all", "Sì, tutto il gioco", "Yes, the whole meld", NEW_MELD_HEALED),
    ans("part", "Solo in parte: alcune carte restano fuori", "Only in part: some cards are left out", NEW_MELD_PART),
    ans("none", "No", "No", NEW_MELD_UNHEALED),
)

WRONG_PLAY = ask(
    "noticed",
    "Quando è stato notato l'errore?",
    "When was the error noticed?",
    ans(
        "at_once",
        "Subito, nel turno in cui è stato fatto",
        "At once, in the turn it was made",
        ask(
            "error",
            "Che errore è stato fatto?",
            "What error was made?",
            ans(
                "attached",
                "Carte legate a un gioco già sul tavolo, a cui non si legano",
                "Cards attached to a meld already on the table, which they do not fit",
                ATTACHED,
            ),
            ans(
                "new_meld",
                "Un gioco nuovo calato con una o più carte sbagliate",
                "A new meld laid down with one or more wrong cards",
                NEW_MELD,
            ),
        ),
    ),
    ans(
        "later",
        "Più tardi: al momento nessuno se n'era accorto",
        "Later: nobody noticed it at the time",
        yes_no(
            "valid_part",
            "Il gioco contiene una parte valida (almeno tre carte in regola)?",
            "Does the meld hold a valid part (at least three cards in order)?",
            yes=yes_no(
                "burraco",
                "Con le carte legate dopo, quel gioco era diventato un burraco?",
                "With the cards attached later, had that meld become a burraco?",
                yes=LATER_BURRACO,
                no=LATER_FROZEN,
            ),
            no=LATER_ALL_NEGATIVE,
        ),
    ),
)

ARTICLE = Article(
    N,
    Text("Carte esposte e carte penalizzate", "Exposed and penalised cards"),
    Text(
        "Una carta vista fuori dal ventaglio o caduta, una carta rimasta attaccata, carte legate o calate per "
        "errore (rilevato subito o più tardi).",
        "A card seen out of the fan or dropped, a card stuck under a meld, cards attached or melded in error "
        "(noticed at once or later).",
    ),
    ask(
        "situation",
        "Che cosa è successo?",
        "What happened?",
        ans(
            "exposed",
            "Una carta è uscita dal ventaglio o è caduta, ed è stata vista da almeno un giocatore",
            "A card came out of the fan or fell, and at least one player saw it",
            WHEN_EXPOSED,
        ),
        ans(
            "stuck",
            "Una carta è rimasta attaccata sotto un'altra carta calata",
            "A card stayed stuck under another card that was melded",
            yes_no(
                "seen",
                "Qualcuno al tavolo ha visto la carta?",
                "Did anyone at the table see the card?",
                yes=WHEN_EXPOSED,
                no=STUCK_UNSEEN,
            ),
        ),
        ans(
            "wrong_play",
            "Carte legate per errore, o un gioco calato in modo errato",
            "Cards attached in error, or a meld laid down wrongly",
            WRONG_PLAY,
        ),
    ),
)
