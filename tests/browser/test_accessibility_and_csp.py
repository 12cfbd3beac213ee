"""The main pages in headless Chromium under the strict Content-Security-Policy: landmarks, a
label on every form control, visible focus, no CSP violation (the step-through and its SVG
board included), CSRF on htmx requests; and a screenshot of each page as a test artifact."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from config.csp import POLICY
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "test-artifacts" / "screenshots"

# Every visible form control without a label, aria-label or aria-labelledby.
UNLABELLED = """() => [...document.querySelectorAll('input, select, textarea')]
  .filter(el => el.type !== 'hidden')
  .filter(el => !(el.labels && el.labels.length) && !el.getAttribute('aria-label')
                && !el.getAttribute('aria-labelledby'))
  .map(el => el.outerHTML.slice(0, 120))"""

INLINE = """() => [...document.querySelectorAll('[style], script:not([src]), style')]
  .map(el => el.outerHTML.slice(0, 120))
  .concat([...document.querySelectorAll('*')].flatMap(el => [...el.attributes]
    .filter(a => a.name.startsWith('on')).map(a => el.tagName + ' ' + a.name)))"""


def main_pages(base: str, attacker, attacked) -> list[tuple[str, str]]:
    from archive.models import Transcription
    from studies.services import study_archive, study_sweep

    match = attacker.match
    sweep = study_sweep(match=match)
    archive = study_archive(game_slug="dagon")
    gothic = Transcription.objects.filter(rulebook__game__slug="gothic").order_by("pk").first()
    return [
        ("home", "/"),
        ("game", "/games/gothic/"),
        ("transcription", f"/transcriptions/{gothic.pk}/"),
        ("points", "/games/dagon/points/"),
        ("match", f"/matches/{match.pk}/"),
        ("step", f"/matches/{match.pk}/runs/{attacker.pk}/step/11/"),
        ("compare", f"/matches/{match.pk}/compare/?a={attacker.pk}&b={attacked.pk}"),
        ("sweep", f"/matches/{match.pk}/sweep/"),
        ("sweep-study", f"/studies/{sweep.pk}/"),
        ("archive-study", f"/studies/{archive.pk}/"),
        ("game-studies", "/games/dagon/studies/"),
        ("reading", f"/matches/{match.pk}/reading/?dagon.move-length=roll-up-to"),
        # the curators' forms
        ("matches", "/matches/"),
        ("scan-form", f"/rulebooks/{gothic.rulebook_id}/scans/add/"),
        ("transcription-form", f"/rulebooks/{gothic.rulebook_id}/transcriptions/add/"),
        ("match-form", "/matches/new/"),
        ("import-form", "/matches/import/"),
        ("recorder", f"/matches/{match.pk}/record/"),
    ]


def check_page(page, response, name: str) -> None:
    assert response.status == 200, name
    assert response.headers["content-security-policy"] == POLICY, name
    expect(page.get_by_role("banner")).to_have_count(1)
    expect(page.get_by_role("navigation", name="Site")).to_be_visible()
    expect(page.get_by_role("main")).to_have_count(1)
    expect(page.get_by_role("contentinfo")).to_have_count(1)
    assert page.evaluate(UNLABELLED) == [], name
    assert page.evaluate(INLINE) == [], name
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def test_main_pages_have_landmarks_labels_no_inline_code_and_no_csp_violation(
    page, live_server, lagoon_runs, console_errors
):
    """A curator's view (every form shows), with a screenshot of each page."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    check_page(page, page.goto(live_server.url + "/accounts/login/"), "login")
    sign_in(page, live_server.url)
    for name, path in main_pages(live_server.url, *lagoon_runs):
        check_page(page, page.goto(live_server.url + path), name)
    assert console_errors.messages == []


def test_stepping_through_the_svg_board_raises_no_csp_violation(
    page, live_server, lagoon_runs, console_errors
):
    attacker, attacked = lagoon_runs
    match = attacker.match
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{attacker.pk}/step/1/")
    expect(page.locator("svg.board-svg .piece.player")).to_have_count(2)
    first_flag = attacker.flags.filter(seq__gt=0).order_by("seq").values_list("seq", flat=True)[0]
    for key, seq in (("ArrowRight", 2), ("ArrowRight", 3), ("End", 13), ("Home", 0),
                     ("n", first_flag)):
        page.keyboard.press(key)
        page.wait_for_url(re.compile(rf"/step/{seq}/$"))
        expect(page.locator("#current-seq")).to_have_text(str(seq))
        assert page.evaluate(INLINE) == []
    # Let the last swap settle first: the slider is part of the swapped fragment, and a value
    # set on the outgoing copy would never reach the server.
    page.wait_for_load_state("networkidle")
    slider = page.locator("#seq-slider")
    slider.fill("9")
    page.wait_for_url(re.compile(r"/step/9/$"))
    page.goto(f"{live_server.url}/matches/{match.pk}/compare/?a={attacker.pk}&b={attacked.pk}")
    page.keyboard.press("ArrowRight")  # from the first divergence, the attack at seq 11
    page.wait_for_url(re.compile(r"seq=12$"))
    page.goto(live_server.url + "/")
    page.fill("#site-q", "Lagoon")
    page.press("#site-q", "Enter")
    page.wait_for_url(re.compile(r"/search/\?q=Lagoon"))
    expect(page.locator("#search-results .search-game")).to_have_count(1)
    assert console_errors.messages == []


