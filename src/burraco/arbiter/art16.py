"""Art. 16, not drawing and other improper interventions: a play without drawing, a turn that was only a
discard, a partner who invites a draw, fixes a sequence, points to the pile or suggests a play, and a
question about the number of cards in a hand. Its three worked examples are tested in
tests/arbiter/test_art16_17.py."""

from __future__ import annotations

from burraco.arbiter.build import NO_CLOSE, STOP, ans, ask, ruling, yes_no
from burraco.arbiter.effects import (
    Act,
    Admonition,
    Forbid,
    Forbidden,
    Limit,
    Subject,
    TableAction,
    TurnLimit,
    Validity,
)
from burraco.arbiter.text import Text
from burraco.arbiter.tree import Article

N = 16

PLAY_CONTINUES = ruling(
    N,
    "after-discard",
    Text(
        "L'omissione è emersa dopo lo scarto, a fase di gioco finita: il gioco prosegue regolarmente.",
        "The omission came to light after the discard, when the player's turn was over: play goes on as normal.",
    ),
    TableAction(Act.PLAY_CONTINUES),
)

NO_DRAW = ruling(
    N,
    "no-draw",
    Text(
        "Appena avvisato (a voce o con un gesto, da chiunque al tavolo), il giocatore interrompe il gioco: pesca "
        "una carta dal tallone (non può raccogliere il monte degli scarti) e scarta quella stessa carta; altri "
        "giochi li farà al prossimo turno. I giochi aperti e le carte legate prima dell'avviso restano validi. Il "
        "compagno non può chiudere, perché la linea è in penalità.",
        "As soon as he is told (in words or by a gesture, by anyone at the table), the player stops: he draws a "
        "card from the stock (he may not pick up the discard pile) and discards that same card; further melds "
        "wait for his next turn. The melds and attachments made before the warning stand. The partner may not "
        "close, the side being under penalty.",
    ),
    TurnLimit(Limit.DRAW_AND_DISCARD_SAME),
    Validity(Subject.PLAYS_BEFORE_NOTICE, True),
    NO_CLOSE,
)

DISCARD_ONLY = ruling(
    N,
    "discard-only",
    Text(
        "Il giocatore deve pescare ora; la carta pescata sarà scartata al giro successivo, e in quel turno il suo "
        "gioco si limiterà a quello scarto.",
        "The player must draw now; the card drawn is discarded in the next round, and in that turn his play is "
        "limited to that discard.",
    ),
    TurnLimit(Limit.DRAW_NOW_DISCARD_NEXT_TURN),
)

DISCARD_ONLY_LATE = ruling(
    N,
    "discard-only-late",
    Text(
        "Il giocatore seguente aveva già iniziato il suo gioco: il gioco prosegue regolarmente.",
        "The next player had already begun his turn: play goes on as normal.",
    ),
    TableAction(Act.PLAY_CONTINUES),
    note=Text(
        "Il codice prevede il rimedio solo prima che il giocatore alla sinistra inizi il suo gioco; dopo, come per "
        "l'omissione rilevata dopo lo scarto, non ce n'è.",
        "The code gives the remedy only before the player on the left begins his turn; afterwards, as for an "
        "omission found after the discard, there is none.",
    ),
)

ARTICLE = Article(
    N,
    Text("Mancata pesca e altri interventi irregolari", "Not drawing, and other improper interventions"),
    Text(
        "Un gioco fatto senza pescare, un turno di solo scarto, un compagno che suggerisce o aiuta, una domanda sul "
        "numero di carte in mano.",
        "A play made without drawing, a turn that was only a discard, a partner who prompts or helps, a question "
        "about the number of cards in a hand.",
    ),
    ask(
        "situation",
        "Che cosa è successo?",
        "What happened?",
        ans(
            "played_without_drawing",
            "Il giocatore ha fatto un gioco senza prima pescare o raccogliere",
            "The player made a play without first drawing or picking up",
            yes_no(
                "before_discard",
                "L'omissione è stata notata prima del suo scarto?",
                "Was the omission noticed before his discard?",
                yes=NO_DRAW,
                no=PLAY_CONTINUES,
            ),
        ),
        ans(
            "discard_only",
            "Il giocatore non ha pescato né raccolto, né fatto giochi: ha solo scartato",
            "The player neither drew nor picked up nor melded: he only discarded",
            yes_no(
                "next_started",
                "Il giocatore alla sua sinistra aveva già iniziato il suo gioco?",
                "Had the player on his left already begun his turn?",
                yes=DISCARD_ONLY_LATE,
                no=DISCARD_ONLY,
            ),
        ),
        ans(
            "invited_to_draw",
            "Il compagno lo ha invitato, in qualsiasi modo, a pescare",
            "His partner prompted him, in any way, to draw",
            ruling(
                N,
                "invited-to-draw",
                Text(
                    "L'arbitro interrompe il gioco e fa pescare e scartare una carta dal tallone, come per la "
                    "mancata pesca; la linea è in penalità e non può chiudere.",
                    "The arbiter stops play and has a card drawn from the stock and discarded, as for not drawing; "
                    "the side is under penalty and may not close.",
                ),
                TurnLimit(Limit.DRAW_AND_DISCARD_SAME),
                NO_CLOSE,
            ),
        ),
        ans(
            "fixed_sequence",
            "Un giocatore ha sistemato una sequenza calata in disordine, mentre nel monte c'è la carta che le serve",
            "A player straightened a sequence laid out of order while the discard pile holds the card it needs",
            ruling(
                N,
                "fixed-sequence",
                Text(
                    "Sistemare la sequenza segnala al compagno la carta utile nel monte: se chiamato, l'arbitro non "
                    "permette che quella carta venga collocata.",
                    "Straightening the sequence signals the useful card in the pile to the partner: if called, the "
                    "arbiter does not allow that card to be placed.",
                ),
                Forbidden(Forbid.PILE_CARD_PLACED),
            ),
        ),
        ans(
            "pointed_to_pile",
            "Il compagno ha fatto notare una carta utile nel monte degli scarti",
            "The partner pointed out a useful card in the discard pile",
            ruling(
                N,
                "pointed-to-pile",
                Text(
                    "L'arbitro non fa raccogliere il monte degli scarti e interrompe ogni altra fase di gioco.",
                    "The arbiter does not let the discard pile be picked up and stops every further play.",
                ),
                Forbidden(Forbid.PILE_PICKUP),
                STOP,
            ),
        ),
        ans(
            "suggested_play",
            "Il compagno ha sollecitato o suggerito un gioco",
            "The partner urged or suggested a play",
            ruling(
                N,
                "suggested-play",
                Text(
                    "Quel gioco non può essere fatto: l'arbitro lo impedisce e interrompe ogni altra fase di gioco.",
                    "That play may not be made: the arbiter prevents it and stops every further play.",
                ),
                Forbidden(Forbid.SUGGESTED_PLAY),
                STOP,
            ),
        ),
        ans(
            "asked_card_count",
            "Un giocatore ha chiesto a un altro quante carte ha in mano",
            "A player asked another how many cards he holds",
            ruling(
                N,
                "asked-card-count",
                Text(
                    "Le carte in mano devono restare sempre ben visibili e il loro numero non si chiede: l'arbitro "
                    "ammonisce il giocatore colpevole.",
                    "The cards in hand must always stay in plain view and their number may not be asked: the "
                    "arbiter warns the guilty player.",
                ),
                Admonition(),
            ),
        ),
    ),
)
