"""``burraco loadtest``: bot clients over loopback WebSockets against one or more server processes
(``plan``: the run and its report; ``client``: the clients; ``servers``: the processes)."""
