// A signed-in reader's CSRF token travels in its cookie, never in a page's bytes: a step's
// bytes are kept and validated by ETag, so the same step is the same bytes on every request
// and a browser revalidating it gets a 304. Each htmx request that writes sends the token
// as the X-CSRFToken header; a form posted without htmx gets it as a hidden field on its way.
(function () {
  "use strict";
  if (document.documentElement.hasAttribute("data-csrf")) return;
  document.documentElement.setAttribute("data-csrf", "");
  var COOKIE = "csrftoken", FIELD = "csrfmiddlewaretoken";

  function token() {
    var found = document.cookie.match(new RegExp("(?:^|;\\s*)" + COOKIE + "=([^;]*)"));
    return found ? decodeURIComponent(found[1]) : "";
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var headers = event.detail.headers;
    if (event.detail.verb !== "get" && !("X-CSRFToken" in headers)) {
      headers["X-CSRFToken"] = token();
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
    var field = form.querySelector('input[name="' + FIELD + '"]');
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = FIELD;
      form.appendChild(field);
    }
    field.value = token();
  }, true);
})();
