// The workbench's scan: deep zoom over the page's tiles (OpenSeadragon), the regions drawn on it
// (Annotorious, W3C Web Annotations), and a new rectangle's pixels written into the region form,
// whose fields a keyboard can fill as well.
(function () {
  "use strict";

  function pixels(selection) {
    // "xywh=pixel:x,y,w,h" in the image's pixels
    const value = selection.target.selector.value.replace(/^xywh=(pixel:)?/, "");
    return value.split(",").map(Number);
  }

  function clipped(box, width, height) {
    const [x, y, w, h] = box;
    const left = Math.max(0, Math.round(x)), top = Math.max(0, Math.round(y));
    const right = Math.min(width, Math.round(x + w)), bottom = Math.min(height, Math.round(y + h));
    return [left, top, Math.max(0, right - left), Math.max(0, bottom - top)];
  }

  function start(root) {
    const element = root.querySelector ? root.querySelector("#scan-viewer") : null;
    if (!element || element.dataset.started || typeof OpenSeadragon === "undefined") return;
    element.dataset.started = "yes";
    const width = Number(element.dataset.width), height = Number(element.dataset.height);
    const viewer = OpenSeadragon({
      element: element,
      tileSources: element.dataset.tiles || { type: "image", url: element.dataset.image },
      showNavigationControl: false,
      gestureSettingsMouse: { clickToZoom: false },
      visibilityRatio: 0.5,
    });
    const status = document.getElementById("viewer-status");
    const say = (words) => { if (status) status.textContent = words; };
    const tools = document.querySelector(".viewer-tools");
    const form = document.getElementById("region-form");
    let annotator = null;
    if (typeof OpenSeadragon.Annotorious === "function") {
      annotator = OpenSeadragon.Annotorious(viewer, { disableEditor: true, readOnly: !form });
      // the regions already drawn: the page's W3C AnnotationPage
      fetch(element.dataset.annotations, { credentials: "same-origin" })
        .then((response) => response.json())
        .then((regions) => annotator.setAnnotations(regions.items));
      annotator.on("createSelection", function (selection) {
        const [x, y, w, h] = clipped(pixels(selection), width, height);
        for (const [name, value] of [["x", x], ["y", y], ["w", w], ["h", h]]) {
          form.querySelector(`[name="${name}"]`).value = value;
        }
        annotator.setDrawingEnabled(false);
        const draw = tools && tools.querySelector('[data-action="draw"]');
        if (draw) draw.setAttribute("aria-pressed", "false");
        say(`Rectangle drawn: ${w} × ${h} pixels at ${x}, ${y}. Choose its note below and save.`);
        form.querySelector('[name="note"]').focus();
      });
      annotator.on("selectAnnotation", function (annotation) {
        const item = document.getElementById(annotation.id.split("#")[1] || "");
        document.querySelectorAll(".regions li.selected").forEach((li) => li.classList.remove("selected"));
        if (item) { item.classList.add("selected"); say(item.textContent.trim()); }
      });
    }
    if (tools) {
      tools.addEventListener("click", function (event) {
        const button = event.target.closest("button[data-action]");
        if (!button) return;
        const action = button.dataset.action;
        if (action === "zoom-in") viewer.viewport.zoomBy(1.5);
        else if (action === "zoom-out") viewer.viewport.zoomBy(1 / 1.5);
        else if (action === "home") viewer.viewport.goHome();
        else if (action === "draw" && annotator) {
          const on = button.getAttribute("aria-pressed") !== "true";
          annotator.setDrawingEnabled(on);
          button.setAttribute("aria-pressed", on ? "true" : "false");
          say(on ? "Drag across the scan to draw a rectangle." : "");
        }
        viewer.viewport.applyConstraints();
      });
    }
  }

  document.addEventListener("DOMContentLoaded", () => start(document));
  // a page reached through htmx (the pager) brings its own viewer
  document.addEventListener("htmx:load", (event) => start(event.detail.elt.parentNode || document));
})();
