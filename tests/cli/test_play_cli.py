"""``burraco play`` driven as a user would drive it: through a pseudo-terminal with pexpect."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

PROMPT = "your move> "


def _command() -> tuple[str, list[str]]:
    script = Path(sys.executable).parent / "burraco"
    if script.exists():
        return str(script), []
    return sys.executable, ["-m", "burraco.cli.app"]


def _spawn(*args: str) -> pexpect.spawn:
    program, prefix = _command()
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "160", "LINES": "50", "LANG": "C.UTF-8"}
    child = pexpect.spawn(
        program, [*prefix, "play", *args], env=env, encoding="utf-8", timeout=30, dimensions=(50, 160)
    )
    return child


def _hint(child: pexpect.spawn) -> tuple[list[str], str]:
    """Ask for a hint; return the legal actions listed and the suggestion."""
    child.sendline("hint")
    child.expect(r"legal actions \((\d+)\):")
    child.expect(r"suggestion: ([^\r\n]+)\r?\n")
    listing = child.before
    suggestion = child.match.group(1).strip()
    child.expect_exact(PROMPT)
    actions = [line.strip() for line in listing.splitlines() if line.startswith("  ")]
    return actions, suggestion


def test_illegal_moves_show_the_rule_and_a_whole_hand_can_be_played() -> None:
    child = _spawn("--players", "2", "--seed", "1", "--difficulty", "normal")
    try:
        child.expect_exact(PROMPT)
        child.sendline("discard XX")
        child.expect_exact("'XX' is not a card: suit 'X' is unknown")
        child.expect_exact(PROMPT)
        child.sendline("meld 7H 8H 9H")
        child.expect(r"you cannot\s+meld yet \(rules §3\)")
        child.expect_exact(PROMPT)
        child.sendline("fold")
        child.expect_exact("unknown action 'fold'")
        child.expect_exact(PROMPT)
        turns = 0
        while True:
            actions, suggestion = _hint(child)
            assert suggestion in actions or suggestion.startswith(("meld", "attach"))
            if "draw" in actions:
                move = "draw"
                turns += 1
            else:
                move = next(a for a in actions if a.startswith("discard"))
            child.sendline(move)
            index = child.expect([re.escape(PROMPT), r"Score sheet \(rules §8\)"])
            if index == 1:
                break
            assert turns < 200
        child.expect("total")
        child.expect(r"Match totals: You (-?\d+) · Opponent (-?\d+)")
        child.expect_exact("Press Enter for the next hand")
        child.sendline("quit")
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert turns >= 1


@pytest.mark.parametrize("how", ["quit", "eof"])
def test_quit_and_end_of_input_exit_cleanly(how: str) -> None:
    child = _spawn("--players", "4", "--seed", "2")
    try:
        child.expect_exact(PROMPT)
        if how == "quit":
            child.sendline("quit")
        else:
            child.sendeof()
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def test_bad_options_are_refused() -> None:
    child = _spawn("--difficulty", "impossible")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert "easy, normal, hard" in (child.before or "")
    assert all(level in (child.before or "") for level in ("champion", "principiante", "campione"))


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--players", "5", "--lang", "it"), "errore: --players: si gioca in 2, 3 o 4"),
        (("--rules", "nope", "--lang", "it"), "errore: --rules: regole 'nope' sconosciute"),
        (("--players", "5", "--lang", "en"), "error: --players: play 2, 3 or 4 players"),
    ],
)
def test_bad_options_are_refused_in_the_players_language(args: tuple[str, ...], said: str) -> None:
    child = _spawn(*args)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert said in (child.before or "")
    assert "Traceback" not in (child.before or "")


def test_a_whole_match_in_process_ends_with_the_result() -> None:
    """Drive the game loop directly (the human plays the normal bot's suggestion) to a 505 target."""
    import io

    from rich.console import Console

    from burraco.bots.heuristic import HeuristicBot
    from burraco.cli.play_cmd import TerminalGame
    from burraco.core.options import preset
    from burraco.core.view import observe

    rules = preset("fibur").replace(players=4, target=505)
    buffer = io.StringIO()
    me = HeuristicBot(seed=1, rules=rules)
    game: TerminalGame

    def read(prompt: str) -> str:
        hand = game.match.current
        if hand is None or hand.is_over or "next hand" in prompt:
            return ""
        return str(me.choose(observe(hand, 0), hand.legal_actions()))

    game = TerminalGame(rules, "easy", seed=3, console=Console(file=buffer, width=140), read=read)
    game.run()
    text = buffer.getvalue()
    assert "Score sheet (rules §8)" in text and "cards in hand" in text
    assert ("You win the match!" in text) or ("You lose the match." in text) or ("drawn" in text)
    assert max(game.match.totals) >= 505
    assert "♥" in text and "♠" in text  # cards with their suit symbols


def test_three_players_in_italian_with_a_fresh_seed_each_launch() -> None:
    """No --seed: a random seed, printed with the whole command that replays it (never "seme", the
    Italian player's word for a suit); --players 3; --lang it; a bad card asked again in Italian."""
    seeds = []
    for _ in range(2):
        child = _spawn("--players", "3", "--lang", "it")
        try:
            child.expect(
                r"Partita numero (\d+): per rigiocare le stesse smazzate, scrivi burraco play --seed (\d+) --players 3"
            )
            assert child.match.group(1) == child.match.group(2)
            assert "Seme" not in child.before
            seeds.append(child.match.group(1))
            child.expect_exact("Ovest: ")
            child.expect_exact("la tua mossa> ")
            child.sendline("scarta XX")
            child.expect_exact("Non si può: Non capisco «scarta XX»: scrivi aiuto per i comandi.")
            child.sendline("esci")
            child.expect_exact("Arrivederci.")
            child.expect(pexpect.EOF)
        finally:
            child.close()
        assert child.exitstatus == 0
    assert seeds[0] != seeds[1]


def test_a_three_player_match_in_process_in_italian() -> None:
    import io

    from rich.console import Console

    from burraco.bots.heuristic import HeuristicBot
    from burraco.cli.play_cmd import TerminalGame
    from burraco.core.options import preset
    from burraco.core.view import observe

    rules = preset("fibur").replace(players=3, hands_per_turn=1)
    buffer = io.StringIO()
    me = HeuristicBot(seed=2, rules=rules)
    game: TerminalGame

    def read(prompt: str) -> str:
        hand = game.match.current
        if hand is None or hand.is_over:
            return ""
        return str(me.choose(observe(hand, 0), hand.legal_actions()))

    game = TerminalGame(rules, "easy", seed=5, console=Console(file=buffer, width=140), read=read, lang="it")
    game.run()
    text = buffer.getvalue()
    assert "Punteggio (regole §8)" in text and "Totali della partita: Tu " in text and "Ovest " in text
    assert "Hai vinto" in text or "Hai perso" in text or "pari" in text
    english = ("rules §", "closed", "stock exhausted", "clean burraco", "dirty burraco", "cards in hand", "sequence")
    assert not [word for word in english if word in text], text


def test_an_italian_player_reads_italian_help_refusals_and_hints() -> None:
    """--lang it: the help, a refused move (rules §3 and the §6.2 closing rule, from their reason codes),
    the hint's moves as typed in Italian; never the engine's English."""
    import io

    from rich.console import Console

    from burraco.cli.play_cmd import TerminalGame
    from burraco.cli.play_words import Words
    from burraco.core.options import preset

    typed = iter(["aiuto", "cala 7H 8H 9H", "consiglio", "pesca", "esci"])
    buffer = io.StringIO()
    game = TerminalGame(
        preset("fibur"), "easy", seed=1, console=Console(file=buffer, width=160), read=lambda _: next(typed), lang="it"
    )
    game.run()
    text = buffer.getvalue()
    assert "Comandi (carte come" in text and "pesca " in text and "Commands" not in text
    assert "Non si può: Prima pesca dal tallone o raccogli gli scarti. (regole §3)" in text
    assert "mosse possibili (" in text and "consiglio: " in text and "legal actions" not in text
    assert "  pesca" in text and "  draw" not in text
    assert "Peschi " in text and "Tu pesca" not in text  # the player's own moves in the second person
    assert "Partita numero 1: per rigiocare le stesse smazzate, scrivi burraco play --seed 1" in text
    closing = "you cannot close without a burraco on your side (rules §6.2)"
    assert (
        Words("it").refusal(closing) == "Non puoi chiudere senza un burraco sul tavolo della tua linea. (regole §6.2)"
    )
    assert Words("en").refusal(closing) == closing


def test_the_terminal_words_exist_in_both_languages() -> None:
    from burraco.cli.play_words import WORDS

    assert set(WORDS["it"]) == set(WORDS["en"])
    for lang, words in WORDS.items():
        for key, text in words.items():
            assert set(re.findall(r"{(\w+)}", text)) == set(re.findall(r"{(\w+)}", WORDS["en"][key])), (lang, key)
