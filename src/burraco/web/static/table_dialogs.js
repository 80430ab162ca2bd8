// The table's dialogs in the page's own modal (focus kept inside, Esc closes): leaving the match, the keys.
import { t } from "./i18n.js";
import { h, hideModal, showModal } from "./ui.js";
import { send } from "./socket.js";

export function confirmLeave() {
  showModal(h("div", { id: "leave-dialog" },
    h("h3", { id: "leave-title" }, t("table.leave.title")),
    h("p", {}, t("table.leave.explain")),
    h("div", { class: "actions" },
      h("button", { id: "btn-leave-no", class: "primary", onclick: hideModal }, t("table.leave.stay")),
      h("button", { id: "btn-leave-yes", class: "danger", onclick: () => { hideModal(); send({ type: "leave" }); } }, t("table.leave.yes")))),
  "leave-title");
}

const keys = () => [["← →", "keys.move"], [t("keys.space"), "keys.select"], ["P", "keys.draw"], ["R", "keys.pickup"], ["C", "keys.meld"],
  ["S", "keys.discard"], ["A", "keys.melds"], [t("keys.enter"), "keys.attach"], ["M", "keys.hand"], ["?", "keys.help"]];

export function showKeys() {
  showModal(h("div", { id: "keys-help" },
    h("h3", {}, t("keys.title")),
    h("dl", { class: "keys" }, keys().flatMap(([key, what]) => [h("dt", {}, h("kbd", {}, key)), h("dd", {}, t(what))])),
    h("p", { class: "note" }, t("keys.mouse")),
    h("button", { class: "primary", onclick: hideModal }, t("close"))));
}
