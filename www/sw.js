// Offline support: every asset of this build is cached at install; requests are served
// cache-first, and a navigation to the app (including ?embed=1) gets the cached index.html.
// cargo xtask fills in BUILD_ID and ASSETS.
const BUILD_ID = "{{BUILD_ID}}";
const ASSETS = {{ASSETS}};
const CACHE = "kueue-lab-" + BUILD_ID;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("kueue-lab-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // The app's page (with any query, e.g. ?embed=1) comes from the cache; other pages do not.
  const scope = new URL(self.registration.scope).pathname;
  if (req.mode === "navigate") {
    if (url.pathname === scope || url.pathname === scope + "index.html") {
      event.respondWith(caches.match("./", { ignoreSearch: true }).then((r) => r || fetch(req)));
    }
    return;
  }
  event.respondWith(caches.match(req, { ignoreSearch: true }).then((r) => r || fetch(req)));
});
