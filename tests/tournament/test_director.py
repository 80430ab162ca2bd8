"""Results, corrections (Art. 31), penalties (Art. 23), abandonment and withdrawal (Art. 32), late
arrivals (Art. 33), teams and individual tournaments (Art. 2)."""

from __future__ import annotations

import pytest
from tourney_helpers import make, play_all, play_mp, rests, standings_of, tables

from burraco.core.errors import BurracoError
from burraco.tournament import (
    CorrectionRefusedError,
    PairingError,
    RegistrationError,
    ResultError,
    Tournament,
    TournamentConfigError,
    UnknownEntrantError,
    UnknownTableError,
)
from burraco.tournament.standings import partnerships


def test_results_give_vp_by_the_tournaments_table() -> None:
    # 820 MP: 16-4 on Art. 30's table (655–850) whatever the turn's length, 17-3 on the portal's
    # (805–1000), 14-6 on the wider four-hand scale (705–900) when the director chooses it.
    for hands, vp_table, expected in (
        (3, "fibur", 16),
        (2, "fibur", 16),
        (4, "fibur", 16),
        (3, "portal", 17),
        (4, "wide", 14),
    ):
        t = make(2, turns=1, hands=hands, vp_table=vp_table)
        t.pair_next()
        result = t.enter_result(1, 1, ns=1320, ew=500).result
        assert result is not None and (result.vp_ns, result.vp_ew, result.mp_ns) == (expected, 20 - expected, 820)


def test_bad_results_are_refused() -> None:
    t = make(4, turns=2)
    with pytest.raises(UnknownTableError, match="turn 1 is not paired"):
        t.enter_result(1, 1, ns=100, ew=0)
    t.pair_next()
    with pytest.raises(UnknownTableError, match="no table 7"):
        t.enter_result(1, 7, ns=100, ew=0)
    with pytest.raises(ResultError, match="multiples of 5"):
        t.enter_result(1, 1, ns=101, ew=0)
    with pytest.raises(ResultError, match="both"):
        t.enter_result(1, 1, ns=100)
    with pytest.raises(ResultError, match="not both"):
        t.enter_result(1, 1, ns=100, ew=0, mp=100)
    t.enter_result(1, 1, ns=100, ew=0)
    with pytest.raises(ResultError, match="already has a result"):
        t.enter_result(1, 1, ns=100, ew=0)
    with pytest.raises(PairingError, match="waits for results at tables 2"):
        t.pair_next()
    assert issubclass(PairingError, BurracoError)


def test_arithmetic_correction_only_before_the_next_pairing() -> None:
    t = make(4, turns=2)
    t.pair_next()
    t.enter_result(1, 1, ns=900, ew=600)
    t.enter_result(1, 2, ns=500, ew=500)
    # Art. 31: a calculation error found before the director pairs the next turn is corrected.
    corrected = t.correct(1, 1, "arithmetic", ns=900, ew=650).result
    assert corrected is not None and (corrected.mp_ns, corrected.vp_ns) == (250, 12)
    t.pair_next()
    # ... after that it is refused, with the article named.
    with pytest.raises(CorrectionRefusedError, match=r"Art\. 31"):
        t.correct(1, 1, "arithmetic", ns=1000, ew=650)
    # The current turn can still be corrected.
    t.enter_result(2, 1, mp=100)
    assert t.correct(2, 1, "arithmetic", mp=150).result is not None


def test_swapped_scores_any_time_when_the_table_agrees() -> None:
    t = make(4, turns=3)
    t.pair_next()
    play_mp(t, {1: 400, 2: 0})
    play_all(t)
    play_all(t)
    with pytest.raises(CorrectionRefusedError, match="acknowledges"):
        t.correct(1, 1, "swapped")
    fixed = t.correct(1, 1, "swapped", agreed=True).result
    assert fixed is not None and (fixed.vp_ns, fixed.vp_ew, fixed.mp_ns, fixed.mp_ew) == (6, 14, -400, 400)
    with pytest.raises(CorrectionRefusedError, match="arithmetic and swapped"):
        t.correct(1, 1, "other")
    t2 = make(2, turns=1)
    t2.pair_next()
    with pytest.raises(ResultError, match="no result"):
        t2.correct(1, 1, "arithmetic", mp=0)


def test_penalty_takes_vp_without_benefit_to_the_opponents() -> None:
    t = make(2, turns=1)
    t.pair_next()
    t.enter_result(1, 1, mp=0)  # 10-10
    t.penalize("P1", 1, reason="looked at the pozzetto before the partner discarded")
    assert standings_of(t) == [(2, 10, 0), (1, 9, 0)]
    assert t.standings()[1].penalty == 1
    with pytest.raises(ResultError):
        t.penalize(1, 1, vp=0)
    with pytest.raises(UnknownTableError):
        t.penalize(1, 2)
    with pytest.raises(UnknownEntrantError):
        t.penalize("nobody", 1)


