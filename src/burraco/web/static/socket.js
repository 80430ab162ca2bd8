// The table's socket as the page's other modules use it: send one message to the server. table.js opens
// and closes the socket (app.socket); sheets.js and table.js both send through here, so neither imports
// the other for it and the modules import one way.
import { t } from "./i18n.js";
import { app, setMessage } from "./ui.js";

/** Send a message on the table's socket, numbered so its reply is recognised (app.pending). */
export function send(message) {
  if (!app.socket || app.socket.readyState !== WebSocket.OPEN) { setMessage(t("table.not_connected"), true); return; }
  message.id = app.nextId++;
  app.pending = message.id;
  app.socket.send(JSON.stringify(message));
}
