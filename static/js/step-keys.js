// Keys of the step-through: ← → previous/next step, Home the starting position (step 0), End
// the last step; r the next step where the reading matters, v the next violation, a the next
// note, n the next flag, each with Shift for the previous one. Each control shows its key.
// They click the same links a mouse would, so htmx swaps the step and pushes its URL.
(function () {
  "use strict";
  // Controls a browser without JavaScript needs (the viewpoint's Show button) hide.
  document.documentElement.classList.add("js");
  var keys = {
    ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last",
    r: "next-matter", R: "prev-matter", v: "next-violation", V: "prev-violation",
    a: "next-note", A: "prev-note", n: "next-flag", N: "prev-flag"
  };
  // While a step is loading or its new links are not wired up yet, a key waits its turn:
  // a held arrow key must not click a link htmx has not processed (that would reload the page).
  var busy = false, queued = null;
  function go(nav) {
    var link = document.querySelector(
      '#step-panel [data-nav="' + nav + '"], #compare-panel [data-nav="' + nav + '"]');
    if (link) link.click();
  }
  function idle() {
    busy = false;
    if (queued) { var nav = queued; queued = null; go(nav); }
  }
  document.addEventListener("htmx:beforeRequest", function () { busy = true; });
  document.addEventListener("htmx:afterSettle", idle);
  document.addEventListener("htmx:responseError", idle);
  document.addEventListener("htmx:sendError", idle);
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
