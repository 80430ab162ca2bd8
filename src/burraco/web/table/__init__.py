"""One live table: its state and events, its clock, its bots, absence, results, the views each
connection gets, its actor (one task runs every change), and the dispatcher of a socket's messages.

The collaborators take the table's state (:class:`~burraco.web.table.model.TableState`) and return
values or events; only :class:`~burraco.web.table.live.Table` applies, stores and publishes them."""
