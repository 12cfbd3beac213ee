"""Full-text search across the archive, on SQLite (FTS5) and PostgreSQL (text-search
configurations and a GIN index): the same words find the same entries on both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection

import games
from archive.models import Game, Rulebook, Transcription
from archive.review import publish_without_review
from archive.services import import_transcription, load_archive, revise_annotation
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.log.matches import match_create
from replay.models import Match
from replay.runs.replaying import replay_match
from search.models import SearchEntry
from search.selectors import search
from search.services import FTS_TABLE, rebuild_index
from tests.factories import MatchFactory, UserFactory, make_curator

ANYONE = AnonymousUser()
# Search reads published versions: a text a test searches for is published as it is stored.
PUBLISHED = "a test's text, published as it is stored"


@pytest.fixture
def archive(db):
    load_archive()


def found(query, **kwargs):
    return search(query=query, user=kwargs.pop("user", ANYONE), per_page=100, **kwargs)


def kinds_and_games(results):
    return {(hit.entry.kind, hit.entry.game.slug) for hit in results.hits}


def test_vampire_is_found_in_the_gothic_game_and_dylan_dog(archive):
    """The Gothic Game's Vault ("you become a Vampire") and Dylan Dog's story cards ("by the
    vampire"): a title search found neither."""
    results = found("vampire")
    games = {group.game.slug for group in results.by_game}
    assert {"gothic", "dylan-dog"} <= games
    assert ("passage", "gothic") in kinds_and_games(results)
    assert ("passage", "dylan-dog") in kinds_and_games(results)
    for hit in results.hits:
        assert "<mark>" in hit.snippet + hit.title


def test_lagoon_finds_the_dagon_passage_its_editorial_note_and_its_point(archive):
    results = found("Lagoon")
    kinds = kinds_and_games(results)
    assert {("passage", "dagon"), ("editorial", "dagon"), ("point", "dagon")} <= kinds
    passage = next(h for h in results.hits if h.entry.anchor == "the-lagoon")
    assert passage.url.endswith("#the-lagoon")
    point = next(h for h in results.hits if h.entry.kind == "point" and "chooses" in h.title)
    assert point.url == "/games/dagon/points/#dagonlagoon-chooser"


def test_results_are_grouped_by_game_in_the_order_of_their_best_hit(archive):
    groups = found("vampire").by_game
    assert len({g.game.pk for g in groups}) == len(groups)
    ranks = [g.hits[0].rank for g in groups]
    assert ranks == sorted(ranks, reverse=True)


def _italian_rulebook() -> Rulebook:
    game = Game.objects.get(slug="fury-of-dracula")
    return Rulebook.objects.create(game=game, edition="Test sheet", language="it")


def test_an_italian_word_finds_its_other_forms(archive):
    """"cacciatore" finds a passage that has only "cacciatori" (the italian configuration)."""
    text = "La Furia di Dracula\n\nLe carte vanno ai cacciatori (pag. 9)\n"
    result = import_transcription(
        rulebook=_italian_rulebook(), text=text, language="it", transcriber="test",
        published_without_review=PUBLISHED,
    )
    hits = found("cacciatore", kinds=("passage",)).hits
    assert any(h.entry.transcription_id == result.transcription.pk for h in hits)
    hit = next(h for h in hits if h.entry.transcription_id == result.transcription.pk)
    assert "<mark>cacciatori</mark>" in hit.title + hit.snippet


def test_a_spanish_word_finds_its_other_forms(archive):
    game = Game.objects.get(slug="dagon")
    rulebook = Rulebook.objects.create(game=game, edition="Hoja", language="es")
    import_transcription(
        rulebook=rulebook, text="Dagon\n\nLos hechiceros esperan en la laguna.\n",
        language="es", transcriber="test", published_without_review=PUBLISHED,
    )
    hits = found("hechicero").hits
    assert [h.entry.language for h in hits if h.entry.kind == "passage"] == ["es"]


def test_every_published_version_and_language_is_found(archive):
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    note = gothic.annotations.get(target="Congolese Blow pipe")
    draft = revise_annotation(annotation=note, editor="Marta",
                              body='"Congolese Blow pipe" as printed').transcription

    def versions():
        return {h.entry.transcription.version
                for h in found("Congolese", game=gothic.rulebook.game).hits
                if h.entry.kind in ("passage", "reading")}

    assert versions() == {1}  # a draft is the curators' work in progress
    publish_without_review(version=draft, user=make_curator("marta"))
    assert versions() == {1, 2}
    languages = {h.entry.language for h in found("Dracula", kinds=("passage",)).hits
                 if h.entry.game.slug == "fury-of-dracula"}
    assert languages == {"it", "en"}


def test_legibility_and_editorial_notes_and_glossary_entries(archive):
    legibility = found("soft-focus", kinds=("legibility",)).hits
    assert [h.entry.game.slug for h in legibility] == ["gothic"]
    assert legibility[0].url.endswith("#the-tower")
    editorial = found("inconsistent", kinds=("editorial",)).hits
    assert [h.entry.game.slug for h in editorial] == ["dagon"]
    glossary = found("trascinatore", kinds=("glossary",)).hits
    assert glossary and all(h.entry.game.slug == "dylan-dog" for h in glossary)
    assert glossary[0].url.startswith(f"/transcriptions/{glossary[0].entry.transcription_id}/#")


def test_games_are_found_by_title(archive):
    hits = found("Hechicero", kinds=("game",)).hits
    assert [h.url for h in hits] == ["/games/dagon/"]


def test_filters_and_pages(archive):
    everything = found("player")
    assert everything.total > 20
    first = search(query="player", user=ANYONE, per_page=10)
    second = search(query="player", user=ANYONE, per_page=10, page=2)
    assert first.total == second.total == everything.total
    assert not {h.entry.pk for h in first.hits} & {h.entry.pk for h in second.hits}
    dagon = Game.objects.get(slug="dagon")
    assert {h.entry.game_id for h in found("player", game=dagon).hits} == {dagon.pk}
    assert {h.entry.kind for h in found("player", kinds=("point",)).hits} == {"point"}


def test_a_stop_word_alone_finds_only_what_is_indexed_word_for_word(archive):
    """English text drops "the" as PostgreSQL's english configuration does; a game's title,
    of no known language, keeps every word."""
    assert {h.entry.kind for h in found("the").hits} == {"game"}


def test_a_query_with_no_word_to_find_finds_nothing(archive):
    for query in ("", "   ", "-lagoon", "or", "?!"):
        assert found(query).total == 0


def test_a_snippet_escapes_the_text_and_marks_only_the_hits(db):
    game = Game.objects.create(slug="odd", title="Odd")
    rulebook = Rulebook.objects.create(game=game, edition="x", language="en")
    import_transcription(rulebook=rulebook, text="Odd\n\nA <script>alert(1)</script> trap door.\n",
                         language="en", transcriber="t", published_without_review=PUBLISHED)
    (hit,) = found("trap").hits
    assert "<script>" not in hit.snippet and "&lt;script&gt;" in hit.snippet
    assert hit.snippet.count("<mark>") == 1 and "<mark>trap</mark>" in hit.snippet


@pytest.fixture
def noted_match(archive):
    owner = UserFactory(username="owner")
    document = games.get("dagon").simulate(seed=3, max_events=10)
    public = import_match(raw={**document, "title": "Club night"}, created_by=owner)
    private = import_match(raw={**document, "title": "Private night"}, created_by=owner,
                           is_private=True)
    for match, words in ((public, "a draught of blood, hard to read"),
                         (private, "the secret passage near the lavatory")):
        append_events(match=match, expected_seq=match.last_seq, events=[
            {"type": "annotation", "actor": None, "data": {"text": words, "step": 2}}])
    return public, private, owner


def test_match_annotations_are_found_and_link_to_their_step(noted_match):
    public, _, _ = noted_match
    (hit,) = found("draught", kinds=("annotation",)).hits
    assert hit.entry.match_id == public.pk and hit.entry.step == 2
    assert hit.url == f"/matches/{public.pk}/#seq-{public.last_seq}"  # no run yet: the log
    run = replay_match(match=public)
    (hit,) = found("draught", kinds=("annotation",)).hits
    assert hit.url == f"/matches/{public.pk}/runs/{run.pk}/step/2/"


def test_a_private_matchs_notes_are_found_only_by_who_sees_the_match(noted_match):
    _, private, owner = noted_match
    assert found("lavatory", kinds=("annotation",)).total == 0
    stranger = UserFactory(username="stranger")
    assert found("lavatory", kinds=("annotation",), user=stranger).total == 0
    (hit,) = found("lavatory", kinds=("annotation",), user=owner).hits
    assert hit.entry.match_id == private.pk


def _reword(match, text):
    noted = match.last_seq
    append_events(match=match, expected_seq=noted, events=[{
        "type": "correction", "actor": None,
        "data": {"supersedes": noted, "event": {"type": "annotation", "actor": None,
                                                  "data": {"text": text, "step": 2}}},
    }])
    return noted


def test_a_corrected_note_is_found_by_its_new_words_only(noted_match):
    public, _, _ = noted_match
    noted = _reword(public, "a draught of wine")
    assert found("blood", kinds=("annotation",)).total == 0
    (hit,) = found("wine", kinds=("annotation",)).hits
    assert hit.entry.seq == noted


def test_the_index_is_written_with_what_it_indexes_or_not_at_all(archive, monkeypatch):
    from search import services

    def failing(**kwargs):
        raise RuntimeError("index unavailable")

    rulebook = _italian_rulebook()
    match = MatchFactory(game=rulebook.game)
    monkeypatch.setattr(services, "_replace", failing)
    with pytest.raises(RuntimeError):
        import_transcription(rulebook=rulebook, text="X\n\nUna prova.\n", language="it",
                             transcriber="t", published_without_review=PUBLISHED)
    assert not Transcription.objects.filter(rulebook=rulebook).exists()
    with pytest.raises(RuntimeError):
        match_create(game=rulebook.game, title="Unindexed night",
                     players=[{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}])
    assert not Match.objects.filter(title="Unindexed night").exists()
    with pytest.raises(RuntimeError):
        append_events(match=match, expected_seq=0,
                      events=[{"type": "annotation", "actor": None, "data": {"text": "hm"}}])
    assert not match.events.exists()


def test_the_databases_reading_structure_is_kept_in_step(noted_match):
    public, _, _ = noted_match
    _reword(public, "reworded")
    entries = SearchEntry.objects.count()
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*), min(rowid IN (SELECT id FROM search_searchentry)) "
                           f"FROM {FTS_TABLE}")
            assert cursor.fetchone() == (entries, 1)
    else:
        assert not SearchEntry.objects.filter(vector__isnull=True).exists()


