// The recorder: pick a piece on the board, then one of its highlighted spaces; or type part of
// a choice to find it in the list. Every choice is a plain form, so all of this only helps:
// without this script the list and its buttons record the same events.
(function () {
  "use strict";
  var board = document.querySelector("#board svg");
  var list = document.getElementById("choice-list");
  var filter = document.getElementById("choice-filter");
  var status = document.getElementById("recorder-status");
  var none = document.getElementById("no-choice-found");
  var rows = list ? Array.prototype.slice.call(list.querySelectorAll("li.choice")) : [];
  var picked = null;

  function say(text) { if (status) status.textContent = text; }
  function spaceNode(id) {
    return board ? board.querySelector('.space[data-space="' + CSS.escape(id) + '"]') : null;
  }
  function spaceName(id) {
    var node = spaceNode(id);
    return node ? node.getAttribute("aria-label") : id;
  }
  function showRows(keep) {
    var shown = 0;
    rows.forEach(function (row) {
      var visible = keep(row);
      row.hidden = !visible;
      if (visible) shown += 1;
    });
    if (none) none.hidden = shown > 0;
    return rows.filter(function (row) { return !row.hidden; });
  }
  function focusFirst(found) {
    if (!found.length) return;
    var field = found[0].querySelector("select, input:not([type=hidden]), button");
    if (field) field.focus();
  }
  function clearPick() {
    if (!board) return;
    Array.prototype.forEach.call(board.querySelectorAll(".target"), function (node) {
      node.classList.remove("target");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    });
    Array.prototype.forEach.call(board.querySelectorAll(".picked"), function (node) {
      node.classList.remove("picked");
      node.removeAttribute("aria-pressed");
    });
    picked = null;
  }
  function movesOf(piece) {
    return rows.filter(function (row) {
      return row.dataset.target && row.dataset.start === piece.dataset.space &&
        row.dataset.actor === piece.dataset.owner;
    });
  }
  function pick(piece) {
    clearPick();
    var moves = movesOf(piece);
    var label = piece.getAttribute("aria-label");
    if (!moves.length) { say(label + ": no move offered for it now."); return; }
    picked = piece;
    piece.classList.add("picked");
    piece.setAttribute("aria-pressed", "true");
    var targets = [];
    moves.forEach(function (row) {
      if (targets.indexOf(row.dataset.target) < 0) targets.push(row.dataset.target);
    });
    targets.forEach(function (id) {
      var node = spaceNode(id);
      if (!node) return;
      node.classList.add("target");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    });
    showRows(function (row) { return moves.indexOf(row) >= 0; });
    say(label + ": " + targets.length + " highlighted space" + (targets.length === 1 ? "" : "s") +
      " to go to: " + targets.map(spaceName).join(", ") + ".");
    var first = spaceNode(targets[0]);
    if (first) first.focus();
  }
  function goTo(spaceId) {
    var moves = rows.filter(function (row) {
      if (row.dataset.target !== spaceId) return false;
      return !picked || (row.dataset.start === picked.dataset.space &&
        row.dataset.actor === picked.dataset.owner);
    });
    if (!moves.length) return false;
    var form = moves[0].querySelector("form");
    var asks = form.querySelector("select, input:not([type=hidden]), textarea");
    if (moves.length === 1 && !asks) {
      say("Recording: " + moves[0].querySelector("button").textContent);
      form.requestSubmit();
      return true;
    }
    focusFirst(showRows(function (row) { return moves.indexOf(row) >= 0; }));
    say(moves.length + " choice" + (moves.length === 1 ? "" : "s") + " lead to " +
      spaceName(spaceId) + ": pick one in the list.");
    return true;
  }
  function activate(node) {
    var piece = node.closest(".piece");
    var space = node.closest(".space");
    var where = piece ? piece.dataset.space : (space ? space.dataset.space : null);
    var target = where ? spaceNode(where) : null;
    // A picked piece's target wins, even where another piece stands on it.
    if (picked && target && target.classList.contains("target") && piece !== picked) {
      goTo(where);
    } else if (piece && piece.hasAttribute("tabindex")) {
      pick(piece);
    } else if (where && !goTo(where)) {
      say(spaceName(where) + ": nothing to record here now.");
    }
  }
  if (board) {
    board.addEventListener("click", function (event) {
      if (event.target.closest(".piece, .space")) activate(event.target);
    });
    board.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        if (event.target.closest(".piece, .space")) {
          event.preventDefault();
          activate(event.target);
        }
      }
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picked) {
      clearPick();
      showRows(function () { return true; });
      say("Pick cleared.");
    }
  });
  if (filter) {
    filter.addEventListener("input", function () {
      clearPick();
      var words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      var found = showRows(function (row) {
        return words.every(function (word) { return row.dataset.label.indexOf(word) >= 0; });
      });
      say(found.length + " choice" + (found.length === 1 ? "" : "s") + " match.");
    });
    filter.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        focusFirst(rows.filter(function (row) { return !row.hidden; }));
      }
    });
  }
})();
