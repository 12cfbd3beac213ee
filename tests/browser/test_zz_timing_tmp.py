import time, statistics, pytest, json
import games
from playwright.sync_api import expect
from tests.browser.conftest import sign_in
from tests.browser.test_recorder_in_chromium import _record, SEED
from tests.recording import entry_for, names_at, empty_match
pytestmark = pytest.mark.browser

@pytest.mark.parametrize("slug", ["fury-of-dracula", "gothic"])
def test_timing(page, seeded, slug):
    engine = games.get(slug)
    document = engine.simulate(seed=SEED)
    document = {**document, "events": document["events"][:60]}
    match = empty_match(engine, document)
    sign_in(page, seeded.url)
    page.goto(f"{seeded.url}/matches/{match.pk}/record/")
    reading = engine.interpretation()
    state = engine.initial_state(document["players"], document["setup"])
    rows = []
    for event in document["events"]:
        t0 = time.perf_counter()
        owners = {}
        for space, owner in page.eval_on_selector_all(
                "#board .piece", "all => all.map(p => [p.dataset.space, p.dataset.owner])"):
            owners.setdefault(space, set()).add(owner or None)
        entry = entry_for(engine.legal_events(state, reading), event,
                          names_at(engine, state, document["players"]), owners)
        t1 = time.perf_counter()
        with page.expect_navigation():
            _record(page, entry)
        t2 = time.perf_counter()
        expect(page.locator("#head-seq")).to_have_text(str(event["seq"]))
        t3 = time.perf_counter()
        nav = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
          return [n.requestStart, n.responseStart, n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd, n.transferSize,
                  performance.getEntriesByType('resource').filter(r => r.transferSize > 0).length,
                  performance.getEntriesByType('resource').length] }""")
        rows.append((t1 - t0, t2 - t1, t3 - t2, nav))
        state = engine.apply(state, event, reading).state
    med = lambda i: statistics.median(r[i] for r in rows)
    print(f"\n{slug}: prep {med(0)*1000:.0f} ms, record+nav {med(1)*1000:.0f} ms, head {med(2)*1000:.0f} ms; total {statistics.median(sum(r[:3]) for r in rows)*1000:.0f}")
    for name, i in (("requestStart", 0), ("responseStart", 1), ("responseEnd", 2), ("dcl", 3), ("load", 4), ("transfer", 5), ("res fetched", 6), ("res", 7)):
        print(f"   {name}: {statistics.median(r[3][i] for r in rows):.1f}")
