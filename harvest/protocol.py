"""OAI-PMH 2.0's side of a request (https://www.openarchives.org/OAI/openarchivesprotocol.html):
the verb and its arguments, checked as section 3 asks, each failure the protocol's error code
with words that name what is wrong; datestamps at the granularity of seconds; resumption
tokens signed with the site's key (so none is forged) that expire.

No database here: ``harvest.records`` reads the archive.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils import timezone

BAD_ARGUMENT, BAD_RESUMPTION_TOKEN, BAD_VERB = "badArgument", "badResumptionToken", "badVerb"
CANNOT_DISSEMINATE_FORMAT, ID_DOES_NOT_EXIST = "cannotDisseminateFormat", "idDoesNotExist"
NO_RECORDS_MATCH, NO_METADATA_FORMATS = "noRecordsMatch", "noMetadataFormats"
GRANULARITY = "YYYY-MM-DDThh:mm:ssZ"
TOKEN = "resumptionToken"
_TOKEN_SALT = "harvest.oai.resumption-token"

# The schema's patterns (OAI-PMH.xsd): a value that breaks one is an argument of illegal syntax.
_PREFIX = re.compile(r"[A-Za-z0-9\-_.!~*'()]+")
_SET_SPEC = re.compile(r"[A-Za-z0-9\-_.!~*'()]+(:[A-Za-z0-9\-_.!~*'()]+)*")
_IDENTIFIER = re.compile(r"oai:[a-zA-Z][a-zA-Z0-9\-]*(\.[a-zA-Z][a-zA-Z0-9\-]*)+:"
                         r"[a-zA-Z0-9\-_.!~*'();/?:@&=+$,%]+")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_SECOND = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


class OaiError(Exception):
    """An error the protocol names: ``code`` one of its error codes."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Verb:
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    exclusive: str | None = None

    @property
    def allowed(self) -> set[str]:
        return {*self.required, *self.optional, *([self.exclusive] if self.exclusive else [])}


LIST = Verb(required=("metadataPrefix",), optional=("from", "until", "set"), exclusive=TOKEN)
VERBS = {
    "Identify": Verb(),
    "ListMetadataFormats": Verb(optional=("identifier",)),
    "ListSets": Verb(exclusive=TOKEN),
    "GetRecord": Verb(required=("identifier", "metadataPrefix")),
    "ListIdentifiers": LIST,
    "ListRecords": LIST,
}


@dataclass(frozen=True)
class OaiRequest:
    verb: str
    arguments: dict[str, str]


def parse_request(params) -> OaiRequest:
    """The verb and arguments of a request (a Django ``QueryDict``), or the protocol's error:
    ``badVerb`` for a missing, repeated or unknown verb, ``badArgument`` for a repeated,
    unknown, missing or ill-formed argument."""
    verbs = params.getlist("verb")
    if not verbs:
        raise OaiError(BAD_VERB, "the request names no verb")
    if len(verbs) > 1:
        raise OaiError(BAD_VERB, "the verb argument is repeated")
    verb = verbs[0]
    if verb not in VERBS:
        raise OaiError(BAD_VERB, f"{verb[:40]!r} is not a verb of OAI-PMH 2.0 (one of "
                       f"{', '.join(VERBS)})")
    spec = VERBS[verb]
    arguments: dict[str, str] = {}
    for name in params:
        if name == "verb":
            continue
        values = params.getlist(name)
        if len(values) > 1:
            raise OaiError(BAD_ARGUMENT, f"the argument {name[:40]} is repeated")
        if name not in spec.allowed:
            raise OaiError(BAD_ARGUMENT, f"{verb} takes no argument {name[:40]!r}")
        arguments[name] = values[0]
    if spec.exclusive and spec.exclusive in arguments:
        others = sorted(set(arguments) - {spec.exclusive})
        if others:
            raise OaiError(BAD_ARGUMENT, f"{spec.exclusive} is an exclusive argument: "
                           f"{', '.join(others)} cannot come with it")
    else:
        missing = [name for name in spec.required if name not in arguments]
        if missing:
            raise OaiError(BAD_ARGUMENT, f"{verb} needs the argument {' and '.join(missing)}")
    _check_syntax(arguments)
    return OaiRequest(verb, arguments)


