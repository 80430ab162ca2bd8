"""A table with friends for four, in Debian's Chromium: four accounts in four browser contexts at it-IT
(two desktops, two phones) and a fifth the owner blocked. The owner makes the table from "Gioca con un
amico", keeps North (her partner's seat) for one friend and invites another, who both come from the
polled notice; she moves one to East; the fourth comes by the link. All four see each other seated in
pairs, talk (a quick phrase, markup shown as text, a block between two of them keeping each one's words
from the other), and each is dealt a hand showing their own cards only, as the server dealt them; the
social answers their pages got hold no card. The blocked player can neither sit, see the table, find the
owner nor invite her."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_helpers import assert_no_serious_violations
from social_helpers import (
    DESKTOP,
    PHONE,
    Person,
    answers,
    assert_own_cards_only,
    befriend,
    call,
    check_social,
    hand_codes,
    markup_made,
    open_notice,
    people,
    said,
    sign_up,
)
from test_browser import serving, shot

from burraco.core.cards import format_card
from burraco.web.app import create_app

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Ezio")
IMG = "<img src=x onerror=alert(1)>"
BOLD = "<b>x</b>"
SEATS = ["Anna", "Dario", "Bruno", "Carla"]
"""Who sits where once the owner chose: South and North against West and East."""


@pytest.fixture
def four_server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The app (to read the dealt hands) served on a free port; its URL."""
    app = create_app(f"sqlite:///{tmp_path / 'four.db'}", bot_delay=0.02, tick_interval=0.2)
    with serving(app) as url:
        yield url, app


def dealt(app: Any, table_id: int) -> list[list[str]]:
    """Each seat's hand as the server dealt it."""
    table = app.state.manager.tables[table_id]
    return [[format_card(c) for c in table.hand.hand_cards(seat)] for seat in range(4)]


def wait_said(person: Person, count: int) -> list[str]:
    person.page.wait_for_function(f"() => document.querySelectorAll('.chat-list .chat-text').length >= {count}")
    return said(person.page)