def test_the_policy_catches_an_inline_style(page, seeded, console_errors):
    """The console check is live: an inline style attribute is refused and reported."""
    page.goto(seeded.url + "/")
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<p style=\"color:red\">x</p>')")
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<img src=x onerror=\"1\">')")
    page.wait_for_timeout(100)
    assert len(console_errors.csp_violations) >= 1


def test_keyboard_focus_is_visible(page, live_server, lagoon_runs):
    """Tab through the step page: every element the keyboard reaches draws an outline."""
    attacker, _ = lagoon_runs
    page.goto(f"{live_server.url}/matches/{attacker.match.pk}/runs/{attacker.pk}/step/11/")
    wanted, seen = {"A", "SUMMARY", "INPUT", "SELECT", "BUTTON"}, set()
    for _ in range(60):
        page.keyboard.press("Tab")
        tag, style, width = page.evaluate("""() => {
            const el = document.activeElement, s = getComputedStyle(el);
            return [el.tagName, s.outlineStyle, s.outlineWidth];
        }""")
        assert style != "none" and width != "0px", tag
        seen.add(tag)
        if wanted <= seen:
            break
    assert wanted <= seen


def test_htmx_posts_carry_the_csrf_token_and_a_forged_one_is_refused(
    page, live_server, lagoon_runs
):
    from replay.models import Event

    attacker, _ = lagoon_runs
    match = attacker.match
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{attacker.pk}/step/11/")
    annotate = f"/matches/{match.pk}/runs/{attacker.pk}/step/11/annotate/"
    # htmx takes X-CSRFToken from the cookie (static/js/csrf.js); the values carry no
    # csrfmiddlewaretoken, and the page none either.
    page.evaluate(
        """([url, seq]) => htmx.ajax('POST', url, {source: '#step-panel', target: '#step-panel',
             swap: 'outerHTML', values: {text: 'sent by htmx', expected_seq: seq}})""",
        [annotate, match.last_seq],
    )
    expect(page.locator("#step-panel .annotation", has_text="sent by htmx")).to_be_visible()
    assert Event.objects.filter(match=match, type="annotation",
                                data__text="sent by htmx").exists()

    statuses = page.evaluate(
        """async ([url, seq]) => {
            const forged = new Promise(resolve => document.body.addEventListener(
                'htmx:responseError', e => resolve(e.detail.xhr.status), {once: true}));
            htmx.ajax('POST', url, {source: '#step-panel', target: '#step-panel',
                swap: 'outerHTML', headers: {'X-CSRFToken': 'forged'},
                values: {text: 'forged', expected_seq: seq}});
            const bare = await fetch(url, {method: 'POST', headers: {'HX-Request': 'true'},
                body: new URLSearchParams({text: 'no token', expected_seq: seq})});
            return [await forged, bare.status];
        }""",
        [annotate, match.last_seq + 1],
    )
    assert statuses == [403, 403]
    assert not Event.objects.filter(match=match, data__text__in=["forged", "no token"]).exists()


def test_a_steps_plain_forms_post_with_the_token_its_bytes_do_not_hold(
    page, live_server, lagoon_runs
):
    """Tries: a curator on a step page (whose bytes hold no CSRF token) adds a note through
    the panel's plain form, then signs out through the header's. Proves: both posts carry
    the token from the reader's cookie (static/js/csrf.js): the note is stored and the
    reader is signed out, where a post without it is a 403."""
    from replay.models import Event

    attacker, _ = lagoon_runs
    match = attacker.match
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{attacker.pk}/step/11/")
    assert "csrfmiddlewaretoken" not in page.content()
    page.fill("form.annotate textarea", "posted by a plain form")
    page.click("form.annotate button[type=submit]")
    expect(page.locator(".annotation", has_text="posted by a plain form")).to_be_visible()
    assert Event.objects.filter(match=match, data__text="posted by a plain form").exists()
    page.click("header form button[type=submit].link")
    expect(page.locator("header a.who", has_text="Sign in")).to_be_visible()