def test_unjustified_abandonment_gives_the_innocent_side_at_least_14_6() -> None:
    t = make(6, turns=1)
    t.pair_next()
    # E-W leave while N-S lead by 100: N-S get the arbitral 14-6 and 355 MP.
    r = t.abandon(1, 1, "ew", ns=600, ew=500).result
    assert r is not None and (r.vp_ns, r.vp_ew, r.mp_ns, r.mp_ew, r.kind) == (14, 6, 355, -355, "arbitral")
    # N-S leave while E-W lead by 900: E-W keep their 17-3 and 900 MP.
    r = t.abandon(1, 2, "ns", ns=100, ew=1000).result
    assert r is not None and (r.vp_ns, r.vp_ew, r.mp_ns, r.mp_ew) == (3, 17, -900, 900)
    # The guilty side leading does not help it.
    r = t.abandon(1, 3, "ns", ns=900, ew=100).result
    assert r is not None and (r.vp_ns, r.vp_ew) == (6, 14)
    with pytest.raises(ResultError):
        t.abandon(1, 3, "ew")


def test_withdrawal_forced_rest_and_no_more_pairings() -> None:
    t = make(6, turns=3, movement="danish-modified")
    t.pair_next()
    t.enter_result(1, 1, mp=0)
    t.enter_result(1, 2, mp=0)
    # Pair 6 leaves during turn 1 (force majeure): pair 5, alone at table 3, gets the forced rest.
    t.withdraw("P6")
    r = t.table(1, 3).result
    assert r is not None and (r.kind, r.vp_ns, r.vp_ew, r.mp_ns, r.mp_ew) == ("forced", 14, 0, 355, 0)
    assert dict((e, (v, m)) for e, v, m in standings_of(t))[5] == (14, 355)
    assert dict((e, (v, m)) for e, v, m in standings_of(t))[6] == (0, 0)
    # From turn 2 on, five pairs: 6 is never paired again and someone rests.
    for _ in range(2):
        turn = play_all(t)
        assert 6 not in {e for table in turn.tables for e in table.entrants} | set(rests(turn))
        assert len(rests(turn)) == 1
    with pytest.raises(RegistrationError, match="already withdrawn"):
        t.withdraw(6)
    assert t.standings()[-1].withdrawn


def test_late_arrival_completes_the_incomplete_table_during_turn_1_only() -> None:
    t = make(5, turns=3, movement="mitchell")
    t.pair_next()
    assert rests(t.turns[0]) == [5]
    late = t.register("Late")
    # Art. 33: the late pair completes table 3 and plays turn 1; nobody rests any more.
    assert late.late and late.id == 6
    assert tables(t.turns[0]) == [(1, 1, 2), (2, 3, 4), (3, 5, 6)] and rests(t.turns[0]) == []
    # A second late pair: no incomplete table left.
    with pytest.raises(RegistrationError, match=r"Art\. 33"):
        t.register("Later")
    play_mp(t, {1: 0, 2: 0, 3: 0})
    assert tables(t.pair_next()) == [(1, 1, 6), (2, 3, 2), (3, 5, 4)]  # the late pair moves as E-W
    t2 = make(5, turns=3)
    t2.pair_next()
    play_mp(t2, {1: 0, 2: 0})
    t2.pair_next()
    with pytest.raises(RegistrationError, match=r"Art\. 33"):
        t2.register("Too late")


def test_late_arrival_refused_without_an_incomplete_table() -> None:
    t = make(4, turns=2)
    t.pair_next()
    with pytest.raises(RegistrationError, match="no incomplete table"):
        t.register("Late")


def test_registration_errors() -> None:
    t = make(["Rossi-Bianchi"], turns=1)
    with pytest.raises(RegistrationError, match="already registered"):
        t.register("rossi-bianchi")
    with pytest.raises(RegistrationError):
        t.register("  ")
    with pytest.raises(RegistrationError):
        t.register("42")
    with pytest.raises(PairingError, match="at least 2"):
        t.pair_next()
    assert t.entrant("ROSSI-BIANCHI").id == 1 and t.entrant("1").name == "Rossi-Bianchi"


