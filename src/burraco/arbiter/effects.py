"""What a ruling does, as data: to the guilty player's hand and turns, to the melds, the stock, the pile
and the pozzetti, and to the standings.

Each effect is a frozen dataclass whose fields are enums; its ``kind`` says which effect it is, and
:func:`burraco.arbiter.effect_words.describe` says it in words (Italian or English). A ruling's effects
are the part a program acts on (the score terminal, the tournament console); its words are the code's.

>>> PenalisedCards(Cards.LAST_MELD, FirstDiscard.NEXT_TURN_WITHOUT_DRAWING, DiscardOrder.LOWEST_FIRST).to_dict()
{'kind': 'penalised_cards', 'cards': 'last_meld', 'first': 'next_turn_without_drawing', 'order': 'lowest_first'}
>>> StandingsPenalty().to_dict()
{'kind': 'standings_penalty', 'vp': 1, 'mp_equivalent': True, 'opponents_gain': False}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum, StrEnum
from typing import ClassVar


class EffectKind(StrEnum):
    """Which effect a ruling applies."""

    PENALISED_CARDS = "penalised_cards"
    DISCARD = "discard"
    COUNTED_AGAINST = "counted_against"
    MELD_FROZEN = "meld_frozen"
    SIDE_MAY_NOT_CLOSE = "side_may_not_close"
    TURN_LIMIT = "turn_limit"
    CARD_TO_STOCK = "card_to_stock"
    POZZETTO_FIX = "pozzetto_fix"
    FORBIDDEN = "forbidden"
    TABLE_ACTION = "table_action"
    VALIDITY = "validity"
    WARNING = "warning"
    STANDINGS_PENALTY = "standings_penalty"


class Cards(StrEnum):
    """The cards an effect names."""

    WRONG_CARDS = "wrong_cards"
    """The cards attached in error (none of them fits the meld)."""
    UNFITTING_CARDS = "unfitting_cards"
    """Of the cards attached in error, those that do not fit (the others stay)."""
    UNHEALED_CARDS = "unhealed_cards"
    """The cards of a faulty new meld that the player could not heal from his hand."""
    PENALISED = "penalised"
    """The penalised cards the ruling on the faulty play assigned (Art. 13 on Art. 12)."""
    ALL_MELD_CARDS = "all_meld_cards"
    """Every card of the faulty meld."""
    EXTRA_CARDS = "extra_cards"
    """The cards of a faulty meld outside its valid part."""
    LAST_MELD = "last_meld"
    """The last play made: a meld, or the cards attached last."""
    SECOND_WILDCARD = "second_wildcard"
    """The wildcard of the second of two equal combinations, when both hold one."""
    DRAWN_CARD = "drawn_card"
    """The card drawn out of turn."""
    HIGHEST_IN_HAND = "highest_in_hand"
    """The card of highest value in the player's hand (he does not remember the card he drew)."""
    LOWEST_PICKED_UP = "lowest_picked_up"
    """The lowest of the cards picked up from the discard pile."""
    CARD_LEFT_ON_PILE = "card_left_on_pile"
    """The one card left on the table when picking up the discard pile."""


class FirstDiscard(StrEnum):
    """When the first penalised card is discarded."""

    THIS_TURN = "this_turn"
    """As the discard of the turn in which the error was made."""
    NEXT_TURN_WITHOUT_DRAWING = "next_turn_without_drawing"
    """At the player's next turn, without drawing first."""
    LATER_TURNS = "later_turns"
    """From the player's turn after the one the ruling already restricts."""


class DiscardOrder(StrEnum):
    """The order in which several penalised cards are discarded, one a turn."""

    LOWEST_FIRST = "lowest_first"
    ANY = "any"
    """The article names no order: the player chooses."""


class Meld(StrEnum):
    """The meld an effect names."""

    VALID_PART = "valid_part"
    """The valid part of a faulty meld (with any cards attached to it later)."""
    WHOLE_MELD = "whole_meld"
    FIRST_COMBINATION = "first_combination"
    """The first of two equal combinations, with the second laid on it."""


