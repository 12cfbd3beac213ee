"""The search index: one row for each text the archive can find (a passage, a note, a glossary
entry, an interpretation point, a game, a recorded match, a match annotation)."""

from __future__ import annotations

from django.contrib.postgres.search import SearchVectorField
from django.db import models


class SearchEntry(models.Model):
    PASSAGE, GLOSSARY, POINT, GAME, MATCH, ANNOTATION = (
        "passage", "glossary", "point", "game", "match", "annotation",
    )
    LEGIBILITY, EDITORIAL, READING = "legibility", "editorial", "reading"
    KINDS = [
        (PASSAGE, "Passage"),
        (LEGIBILITY, "Legibility note"),
        (EDITORIAL, "Editorial note"),
        (READING, "Uncertain reading"),
        (GLOSSARY, "Glossary entry"),
        (POINT, "Interpretation point"),
        (GAME, "Game"),
        (MATCH, "Match"),
        (ANNOTATION, "Match annotation"),
    ]

    # What the row stands for, e.g. "passage:12"; a source is indexed once and replaced whole.
    source = models.CharField(max_length=200, unique=True)
    kind = models.CharField(max_length=20, choices=KINDS)
    game = models.ForeignKey("archive.Game", on_delete=models.CASCADE, related_name="+")
    transcription = models.ForeignKey(
        "archive.Transcription", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    anchor = models.CharField(max_length=200, blank=True, help_text="passage or point anchor")
    match = models.ForeignKey(
        "replay.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    step = models.PositiveIntegerField(null=True, blank=True)
    seq = models.PositiveIntegerField(null=True, blank=True)
    title = models.TextField(blank=True)
    title_language = models.CharField(max_length=12, blank=True)
    text = models.TextField(blank=True)
    language = models.CharField(max_length=12, blank=True, help_text="empty: unknown")
    # PostgreSQL only (GIN-indexed by migration); SQLite reads the FTS5 table instead.
    vector = SearchVectorField(null=True, editable=False)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["game", "kind"])]

    def __str__(self) -> str:
        return self.source
