// The account's settings (#/settings): name, password, a public or private profile, one's data as a
// file, and deleting the account (POST /api/me/...; the current password is asked where it matters).
import { t } from "./i18n.js";
import { app, h, api } from "./ui.js";
import { socialStyles } from "./rankings.js";

const NAME_RE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} _.'\u2019\-]{1,23}$/u;  // as burraco.web.auth.check_name
const MIN_PASSWORD = 8;  // as burraco.web.accounts.auth.MIN_PASSWORD

function field(id, label, input, hint) {
  return h("div", { class: "field" }, h("label", { for: id }, label), input, hint ? h("span", { class: "note", id: `${id}-hint` }, hint) : null);
}

function status(id) { return h("p", { class: "status", id, role: "status", "aria-live": "polite" }); }

function say(box, text, bad = false) { box.textContent = text; box.classList.toggle("error", bad); box.classList.toggle("ok", !bad); }

function nameSection(current) {
  const input = h("input", { id: "settings-name", maxlength: 24, value: current, autocomplete: "username" });
  const out = status("settings-name-status");
  const submit = async (e) => {
    e.preventDefault();
    const value = input.value.normalize("NFC").trim();
    if (!NAME_RE.test(value)) { say(out, t("form.name_bad"), true); input.focus(); return; }
    try {
      const before = app.user ? app.user.name : current;
      app.user = (await api("/api/me/name", { method: "POST", body: { name: value } })).user;
      const link = document.getElementById("me");  // the header's account link
      if (link) link.textContent = link.textContent.replace(before, app.user.name);
      say(out, t("settings.name_done", { name: app.user.name }));
    } catch (err) { say(out, err.message, true); }
  };
  return h("form", { class: "panel", id: "settings-name-form", novalidate: true, onsubmit: submit },
    h("h3", {}, t("settings.name")), field("settings-name", t("settings.new_name"), input, t("settings.name_hint")),
    h("button", { type: "submit", class: "primary", id: "settings-name-btn" }, t("settings.name_save")), out);
}

function passwordSection() {
  const current = h("input", { id: "settings-current", type: "password", autocomplete: "current-password" });
  const fresh = h("input", { id: "settings-new", type: "password", autocomplete: "new-password", minlength: MIN_PASSWORD });
  const again = h("input", { id: "settings-again", type: "password", autocomplete: "new-password" });
  const out = status("settings-password-status");
  const submit = async (e) => {
    e.preventDefault();
    if (!current.value) { say(out, t("settings.current_empty"), true); current.focus(); return; }
    if (fresh.value.length < MIN_PASSWORD) { say(out, t("http.short_password", { min: MIN_PASSWORD }), true); fresh.focus(); return; }
    if (fresh.value !== again.value) { say(out, t("settings.mismatch"), true); again.focus(); return; }
    try {
      await api("/api/me/password", { method: "POST", body: { current: current.value, new: fresh.value } });
      current.value = fresh.value = again.value = "";
      say(out, t("settings.password_done"));
    } catch (err) { say(out, err.message, true); current.focus(); }
  };
  return h("form", { class: "panel", id: "settings-password-form", novalidate: true, onsubmit: submit },
    h("h3", {}, t("settings.password")),
    field("settings-current", t("settings.current"), current), field("settings-new", t("settings.new_password"), fresh, t("settings.password_hint", { min: MIN_PASSWORD })),
    field("settings-again", t("settings.again"), again),
    h("button", { type: "submit", class: "primary", id: "settings-password-btn" }, t("settings.password_save")), out);
}

function privacySection(isPublic) {
  const box = h("input", { type: "checkbox", id: "settings-public", checked: isPublic });
  const out = status("settings-privacy-status");
  box.addEventListener("change", async () => {
    try {
      const answer = await api("/api/me/privacy", { method: "POST", body: { public_profile: box.checked } });
      say(out, t(answer.public_profile ? "settings.public_done" : "settings.private_done"));
    } catch (err) { box.checked = !box.checked; say(out, err.message, true); }
  });
  return h("section", { class: "panel", id: "settings-privacy" }, h("h3", {}, t("settings.privacy")),
    h("label", { class: "check", for: "settings-public" }, box, " ", t("settings.public")),
    h("p", { class: "note" }, t("settings.privacy_note")), out);
}

function dataSection() {
  return h("section", { class: "panel", id: "settings-data" }, h("h3", {}, t("settings.data")),
    h("p", {}, t("settings.data_note")),
    h("a", { class: "button", href: "/api/me/export", download: "burraco-my-data.json", id: "settings-export" }, t("settings.data_download")));
}

function deleteSection() {
  const pass = h("input", { id: "settings-delete-password", type: "password", autocomplete: "current-password" });
  const out = status("settings-delete-status");
  const submit = async (e) => {
    e.preventDefault();
    if (!pass.value) { say(out, t("settings.current_empty"), true); pass.focus(); return; }
    if (!window.confirm(t("settings.delete_confirm"))) return;
    try {
      await api("/api/me/delete", { method: "POST", body: { password: pass.value } });
      app.user = null;
      location.hash = "#/";
      location.reload();
    } catch (err) { say(out, err.message, true); pass.focus(); }
  };
  return h("form", { class: "panel danger-zone", id: "settings-delete-form", novalidate: true, onsubmit: submit },
    h("h3", {}, t("settings.delete")), h("p", {}, t("settings.delete_note")),
    field("settings-delete-password", t("settings.current"), pass),
    h("button", { type: "submit", class: "danger", id: "settings-delete-btn" }, t("settings.delete_button")), out);
}

/** The settings page: an account's own; a guest or a visitor is told to register or log in. */
export async function showSettings() {
  socialStyles();
  const main = document.getElementById("main");
  let mine;
  try { mine = await api("/api/me/settings"); } catch (err) {
    main.replaceChildren(h("div", { class: "panel", id: "settings" }, h("h2", {}, t("settings.title")), h("p", { class: "error", role: "alert" }, err.message)));
    return;
  }
  main.replaceChildren(h("div", { id: "settings", class: "settings" }, h("h2", {}, t("settings.title")),
    nameSection(mine.name), passwordSection(), privacySection(mine.public_profile), dataSection(), deleteSection()));
}