def test_a_rebuilt_index_finds_what_the_incremental_one_found(noted_match):
    queries = ("vampire", "Lagoon", "cacciatore", "draught", "trascinatore", "Club night")
    before = {q: sorted(h.entry.source for h in found(q).hits) for q in queries}
    rebuild_index()
    after = {q: sorted(h.entry.source for h in found(q).hits) for q in queries}
    assert before == after and all(before.values())


def test_a_note_and_its_correction_imported_together_leave_the_last_words(archive):
    document = games.get("dagon").simulate(seed=3, max_events=4)
    first = len(document["events"]) + 1
    document["events"] += [
        {"seq": first, "type": "annotation", "actor": None, "data": {"text": "blood"}},
        {"seq": first + 1, "type": "correction", "actor": None,
         "data": {"supersedes": first,
                  "event": {"type": "annotation", "actor": None, "data": {"text": "wine"}}}},
    ]
    document.pop("chain", None)
    match = import_match(raw=document)
    assert found("blood", kinds=("annotation",)).total == 0
    (hit,) = found("wine", kinds=("annotation",)).hits
    assert (hit.entry.match_id, hit.entry.seq) == (match.pk, first)


def test_a_game_a_curator_adds_is_found_by_its_publisher(archive):
    """A game added from the catalogue form or the API is indexed in the same transaction."""
    from archive.catalogue import game_create

    game = game_create(slug="la-torre", title="La Torre Nera", publisher="Edizioni Quaglia")
    hits = found("Quaglia", kinds=("game",)).hits
    assert [h.entry.game_id for h in hits] == [game.pk]


