// The segnapunti's scoring of a typed hand, offline: the same checks and arithmetic as
// burraco.tournament.hand_entry (the rules page, §8), on the constants the server gives for each preset
// (GET /api/scorekeeper/rules). A browser test scores many generated entries here and in Python and
// checks they agree. A refusal throws { code, params }, worded from the catalogue as http.entry.<code>.
// An irregular hand's side carries `irregular` (the rules page, §8): void burraci by kind score their cards
// but no bonus, the points of frozen melds' wrong cards count against, penalised cards held count with the
// hand (and double with it), and a closing that needs a valid burraco earns nothing when every burraco is
// void — as burraco.core.scoring.score_side applies them to the server's entry.

function refusal(code, params = {}) { return { code, params }; }

function checkPoints(value) {
  if (value < 0) throw refusal("negative", { value });
  if (value % 5) throw refusal("not_five", { value });
}

const NO_IRREGULAR = { void: {}, wrong: 0, penalised: 0, closing_needs_valid: false };

function checkSide(index, side, C) {
  const burraci = side.burraci || {};
  for (const [kind, count] of Object.entries(burraci)) {
    if (count < 0) throw refusal("negative", { value: count });
    if (count && !C.kinds.includes(kind)) throw refusal("kind_not_in_rules", { kind });
  }
  for (const [kind, n] of Object.entries(side.irregular.void)) {
    if (n < 0) throw refusal("negative", { value: n });
    if (n > (burraci[kind] || 0)) throw refusal("void_too_many", { side: index, kind, void: n, count: burraci[kind] || 0 });
  }
  for (const points of [side.table, side.hand, side.irregular.wrong, side.irregular.penalised]) checkPoints(points);
  const needed = Object.entries(burraci).reduce((sum, [kind, n]) => sum + C.min_points[kind] * n, 0);
  if (side.table < needed) throw refusal("table_too_low", { side: index, points: side.table, needed });
  if (side.closed) {
    const count = Object.values(burraci).reduce((a, b) => a + b, 0);
    const clean = Object.entries(burraci).filter(([k]) => C.clean_kinds.includes(k)).reduce((a, [, n]) => a + n, 0);
    if (!count) throw refusal("close_without_burraco", { side: index });
    if (C.clean_to_close && !clean) throw refusal("close_without_clean", { side: index });
    if (!side.pozzetto) throw refusal("close_without_pozzetto", { side: index });
  }
}

function checkDeck(sides, C) {
  const count = (kind) => sides.reduce((sum, s) => sum + ((s.burraci || {})[kind] || 0), 0);
  let cards = 0, wild = 0, naturals = 0;
  for (const [kind, least] of Object.entries(C.min_cards)) {
    const n = count(kind), isWild = C.wild_kinds.includes(kind);
    cards += least * n;
    wild += isWild ? n : 0;
    naturals += (least - (isWild ? 1 : 0)) * n;
  }
  const aces = count("ace_to_king") + 2 * count("ace_to_ace");
  if (cards > C.deck_size || wild > C.wildcards || naturals > C.naturals || aces > C.aces) throw refusal("too_many_burraci", { cards });
  const points = sides.reduce((sum, s) => sum + s.table + s.hand + s.irregular.wrong + s.irregular.penalised, 0);
  if (points > C.deck_points) throw refusal("too_many_points", { points, most: C.deck_points });
}

function sideTotal(side, C) {
  const burraci = side.burraci || {}, irr = side.irregular;
  const valid = Object.fromEntries(Object.entries(burraci).map(([k, n]) => [k, n - (irr.void[k] || 0)]));
  let total = side.table + Object.entries(valid).reduce((sum, [k, n]) => sum + (n ? C.bonus[k] * n : 0), 0);
  total -= irr.wrong;
  const anyValid = Object.values(valid).some((n) => n > 0);
  if (side.closed && !(irr.closing_needs_valid && !anyValid)) total += C.closing_bonus;
  const inHand = side.hand + irr.penalised;
  total -= inHand;
  if (C.double_negative && !side.table && inHand) total -= inHand;
  if (!side.pozzetto) total -= C.pozzetto_penalty;
  return total;
}

/** The hand's two totals: `entry` is { sides: [{ burraci, table, hand, pozzetto, closed, irregular? }, …] } or
 *  { totals: [a, b] }; `irregular` is { void: { kind: n }, wrong, penalised, closing_needs_valid }. */
export function scoreHand(entry, C) {
  if (!entry.sides) {
    const totals = entry.totals || [];
    if (totals.length !== 2) throw refusal("two_sides", { count: totals.length });
    for (const value of totals) {
      if (value % 5) throw refusal("not_five", { value });
      if (Math.abs(value) > C.most_points) throw refusal("total_too_big", { value, most: C.most_points });
    }
    return { totals: [...totals] };
  }
  const sides = entry.sides.map((s) => ({ burraci: s.burraci || {}, table: s.table ?? 0, hand: s.hand ?? 0, pozzetto: s.pozzetto ?? true, closed: !!s.closed,
    irregular: { ...NO_IRREGULAR, ...(s.irregular || {}), void: s.irregular?.void || {} } }));
  if (sides.length !== 2) throw refusal("two_sides", { count: sides.length });
  sides.forEach((s, i) => checkSide(i, s, C));
  if (sides.filter((s) => s.closed).length > 1) throw refusal("both_closed");
  checkDeck(sides, C);
  return { totals: sides.map((s) => sideTotal(s, C)) };
}

/** Half of a pair's score with three players, rounded to 5 (a tie to the multiple of 10), as the engine does. */
export function half(total) {
  const x = total / 10, floor = Math.floor(x), diff = x - floor;
  const rounded = diff > 0.5 ? floor + 1 : diff < 0.5 ? floor : (floor % 2 === 0 ? floor : floor + 1);
  return rounded * 5;
}
