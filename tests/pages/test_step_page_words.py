"""A step page in words: titled by the engine's summary, flags saying their point and option
as the rulebook words them, the players' facts as the engine says them, links to the same step
under every other stored reading for every reader, an engine-less match read as an annotated
log, and a run behind its log saying so."""

from __future__ import annotations

import lxml.html
from django.test import Client
from django.urls import reverse

import games
from games.core.facts import PlayerFacts
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.log.matches import match_create
from replay.log.notes import note_add, note_revise
from replay.models import ReplayStep
from replay.recorder.head import undo_last_move
from replay.runs.replaying import replay_match
from tests.factories import GameFactory
from tests.pages.conftest import LAGOON


def text_of(node) -> str:
    return " ".join(node.text_content().split())


def step_tree(client, run, seq, **params):
    response = client.get(reverse("replay-step", args=[run.match_id, run.pk, seq]), params)
    assert response.status_code == 200
    return lxml.html.fromstring(response.content.decode())


def test_a_step_is_titled_by_the_engines_summary(client, lagoon):
    _, run, _ = lagoon
    page = step_tree(client, run, 11)
    summary = ReplayStep.objects.get(run=run, seq=11).summary
    assert summary.startswith("Ana attacks Luis")
    assert text_of(page.xpath("//h2[@id='current-title']")[0]) == f"Step 11: {summary}"
    assert "attack by Ana" not in text_of(page.xpath("//main")[0])


def test_flags_say_their_point_and_option_in_the_rulebooks_words(client, lagoon):
    _, run, _ = lagoon
    page = step_tree(client, run, 11)
    consulted, broken = page.xpath("//article[contains(@class, 'flag')]")
    said = text_of(consulted)
    assert said.startswith("reading consulted Who chose the Lagoon space")
    assert ("When a Hero is attacked, who chooses the Lagoon space it is moved to?" in said
            and "Read as: The attacking player chooses the Lagoon space" in said)
    assert "Rule: The Lagoon" in said
    assert text_of(broken).startswith("rule broken The Lagoon space was chosen by Luis, but "
                                      "the attacker player (Ana) chooses it")
    body = text_of(page.xpath("//main")[0])
    for identifier in ("dagon.lagoon-chooser", "read as 'attacker'", "(dagon/the-lagoon)",
                       "Rule dagon/"):
        assert identifier not in body


def test_a_step_links_to_itself_under_every_other_stored_reading_for_any_reader(
        client, lagoon):
    match, run, attacked = lagoon
    rolled = replay_match(match=match, reading={"dagon.move-length": "roll-exact"})
    page = step_tree(client, run, 11, viewer="p2")  # signed out, from Luis's seat
    links = {text_of(a): a.get("href")
             for a in page.xpath("//nav[@class='other-readings']//a")}
    expected = {reverse("replay-step", args=[match.pk, other.pk, 11]) + "?viewer=p2"
                for other in (attacked, rolled)}
    assert set(links.values()) == expected
    assert any(label.startswith("When a Hero is attacked") for label in links)
    # The flag's other option is stored: it links there too, with no button to press.
    (changing,) = page.xpath("//article[contains(@class, 'flag-consulted')]//div[@class="
                             "'changing']//a")
    assert changing.get("href") == reverse(
        "replay-step", args=[match.pk, attacked.pk, 11]) + "?viewer=p2"
    # Another match's runs are never among them.
    other = import_match(raw=LAGOON.read_bytes())
    replay_match(match=other, reading={"dagon.wizard-turns": "two"})
    again = step_tree(client, run, 11)
    assert len(again.xpath("//nav[@class='other-readings']//a")) == 2


def test_a_new_stored_reading_shows_on_a_step_already_drawn(client, lagoon):
    match, run, _attacked = lagoon
    before = step_tree(client, run, 11)
    assert len(before.xpath("//nav[@class='other-readings']//a")) == 1
    replay_match(match=match, reading={"dagon.wizard-turns": "two"})
    after = step_tree(client, run, 11)
    assert len(after.xpath("//nav[@class='other-readings']//a")) == 2


def panel_text(panel) -> list[str]:
    return [text_of(node) for node in panel.xpath("./h3 | ./dl/*")]


def test_the_players_facts_are_the_engines(curator_client, lagoon, monkeypatch):
    match, run, _ = lagoon
    engine = games.get("dagon")

    def player_facts(state, viewer=None):
        seen = "everything" if viewer is None else f"what {viewer} sees"
        return [PlayerFacts(player="p1", name="Ana", facts=(("Seen", seen),), acting=True),
                PlayerFacts(player="p2", name="Luis", facts=(), out=True)]

    monkeypatch.setattr(engine, "player_facts", player_facts)
    for viewer, seen in ((None, "everything"), ("p2", "what p2 sees")):
        page = step_tree(Client(), run, 5, **({"viewer": viewer} if viewer else {}))
        ana, luis = page.xpath("//section[@aria-label='Players']/div")
        assert panel_text(ana) == ["Ana · to play", "Seen", seen]
        assert panel_text(luis) == ["Luis · out of the game", "—",
                                    "nothing this viewpoint may see"]
    recorder = lxml.html.fromstring(curator_client.get(
        reverse("match-record", args=[match.pk]), {"seat": "p2"}).content.decode())
    ana, _ = recorder.xpath("//section[contains(@class, 'recorder-players')]/div")
    assert panel_text(ana) == ["Ana · to act", "Seen", "what p2 sees"]