def test_seating_by_the_director_and_by_lot() -> None:
    t = make(4, turns=2, seating="director")
    with pytest.raises(PairingError, match="director"):
        t.pair_next()
    with pytest.raises(PairingError, match="exactly once"):
        t.pair_next([1, 2, 3])
    assert tables(t.pair_next([4, "P2", 3, 1])) == [(1, 4, 2), (2, 3, 1)]
    lots = [tables(make(8, turns=1, seating="lot", seed=seed).pair_next()) for seed in (1, 1, 2)]
    assert lots[0] == lots[1] != lots[2]
    play_mp(t, {1: 0, 2: 0})
    with pytest.raises(PairingError, match="turn 1 only"):
        t.pair_next([1, 2, 3, 4])


def test_bad_settings() -> None:
    with pytest.raises(TournamentConfigError, match="2, 3 or 4 hands"):
        Tournament.create("x", hands=5)
    with pytest.raises(TournamentConfigError, match="unknown movement"):
        Tournament.create("x", movement="howell")
    with pytest.raises(TournamentConfigError, match="individual"):
        Tournament.create("x", kind="individual", movement="mitchell")
    with pytest.raises(TournamentConfigError, match="names 3 turns"):
        Tournament.create("x", turns=2, movement="mitchell*3")
    with pytest.raises(TournamentConfigError):
        Tournament.create("x", kind="solo")
    with pytest.raises(TournamentConfigError):
        Tournament.create("x", vp_table="bridge")
    with pytest.raises(TournamentConfigError):
        Tournament.create("", turns=1)
    t = make(2, turns=1)
    play_all(t)
    with pytest.raises(PairingError, match="already paired"):
        t.pair_next()


def test_teams_play_two_tables_crosswise_and_sum_vp() -> None:
    t = make(["Lions", "Tigers", "Bears"], kind="teams", turns=2, movement="danish-modified")
    turn = t.pair_next()
    # Lions v Tigers: Lions pair 1 (N-S) v Tigers pair 2, Tigers pair 1 (N-S) v Lions pair 2.
    assert [(x.number, x.ns, x.ns_line, x.ew, x.ew_line) for x in turn.tables] == [
        (1, (1,), 1, (2,), 2),
        (2, (2,), 1, (1,), 2),
    ]
    assert t.side_label(turn.tables[0], "ns") == "1 Lions pair 1"
    # A resting team gets 70% of a team match's 40 VP: 28 VP, 710 MP.
    assert [(r.entrant, r.vp, r.mp) for r in turn.rests] == [(3, 28, 710)]
    # Table 1: Lions +300 → 13-7. Table 2: Tigers (N-S) -100 → 9-11, so Lions win it by 100.
    play_mp(t, {1: 300, 2: -100})  # Lions 13 + 11 = 24 VP, 400 MP; Tigers 7 + 9 = 16, -400
    assert standings_of(t) == [(3, 28, 710), (1, 24, 400), (2, 16, -400)]
    turn = t.pair_next()
    # Tigers, last and not rested, rest; Bears (1st) meet Lions (2nd).
    assert [r.entrant for r in turn.rests] == [2] and tables(turn) == [(1, 3, 1), (2, 1, 3)]


def test_individual_tournament_changes_partners() -> None:
    t = make(9, kind="individual", turns=4, movement="danish-modified")
    turn = t.pair_next()
    # Seats N, E, S, W by registration: 1 & 3 v 2 & 4, 5 & 7 v 6 & 8; the ninth player rests.
    assert [(x.ns, x.ew) for x in turn.tables] == [((1, 3), (2, 4)), ((5, 7), (6, 8))]
    assert rests(turn) == [9]
    t.enter_result(1, 1, mp=500)
    t.enter_result(1, 2, mp=-200)
    assert dict((e, v) for e, v, _ in standings_of(t)) == {1: 14, 3: 14, 2: 6, 4: 6, 5: 8, 7: 8, 6: 12, 8: 12, 9: 14}
    for _ in range(3):
        turn = play_all(t, 100)
        assert len(rests(turn)) == 1
        assert t.side_label(turn.tables[0], "ns").count("&") == 1
    # Nobody partners the same player twice, nobody rests twice.
    assert max(partnerships(t.turns).values()) == 1
    assert sorted(r.entrant for turn in t.turns for r in turn.rests) == sorted(
        {r.entrant for turn in t.turns for r in turn.rests}
    )


def test_individual_late_arrival_completes_three_resting_players() -> None:
    t = make(7, kind="individual", turns=2)
    t.pair_next()
    assert rests(t.turns[0]) == [5, 6, 7]
    t.register("Late")
    assert [(x.ns, x.ew) for x in t.turns[0].tables][-1] == ((5, 7), (6, 8)) and rests(t.turns[0]) == []