class Limit(StrEnum):
    """What the guilty player may still do in a turn."""

    STOP = "stop"
    """Play ends now: no more melds or attachments; the turn ends with the discard."""
    DRAW_AND_DISCARD_SAME = "draw_and_discard_same"
    """Draw from the stock (not the pile) and discard that same card; nothing else."""
    DRAW_NOW_DISCARD_NEXT_TURN = "draw_now_discard_next_turn"
    """Draw a card now; at the next turn discard that card and do nothing else."""
    DISCARD_FROM_POZZETTO = "discard_from_pozzetto"
    """Only discard one card of the pozzetto just taken (the right to play it on the fly is lost)."""
    PLAY_OR_DISCARD_EXPOSED = "play_or_discard_exposed"
    """Play the exposed card (attach it or open a meld with it), or else discard it at once and stop."""


class When(StrEnum):
    """The turn a limit applies to."""

    NOW = "now"
    OWN_NEXT_TURN = "own_next_turn"


class PozzettoAction(StrEnum):
    """What happens to a pozzetto."""

    PLAY_NEXT_ROUND = "play_next_round"
    """The pozzetto taken with the faulty play is played only from the next round."""
    COMPLETE_FROM_STOCK_BOTTOM = "complete_from_stock_bottom"
    """The short pozzetto is made up to eleven cards from the bottom of the stock."""
    COMPLETE_OTHER_TOO = "complete_other_too"
    """The other pozzetto, short too, is made up with the next cards from the bottom of the stock."""
    EXCESS_UNDER_STOCK = "excess_under_stock"
    """The arbiter takes the extra cards from the tops of the pozzetti, in turn, and puts them under the stock."""
    FIX_UNPLAYED_ONE = "fix_unplayed_one"
    """Only the pozzetto not yet played is made right (to eleven cards)."""
    FORGOTTEN_UNUSED = "forgotten_unused"
    """The pozzetto left over from the previous hand stays unused."""
    SECOND_SIDE_SECOND_POZZETTO = "second_side_second_pozzetto"
    """The second side to take a pozzetto takes the second one formed in this hand."""


class Forbid(StrEnum):
    """A play the ruling forbids."""

    MOVE_TO_ANOTHER_MELD = "move_to_another_meld"
    """Moving the wrongly attached cards to another meld where they would fit."""
    PENALISED_ON_EXISTING_MELDS = "penalised_on_existing_melds"
    """Healing penalised cards by attaching them to melds already on the table."""
    EXPOSED_ON_PARTNERS_LAST_PLAYS = "exposed_on_partners_last_plays"
    """Attaching the exposed card to the melds or extensions the partner made in his last turn."""
    PILE_CARD_PLACED = "pile_card_placed"
    """Placing the pile's card the partner's fixing of a meld pointed to."""
    PILE_PICKUP = "pile_pickup"
    """Picking up the discard pile."""
    SUGGESTED_PLAY = "suggested_play"
    """The play the partner suggested."""
    NEW_COMBINATION_SAME_RANK = "new_combination_same_rank"
    """A new combination of the rank of the frozen one, for the rest of the hand."""
    DISCARD_TAKEN_CARD_AT_ONCE = "discard_taken_card_at_once"
    """Discarding, in the same turn, the single card just taken from the pile."""


class Act(StrEnum):
    """Something done at the table once."""

    RETURN_TO_HAND = "return_to_hand"
    FITTING_CARDS_STAY = "fitting_cards_stay"
    MELD_SEPARATELY = "meld_separately"
    HEAL_FROM_HAND = "heal_from_hand"
    LAY_ON_FIRST_COMBINATION = "lay_on_first_combination"
    TAKE_BACK_LAST_MELD = "take_back_last_meld"
    CLOSE_NEXT_TURN = "close_next_turn"
    PILE_RESTORED = "pile_restored"
    TAKE_WHOLE_PILE = "take_whole_pile"
    TAKE_LIFTED_CARD = "take_lifted_card"
    SHOW_SAME_CARD_IF_ASKED = "show_same_card_if_asked"
    DECK_REPLACED = "deck_replaced"
    REDEAL = "redeal"
    RECONSTRUCT_MELDS = "reconstruct_melds"
    ARBITRAL_SCORE = "arbitral_score"
    PLAY_CONTINUES = "play_continues"
    """No remedy: the game goes on as it is."""


class Subject(StrEnum):
    """What a validity effect confirms or annuls."""

    PLAYS_BEFORE_NOTICE = "plays_before_notice"
    """The melds and attachments made before the player was told of the error."""
    BURRACO = "burraco"
    """The burraco made with the faulty play."""
    CLOSING_ON_THAT_BURRACO = "closing_on_that_burraco"
    """A closing that rested on that burraco, when it was the side's only one."""
    POZZETTO_TAKEN = "pozzetto_taken"
    """A pozzetto the faulty play let the side take."""
    HAND_RESULT = "hand_result"


