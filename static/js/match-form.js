// The new-match form: the game chosen shows its players and setup at once; the players are
// rows to add and remove within the count the game allows, each with its seat's part; the
// seats a setup field names are said by the names typed. Without this script the form shows
// as many rows as the game allows (blank ones are left out) and a button to choose the game.
(function () {
  "use strict";
  var chooser = document.getElementById("new-game");
  var show = document.getElementById("game-show");
  if (chooser && show) {
    show.hidden = true;
    chooser.addEventListener("change", function () { chooser.form.requestSubmit(); });
  }
  var fieldset = document.getElementById("players");
  if (!fieldset) return;
  var list = fieldset.querySelector(".player-rows");
  var rows = Array.prototype.slice.call(list.querySelectorAll(".player-row"));
  var fewest = parseInt(fieldset.dataset.fewest, 10) || 1;
  var most = parseInt(fieldset.dataset.most, 10) || rows.length;
  var roles = JSON.parse(fieldset.dataset.roles || "{}");
  var seatFields = Array.prototype.slice.call(document.querySelectorAll("select[data-seat-field]"));
  var add = document.createElement("button");
  add.type = "button";
  add.className = "secondary";
  add.textContent = "Add a player";
  fieldset.appendChild(add);

  function shown() { return rows.filter(function (row) { return !row.hidden; }); }
  function input(row) { return row.querySelector("input"); }
  function update() {
    var count = shown().length;
    var parts = roles[String(count)] || [];
    rows.forEach(function (row, index) {
      var role = row.querySelector("[data-role]");
      if (role) role.textContent = row.hidden ? "" : (parts[index] || "");
      var remove = row.querySelector("button.remove");
      if (remove) remove.hidden = row.hidden || count <= fewest || index !== count - 1;
    });
    add.hidden = count >= Math.min(most, rows.length);
    seatFields.forEach(function (select) {
      Array.prototype.slice.call(select.options).forEach(function (option) {
        var index = rows.findIndex(function (row) { return row.dataset.seat === option.value; });
        if (index < 0) return;
        option.hidden = rows[index].hidden;
        var name = input(rows[index]).value.trim();
        option.textContent = "seat " + (index + 1) + (name ? " (" + name + ")" : "");
      });
    });
  }
  rows.forEach(function (row, index) {
    var remove = document.createElement("button");
    remove.type = "button";
    remove.className = "secondary remove";
    remove.textContent = "Remove";
    remove.setAttribute("aria-label", "Remove player " + (index + 1));
    remove.addEventListener("click", function () {
      input(row).value = "";
      row.hidden = true;
      update();
      add.focus();
    });
    row.appendChild(remove);
    input(row).addEventListener("input", update);
    // Rows beyond those filled and those the game needs wait for "Add a player".
    row.hidden = index >= fewest && !input(row).value.trim() &&
      !rows.slice(index + 1).some(function (later) { return input(later).value.trim(); });
  });
  add.addEventListener("click", function () {
    var next = rows.find(function (row) { return row.hidden; });
    if (!next) return;
    next.hidden = false;
    update();
    input(next).focus();
  });
  update();
})();
