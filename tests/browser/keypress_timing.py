"""Measuring, in the page, the time from a key press to the new step painted: the key event's
own timestamp to a task queued from the first animation frame after the panel changed, which
runs once that frame is painted. Shared by the Chromium test and bench/step_keys.py."""

WATCH_KEY_TO_PAINT = """() => {
  window.__keyToPaint = [];
  let pressed = null;
  document.addEventListener("keydown", event => { pressed = event.timeStamp; }, true);
  let shown = document.getElementById("step-panel").dataset.seq;
  new MutationObserver(() => {
    const panel = document.getElementById("step-panel");
    if (!panel || panel.dataset.seq === shown || pressed === null) return;
    shown = panel.dataset.seq;
    const start = pressed;
    pressed = null;
    requestAnimationFrame(() => setTimeout(() => {
      window.__keyToPaint.push(performance.now() - start);
    }, 0));
  }).observe(document.querySelector("main"), {childList: true, subtree: true});
}"""

TIMINGS = "() => window.__keyToPaint"
