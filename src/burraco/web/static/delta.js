// The server's `delta` messages (docs/web.md "WebSocket protocol"): what changed since the state of
// version `base`. The page keeps the last whole state it built (`app.wire`) and applies a delta only to
// the version it was built on; otherwise it asks for a full state (`sync`). The server's
// protocol/delta.py (`apply_delta`) does the same, for the tests and Python clients.

/** The state after `msg`, or null when `msg` was built on another version than `state.v`. */
export function applyDelta(state, msg) {
  if (!state || state.v !== msg.base) return null;
  let view = state.view;
  if (view) {
    view = { ...view, ...msg.view, log: msg.log.length ? view.log.concat(msg.log) : view.log };
    if (msg.melds.length) {
      view.melds = view.melds.map((side) => side.slice());
      for (const [side, i, meld] of msg.melds) view.melds[side][i] = meld;
    }
  }
  return { type: "state", reply_to: msg.reply_to, you: state.you, table: { ...state.table, ...msg.table }, view, legal: msg.legal, v: msg.v };
}
