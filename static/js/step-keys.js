// Keys of the step-through: ← → previous/next step, Home the starting position (step 0), End
// the last step; r the next step where the reading matters, v the next violation, a the next
// note, n the next flag, each with Shift for the previous one. Each control shows its key.
// They click the same links a mouse would, so htmx swaps the step and pushes its URL.
//
// The steps before and after the one shown are fetched as soon as it settles, so ← and →
// show them with no round trip: the fragment fetched is swapped in as htmx would swap it, and
// its URL pushed. The step page keeps no snapshot in htmx's history cache (hx-history="false"
// on the panel): going back asks the server for the page, which it serves from its cache.
(function () {
  "use strict";
  // A page htmx restores from history brings this script again: its keys are wired once.
  if (document.documentElement.hasAttribute("data-step-keys")) return;
  document.documentElement.setAttribute("data-step-keys", "");
  // Controls a browser without JavaScript needs (the viewpoint's Show button) hide.
  document.documentElement.classList.add("js");
  var keys = {
    ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
    r: "next-matter", R: "prev-matter", v: "next-violation", V: "prev-violation",
    a: "next-note", A: "prev-note", n: "next-flag", N: "prev-flag"
  };
  var PREFETCHED = ["prev", "next"];
  var KEPT = 6;
  var ready = new Map();  // step URL → its fragment, fetched ahead
  var asked = new Set();  // step URLs being fetched
  // While a step is loading or its new links are not wired up yet, a key waits its turn:
  // a held arrow key must not click a link htmx has not processed (that would reload the page).
  var busy = false, queued = null;

  function link(nav) {
    return document.querySelector(
      '#step-panel [data-nav="' + nav + '"], #compare-panel [data-nav="' + nav + '"]');
  }
  function keep(url, fragment) {
    ready.delete(url);
    ready.set(url, fragment);
    while (ready.size > KEPT) ready.delete(ready.keys().next().value);
  }
  function prefetched() {
    var panel = document.getElementById("step-panel");
    if (!panel) return;
    var have = PREFETCHED.filter(function (nav) {
      var a = link(nav);
      return a && ready.has(a.getAttribute("href"));
    });
    panel.setAttribute("data-prefetched", have.join(" "));
  }
  function prefetch() {
    if (!document.getElementById("step-panel")) return;
    PREFETCHED.forEach(function (nav) {
      var a = link(nav);
      var url = a && a.getAttribute("href");
      if (!url || ready.has(url) || asked.has(url)) return;
      asked.add(url);
      fetch(url, {headers: {"HX-Request": "true"}, credentials: "same-origin"})
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (fragment) { if (fragment) keep(url, fragment); })
        .catch(function () {})
        .then(function () { asked.delete(url); prefetched(); });
    });
    prefetched();
  }
  function showPrefetched(url) {
    var fragment = ready.get(url);
    ready.delete(url);
    history.pushState({htmx: true}, "", url);
    htmx.swap("#step-panel", fragment, {swapStyle: "outerHTML"});
  }
  function go(nav) {
    var a = link(nav);
    if (!a) return;
    var url = a.getAttribute("href");
    if (ready.has(url) && document.getElementById("step-panel")) {
      showPrefetched(url);
    } else {
      a.click();
    }
  }
  function idle() {
    busy = false;
    prefetch();
    if (queued) { var nav = queued; queued = null; go(nav); }
  }
  document.addEventListener("htmx:beforeRequest", function () { busy = true; });
  document.addEventListener("htmx:afterSettle", idle);
  document.addEventListener("htmx:responseError", idle);
  document.addEventListener("htmx:sendError", idle);
  // A note written or a reading changed loads a new page: what was fetched ahead is dropped.
  window.addEventListener("pagehide", function () { ready.clear(); });
  document.addEventListener("DOMContentLoaded", prefetch);
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var nav = keys[event.key];
    if (!nav) return;
    if (!document.querySelector("#step-panel, #compare-panel")) return;
    event.preventDefault();
    if (busy) { queued = nav; return; }
    go(nav);
  });
})();
