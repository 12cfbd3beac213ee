// The recorder: pick a piece on the board, then one of its highlighted spaces (or a highlighted
// space alone, where a choice asks for a place); a path grows space by space on the board or by
// typing names; a folded choice opens in place (its row fetched alone); type part of any choice
// to find it; and the open fields of a choice are checked before its form is sent. A choice or
// an undo is sent in place: the page the server answers replaces this one's content, without
// reloading the document. Every choice is a plain form or link: without this script the
// lists, their fields and their buttons record the same events.
(function () {
  "use strict";
  // What the page holds now; set again by start() each time the content is replaced.
  var board = null;
  var filter = null;
  var status = null;
  var none = null;
  var picked = null;
  var restricted = [];
  var growing = null; // the path input the board now extends

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function rows() { return all(document, "#choices li.choice"); }
  function say(text) { if (status) status.textContent = text; }
  function spaceNode(id) {
    return board ? board.querySelector('.space[data-space="' + CSS.escape(id) + '"]') : null;
  }
  function spaceName(id) {
    var node = spaceNode(id);
    return node ? node.getAttribute("aria-label") : id;
  }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function key(words) { return words.replace(/[“”"'‘’«»]/g, "").trim().toLowerCase().replace(/\s+/g, " "); }

  // -- what each choice says, for type-ahead: its label and the words of its values
  function searchText(row) {
    return all(row, ".choice-label, button, a.unfold, option, legend, label")
      .map(function (node) { return node.textContent + " " + (node.value || ""); })
      .join(" ").toLowerCase();
  }
  function showRows(keep) {
    var shown = 0;
    rows().forEach(function (row) {
      var visible = keep(row);
      row.hidden = !visible;
      if (visible) shown += 1;
    });
    if (none) none.hidden = shown > 0;
    return rows().filter(function (row) { return !row.hidden; });
  }
  function firstField(row) {
    var empty = all(row, "select, input:not([type=hidden])").filter(function (field) {
      return !field.disabled && field.type !== "checkbox" && field.value === "";
    });
    return empty[0] || row.querySelector("select, input:not([type=hidden]), button, a.unfold");
  }
  function focusFirst(found) {
    if (!found.length) return;
    var field = firstField(found[0]);
    if (field) field.focus();
  }

  // -- paths: the spaces typed by name, checked against the links the choice allows
  function pathOf(input) {
    var fieldset = input.closest("fieldset.path");
    if (!fieldset) return null;
    if (!fieldset.pathData) fieldset.pathData = JSON.parse(fieldset.dataset.path);
    return fieldset.pathData;
  }
  function spacesTyped(input, data) {
    var byName = {};
    Object.keys(data.names).forEach(function (id) { byName[key(data.names[id])] = id; });
    var found = [];
    var parts = input.value.split(/\s*(?:→|->|>|,|;|\n)\s*/);
    for (var i = 0; i < parts.length; i += 1) {
      if (!parts[i].trim()) continue;
      var id = data.names[parts[i]] ? parts[i] : byName[key(parts[i])];
      if (!id) return { spaces: found, unknown: parts[i] };
      found.push(id);
    }
    return { spaces: found, unknown: null };
  }
  function nextOf(data, space) {
    if (data.free) return Object.keys(data.names);
    return Object.keys((data.next || {})[space] || {});
  }
  function pathProblem(input) {
    var data = pathOf(input);
    var typed = spacesTyped(input, data);
    if (typed.unknown) return "“" + typed.unknown + "” is not a space of the board";
    var path = typed.spaces;
    if (!path.length || (data.start && path[0] !== data.start)) {
      return "it starts from " + (data.start ? data.names[data.start] : "a space of the board");
    }
    var links = path.length - 1;
    if (links < data.least) return "at least " + plural(data.least, "link") + ", not " + links;
    if (links > data.most) return "at most " + plural(data.most, "link") + ", not " + links;
    var crossed = false;
    for (var i = 1; i < path.length; i += 1) {
      var kinds = data.free ? null : (data.next[path[i - 1]] || {});
      if (kinds && !(path[i] in kinds)) {
        return "no link from " + data.names[path[i - 1]] + " to " + data.names[path[i]];
      }
      if (kinds && kinds[path[i]] === data.needs) crossed = true;
    }
    if (data.needs && !crossed) return "it must cross a " + data.needs + " link";
    return "";
  }
  function growPath(input, space) {
    var data = pathOf(input);
    var typed = spacesTyped(input, data);
    var path = typed.unknown ? [] : typed.spaces;
    if (!path.length && data.start) path = [data.start];
    var end = path[path.length - 1];
    if (path.length && nextOf(data, end).indexOf(space) < 0) return false;
    if (path.length - 1 >= data.most) return false;
    path.push(space);
    input.value = path.map(function (id) { return data.names[id] || spaceName(id); }).join(" → ") + " → ";
    return true;
  }
  function pathTargets(input) {
    var data = pathOf(input);
    var typed = spacesTyped(input, data);
    var path = typed.unknown ? [] : typed.spaces;
    if (!path.length && data.start) path = [data.start];
    if (path.length - 1 >= data.most) return [];
    return path.length ? nextOf(data, path[path.length - 1]) : Object.keys(data.names);
  }
  function followPath(input) {
    growing = input;
    clearTargets();
    highlight(pathTargets(input).map(function (space) { return { space: space }; }));
  }

  // -- where a choice goes on the board: its fixed target, the spaces its values stand for,
  // or the next steps of its path
  function boardField(row) {
    return row.querySelector("select[data-board], input[data-board], fieldset.path input");
  }
  function targetsOf(row) {
    var field = boardField(row);
    if (row.dataset.target) return [{ row: row, space: row.dataset.target }];
    if (!field) {
      return (row.dataset.targets || "").split(" ").filter(Boolean).map(function (space) {
        return { row: row, space: space };
      });
    }
    if (field.tagName === "SELECT") {
      return all(field, "option[data-space]").map(function (option) {
        return { row: row, space: option.dataset.space, option: option, field: field };
      });
    }
    if (field.closest("fieldset.path")) {
      return pathTargets(field).map(function (space) { return { row: row, space: space, path: field }; });
    }
    var list = document.getElementById(field.getAttribute("list"));
    return list ? all(list, "option[data-space]").map(function (option) {
      return { row: row, space: option.dataset.space, words: option.value, field: field };
    }) : [];
  }
  function rowsOfPiece(piece) {
    var owner = piece.dataset.owner;
    return rows().filter(function (row) {
      var actor = row.dataset.actor;
      return row.dataset.origin && row.dataset.origin === piece.dataset.space &&
        (!owner || actor === "*" || actor === owner);
    });
  }
  function freeRows() {
    return rows().filter(function (row) {
      return row.dataset.origin === "" && !row.hidden && row.hasAttribute("data-targets");
    });
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
    growing = null;
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
  // The only open field of the row is the one the board answers, and it is answered.
  function answeredByTheBoard(row) {
    var fields = all(row, ".open-field");
    if (fields.length !== 1) return fields.length === 0;
    var field = boardField(row);
    if (!field || field.closest("fieldset.path")) return false;
    return field.value !== "";
  }
  function submitRow(row) {
    var form = row.querySelector("form");
    say("Recording: " + form.querySelector("button:not([name])").textContent);
    form.requestSubmit();
  }
  function answer(target) {
    if (target.path) {
      growPath(target.path, target.space);
      return;
    }
    if (target.option) {
      target.field.value = target.option.value;
    } else if (target.words) {
      target.field.value = target.words;
    }
  }
  function goTo(spaceId) {
    if (growing && document.contains(growing) && pathTargets(growing).indexOf(spaceId) >= 0) {
      growPath(growing, spaceId);
      followPath(growing);
      growing.focus();
      say(spaceName(spaceId) + " added: " + growing.value.replace(/ → $/, "") + ".");
      return true;
    }
    var pool = picked ? rowsOfPiece(picked) : rows().filter(function (row) {
      return !row.hidden && row.hasAttribute("data-targets");
    });
    var found = [];
    pool.forEach(function (row) {
      targetsOf(row).forEach(function (t) { if (t.space === spaceId) found.push(t); });
    });
    if (!found.length) return false;
    var leading = [];
    found.forEach(function (t) { if (leading.indexOf(t.row) < 0) leading.push(t.row); });
    clearTargets();
    var where = spaceName(spaceId);
    if (leading.length === 1 && leading[0].classList.contains("folded")) {
      unfold(leading[0], spaceId);
      return true;
    }
    leading.forEach(function (row) {
      var mine = found.filter(function (t) { return t.row === row; });
      if (mine.length === 1) { answer(mine[0]); return; }
      // Several values of one field stand for this space: ask which, among them only.
      if (mine[0].field && mine[0].field.tagName === "SELECT") {
        mine[0].field.value = "";
        all(mine[0].field, "option").forEach(function (option) {
          if (option.value && !mine.some(function (t) { return t.option === option; })) {
            option.disabled = true;
            restricted.push(option);
          }
        });
      }
    });
    if (leading.length === 1) {
      var row = leading[0];
      var path = row.querySelector("fieldset.path input");
      if (path) {
        followPath(path);
        path.focus();
        say(where + ": the path goes on from there; pick its next space, or record it.");
        showRows(function (r) { return r === row; });
        return true;
      }
      if (found.length === 1 && answeredByTheBoard(row)) { submitRow(row); return true; }
    }
    leading.forEach(function (row) {
      var link = row.querySelector("a.unfold");
      if (link) link.dataset.space = spaceId;
    });
    focusFirst(showRows(function (row) { return leading.indexOf(row) >= 0; }));
    say(leading.length === 1 ? where + ": complete the choice, then record it."
      : plural(leading.length, "choice") + " lead to " + where + ": pick one in the list.");
    return true;
  }

  // -- a folded choice opens in place: its row, fetched alone
  function unfold(row, space) {
    var url = new URL(window.location.href);
    url.hash = "";
    url.searchParams.delete("as_played");
    url.searchParams.set("open", row.dataset.index);
    if (space) url.searchParams.set("space", space);
    else url.searchParams.delete("space");
    say("Opening: " + row.querySelector("a.unfold").textContent);
    return fetch(url.toString(), { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        var holder = document.createElement("ol");
        holder.innerHTML = html.trim();
        var fresh = holder.querySelector("li.choice");
        if (!fresh) throw new Error("no row");
        row.replaceWith(fresh);
        prepare(fresh);
        if (space && answeredByTheBoard(fresh)) { submitRow(fresh); return; }
        var path = fresh.querySelector("fieldset.path input");
        if (path) { followPath(path); path.focus(); } else { focusFirst([fresh]); }
        say(fresh.querySelector("button:not([name])").textContent + ": complete it, then record it.");
      })
      .catch(function () { window.location.href = row.querySelector("a.unfold").href; });
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("#choices a.unfold");
    if (!link) return;
    event.preventDefault();
    unfold(link.closest("li.choice"), link.dataset.space || null);
  });

  function activate(node) {
    var piece = node.closest(".piece");
    var space = node.closest(".space");
    var where = piece ? piece.dataset.space : (space ? space.dataset.space : null);
    var target = where ? spaceNode(where) : null;
    // A highlighted space wins, even where a piece stands on it: the picked piece's own space
    // too, for a move that comes back where it started.
    if (target && target.classList.contains("target") &&
        !(piece && piece.hasAttribute("tabindex") && !picked && !growing)) {
      goTo(where);
    } else if (piece && piece.hasAttribute("tabindex")) {
      pick(piece);
    } else if (where && !goTo(where)) {
      say(spaceName(where) + ": nothing to record here now.");
    }
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && (picked || growing || restricted.length)) {
      reset();
      say("Pick cleared.");
    }
  });

  function onBoardClick(event) {
    if (event.target.closest(".piece, .space")) activate(event.target);
  }
  function onBoardKey(event) {
    if ((event.key === "Enter" || event.key === " ") && event.target.closest(".piece, .space")) {
      event.preventDefault();
      activate(event.target);
    }
  }
  // On a phone the board scrolls in its frame: start where the record waits.
  function centreTheWaitingPiece() {
    var frame = board.parentNode;
    var waiting = board.querySelector(".piece[tabindex], .space.target");
    if (waiting && frame.classList.contains("board-frame") && frame.scrollWidth > frame.clientWidth) {
      var box = frame.getBoundingClientRect();
      var at = waiting.getBoundingClientRect();
      frame.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
      frame.scrollTop += at.top + at.height / 2 - (box.top + box.height / 2);
    }
  }

  // -- type-ahead over every choice
  function onFilterInput() {
    clearPick();
    var words = filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    var found = showRows(function (row) {
      if (!row.searchText) row.searchText = searchText(row);
      return words.every(function (word) { return row.searchText.indexOf(word) >= 0; });
    });
    if (!words.length) highlightFree();
    say(plural(found.length, "choice") + " match.");
  }
  function onFilterKey(event) {
    if (event.key === "Enter") {
      event.preventDefault();
      focusFirst(rows().filter(function (row) { return !row.hidden; }));
    }
  }

  // -- a choice is sent only once every open field it needs is answered
  function problem(form) {
    var fields = all(form, ".open-field");
    for (var i = 0; i < fields.length; i += 1) {
      var field = fields[i];
      if (field.classList.contains("pick")) {
        var boxes = all(field, "input[type=checkbox]");
        var chosen = boxes.filter(function (b) { return b.checked; }).length;
        all(field, "input[type=number]").forEach(function (n) { chosen += parseInt(n.value, 10) || 0; });
        var least = parseInt(field.dataset.least, 10) || 0;
        var most = parseInt(field.dataset.most, 10);
        var missing = boxes.filter(function (b) { return b.hasAttribute("data-required") && !b.checked; });
        if (chosen < least || chosen > most || missing.length) {
          return { node: (missing[0] || field.querySelector("input")), where: field,
                   text: field.dataset.prompt + ": " +
                     (least === most ? "choose " + least : "choose " + least + " to " + most) +
                     (missing.length ? ", " + missing.map(function (b) { return b.parentNode.textContent.trim(); }).join(" and ") + " among them" : "") + "." };
        }
        continue;
      }
      var control = field.querySelector("select, input:not([type=hidden])");
      if (!control || field.classList.contains("details")) continue;
      var name = control.labels && control.labels.length ? control.labels[0].textContent : control.name;
      if (field.classList.contains("path")) {
        name = field.querySelector("legend").textContent;
        var start = control.dataset.start || "";
        if (control.required && (control.value.trim() === "" || control.value === start)) {
          return { node: control, where: field, text: name + ": pick its spaces on the board, or type their names, first." };
        }
        var wrong = control.value.trim() ? pathProblem(control) : "";
        if (wrong) return { node: control, where: field, text: name + ": " + wrong + "." };
        continue;
      }
      if (control.required && control.value.trim() === "") {
        return { node: control, where: field,
                 text: name + ": " + (control.tagName === "SELECT" || control.hasAttribute("list") ? "choose one first." : "fill it in first.") };
      }
      if (field.classList.contains("typed") && control.value.trim()) {
        var list = document.getElementById(control.getAttribute("list"));
        var said = key(control.value);
        var known = list && all(list, "option").some(function (o) { return key(o.value) === said; });
        if (!known) return { node: control, where: field, text: name + ": type one of the suggestions." };
      }
      if (!control.checkValidity()) {
        return { node: control, where: field, text: name + ": " + control.validationMessage };
      }
    }
    return null;
  }
  function check(form, event) {
    var found = problem(form);
    var shown = form.querySelector(".field-error");
    if (!found) {
      all(form, "fieldset.path input").forEach(function (input) {
        input.value = input.value.replace(/\s*→\s*$/, "");
      });
      return;
    }
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
  }

  // -- each row's own behaviour: the order of ticks, rows of details, paths on the board
  function prepare(root) {
    all(root, "form.choice-form").forEach(function (form) {
      form.noValidate = true;
      form.addEventListener("submit", function (event) {
        check(form, event);
        if (!event.defaultPrevented) sendInPlace(form, event);
      });
    });
    all(root, "form.undo").forEach(function (form) {
      form.addEventListener("submit", function (event) { sendInPlace(form, event); });
    });
    all(root, "fieldset.pick").forEach(function (fieldset) {
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
    all(root, "fieldset.details").forEach(function (fieldset) {
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
    all(root, "fieldset.path input").forEach(function (input) {
      input.addEventListener("focus", function () { if (growing !== input) followPath(input); });
      input.addEventListener("input", function () { followPath(input); });
    });
  }

  // -- a choice or an undo sent in place (static/js/in-place.js): the recorder at the new
  // head, or the same page naming what was refused, drawn without reloading the document
  function sendInPlace(form, event) {
    if (!window.ludotecaInPlace) return;
    window.ludotecaInPlace.send(form, event, {
      page: "recorder", status: "recorder-status", focus: "acting", drawn: start, say: say,
    });
  }

  // -- the page's behaviour, on its content: at load and each time the content is replaced
  function start() {
    board = document.querySelector("#board svg");
    filter = document.getElementById("choice-filter");
    status = document.getElementById("recorder-status");
    none = document.getElementById("no-choice-found");
    picked = null;
    restricted = [];
    growing = null;
    if (board) {
      board.addEventListener("click", onBoardClick);
      board.addEventListener("keydown", onBoardKey);
      highlightFree();
      centreTheWaitingPiece();
    }
    if (filter) {
      filter.addEventListener("input", onFilterInput);
      filter.addEventListener("keydown", onFilterKey);
    }
    prepare(document);
    // -- as played: the fields of the kind of event chosen
    var kind = document.getElementById("ap-type");
    var showKind = document.getElementById("ap-show");
    if (kind && showKind) {
      showKind.hidden = true;
      kind.addEventListener("change", function () { kind.form.requestSubmit(); });
    }
  }
  start();
})();
