"""Every game's simulated match recorded through the recorder's plain forms, as a browser
without JavaScript posts them: each event is the form of the choice that stands for it, its
open fields answered by the options' visible words (a heavy choice opened by its link first).
At every state the page stays under 120 KB, its choices and their values can be told apart by their words, and the log recorded
this way is the simulated document's, replaying to the same checksums."""

from __future__ import annotations

import lxml.html
import pytest
from django.urls import reverse

import games
from tests.recording import Answer, assert_recorded_as, empty_match, entry_for, names_at

PAGE_LIMIT = 120_000
SEED = 4


def _one(found: list, what: str):
    assert len(found) == 1, f"{what}: {len(found)} found"
    return found[0]


def _text(node) -> str:
    return " ".join(node.text_content().split())


def posted(form, answers: list[Answer]) -> dict[str, list[str]]:
    """What a browser posts for ``form`` with these answers, each found by its words."""
    data: dict[str, list[str]] = {}
    for hidden in form.xpath(".//input[@type='hidden']"):
        data.setdefault(hidden.name, []).append(hidden.value or "")
    for answer in answers:
        name = answer.question.input
        if answer.question.kind == "one-of" and answer.question.typed:
            data[name] = [answer.text]
        elif answer.question.kind == "one-of":
            (label,) = answer.labels
            options = [o for o in form.xpath(f".//select[@name='{name}']//option | "
                                             f".//button[@name='{name}']")
                       if _text(o) == label]
            data[name] = [_one(options, f"{name} = {label!r}").get("value")]
        elif answer.question.kind == "some-of":
            order, counts = [], {}
            for label in answer.labels:
                tick = _one([t for t in form.xpath(".//label[@class='tick']")
                             if _text(t).split(" of ")[0].strip() == label], label)
                (box,) = tick.xpath(".//input")
                if box.get("type") == "checkbox":
                    data.setdefault(name, []).append(box.get("value"))
                    order.append(box.get("value"))
                else:
                    counts[box.name] = counts.get(box.name, 0) + 1
                    order.append(box.get("data-item"))
            data.update({key: [str(n)] for key, n in counts.items()})
            data[f"{name}:order"] = [",".join(order)]  # as the page's script keeps it
        elif answer.question.kind == "details":
            data[f"{name}:key"] = [key for key, _ in answer.details]
            data[f"{name}:value"] = [value for _, value in answer.details]
        else:
            data[name] = [answer.text]
    return data


def owners_on_board(tree) -> dict[str, set]:
    owners: dict[str, set] = {}
    for piece in tree.xpath("//*[contains(@class, 'piece')][@data-space]"):
        owners.setdefault(piece.get("data-space"), set()).add(piece.get("data-owner") or None)
    return owners


def recorded_through_forms(client, engine) -> list[int]:
    """Record a whole simulated match of ``engine`` through the recorder's forms; check the
    page at every state, and that the log recorded is the document's, replaying to its
    checksums. The page's size at each state."""
    document = engine.simulate(seed=SEED)
    match = empty_match(engine, document)
    url = reverse("match-record", args=[match.pk])
    post = reverse("match-record-choice", args=[match.pk])
    reading = engine.interpretation()
    state = engine.initial_state(document["players"], document["setup"])
    sizes = []
    for event in document["events"]:
        response = client.get(url)
        assert response.status_code == 200
        sizes.append(len(response.content))
        assert sizes[-1] < PAGE_LIMIT, f"the page after event {event['seq'] - 1}: {sizes[-1]} bytes"
        tree = lxml.html.fromstring(response.content)
        choices = engine.legal_events(state, reading)
        labels = [_text(label) for label in tree.xpath(
            "//ol[@id='choice-list']/li/form/button | //ol[@id='choice-list']/li/a[@class='unfold']"
            " | //ol[contains(@class, 'outcomes')]/li//p[@class='choice-label']"
            " | //ol[contains(@class, 'outcomes')]/li/a[@class='unfold']")]
        assert len(labels) == len(set(labels)) == len(choices), labels
        names = names_at(engine, state, document["players"])
        entry = entry_for(choices, event, names, owners_on_board(tree))
        row = _one(tree.xpath(f"//li[@data-key='{entry.key}']"), entry.choice.label)
        if "folded" in row.get("class"):  # a heavy choice opens by its link, as a person does
            opened = client.get(url + row.xpath("./a[@class='unfold']")[0].get("href"))
            assert len(opened.content) < PAGE_LIMIT
            tree = lxml.html.fromstring(opened.content)
        form = _one(tree.xpath(f"//form[input[@name='choice'][@value='{entry.key}']]"),
                    entry.choice.label)
        answered = client.post(post, posted(form, entry.answers))
        assert answered.status_code == 302, (event, answered.content.decode()[:2000])
        state = engine.apply(state, event, reading).state
    assert_recorded_as(match, engine, document)
    return sizes


# Recording four long matches is engine and template work, the same on any database; the
# parlour's match (every kind of open field) runs on PostgreSQL too.
@pytest.mark.slow
@pytest.mark.one_database
@pytest.mark.parametrize("slug", games.available())
def test_a_simulated_match_recorded_through_the_forms_alone(curator_client, archive, slug):
    sizes = recorded_through_forms(curator_client, games.get(slug))
    print(f"\n{slug}: {len(sizes)} events recorded by forms; page {max(sizes):,} bytes at "
          f"most, {sorted(sizes)[len(sizes) // 2]:,} median (limit {PAGE_LIMIT:,})")


def test_every_kind_of_open_field_recorded_through_the_forms_alone(curator_client, parlour):
    assert len(recorded_through_forms(curator_client, parlour)) == 24
