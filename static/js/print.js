// The "Print" button of a printable page: it opens the browser's print dialog. Without
// JavaScript the button stays hidden and the browser's own Print does the same.
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });
})();
