// The recorder: pick a piece on the board, then one of its highlighted spaces (or a highlighted
// space alone, where a choice asks for a place); type part of any choice to find it; and the
// open fields of a choice are checked before its form is sent. Every choice is a plain form:
// without this script the lists, their selects and their buttons record the same events.
(function () {
  "use strict";
  var board = document.querySelector("#board svg");
  var filter = document.getElementById("choice-filter");
  var status = document.getElementById("recorder-status");
  var none = document.getElementById("no-choice-found");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#choices li.choice"));
  var picked = null;
  var restricted = [];

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function say(text) { if (status) status.textContent = text; }
  function spaceNode(id) {
    return board ? board.querySelector('.space[data-space="' + CSS.escape(id) + '"]') : null;
  }
  function spaceName(id) {
    var node = spaceNode(id);
    return node ? node.getAttribute("aria-label") : id;
  }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }

  // -- what each choice says, for type-ahead: its label and the words of its values
  rows.forEach(function (row) {
    row.searchText = all(row, ".choice-label, button, option, legend, label, datalist option")
      .map(function (node) { return node.textContent + " " + (node.value || ""); })
      .join(" ").toLowerCase();
  });

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
  function firstField(row) {
    var empty = all(row, "select, input:not([type=hidden])").filter(function (field) {
      return !field.disabled && field.type !== "checkbox" && field.value === "";
    });
    return empty[0] || row.querySelector("select, input:not([type=hidden]), button");
  }
  function focusFirst(found) {
    if (!found.length) return;
    var field = firstField(found[0]);
    if (field) field.focus();
  }

  // -- where a choice goes on the board: its fixed target, or the spaces of its board field
  function targetsOf(row) {
    if (row.dataset.target) return [{ row: row, space: row.dataset.target, option: null }];
    var select = row.querySelector("select[data-board]");
    if (!select) return [];
    return all(select, "option[data-space]").map(function (option) {
      return { row: row, space: option.dataset.space, option: option, select: select };
    });
  }
  function rowsOfPiece(piece) {
    var owner = piece.dataset.owner;
    return rows.filter(function (row) {
      var actor = row.dataset.actor;
      return row.dataset.origin && row.dataset.origin === piece.dataset.space &&
        (!owner || actor === "*" || actor === owner);
    });
  }
  function freeRows() {
    return rows.filter(function (row) { return row.dataset.origin === "" && !row.hidden; });
  }
  function highlight(targets) {
    targets.forEach(function (target) {
      var node = spaceNode(target.space);
      if (!node) return;
      node.classList.add("target");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
    });
  }
  function clearTargets() {
    if (!board) return;
    all(board, ".target").forEach(function (node) {
      node.classList.remove("target");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    });
  }
  function unrestrict() {
    restricted.forEach(function (option) { option.disabled = false; });
    restricted = [];
  }
  function clearPick() {
    clearTargets();
    unrestrict();
    if (board) {
      all(board, ".picked").forEach(function (node) {
        node.classList.remove("picked");
        node.removeAttribute("aria-pressed");
      });
    }
    picked = null;
  }
  function reset() {
    clearPick();
    showRows(function () { return true; });
    highlightFree();
  }
  function highlightFree() {
    var targets = [];
    freeRows().forEach(function (row) { targets = targets.concat(targetsOf(row)); });
    highlight(targets);
  }
  function pick(piece) {
    clearPick();
    var moves = rowsOfPiece(piece);
    var label = piece.getAttribute("aria-label");
    if (!moves.length) { say(label + ": no move offered for it now."); return; }
    picked = piece;
    piece.classList.add("picked");
    piece.setAttribute("aria-pressed", "true");
    var targets = [];
    moves.forEach(function (row) { targets = targets.concat(targetsOf(row)); });
    showRows(function (row) { return moves.indexOf(row) >= 0; });
    if (!targets.length) {
      say(label + ": " + plural(moves.length, "choice") + " in the list.");
      focusFirst(moves);
      return;
    }
    highlight(targets);
    var spaces = [];
    targets.forEach(function (t) { if (spaces.indexOf(t.space) < 0) spaces.push(t.space); });
    say(label + ": " + plural(spaces.length, "highlighted space") + ": " +
      spaces.map(spaceName).join(", ") + ".");
    var first = spaceNode(spaces[0]);
    if (first) first.focus();
  }
  // The only open field of the row is the one the board answers (or it has none).
  function answeredByTheBoard(row) {
    return all(row, ".open-field").every(function (field) {
      return field.querySelector("select[data-board]");
    });
  }
  function goTo(spaceId) {
    var pool = picked ? rowsOfPiece(picked) : rows.filter(function (row) {
      return !row.hidden && row.hasAttribute("data-origin");
    });
    var found = [];
    pool.forEach(function (row) {
      targetsOf(row).forEach(function (t) { if (t.space === spaceId) found.push(t); });
    });
    if (!found.length) return false;
    var leading = [];
    found.forEach(function (t) { if (leading.indexOf(t.row) < 0) leading.push(t.row); });
    var where = spaceName(spaceId);
    leading.forEach(function (row) {
      var mine = found.filter(function (t) { return t.row === row && t.option; });
      if (!mine.length) return;
      if (mine.length === 1) {
        mine[0].select.value = mine[0].option.value;
        return;
      }
      // Several values of one field stand for this space: ask which, among them only.
      mine[0].select.value = "";
      all(mine[0].select, "option").forEach(function (option) {
        if (option.value && !mine.some(function (t) { return t.option === option; })) {
          option.disabled = true;
          restricted.push(option);
        }
      });
    });
    clearTargets();
    if (leading.length === 1 && found.length === 1 && answeredByTheBoard(leading[0])) {
      var form = leading[0].querySelector("form");
      say("Recording: " + leading[0].querySelector("button").textContent);
      form.requestSubmit();
      return true;
    }
    focusFirst(showRows(function (row) { return leading.indexOf(row) >= 0; }));
    say(leading.length === 1 ? where + ": complete the choice, then record it."
      : plural(leading.length, "choice") + " lead to " + where + ": pick one in the list.");
    return true;
  }
  function activate(node) {
    var piece = node.closest(".piece");
    var space = node.closest(".space");
    var where = piece ? piece.dataset.space : (space ? space.dataset.space : null);
    var target = where ? spaceNode(where) : null;
    // A highlighted space wins, even where a piece stands on it: the picked piece's own space
    // too, for a move that comes back where it started.
    if (target && target.classList.contains("target") &&
        !(piece && piece.hasAttribute("tabindex") && !picked)) {
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
      if ((event.key === "Enter" || event.key === " ") && event.target.closest(".piece, .space")) {
        event.preventDefault();
        activate(event.target);
      }
    });
    highlightFree();
    // On a phone the board scrolls in its frame: start where the record waits.
    var frame = board.parentNode;
    var waiting = board.querySelector(".piece[tabindex], .space.target");
    if (waiting && frame.classList.contains("board-frame") && frame.scrollWidth > frame.clientWidth) {
      var box = frame.getBoundingClientRect();
      var at = waiting.getBoundingClientRect();
      frame.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
      frame.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
    }
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && (picked || restricted.length)) {
      reset();
      say("Pick cleared.");
    }
  });

  // -- type-ahead over every choice
  if (filter) {
    filter.addEventListener("input", function () {
      clearPick();
      var words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
      var found = showRows(function (row) {
        return words.every(function (word) { return row.searchText.indexOf(word) >= 0; });
      });
      if (!words.length) highlightFree();
      say(plural(found.length, "choice") + " match.");
    });
    filter.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        focusFirst(rows.filter(function (row) { return !row.hidden; }));
      }
    });
  }

  // -- some of a pool: the items in the order they were ticked
  all(document, "fieldset.pick").forEach(function (fieldset) {
    var order = [];
    var kept = fieldset.querySelector("input[type=hidden]");
    fieldset.addEventListener("input", function (event) {
      var input = event.target;
      if (input.type === "checkbox") {
        if (input.checked) order.push(input.value);
        else order.splice(order.lastIndexOf(input.value), 1);
      } else if (input.dataset.item) {
        var item = input.dataset.item;
        var had = order.filter(function (v) { return v === item; }).length;
        var now = Math.max(0, parseInt(input.value, 10) || 0);
        for (; had < now; had += 1) order.push(item);
        for (; had > now; had -= 1) order.splice(order.lastIndexOf(item), 1);
      }
      kept.value = order.join(",");
    });
  });

  // -- a choice is sent only once every open field it needs is answered
  function problem(form) {
    var fields = all(form, ".open-field");
    for (var i = 0; i < fields.length; i += 1) {
      var field = fields[i];
      if (field.classList.contains("pick")) {
        var chosen = all(field, "input[type=checkbox]").filter(function (b) { return b.checked; }).length;
        all(field, "input[type=number]").forEach(function (n) { chosen += parseInt(n.value, 10) || 0; });
        var least = parseInt(field.dataset.least, 10) || 0;
        var most = parseInt(field.dataset.most, 10);
        if (chosen < least || chosen > most) {
          return { node: field.querySelector("input"), where: field,
                   text: field.dataset.prompt + ": " +
                     (least === most ? "choose " + least : "choose " + least + " to " + most) + "." };
        }
        continue;
      }
      var control = field.querySelector("select, input:not([type=hidden])");
      if (!control || field.classList.contains("details")) continue;
      var name = control.labels && control.labels.length ? control.labels[0].textContent : control.name;
      if (control.required && control.value.trim() === "") {
        return { node: control, where: field,
                 text: name + ": " + (control.tagName === "SELECT" ? "choose one first." : "fill it in first.") };
      }
      if (!control.checkValidity()) {
        return { node: control, where: field, text: name + ": " + control.validationMessage };
      }
    }
    return null;
  }
  all(document, "form.choice-form").forEach(function (form) {
    form.noValidate = true;
    form.addEventListener("submit", function (event) {
      var found = problem(form);
      var shown = form.querySelector(".field-error");
      if (!found) return;
      event.preventDefault();
      if (!shown) {
        shown = document.createElement("p");
        shown.className = "field-error";
        shown.setAttribute("role", "alert");
        form.appendChild(shown);
      }
      shown.id = shown.id || "c" + form.querySelector("[name=choice]").value + "-error";
      shown.textContent = found.text;
      found.node.setAttribute("aria-invalid", "true");
      found.node.setAttribute("aria-describedby", shown.id);
      found.node.focus();
      say(found.text);
    });
  });

  // -- details: another name/value row when the rows run out
  all(document, "fieldset.details").forEach(function (fieldset) {
    var more = document.createElement("button");
    more.type = "button";
    more.className = "secondary";
    more.textContent = "Add a row";
    more.addEventListener("click", function () {
      var rowsOf = all(fieldset, ".detail-row");
      var copy = rowsOf[rowsOf.length - 1].cloneNode(true);
      all(copy, "input").forEach(function (input) { input.value = ""; });
      fieldset.insertBefore(copy, more);
      copy.querySelector("input").focus();
    });
    fieldset.appendChild(more);
  });
})();
