"""Finding one's way from a match's page: each event of its log opens its step, a run's link
says where it opens, and the printed record heads its pages with the match's title."""

from __future__ import annotations

import re

from replay.models import Match
from tests.factories import UserFactory


def test_each_event_of_the_log_opens_its_step_in_the_default_readings_run(client, lagoon):
    match, default, _ = lagoon
    page = client.get(f"/matches/{match.pk}/").content.decode()
    log = page[page.index('<ol class="log event-log">'):]
    log = log[:log.index("</ol>")]
    links = re.findall(r'<li value="(\d+)" id="seq-\d+"[^>]*><a href="([^"]+)">', log)
    assert [int(seq) for seq, _ in links] == list(range(1, match.last_seq + 1))
    for seq, url in links:
        assert url == f"/matches/{match.pk}/runs/{default.pk}/step/{seq}/"
    assert f"Each event opens its step in run {default.pk} (the default reading" in page
    assert client.get(links[10][1]).status_code == 200


def test_events_no_run_reaches_are_listed_without_a_link(client, dagon_match):
    page = client.get(f"/matches/{dagon_match.pk}/").content.decode()
    assert "No finished replay yet: once the match is replayed, each event opens its step." \
        in page
    assert "/step/" not in page


def test_a_run_link_says_where_it_opens(client, lagoon):
    match, default, attacked = lagoon
    page = client.get(f"/matches/{match.pk}/").content.decode()
    for run in (default, attacked):
        assert (f'<a href="/matches/{match.pk}/runs/{run.pk}/">Run {run.pk}: opens at step 11, '
                "its first flag</a>") in page
    opened = client.get(f"/matches/{match.pk}/runs/{default.pk}/")
    assert opened.status_code == 302 and opened["Location"].endswith("/step/11/")


def test_a_run_with_no_flag_says_it_opens_at_its_first_step(client, archive):
    import games
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    document = games.get("dagon").simulate(seed=3, max_events=2)
    run = replay_match(match=import_match(raw=document))
    assert not run.flags.exists()
    page = client.get(f"/matches/{run.match_id}/").content.decode()
    assert f">Run {run.pk}: opens at step 1</a>" in page


def test_the_printed_record_heads_each_page_after_the_first_with_the_match(client, lagoon):
    match, _, _ = lagoon
    Match.objects.filter(pk=match.pk).update(title='The "Lagoon" dispute \\ night')
    for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/score-sheet/",
                f"/matches/{match.pk}/runs/{lagoon[1].pk}/step/3/"):
        page = client.get(url).content.decode()
        assert (f'<link rel="stylesheet" media="print" href="/matches/{match.pk}/print.css">'
                in page), url
    css = client.get(f"/matches/{match.pk}/print.css")
    assert css["Content-Type"] == "text/css; charset=utf-8"
    body = css.content.decode()
    assert ('@page { @top-left { content: "The \\000022Lagoon\\000022 dispute \\00005c night · '
            'Dagon contra el Hechicero de los Reinos Negros"; } }') in body
    assert "@page :first { @top-left { content: none; } }" in body


def test_a_private_matchs_print_stylesheet_is_its_readers_own(client, lagoon):
    match, _, _ = lagoon
    owner = UserFactory(username="owner")
    Match.objects.filter(pk=match.pk).update(is_private=True, created_by=owner)
    assert client.get(f"/matches/{match.pk}/print.css").status_code == 404
    client.force_login(owner)
    css = client.get(f"/matches/{match.pk}/print.css")
    assert css.status_code == 200 and css["Cache-Control"] == "private, no-cache"