def test_transcriptions_stored_in_bulk_read_each_glossary_once_with_the_same_entries(
    archive, monkeypatch
):
    """The glossary reads every transcription of its game: stored one by one it is read again
    for each (quadratic in a large import); in ``bulk_indexing`` once a game, at the end."""
    from search import documents, services

    def glossary_sources():
        return sorted(SearchEntry.objects.filter(kind="glossary").values_list("source", "title", "text"))

    before = glossary_sources()
    reads = []
    real = documents.glossary_documents
    monkeypatch.setattr(documents, "glossary_documents",
                        lambda game: reads.append(game.slug) or real(game))
    seed = list(Transcription.objects.select_related("rulebook__game"))
    with services.bulk_indexing():
        for copy in range(3):
            for t in seed:
                twin = Rulebook.objects.create(game=t.rulebook.game, edition=f"copy {copy} of {t.pk}",
                                               language=t.rulebook.language)
                import_transcription(rulebook=twin, text=t.text, language=t.language,
                                     transcriber="bulk", published_without_review=PUBLISHED)
        assert reads == []  # nothing read yet: the glossaries wait for the end
    assert sorted(reads) == sorted({t.rulebook.game.slug for t in seed})
    assert glossary_sources() == before  # the copies add no new term
    assert found("trascinatore", kinds=("glossary",)).total >= 1