def test_an_engine_less_match_offers_no_sweep_and_no_reading(curator_client, db):
    game = GameFactory(slug="la-torre", title="La Torre")
    match = match_create(game=game, title="Sunday", players=[
        {"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}], events=[
        {"type": "move", "actor": "p1", "data": {"text": "sale sulla torre"}}]).match
    run = replay_match(match=match)
    for reader in (Client(), curator_client):
        page = lxml.html.fromstring(reader.get(
            reverse("match-detail", args=[match.pk])).content.decode())
        runs = text_of(page.xpath("//section[@id='runs']")[0])
        assert "Sweep" not in runs and "reading" not in runs.replace("no reading of the rules", "")
        assert not page.xpath("//a[contains(@href, '/sweep/')]")
        assert not page.xpath("//select[starts-with(@name, 'point:')]")
        step = step_tree(reader, run, 1)
        body = text_of(step.xpath("//main")[0])
        assert "Legal under this reading" not in body and "Breaks a rule" not in body
        assert "An annotated log: no referee judges this move." in body
        assert not step.xpath("//figure[contains(@class, 'board')]")
        assert text_of(step.xpath("//h2[@id='current-title']")[0]) == \
            "Step 1: Ana: sale sulla torre"


def test_a_run_behind_its_log_says_so_and_offers_the_whole_log(curator_client, lagoon):
    match, run, _ = lagoon
    client = Client()
    notice = "//div[contains(@class, 'run-behind')]"
    match.refresh_from_db()
    note_add(match=match, step=3, text="a later note", expected_seq=match.last_seq)
    match.refresh_from_db()
    note_revise(match=match, note_seq=match.last_seq, text="reworded",
                expected_seq=match.last_seq)
    assert not step_tree(client, run, 3).xpath(notice)  # notes change no replay
    match.refresh_from_db()
    append_events(match=match, expected_seq=match.last_seq,
                  events=[{"type": "roll", "actor": "p1", "data": {"value": 2}}])
    match.refresh_from_db()
    said = text_of(step_tree(client, run, 3).xpath(notice)[0])
    assert said.startswith(f"Run {run.pk} replays the log up to seq 13; the log now has "
                           f"{match.last_seq} events")
    assert "A curator can replay the whole log under this reading." in said
    page = step_tree(curator_client, run, 3)
    (form,) = page.xpath(f"{notice}//form")
    assert form.get("action") == reverse("run-start", args=[match.pk])
    fields = {i.get("name"): i.get("value") for i in form.xpath(".//input[@type='hidden']")}
    assert fields["point:dagon.lagoon-chooser"] == "attacker" and fields["step"] == "3"
    response = curator_client.post(form.get("action"), fields)
    newer = replay_match(match=match)
    assert response.status_code == 302 and newer.log_seq == match.last_seq
    assert not step_tree(client, newer, 3).xpath(notice)
    runs = lxml.html.fromstring(client.get(reverse("match-detail", args=[match.pk])).content)
    behind = [text_of(td) for td in runs.xpath("//table[contains(@class, 'runs-table')]//td[1]")
              if "behind the log" in text_of(td)]
    assert behind and all(f"run {newer.pk} " not in cell for cell in behind)


def test_an_undone_move_puts_a_run_behind_its_log(client, lagoon):
    match, _run, _ = lagoon
    match.refresh_from_db()
    append_events(match=match, expected_seq=match.last_seq,
                  events=[{"type": "roll", "actor": "p1", "data": {"value": 2}}])
    later = replay_match(match=match)
    match.refresh_from_db()
    undo_last_move(match=match, expected_seq=match.last_seq)
    assert step_tree(client, later, 3).xpath("//div[contains(@class, 'run-behind')]")


def test_a_records_lagoon_id_and_the_pages_words_agree(client, archive):
    document = games.get("dagon").simulate(seed=4, max_events=400)
    match = import_match(raw=document)
    run = replay_match(match=match)
    attacks = {event["seq"]: event["data"]["lagoon"] for event in document["events"]
               if event["type"] == "attack"}
    for seq, lagoon in attacks.items():
        side = lagoon.removeprefix("lagoon-").capitalize()
        said = text_of(step_tree(client, run, seq).xpath(
            "//section[@class='steplog']//li[@aria-current='step']")[0])
        assert f"Lagoon of the {side}" in said, (seq, lagoon, said)
    assert {"lagoon-west", "lagoon-east"} <= set(attacks.values())
