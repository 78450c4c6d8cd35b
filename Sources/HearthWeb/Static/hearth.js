// Hearth's pages work without this script. With it, a page that follows a household's changes
// (<body data-live="…">) shows another member's changes within a second, without a full reload.
(function () {
  "use strict";
  var url = document.body.getAttribute("data-live");
  if (!url || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var pending = false;
  var busy = false;
  function typing() {
    var active = document.activeElement;
    return active && active.closest && active.closest("main") && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
  }
  function refresh() {
    if (busy) { pending = true; return; }
    if (typing()) { pending = true; return; }
    busy = true;
    pending = false;
    fetch(window.location.pathname + window.location.search, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
        var main = document.querySelector("main");
        if (fresh && main) main.replaceChildren.apply(main, Array.prototype.slice.call(fresh.childNodes));
        document.body.setAttribute("data-refreshed", String(Date.now()));
      })
      .catch(function () {})
      .then(function () { busy = false; if (pending) refresh(); });
  }
  document.addEventListener("focusout", function () { if (pending) setTimeout(refresh, 0); });
  var events = new EventSource(url);
  events.addEventListener("open", function () { document.body.setAttribute("data-live-state", "open"); });
  events.addEventListener("error", function () { document.body.setAttribute("data-live-state", "reconnecting"); });
  events.addEventListener("change", refresh);
})();
