// A form posted by script, and the page the server answers drawn in place of this page's
// content (its <main>), without reloading the document: for a page posted to over and over
// (the recorder, at every event). The page's own script starts its behaviour again on the new
// content. Without this script, or when the answer is another page, the browser goes where a
// plain form would have taken it.
(function () {
  "use strict";
  var sending = false; // one form on its way: further presses wait for its answer

  // options: page (the id only that page's content has), status (the id of a live region
  // kept as the same node, so that what it says next is announced), focus (the id of what
  // focus goes to after a success), drawn (the page's start, run on the new content), say.
  function send(form, event, options) {
    if (form.dataset.send === "native" || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    if (sending) return;
    sending = true;
    var body = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    var busy = document.getElementById(options.page);
    if (busy) busy.setAttribute("aria-busy", "true");
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (html) { return { response: response, html: html }; });
      })
      .then(function (got) {
        sending = false;
        draw(got.response, got.html, options);
      }, function () {
        // Nothing came back (not a failure while drawing the answer, which came): let the
        // browser send it. A form of the recorder carries the seq it was drawn at, so an
        // event the server did record is not recorded twice.
        sending = false;
        form.dataset.send = "native";
        form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
      });
  }

  function draw(response, html, options) {
    var next = new DOMParser().parseFromString(html, "text/html");
    var fresh = next.getElementById("main");
    var landed = new URL(response.url);
    if (!fresh || !next.getElementById(options.page) ||
        (response.redirected && landed.pathname !== window.location.pathname)) {
      // Another page (signed out, the match gone): go where the browser would have gone.
      if (response.redirected) { window.location.assign(response.url); return; }
      document.open();
      document.write(html);
      document.close();
      return;
    }
    var kept = document.getElementById(options.status);
    var arriving = fresh.querySelector("#" + options.status);
    if (kept && arriving) arriving.replaceWith(kept);
    document.getElementById("main").replaceWith(document.adoptNode(fresh));
    document.title = next.title;
    if (response.redirected) {
      // As the redirect to the page's own anchor would: the address, the place on the page.
      window.history.replaceState(null, "", landed.pathname + landed.search + "#" + options.page);
    }
    options.drawn();
    var root = document.documentElement;
    root.dataset.redraws = String((parseInt(root.dataset.redraws, 10) || 0) + 1);
    var said = document.querySelector("#main .messages li, #main .form-errors");
    if (said) options.say(said.textContent.trim());
    var asked = document.querySelector("#main [autofocus]");
    if (asked) {
      asked.focus();
      return;
    }
    var alert = document.querySelector("#main .messages .error, #main .form-errors");
    (!response.redirected && alert ? alert : document.getElementById(options.page)).scrollIntoView();
    var focus = document.getElementById(options.focus);
    if (focus) {
      focus.tabIndex = -1;
      focus.focus({ preventScroll: true });
    }
  }

  window.ludotecaInPlace = { send: send };
})();
