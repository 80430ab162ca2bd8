// The service worker of the score terminal (served as /score/sw.js, scope /score/) and of the segnapunti
// (/segnapunti/sw.js, scope /segnapunti/): it keeps a copy of the page and of everything it loads, so the
// page opens and works without a connection, and it keeps the terminal's submissions (a hand, a
// confirmation) that could not be sent, in IndexedDB, sending them in order when the connection is back.
// Each submission carries its own client id: the server stores a resent one once, so nothing is lost
// and nothing counts twice.
const CACHE = "burraco-offline-v1";
const QUEUED = /\/api\/score\/[^/]+\/(hands|confirm)$/;

self.addEventListener("install", (event) => {
  const scope = new URL(self.registration.scope).pathname;
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([scope, "/static/app.js", "/static/style.css", "/static/pages.css",
    "/static/i18n.it.json", "/static/i18n.en.json"]).catch(() => undefined)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => { event.waitUntil(self.clients.claim()); });

// ------------------------------------------------------------------ the outbox (IndexedDB)
function outbox(mode, work) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("burraco-outbox", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("items", { keyPath: "id", autoIncrement: true });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("items", mode);
      const result = work(tx.objectStore("items"));
      tx.oncomplete = () => resolve(result.value);
      tx.onerror = () => reject(tx.error);
    };
  });
}

function keep(url, body) { return outbox("readwrite", (store) => { store.add({ url, body }); return {}; }); }

function all() {
  return outbox("readonly", (store) => {
    const out = {};
    store.getAll().onsuccess = (ev) => { out.value = ev.target.result; };
    return out;
  });
}

function drop(id) { return outbox("readwrite", (store) => { store.delete(id); return {}; }); }

let flushing = null;

/** Send the kept submissions in order; stop at the first that cannot reach the server. */
function flush() {
  flushing ??= (async () => {
    let sent = 0;
    try {
      for (const item of await all()) {
        let response;
        try {
          response = await fetch(item.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: item.body });
        } catch { break; }
        if (response.status >= 500) break;
        await drop(item.id);  // stored, or refused for good (the page shows the table's state)
        sent += 1;
      }
    } finally { flushing = null; }
    const left = (await all()).length;
    for (const client of await self.clients.matchAll()) client.postMessage({ type: "flushed", sent, left });
  })();
  return flushing;
}

/** Keep a copy of what the page loaded (its modules, words, styles): it then opens without a connection. */
async function keepCopies(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map((url) => cache.add(url).catch(() => undefined)));
}

self.addEventListener("message", (event) => {
  if (event.data?.type === "flush") event.waitUntil(flush());
  if (event.data?.type === "keep") event.waitUntil(keepCopies(event.data.urls || []));
});
self.addEventListener("sync", (event) => { if (event.tag === "burraco-outbox") event.waitUntil(flush()); });

async function submit(request) {
  const body = await request.clone().text();
  try {
    const response = await fetch(request);
    flush();
    return response;
  } catch {
    await keep(request.url, body);
    try { await self.registration.sync?.register("burraco-outbox"); } catch { /* the page asks when back online */ }
    return new Response(JSON.stringify({ queued: true }), { status: 202, headers: { "Content-Type": "application/json" } });
  }
}

/** The network first (fresh words and scores); the kept copy when there is no connection. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone());
    return response;
  } catch {
    const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw new Error("offline and not kept");
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && QUEUED.test(url.pathname)) { event.respondWith(submit(request)); return; }
  if (request.method !== "GET") return;
  event.respondWith(networkFirst(request));
});
