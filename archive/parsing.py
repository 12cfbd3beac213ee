"""Parse a rulebook transcription into passages and the notes kept inside them.

Pure functions over plain text: no Django here. The lead stores the result as ``Passage`` and
``Annotation`` rows; engines cite passages by slug (``"dagon/the-lagoon"``).

Layout of a transcription (the four files in ``rulebooks/`` are the reference):

- the first non-blank line is the title; directly after it, ``"… Rulebook"`` and
  ``"Table of Contents"`` lines are front matter, not passages. When the archive knows the
  rulebook's title (``title=``) and the first line is not it, is followed by no front matter
  and reads as a heading (a text that opens on its first section, "Preparazione"), the known
  title is the title and that line is the first heading;
- a heading is a short line of its own: no closing punctuation, starts with a capital letter,
  at most 8 words and 60 characters, no brackets. If any heading is numbered (``"11. The Tower"``)
  only numbered lines count as headings, so ``"Either"``/``"Or"`` inside Gothic's Adjacency
  section stay body text. In a text whose blocks are separated by blank lines, a heading must
  also open its block, so a list line such as ``"1 die"`` or ``"move their pawn;"`` never is one;
- text between the front matter and the first heading (Dylan Dog's component list) is the
  passage ``<game>/preamble``, with an empty heading: the text names no heading and we add none;
- a text with no heading at all (La Furia di Dracula) is cut into its paragraphs (runs of
  non-blank lines): ``<game>/para-1`` … ``para-N``, each with an empty heading.

Annotations (kinds as in ``archive.models.Annotation``):

- ``legibility``: ``[Legibility: …]``; ``editorial``: ``[Editorial note: …]``;
- ``reading``: any other bracketed note (``[a circled number in the photo, probably 6]``);
- ``page``: a page citation, ``(pag. 12)``, ``(p. 12–13)``, ``(pp. 6–7, 11)``, hyphen or dash.
  Its ``body`` is the cited pages as printed without the label (``"6–7, 11"``); the passage's
  ``pages`` lists these bodies. ``cited_pages`` expands one into page labels.

A note's ``target`` is the exact words it quotes (straight or curly double quotes) when those
words occur in its passage outside any bracketed note: the nearest occurrence before the note,
else the first one after it, as whole words and case-sensitive. Several targets are joined by
``TARGET_SEPARATOR`` and each has its span in ``target_spans`` (Gothic's Tower note has two).

Certainty is read from the note's wording in the transcription's language, and in English,
which an archivist may write notes in whatever the text's language (``certainty_cues``); the
lowest certainty whose cue matches wins: low for "best reading available", "hard to confirm",
"partly obscured", "illegible", "guess" (Italian "illeggibile", "forse", "incerto"; Spanish
"ilegible", "quizás", "dudoso") …; medium for "probably", "likely", "seems", "soft-focus",
"blurred" ("probabilmente", "sembra", "sfocato"; "probablemente", "parece", "borroso") …; high
for "as printed", "clearly" ("come stampato", "chiaramente"; "tal como está impreso",
"claramente") …; a page citation is printed text, so high; anything else is "unknown".
Labels, too, may be written in the text's language: ``[Leggibilità: …]``, ``[Nota editoriale: …]``,
``[Legibilidad: …]``, ``[Nota editorial: …]``.
``reason`` is a space-separated list of tokens (TEI ``teidata.word``) from ``REASON_CUES``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = [
    "CERTAINTY_CUES",
    "CERTAINTY_LANGUAGES",
    "REASON_CUES",
    "TARGET_SEPARATOR",
    "ParsedAnnotation",
    "ParsedPassage",
    "ParsedTranscription",
    "TranscriptionError",
    "certainty_cues",
    "cited_pages",
    "note_language",
    "parse_transcription",
    "slugify_heading",
]

# How each kind of bracketed note opens in a transcription's text (reading notes bare).
NOTE_LABELS = {"legibility": "Legibility: ", "editorial": "Editorial note: ", "reading": ""}
TARGET_SEPARATOR = " | "

# (regex, certainty), tried in order on the note body; the first that matches decides.
CERTAINTY_CUES: tuple[tuple[str, str], ...] = (
    (
        (
            r"best reading available|hard to confirm|partly obscured|illegible|unreadable"
            r"|cannot be read|can't be read|guess|conjectur|uncertain|doubtful|possibly|perhaps"
        ),
        "low",
    ),
    (r"probabl|likely|seems|appears to|soft[- ]focus|blurr|faded|small print", "medium"),
    (r"as printed|clearly|certain|legible", "high"),
)
# The same cues in the other languages of the archive's rulebooks (by primary language tag).
_LANGUAGE_CUES: dict[str, dict[str, str]] = {
    "it": {
        "low": (
            r"illeggibil|non (?:si )?legg|indecifrabil|congettur|ipotes|incert|dubbi|forse"
            r"|parzialmente (?:oscurat|copert|cancellat|nascost)|lettura migliore"
            r"|difficile da (?:confermare|leggere)|non [èe] (?:sicur|chiar)"
        ),
        "medium": r"probabil|verosimil|sembra|\bpare\b|sfocat|sbiadit|caratteri piccoli|stampa piccola",
        "high": r"come stampato|chiaramente|ben leggibile|leggibile|certo|certa",
    },
    "es": {
        "low": (
            r"ilegible|no se (?:puede )?lee|indescifrable|conjetur|hip[oó]tesis|incierto|dudos"
            r"|quiz[aá]s?|tal vez|parcialmente (?:tapad|oscurecid|borrad|cubiert)"
            r"|mejor lectura|dif[ií]cil de (?:confirmar|leer)|no (?:es|est[aá]) (?:segur|clar)"
        ),
        "medium": r"probabl|parece|al parecer|desenfocad|borros|desva[ií]d|descolorid|letra peque",
        "high": r"tal como (?:est[aá] )?impreso|como se imprimi[oó]|claramente|legible|cierto|segur",
    },
}
CERTAINTY_LANGUAGES = ("en", *_LANGUAGE_CUES)


def certainty_cues(language: str = "en") -> tuple[tuple[str, str], ...]:
    """The cues for a text in ``language`` (a BCP 47 tag such as ``it`` or ``es-AR``): its
    own words and English ones, lowest certainty first."""
    own = _LANGUAGE_CUES.get((language or "en").split("-")[0].lower())
    if own is None:
        return CERTAINTY_CUES
    return tuple((f"{own[certainty]}|{pattern}", certainty) for pattern, certainty in CERTAINTY_CUES)


# (regex, reason token); every cue that matches adds its token, in this order.
REASON_CUES: tuple[tuple[str, str], ...] = (
    (r"obscured|oscurat|oscurecid|tapad", "partly-obscured"),
    (r"small(?:,)? [\w-]*\s*print|caratteri piccoli|stampa piccola|letra peque", "small-print"),
    (r"soft[- ]focus|blurr|out of focus|sfocat|desenfocad|borros", "soft-focus"),
    (r"faded|sbiadit|desva[ií]d|descolorid", "faded"),
    (r"torn|damaged|stain|strappat|macchiat|\brott[oa]\b|\brot[oa]\b|manchad", "damage"),
    (r"illegible|unreadable|illeggibil|ilegible", "illegible"),
    (r"hard to confirm|uncertain|doubtful", "uncertain-reading"),
    (r"omits|missing|misprint", "printing-error"),
    (r"inconsistent|contradict|conflict", "inconsistency"),
    (r"ends with this heading|no body text", "missing-text"),
)

# How a page says each reason token: pages show these words, never the tokens.
REASON_WORDS: dict[str, str] = {
    "partly-obscured": "partly obscured",
    "small-print": "small print",
    "soft-focus": "soft focus",
    "faded": "faded ink",
    "damage": "damaged page",
    "illegible": "illegible",
    "uncertain-reading": "uncertain reading",
    "printing-error": "printing error",
    "inconsistency": "the text contradicts itself",
    "missing-text": "text missing",
}


def reason_in_words(reason: str) -> str:
    """``small-print soft-focus`` → ``small print, soft focus`` (an unknown token: its words)."""
    return ", ".join(REASON_WORDS.get(token, token.replace("-", " ")) for token in reason.split())

_LABELS = (
    (
        re.compile(r"\s*(?:legibility|leggibilit[àa]|legibilidad)\s*:\s*", re.IGNORECASE),
        "legibility",
    ),
    (
        re.compile(
            r"\s*(?:editorial note|editorial|nota editoriale|nota del curatore|nota editorial"
            r"|nota del editor)\s*:\s*",
            re.IGNORECASE,
        ),
        "editorial",
    ),
)

# The language a note's label is written in, which is the language of the note itself.
_LABEL_LANGUAGES = (
    (re.compile(r"\[\s*(?:legibility|editorial note|editorial)\s*:", re.IGNORECASE), "en"),
    (re.compile(r"\[\s*(?:leggibilit[àa]|nota editoriale|nota del curatore)\s*:", re.IGNORECASE),
     "it"),
    (re.compile(r"\[\s*(?:legibilidad|nota editorial|nota del editor)\s*:", re.IGNORECASE), "es"),
)


def note_language(raw: str) -> str | None:
    """The language of a bracketed note as its label shows it (``[Leggibilità: …]`` is
    Italian); None for a note with no label, whose language the text does not say."""
    for pattern, language in _LABEL_LANGUAGES:
        if pattern.match(raw):
            return language
    return None


_PAGE_RE = re.compile(
    r"\((?P<label>pagg?|pp?)\.\s*(?P<pages>\d+(?:\s*[–—-]\s*\d+)?(?:\s*,\s*\d+(?:\s*[–—-]\s*\d+)?)*)\)"
)
_NOT_XML_CHAR_RE = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_QUOTED_RE = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")
_NUMBERED_RE = re.compile(r"(\d{1,3})\.\s+(\S.*)")
_FRONT_MATTER_RE = re.compile(r"(?:.*\brulebook|table of contents)", re.IGNORECASE)
_CLOSING_PUNCT = ".,;:!?…\"'”’»)-–—"
_OPENING_REJECT = "-–—•*[(\"“'‘«=+#>|"


class TranscriptionError(ValueError):
    """A transcription that cannot be cut into passages; the message names the line."""


@dataclass(frozen=True)
class ParsedPassage:
    slug: str
    heading: str
    order: int
    start: int
    end: int
    text: str
    pages: tuple[str, ...] = ()


@dataclass(frozen=True)
class ParsedAnnotation:
    kind: str
    start: int
    end: int
    raw: str
    body: str
    passage: str
    target: str = ""
    target_spans: tuple[tuple[int, int], ...] = ()
    reason: str = ""
    certainty: str = "unknown"


@dataclass(frozen=True)
class ParsedTranscription:
    title: str
    passages: tuple[ParsedPassage, ...]
    annotations: tuple[ParsedAnnotation, ...]

    def passage(self, slug: str) -> ParsedPassage | None:
        return next((p for p in self.passages if p.slug == slug), None)


def slugify_heading(heading: str) -> str:
    """``"11. The Tower"`` → ``"the-tower"``; ``""`` when nothing alphanumeric is left."""
    text = re.sub(r"^\s*\d+(?:\.\d+)*\.\s+", "", heading)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def cited_pages(citation: str) -> tuple[str, ...]:
    """Page labels of a citation body: ``"6–7, 11"`` → ``("6", "7", "11")``."""
    labels: list[str] = []
    for part in citation.split(","):
        numbers = re.findall(r"\d+", part)
        if len(numbers) == 2 and int(numbers[0]) <= int(numbers[1]) <= int(numbers[0]) + 50:
            labels.extend(str(n) for n in range(int(numbers[0]), int(numbers[1]) + 1))
        else:
            labels.extend(numbers)
    return tuple(dict.fromkeys(labels))


# --- lines and headings ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    number: int  # 1-based, counted on "\n"
    start: int
    end: int  # end of content, newline and trailing whitespace excluded
    content: str  # stripped

    @property
    def blank(self) -> bool:
        return not self.content


def _lines(text: str) -> list[_Line]:
    out, offset = [], 0
    for number, raw in enumerate(text.split("\n"), start=1):
        stripped = raw.rstrip()
        lead = len(stripped) - len(stripped.lstrip())
        out.append(_Line(number, offset + lead, offset + len(stripped), stripped.strip()))
        offset += len(raw) + 1
    return out


def _plain_heading(s: str) -> bool:
    if not s or len(s) > 60 or len(s.split()) > 8:
        return False
    if s[-1] in _CLOSING_PUNCT and not (s.endswith(")") and "(" in s):
        return False
    if s[0] in _OPENING_REJECT or "[" in s or "]" in s or s[0].isdigit():
        return False
    return s[0].isupper()


def _numbered_heading(s: str) -> bool:
    match = _NUMBERED_RE.fullmatch(s)
    return match is not None and _plain_heading(match.group(2))


# --- the parser --------------------------------------------------------------------------------


def parse_transcription(game_slug: str, text: str, *, language: str = "en",
                        title: str | None = None) -> ParsedTranscription:
    """Cut ``text`` into passages and annotations; ``TranscriptionError`` names the bad line.
    ``language`` is the text's, for the certainty cues of its notes; ``title`` the title the
    archive knows the rulebook by, when it knows one."""
    if not isinstance(game_slug, str) or not game_slug.strip():
        raise TranscriptionError("line 0: the game slug must be a non-empty string")
    if not isinstance(text, str):
        raise TranscriptionError(f"line 1: a transcription must be text, not {type(text).__name__}")
    bad = _NOT_XML_CHAR_RE.search(text)
    if bad:  # such a character could never be exported (TEI is XML), nor shown
        raise TranscriptionError(
            f"line {_line_of(text, bad.start())}: control character "
            f"U+{ord(bad.group(0)):04X} is not allowed in a transcription"
        )
    lines = _lines(text)
    content = [ln for ln in lines if not ln.blank]
    if not content:
        raise TranscriptionError("line 1: the transcription is empty")
    _check_brackets(text, lines)

    title_line = content[0]
    body_lines = content[1:]
    if title is not None and _opens_on_a_heading(content, title):
        parsed_title, body_lines = title.strip(), content
    else:
        parsed_title = title_line.content
    # front matter: "… Rulebook" and "Table of Contents" lines right after the title
    while body_lines and _FRONT_MATTER_RE.fullmatch(body_lines[0].content):
        body_lines = body_lines[1:]
    if not body_lines:
        raise TranscriptionError(
            f"line {title_line.number}: {title_line.content!r} has no passage after it"
        )
    first_body = body_lines[0].number
    rest = [ln for ln in lines if ln.number >= first_body]

    spans = _bracket_spans(text)
    passages = _heading_passages(game_slug, text, rest, spans)
    if passages is None:
        passages = _paragraph_passages(game_slug, text, rest, spans)
    passages = _dedupe_slugs(passages)
    if not passages:
        raise TranscriptionError(f"line {first_body}: no passage found")

    annotations = _annotations(text, passages, spans, certainty_cues(language))
    pages_by_slug: dict[str, list[str]] = {}
    for a in annotations:
        if a.kind == "page":
            pages_by_slug.setdefault(a.passage, []).append(a.body)
    passages = [
        ParsedPassage(
            p.slug, p.heading, p.order, p.start, p.end, p.text, tuple(pages_by_slug.get(p.slug, ()))
        )
        for p in passages
    ]
    return ParsedTranscription(parsed_title, tuple(passages), tuple(annotations))


def _same_title(a: str, b: str) -> bool:
    def plain(s: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", s).casefold().split())

    return plain(a) == plain(b)


def _opens_on_a_heading(content: list[_Line], title: str | None) -> bool:
    """Whether the text's first line is its first section's heading rather than its title:
    the archive knows another title, no front matter follows the line, and the line reads as
    a heading followed by body text."""
    if not title or not title.strip() or len(content) < 2:
        return False
    first, second = content[0].content, content[1].content
    if _same_title(first, title) or _FRONT_MATTER_RE.fullmatch(second):
        return False
    return (_plain_heading(first) or _numbered_heading(first)) and not (
        _plain_heading(second) or _numbered_heading(second))


def _check_brackets(text: str, lines: list[_Line]) -> None:
    depth, opened_at = 0, 0
    for index, char in enumerate(text):
        if char == "[":
            if depth:
                raise TranscriptionError(
                    f"line {_line_of(text, index)}: a note opens inside the note of "
                    f"line {_line_of(text, opened_at)}"
                )
            depth, opened_at = 1, index
        elif char == "]":
            if not depth:
                raise TranscriptionError(f"line {_line_of(text, index)}: ']' closes no note")
            depth = 0
    if depth:
        raise TranscriptionError(f"line {_line_of(text, opened_at)}: '[' is never closed")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _bracket_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"\[[^\[\]]*\]", text)]


def _inside(index: int, spans: list[tuple[int, int]]) -> bool:
    return any(s <= index < e for s, e in spans)


def _heading_passages(game_slug, text, rest, spans):
    """Passages cut at headings, or None when the text has no heading at all."""
    # Separated by blank lines only if a blank line stands between two lines of text: the
    # final newline every editor writes (or a blank line before the first) does not count.
    filled = [i for i, ln in enumerate(rest) if not ln.blank]
    blocky = bool(filled) and any(ln.blank for ln in rest[filled[0]:filled[-1]])
    numbered = any(_numbered_heading(ln.content) for ln in rest if not _inside(ln.start, spans))
    test = _numbered_heading if numbered else _plain_heading
    headings = []
    for i, ln in enumerate(rest):
        if ln.blank or _inside(ln.start, spans) or not test(ln.content):
            continue
        if blocky and i > 0 and not rest[i - 1].blank:
            continue
        headings.append(i)
    if not headings:
        return None
    passages = []
    if any(not ln.blank for ln in rest[: headings[0]]):
        passages.append(_make_passage(game_slug, text, "", "preamble", rest[: headings[0]], 0))
    for n, i in enumerate(headings):
        stop = headings[n + 1] if n + 1 < len(headings) else len(rest)
        heading = rest[i].content
        local = slugify_heading(heading) or f"section-{len(passages) + 1}"
        body = rest[i + 1 : stop]
        passages.append(
            _make_passage(game_slug, text, heading, local, body, len(passages), after=rest[i])
        )
    return passages


def _paragraph_passages(game_slug, text, rest, spans):
    passages: list[ParsedPassage] = []
    run: list[_Line] = []
    for ln in rest + [None]:
        # a blank line inside a bracketed note does not end the paragraph
        if ln is None or (ln.blank and not _inside(ln.start, spans)):
            if any(not r.blank for r in run):
                n = len(passages) + 1
                passages.append(_make_passage(game_slug, text, "", f"para-{n}", run, n - 1))
            run = []
        else:
            run.append(ln)
    return passages


def _make_passage(game_slug, text, heading, local, body, index, after=None):
    filled = [ln for ln in body if not ln.blank]
    if filled:
        start, end = filled[0].start, filled[-1].end
    else:  # a heading with no body: an empty span right after it
        start = end = after.end if after is not None else 0
    return ParsedPassage(f"{game_slug}/{local}", heading, index + 1, start, end, text[start:end])


def _dedupe_slugs(passages):
    seen: dict[str, int] = {}
    out = []
    for p in passages:
        slug = p.slug
        if slug in seen:
            seen[slug] += 1
            slug = f"{slug}-{seen[slug]}"
            while slug in seen:
                seen[p.slug] += 1
                slug = f"{p.slug}-{seen[p.slug]}"
        seen.setdefault(slug, 1)
        out.append(ParsedPassage(slug, p.heading, p.order, p.start, p.end, p.text, p.pages))
    return out


# --- annotations -------------------------------------------------------------------------------


def _annotations(text, passages, spans, cues):
    found = []
    for p in passages:
        for s, e in spans:
            if p.start <= s and e <= p.end:
                found.append(_bracket_note(text, p, s, e, spans, cues))
        for m in _PAGE_RE.finditer(text, p.start, p.end):
            if _inside(m.start(), spans):
                continue  # a citation quoted inside a note belongs to the note
            found.append(
                ParsedAnnotation(
                    kind="page",
                    start=m.start(),
                    end=m.end(),
                    raw=m.group(0),
                    body=m.group("pages"),
                    passage=p.slug,
                    certainty="high",
                )
            )
    found.sort(key=lambda a: (a.start, a.end))
    return found


def _bracket_note(text, passage, start, end, spans, cues):
    raw = text[start:end]
    inner = raw[1:-1]
    kind, body = "reading", inner.strip()
    for pattern, label in _LABELS:
        match = pattern.match(inner)
        if match:
            kind, body = label, inner[match.end() :].strip()
            break
    targets = _targets(text, passage, start, end, body, spans)
    return ParsedAnnotation(
        kind=kind,
        start=start,
        end=end,
        raw=raw,
        body=body,
        passage=passage.slug,
        target=TARGET_SEPARATOR.join(text[s:e] for s, e in targets),
        target_spans=tuple(targets),
        reason=_reason(body),
        certainty=_certainty(body, cues),
    )


def _targets(text, passage, note_start, note_end, body, spans):
    chosen: list[tuple[int, int]] = []
    for m in _QUOTED_RE.finditer(body):
        words = (m.group(1) or m.group(2)).strip()
        if not words:
            continue
        hits = []
        for hit in re.finditer(re.escape(words), text[passage.start : passage.end]):
            s, e = passage.start + hit.start(), passage.start + hit.end()
            if any(ss < e and s < ee for ss, ee in spans):
                continue  # never inside a bracketed note
            if (s > 0 and _wordy(text[s - 1]) and _wordy(words[0])) or (
                e < len(text) and _wordy(text[e]) and _wordy(words[-1])
            ):
                continue  # whole words only: "Wizard's Spell" is not in "Wizard's Spells"
            hits.append((s, e))
        before = [h for h in hits if h[1] <= note_start]
        after = [h for h in hits if h[0] >= note_end]
        pick = before[-1] if before else (after[0] if after else None)
        if pick and all(not (pick[0] < e and s < pick[1]) for s, e in chosen):
            chosen.append(pick)
    return sorted(chosen)


def _wordy(char: str) -> bool:
    return char.isalnum() or char == "_"


def _certainty(body: str, cues) -> str:
    for pattern, certainty in cues:
        if re.search(pattern, body, re.IGNORECASE):
            return certainty
    return "unknown"


def _reason(body: str) -> str:
    return " ".join(
        token for pattern, token in REASON_CUES if re.search(pattern, body, re.IGNORECASE)
    )