def _check_syntax(arguments: Mapping[str, str]) -> None:
    for name, pattern in (("metadataPrefix", _PREFIX), ("set", _SET_SPEC),
                          ("identifier", _IDENTIFIER)):
        value = arguments.get(name)
        if value is not None and not pattern.fullmatch(value):
            raise OaiError(BAD_ARGUMENT, f"the {name} {value[:80]!r} is not of the syntax "
                           "OAI-PMH gives it")


# -- datestamps -----------------------------------------------------------------------------------


def datestamp(moment: dt.datetime) -> str:
    """A datestamp as the protocol writes it: UTC, to the second."""
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Window:
    """Records changed from ``start`` (inclusive) to before ``end``, each None when open."""

    start: dt.datetime | None = None
    end: dt.datetime | None = None


def _moment(name: str, value: str) -> tuple[dt.datetime, bool]:
    """(the moment, whether to the day) of a ``from`` or ``until`` argument."""
    try:
        if _SECOND.fullmatch(value):
            moment = dt.datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.UTC)
            return moment, False
        if _DAY.fullmatch(value):
            return dt.datetime.strptime(value, "%Y-%m-%d").replace(tzinfo=dt.UTC), True
    except ValueError:
        pass
    raise OaiError(BAD_ARGUMENT, f"{name} {value[:40]!r} is not a date (YYYY-MM-DD) nor a time "
                   f"to the second ({GRANULARITY})")


def window(arguments: Mapping[str, str]) -> Window:
    """The ``from`` and ``until`` of a list request; an ``until`` to the day or the second
    includes that whole day or second."""
    start = end = None
    day_from = day_until = None
    if "from" in arguments:
        start, day_from = _moment("from", arguments["from"])
    if "until" in arguments:
        until, day_until = _moment("until", arguments["until"])
        end = until + (dt.timedelta(days=1) if day_until else dt.timedelta(seconds=1))
    if day_from is not None and day_until is not None and day_from != day_until:
        raise OaiError(BAD_ARGUMENT, "from and until are of different granularities (one a "
                       "day, the other a second)")
    if start is not None and end is not None and start >= end:
        raise OaiError(BAD_ARGUMENT, "from is later than until")
    return Window(start, end)


# -- resumption tokens ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Resume:
    """Where an incomplete list goes on: the list's arguments, the key of the last record
    sent, how many were sent and how many the list holds."""

    verb: str
    arguments: dict[str, str]
    after: tuple[str, int, int]  # (datestamp with microseconds, kind's rank, id)
    cursor: int
    size: int


def make_token(resume: Resume) -> tuple[str, dt.datetime]:
    """The token, and when it expires."""
    token = signing.dumps(
        {"v": resume.verb, "a": resume.arguments, "k": list(resume.after), "c": resume.cursor,
         "n": resume.size},
        salt=_TOKEN_SALT, compress=True)
    return token, timezone.now() + dt.timedelta(seconds=settings.OAI_TOKEN_SECONDS)


def read_token(verb: str, token: str) -> Resume:
    """The list a token goes on with, or ``badResumptionToken``: forged or damaged, expired,
    or a token of another verb."""
    try:
        data = signing.loads(token, salt=_TOKEN_SALT, max_age=settings.OAI_TOKEN_SECONDS)
    except signing.SignatureExpired:
        raise OaiError(BAD_RESUMPTION_TOKEN, "the resumption token has expired: start the list "
                       "again") from None
    except signing.BadSignature:
        raise OaiError(BAD_RESUMPTION_TOKEN, "the resumption token is not one this repository "
                       "issued (damaged or forged)") from None
    if data.get("v") != verb:
        raise OaiError(BAD_RESUMPTION_TOKEN, f"the resumption token continues a {data.get('v')} "
                       f"list, not {verb}")
    stamp, rank, pk = data["k"]
    return Resume(verb, dict(data["a"]), (stamp, rank, pk), data["c"], data["n"])
