// A board wider than the screen (a phone: it is drawn wide enough for 24 px pieces) scrolls in
// its frame: each step shows it centred on the last move, or on the first piece.
(function () {
  "use strict";
  function centre(frame) {
    if (frame.scrollWidth <= frame.clientWidth && frame.scrollHeight <= frame.clientHeight) return;
    var target = frame.querySelector(".last-move .moved-to") ||
      frame.querySelector(".piece.moved") || frame.querySelector(".piece");
    if (!target) return;
    var box = frame.getBoundingClientRect(), at = target.getBoundingClientRect();
    frame.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
    frame.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
  }
  function centreAll() { document.querySelectorAll(".board-frame").forEach(centre); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", centreAll);
  else centreAll();
  document.addEventListener("htmx:afterSettle", centreAll);
})();