SAMPLES = Path(__file__).resolve().parents[2] / "games"


def _sample(path: str, **changes) -> Match:
    document = json.loads((SAMPLES / path).read_text(encoding="utf-8"))
    document.update(changes)
    document.pop("chain", None)  # the changed fields are not chained: the events are
    return import_match(raw=document)


def test_a_match_is_found_by_its_title_players_day_source_and_notes(archive):
    """The Lagoon dispute was found by nothing: not its title, not its players."""
    match = _sample("dagon/samples/lagoon-dispute.json", played_on="1989-03-12",
                    source="score sheet, club Il Drago, Bologna")
    append_events(match=match, expected_seq=match.last_seq, events=[
        {"type": "annotation", "actor": None, "data": {"text": "Luis argued for an hour"}}])
    for query in ("Lagoon dispute", "Ana Luis", "12 March 1989", "1989-03-12", "Bologna",
                  "argued", "lagoon luis"):
        hits = list(found(query, kinds=("match",)).hits)
        assert [h.entry.match_id for h in hits] == [match.pk], query
        assert hits[0].url == f"/matches/{match.pk}/"
    carla = _sample("dagon/samples/simulated-seed-1.json", title="Club night, table 2")
    assert {h.entry.match_id for h in found("Carla").hits} == {carla.pk}


def test_dracula_revealed_at_sea_finds_the_match_as_a_group_of_its_own(archive):
    match = _sample("fury_of_dracula/samples/revealed-at-sea.json")
    results = found("Dracula revealed at sea")
    matches = [group for group in results.groups if group.is_matches]
    assert [[h.entry.match_id for h in group.hits] for group in matches] == [[match.pk]]
    assert all(h.entry.kind not in ("match", "annotation")
               for group in results.by_game for h in group.hits)
    assert "<mark>Dracula</mark>" in matches[0].hits[0].title


def test_a_match_made_private_leaves_the_results_at_once(archive):
    owner = UserFactory(username="owner")
    document = games.get("dagon").simulate(seed=3, max_events=6)
    match = import_match(raw={**document, "title": "Tavern night"}, created_by=owner)
    assert found("Tavern").total == 1
    Match.objects.filter(pk=match.pk).update(is_private=True)  # no signal, no reindexing
    assert found("Tavern").total == 0
    assert found("Tavern", user=UserFactory(username="stranger")).total == 0
    assert [h.entry.match_id for h in found("Tavern", user=owner).hits] == [match.pk]


def test_a_note_costs_the_same_in_a_long_log_and_past_the_match_entrys_room(
        archive, monkeypatch):
    """Every note appended read all of the match's notes again to rewrite its entry: eight
    writers appending 1,000 notes each took 15 minutes. Proves: a note's append reads its own
    event only, after 5 notes as after 300 (the match's entry grows by the new words), that
    entry stops growing at MATCH_TEXT_CHARS, a note past it is still found by its own entry in
    the matches' group, and a rebuilt index holds the same match entry."""
    from search import documents
    from search.documents import MATCH_TEXT_CHARS, match_source

    match = MatchFactory(game=Game.objects.get(slug="dagon"), title="Marathon night")
    read = []
    annotation_documents = documents.annotation_documents

    def counted(*, events, **kwargs):
        events = list(events)
        read.append(len(events))
        return annotation_documents(events=events, **kwargs)

    monkeypatch.setattr(documents, "annotation_documents", counted)

    def add(text):
        append_events(match=match, expected_seq=match.last_seq,
                      events=[{"type": "annotation", "actor": None, "data": {"text": text}}])

    def events_read_for_one_note(text):
        read.clear()
        add(text)
        return sum(read)

    for index in range(5):
        add(f"early remark {index}")
    assert events_read_for_one_note("remark after five") == 1
    for index in range(300):
        add(f"{'x' * 190} {index}")
    assert events_read_for_one_note("remark after three hundred") == 1
    entry = SearchEntry.objects.get(source=match_source(match.pk))
    assert len(entry.text) == MATCH_TEXT_CHARS
    assert "early remark 0" in entry.text and "remark after three hundred" not in entry.text
    late = found("hundred")
    assert [(h.entry.kind, h.entry.match_id) for h in late.hits] == [("annotation", match.pk)]
    assert [group.is_matches for group in late.groups] == [True]
    rebuild_index()
    assert SearchEntry.objects.get(source=match_source(match.pk)).text == entry.text