def test_four_friends_sit_in_pairs_talk_and_play(four_server: tuple[str, Any]) -> None:
    base, app = four_server
    with people([DESKTOP, PHONE, DESKTOP, PHONE, PHONE]) as found:
        anna, bruno, carla, dario, ezio = found.people
        ids = {name: sign_up(person.page, base, name) for name, person in zip(NAMES, found.people, strict=True)}
        befriend(bruno.page, anna.page)
        befriend(carla.page, anna.page)
        call(anna.page, "POST", "/api/blocks", {"user_id": ids["Ezio"]})
        # Anna makes a table with friends for four, and its link
        a = anna.page
        a.click("#nav-with-friend")
        a.select_option("#wf-players", "4")
        a.fill("#wf-name", "Tra amici")
        a.click("#wf-create")
        a.wait_for_selector("#invite-seats")
        link = a.input_value("#invite-link")
        table_id = int(a.url.rsplit("/", 1)[1])
        # she keeps North, her partner's seat, for Bruno, and invites Carla to any seat
        row = f"#invite-friends li[data-user='{ids['Bruno']}']"
        a.select_option(f"{row} select", "2")
        assert "Nord: in coppia con te" in a.inner_text(f"{row} select")
        a.click(f"{row} button")
        a.wait_for_selector("#invite-links li >> nth=1")
        a.click(f"#invite-friends li[data-user='{ids['Carla']}'] button")
        a.wait_for_selector("#invite-links li >> nth=2")
        shot(a, "four-friends-invited-desktop")
        # Ezio, blocked, opens the link: refused, in Italian; the table itself too
        ezio.page.goto(link)
        ezio.page.wait_for_selector("#invite-error:has-text('Non puoi farlo con questo giocatore.')")
        assert ezio.page.locator("#invite-sitting").count() == 0  # no "sitting you down" above the refusal
        shot(ezio.page, "four-friends-blocked-link-phone")
        # Bruno and Carla follow the notice of the invitation their pages polled
        for friend in (bruno, carla):
            open_notice(friend.page, "Anna ti invita al tavolo «Tra amici».")
        # seated where expected: Bruno across from Anna, Carla at her right (West, the first free seat)
        bruno.page.wait_for_selector("#seat-0.at-top:has-text('Anna')")
        carla.page.wait_for_selector("#seat-0.at-right:has-text('Anna')")
        assert "Anna & Bruno" in bruno.page.text_content(".total.mine .who-names")
        ezio.page.goto(f"{base}/#/table/{table_id}")
        ezio.page.wait_for_selector("text=Questo tavolo è privato")
        # nor does he find her, ask her, or invite her to his table
        ezio.page.goto(f"{base}/#/friends")
        ezio.page.fill("#friend-search", "Ann")
        ezio.page.click("#friend-search-btn")
        ezio.page.wait_for_selector("#friend-results >> text=Nessun giocatore registrato con questo nome.")
        own = call(ezio.page, "POST", "/api/tables", {"players": 2})["table"]["id"]
        refused = call(ezio.page, "POST", f"/api/friends/{ids['Anna']}/invite", {"table_id": own}, status=403)
        assert refused["detail"]["code"] == "invite_not_friend"
        refused = call(ezio.page, "POST", "/api/friends/requests", {"user_id": ids["Anna"]}, status=403)
        assert refused["detail"]["code"] == "friend_blocked"
        # Anna sees who sits where and moves Carla to East; Dario comes by the link, West, and play starts
        a.reload()
        a.wait_for_selector("#invite-seats li[data-seat='2']:has-text('Bruno')")
        assert "Carla" in a.inner_text("#invite-seats li[data-seat='1']")
        for name in ("Bruno", "Carla"):  # seated: no longer offered an invitation
            assert a.locator(f"#invite-friends li[data-user='{ids[name]}']").count() == 0
        a.select_option("#invite-seats li[data-seat='1'] select", "3")
        a.click("#invite-seats li[data-seat='1'] button")
        a.wait_for_selector("#invite-seats li[data-seat='3']:has-text('Carla')")
        assert "libero" in a.inner_text("#invite-seats li[data-seat='1']")
        assert_no_serious_violations(a, "the seats of four, desktop")
        shot(a, "four-friends-seats-desktop")
        carla.page.wait_for_selector("#seat-0.at-left:has-text('Anna')")  # she is East now
        dario.page.goto(link)
        players = [anna, dario, bruno, carla]  # by seat
        a.click("#invite-go")
        for person in players:
            person.page.wait_for_selector("#hand .card", timeout=20_000)
        # all four seated, each partner across the felt
        for seat, person in enumerate(players):
            page = person.page
            for other, name in enumerate(SEATS):
                if other != seat:  # (one's own seat is the hand)
                    assert name in page.inner_text(f"#seat-{other} .seat-name"), (seat, other)
            pair, others = (
                sorted((SEATS[seat], SEATS[(seat + 2) % 4])),
                sorted((SEATS[seat - 1], SEATS[(seat + 1) % 4])),
            )
            assert SEATS[(seat + 2) % 4] in page.inner_text(".seat.at-top .seat-name")
            assert page.text_content(".total.mine .who-names").strip(" ·") in (" & ".join(pair), " & ".join(pair[::-1]))
            assert set(page.text_content(".total:not(.mine) .who-names").strip(" ·").split(" & ")) == set(others)
        # each sees their own cards, as dealt, and none of another seat's
        hands = dealt(app, table_id)
        for seat, person in enumerate(players):
            page = person.page
            page.wait_for_function("() => document.querySelectorAll('#hand .card').length === 11")
            assert sorted(hand_codes(page)) == sorted(hands[seat])
            assert_own_cards_only(person)
            for other in range(4):
                if other != seat:
                    assert page.locator(f"#seat-{other} svg.face:not(.back)").count() == 0
        # table talk: a quick phrase, markup shown as text; Carla blocked Dario: neither reads the other
        call(carla.page, "POST", "/api/blocks", {"user_id": ids["Dario"]})
        for person in players:
            person.page.click(".chat summary")
        a.click(".chat-phrase[data-phrase='hello']")
        assert all(wait_said(person, 1) == ["Ciao!"] for person in players)
        dario.page.fill("#chat-text", IMG)
        dario.page.press("#chat-text", "Enter")
        assert wait_said(dario, 2) == ["Ciao!", IMG]
        carla.page.fill("#chat-text", BOLD)
        carla.page.press("#chat-text", "Enter")
        assert wait_said(carla, 2) == ["Ciao!", BOLD]
        bruno.page.click(".chat-phrase[data-phrase='good_luck']")
        assert wait_said(bruno, 4) == ["Ciao!", IMG, BOLD, "In bocca al lupo!"]
        assert wait_said(anna, 4) == ["Ciao!", IMG, BOLD, "In bocca al lupo!"]
        assert wait_said(carla, 3) == ["Ciao!", BOLD, "In bocca al lupo!"]
        assert wait_said(dario, 3) == ["Ciao!", IMG, "In bocca al lupo!"]
        for seat, person in enumerate(players):
            assert markup_made(person.page) == 0
            shot(person.page, f"four-friends-table-{SEATS[seat].lower()}-{'desktop' if seat in (0, 3) else 'phone'}")
        # the notifications and friends answers each page got, polled on during the hand: no card
        polled = [len(answers(person.page)) for person in players]  # then one poll more each, at the same time
        for person, count in zip(players, polled, strict=True):
            person.page.wait_for_function(f"() => window.__answers.length > {count}", timeout=20_000)
        cards = {card for hand in hands for card in hand}
        for name, person in zip(NAMES, found.people, strict=True):
            got = answers(person.page)
            assert got, name
            for url, payload in got:
                check_social(f"{name}: {url}", payload, cards)
        assert_no_serious_violations(bruno.page, "the table of four with the talk open, phone")
    assert found.dialogs == [] and found.errors == []
