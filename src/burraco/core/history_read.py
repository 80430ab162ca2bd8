"""Reading a hand history from the text format of ``docs/hand-history.md``: every malformed line
raises :class:`~burraco.core.history_step.HistoryLineError` naming the line and the problem."""

from __future__ import annotations

import dataclasses

from burraco.core.cards import NUM_KINDS, counts_of, format_card, full_deck, parse_cards
from burraco.core.citation import cite
from burraco.core.errors import BurracoError, HistoryError
from burraco.core.history_model import _HEADER_KEYS, FORMAT_NAME, FORMAT_VERSION, Deal, HandHistory, check_sizes
from burraco.core.history_step import HistoryLineError, Step
from burraco.core.options import Rules, option_kind, option_may_be_none
from burraco.core.options import preset as rules_preset


def read_history(text: str) -> HandHistory:
    """Parse a history (raises :class:`HistoryLineError` naming the line and the problem).

    The deal is checked (108 cards, a valid seed deal) but the actions are not: :func:`replay`
    does that.
    """
    lines = text.splitlines()
    fields: dict[str, int] = {}
    options: list[tuple[int, str, str]] = []
    names: dict[int, str] = {}
    hands: dict[int, tuple[int, ...]] = {}
    pozzetti: dict[int, tuple[int, ...]] = {}
    values: dict[str, str] = {}
    steps: list[Step] = []
    header = False
    in_actions = False
    for number, raw in enumerate(lines, start=1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        if not header:
            _read_header(number, content)
            header = True
            continue
        if in_actions:
            steps.append(Step.parse(content, number))
            continue
        key, _, rest = content.partition(" ")
        key, rest = key.lower(), rest.strip()
        if key not in _HEADER_KEYS:
            if key.isdigit():
                raise HistoryLineError(number, "an action line before the 'actions' line")
            raise HistoryLineError(number, f"unknown field {key!r} (expected one of {', '.join(_HEADER_KEYS)})")
        if key == "actions":
            if rest:
                raise HistoryLineError(number, "the 'actions' line takes nothing after it")
            in_actions = True
            continue
        if key == "option":
            option, _, value = rest.partition(" ")
            if not value.strip():
                raise HistoryLineError(number, "expected 'option NAME VALUE'")
            options.append((number, option.lower(), value.strip()))
            continue
        if key in ("name", "hand", "pozzetto"):
            index_text, _, value = rest.partition(" ")
            if not index_text.isdigit():
                raise HistoryLineError(number, f"expected '{key} NUMBER ...', e.g. '{key} 0 ...'")
            index = int(index_text)
            table: dict[int, object] = names if key == "name" else hands if key == "hand" else pozzetti  # type: ignore[assignment]
            if index in table:
                raise HistoryLineError(number, f"{key} {index} is given twice")
            fields.setdefault(key, number)
            fields[f"{key} {index}"] = number
            if key == "name":
                names[index] = " ".join(value.split())
            else:
                (hands if key == "hand" else pozzetti)[index] = _cards(number, value)
            continue
        if key in fields:
            raise HistoryLineError(number, f"the field {key!r} is given twice (first on line {fields[key]})")
        fields[key] = number
        values[key] = rest
    if not header:
        raise HistoryLineError(0, f"empty history: the first line must be '{FORMAT_NAME} {FORMAT_VERSION}'")
    history = _assemble(fields, values, options, names, hands, pozzetti, steps)  # the fields' errors first
    if not in_actions:
        raise HistoryLineError(len(lines), "no 'actions' line: it must follow the deal (even with no actions)")
    return history


def _read_header(number: int, content: str) -> None:
    words = content.split()
    if not words or words[0].lower() != FORMAT_NAME:
        raise HistoryLineError(
            number, f"not a burraco hand history: the first line must be '{FORMAT_NAME} {FORMAT_VERSION}'"
        )
    if len(words) != 2 or words[1] != str(FORMAT_VERSION):
        raise HistoryLineError(
            number, f"unsupported history version {' '.join(words[1:])!r} (this reader knows version {FORMAT_VERSION})"
        )


def _cards(number: int, text: str) -> tuple[int, ...]:
    try:
        return parse_cards(text)
    except BurracoError as error:
        raise HistoryLineError(number, str(error)) from None


def _int(number: int, text: str, what: str) -> int:
    value = text.strip()
    if not value.lstrip("-").isdigit():
        raise HistoryLineError(number, f"{what} must be a whole number, not {value!r}")
    return int(value)


def _option_value(number: int, name: str, text: str) -> object:
    kind = option_kind(name)
    lowered = text.lower()
    if kind is bool:
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise HistoryLineError(number, f"option {name} is true or false, not {text!r}")
    if kind is int:
        if lowered == "none" and option_may_be_none(name):
            return None
        return _int(number, text, f"option {name}")
    return lowered


def _assemble(
    fields: dict[str, int],
    values: dict[str, str],
    options: list[tuple[int, str, str]],
    names: dict[int, str],
    hands: dict[int, tuple[int, ...]],
    pozzetti: dict[int, tuple[int, ...]],
    steps: list[Step],
) -> HandHistory:
    preset_name = values.get("rules", "fibur").strip().lower()
    try:
        rules = rules_preset(preset_name)
    except BurracoError as error:
        raise HistoryLineError(fields["rules"], str(error)) from None
    if "players" not in values:
        raise HistoryLineError(0, "the history does not say how many players: add 'players N'")
    players_text = values["players"].strip()
    if players_text not in ("2", "3", "4"):
        raise HistoryLineError(fields["players"], f"players must be 2, 3 or 4, not {players_text!r}")
    rules = rules.replace(players=int(players_text))
    known = {f.name for f in dataclasses.fields(Rules)}
    for number, name, text in options:
        if name == "players":
            raise HistoryLineError(number, "give the number of players on the 'players' line")
        if name not in known:
            raise HistoryLineError(number, f"unknown rules option {name!r}")
        try:
            rules = rules.replace(**{name: _option_value(number, name, text)})
        except HistoryLineError:
            raise
        except BurracoError as error:
            raise HistoryLineError(number, str(error)) from None
    players = rules.players
    if "dealer" not in values:
        raise HistoryLineError(0, "the history does not name the dealer: add 'dealer SEAT'")
    dealer = _int(fields["dealer"], values["dealer"], "dealer")
    if not 0 <= dealer < players:
        raise HistoryLineError(fields["dealer"], f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
    for seat in names:
        if seat >= players:
            raise HistoryLineError(fields[f"name {seat}"], f"there is no seat {seat} in a {players}-player hand")
    seat_names = tuple(names.get(s, "") for s in range(players)) if names else ()
    explicit = [k for k in ("hand", "pozzetto", "pile", "stock") if k in fields]
    for step in steps:
        if step.seat >= players:
            raise HistoryLineError(step.line, f"there is no seat {step.seat} in a {players}-player hand")
    common = {"rules": rules, "dealer": dealer, "steps": tuple(steps), "preset": preset_name, "names": seat_names}
    if "seed" in values:
        if explicit:
            raise HistoryLineError(fields[explicit[0]], "give either a seed or an explicit deal, not both")
        seed = _int(fields["seed"], values["seed"], "seed")
        if seed < 0:
            raise HistoryLineError(fields["seed"], f"seed must not be negative, not {seed}")
        sizes = None
        if "pozzetti" in values:
            words = values["pozzetti"].split()
            sizes = tuple(_int(fields["pozzetti"], w, "a pozzetto size") for w in words)
            try:
                check_sizes(players, sizes)
            except HistoryError as error:
                raise HistoryLineError(fields["pozzetti"], str(error)) from None
        return HandHistory(seed=seed, pozzetto_sizes=sizes, **common)  # type: ignore[arg-type]
    if "pozzetti" in values:
        raise HistoryLineError(
            fields["pozzetti"], "'pozzetti' sizes go with a seed; an explicit deal lists each 'pozzetto N CARDS'"
        )
    if not explicit:
        raise HistoryLineError(0, "the history has no deal: give 'seed N' or the hands, pozzetti, pile and stock")
    return HandHistory(deal=_explicit_deal(fields, values, hands, pozzetti, players), **common)  # type: ignore[arg-type]


def _explicit_deal(
    fields: dict[str, int],
    values: dict[str, str],
    hands: dict[int, tuple[int, ...]],
    pozzetti: dict[int, tuple[int, ...]],
    players: int,
) -> Deal:
    first = min(fields[k] for k in ("hand", "pozzetto", "pile", "stock") if k in fields)
    for seat in range(players):
        if seat not in hands:
            raise HistoryLineError(first, f"the explicit deal has no 'hand {seat}' line")
    for seat in hands:
        if seat >= players:
            raise HistoryLineError(fields[f"hand {seat}"], f"there is no seat {seat} in a {players}-player hand")
    if not pozzetti or sorted(pozzetti) != list(range(len(pozzetti))):
        raise HistoryLineError(first, "the explicit deal needs 'pozzetto 0', 'pozzetto 1', ... lines numbered from 0")
    for key in ("pile", "stock"):
        if key not in values:
            raise HistoryLineError(first, f"the explicit deal has no '{key}' line")
    pile = _cards(fields["pile"], values["pile"])
    stock = _cards(fields["stock"], values["stock"])
    deal = Deal.of((hands[s] for s in range(players)), (pozzetti[i] for i in range(len(pozzetti))), pile, stock)
    counts = [0] * NUM_KINDS
    for zone in (*deal.hands, *deal.pozzetti, deal.pile, deal.stock):
        for card in zone:
            counts[card] += 1
    expected = counts_of(full_deck())
    if counts != expected:
        problems = [f"{format_card(k)} x{counts[k]}" for k in range(NUM_KINDS) if counts[k] > expected[k]]
        missing = [format_card(k) for k in range(NUM_KINDS) if counts[k] < expected[k]]
        detail = "; ".join(
            part
            for part in (
                f"too many copies: {', '.join(problems)}" if problems else "",
                f"missing: {', '.join(missing)}" if missing else "",
            )
            if part
        )
        raise HistoryLineError(
            first, f"the deal holds {deal.card_total()} cards, not exactly the 108 of two decks ({cite('1')}): {detail}"
        )
    return deal
