"""The browser game and online tables: FastAPI app, WebSocket protocol, persistence, accounts.

Layer 3: imports :mod:`burraco.core` and :mod:`burraco.bots` only. Start it with ``burraco serve``;
see ``docs/web.md``.
"""
