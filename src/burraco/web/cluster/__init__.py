"""Several processes sharing tables through Redis: who holds which table, hand-overs, sockets relayed
to the process that holds their table, and the lobby every process shows."""
