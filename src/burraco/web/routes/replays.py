"""Finished hands: a replay frame at any step, and the hand history text (docs/hand-history.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import PlainTextResponse

from burraco.core.view import observe
from burraco.web.persistence.replay import HandReplay, ReplayRefused, load_hand
from burraco.web.persistence.replay_names import auto_steps, seat_names
from burraco.web.persistence.repositories.chat import replay_chat
from burraco.web.protocol.chat import ChatServerMessage
from burraco.web.protocol.schemas import ReplayResponse
from burraco.web.protocol.serialize import cards_text, scores_to_list, view_to_dict
from burraco.web.routes.deps import HandNumber, OptionalUser, Repos, TableId

router = APIRouter(prefix="/api/tables/{table_id}/hands/{number}", tags=["replays"])


def _load(repos: Repos, table_id: int, number: int) -> tuple[HandReplay, int]:
    try:
        replay = load_hand(repos.tables, table_id, number)
        replay.played()  # refuse to open a hand that is still being played
    except ReplayRefused as refused:
        raise HTTPException(refused.status, str(refused)) from None
    return replay, number


@router.get("/replay")
def replay(
    table_id: TableId,
    number: HandNumber,
    repos: Repos,
    user: OptionalUser,
    step: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> ReplayResponse:
    """One frame of a finished hand's replay: every zone open, after ``step`` actions."""
    loaded, _ = _load(repos, table_id, number)
    hand, actions = loaded.hand, loaded.actions
    final = loaded.played()
    step = max(0, min(step, len(actions)))
    loaded.advance(hand, step)
    return ReplayResponse(
        table_id=table_id,
        hand=number,
        seed=loaded.match.seed,
        step=step,
        steps=len(actions),
        action=actions[step - 1] if step else "deal",
        actor=loaded.seats[step - 1] if step else hand.dealer,
        hands=[cards_text(sorted(hand.hand_cards(s))) for s in range(hand.players)],
        view=view_to_dict(observe(hand, None), loaded.rules),
        scores=scores_to_list(final.scores()),
        actions=actions,
        names=repos.tables.store.read(lambda c: seat_names(c, table_id, hand.players)),
        auto=repos.tables.store.read(lambda c: auto_steps(c, table_id, number)),
        chat=[
            ChatServerMessage.model_validate(line)
            for line in replay_chat(repos.tables.store, table_id, number, None if user is None else user.id)
        ],
    )


@router.get(
    "/history",
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/plain": {}}, "description": "a core hand history"}},
)
def history(table_id: TableId, number: HandNumber, repos: Repos) -> str:
    """The finished hand as a core hand history (``docs/hand-history.md``)."""
    from burraco.core.history import write_history

    loaded, _ = _load(repos, table_id, number)
    return write_history(loaded.played(), preset=loaded.preset)