class _Effect:
    """Shared behaviour of the effect dataclasses: the ``kind`` and the JSON form."""

    kind: ClassVar[EffectKind]

    def to_dict(self) -> dict[str, object]:
        """The effect as JSON data: its kind and its fields (enums as their values)."""
        out: dict[str, object] = {"kind": self.kind.value}
        for field in fields(self):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            out[field.name] = value.value if isinstance(value, Enum) else value
        return out


@dataclass(frozen=True)
class PenalisedCards(_Effect):
    """Penalised cards ("carte penalizzate"): they must be discarded, one a turn; until they are all
    discarded the player still draws or picks up but makes no meld and attaches nothing."""

    kind: ClassVar[EffectKind] = EffectKind.PENALISED_CARDS
    cards: Cards
    first: FirstDiscard
    order: DiscardOrder


@dataclass(frozen=True)
class Discard(_Effect):
    """The named card is the player's discard now (it ends the turn)."""

    kind: ClassVar[EffectKind] = EffectKind.DISCARD
    cards: Cards


@dataclass(frozen=True)
class CountedAgainst(_Effect):
    """The named cards count against their side when the hand is scored."""

    kind: ClassVar[EffectKind] = EffectKind.COUNTED_AGAINST
    cards: Cards


@dataclass(frozen=True)
class MeldFrozen(_Effect):
    """A frozen meld ("gioco congelato"): nothing may be attached to it any more."""

    kind: ClassVar[EffectKind] = EffectKind.MELD_FROZEN
    meld: Meld


@dataclass(frozen=True)
class SideMayNotClose(_Effect):
    """The guilty side may not close for a full round (until the guilty player's next turn)."""

    kind: ClassVar[EffectKind] = EffectKind.SIDE_MAY_NOT_CLOSE
    rounds: int = 1


@dataclass(frozen=True)
class TurnLimit(_Effect):
    """What the guilty player may still do, now or at his next turn."""

    kind: ClassVar[EffectKind] = EffectKind.TURN_LIMIT
    limit: Limit
    when: When = When.NOW


@dataclass(frozen=True)
class CardToStock(_Effect):
    """A card goes back on top of the stock; with ``next_player_chooses`` the player whose turn it
    was may look at it and draw it, or pick up the discard pile instead."""

    kind: ClassVar[EffectKind] = EffectKind.CARD_TO_STOCK
    cards: Cards
    next_player_chooses: bool = True


@dataclass(frozen=True)
class PozzettoFix(_Effect):
    """What happens to a pozzetto."""

    kind: ClassVar[EffectKind] = EffectKind.POZZETTO_FIX
    action: PozzettoAction


@dataclass(frozen=True)
class Forbidden(_Effect):
    """A play the arbiter does not allow."""

    kind: ClassVar[EffectKind] = EffectKind.FORBIDDEN
    play: Forbid


@dataclass(frozen=True)
class TableAction(_Effect):
    """Something done at the table once."""

    kind: ClassVar[EffectKind] = EffectKind.TABLE_ACTION
    act: Act


@dataclass(frozen=True)
class Validity(_Effect):
    """Something made before the ruling stands (``valid``) or is annulled."""

    kind: ClassVar[EffectKind] = EffectKind.VALIDITY
    subject: Subject
    valid: bool


@dataclass(frozen=True)
class Admonition(_Effect):
    """The arbiter warns the guilty player ("ammonizione")."""

    kind: ClassVar[EffectKind] = EffectKind.WARNING


@dataclass(frozen=True)
class StandingsPenalty(_Effect):
    """Victory points taken off the guilty side's overall standings (or the equivalent match points);
    the opponents gain nothing."""

    kind: ClassVar[EffectKind] = EffectKind.STANDINGS_PENALTY
    vp: int = 1
    mp_equivalent: bool = True
    opponents_gain: bool = False


Effect = (
    PenalisedCards
    | Discard
    | CountedAgainst
    | MeldFrozen
    | SideMayNotClose
    | TurnLimit
    | CardToStock
    | PozzettoFix
    | Forbidden
    | TableAction
    | Validity
    | Admonition
    | StandingsPenalty
)
"""Any effect of a ruling."""
