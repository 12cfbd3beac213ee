"""The OAI-PMH 2.0 endpoint (``/oai``, GET or POST): the six verbs, answered as the protocol's
XML schema (``harvest/schemas/OAI-PMH.xsd``) describes them, an error as the protocol's error
element. Reads by ``harvest.records``, checks by ``harvest.protocol``, metadata by
``harvest.metadata``."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods
from lxml import etree

from harvest import metadata, protocol, records
from harvest.protocol import OaiError, OaiRequest, Resume

OAI_NS = "http://www.openarchives.org/OAI/2.0/"
OAI_SCHEMA = "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"
IDENTIFIER_NS = "http://www.openarchives.org/OAI/2.0/oai-identifier"
XSI = f"{{{metadata.XSI_NS}}}"
CONTENT_TYPE = "text/xml; charset=utf-8"


def _el(parent, tag: str, text: str | None = None, **attrs) -> etree._Element:
    node = etree.SubElement(parent, f"{{{OAI_NS}}}{tag}", {k: str(v) for k, v in attrs.items()})
    if text is not None:
        node.text = text
    return node


@csrf_exempt  # harvesters post forms from anywhere; nothing here writes
@require_http_methods(["GET", "POST"])
def oai_endpoint(request):
    params = request.POST if request.method == "POST" else request.GET
    base_url = request.build_absolute_uri(request.path)
    root = etree.Element(f"{{{OAI_NS}}}OAI-PMH", nsmap={None: OAI_NS, "xsi": metadata.XSI_NS})
    root.set(f"{XSI}schemaLocation", f"{OAI_NS} {OAI_SCHEMA}")
    _el(root, "responseDate", protocol.datestamp(timezone.now()))
    echo = _el(root, "request", base_url)
    try:
        oai = protocol.parse_request(params)
        for name, value in (("verb", oai.verb), *sorted(oai.arguments.items())):
            echo.set(name, value)  # the request as understood: only a valid one is echoed
        answer = VERBS[oai.verb](oai, base_url=base_url,
                                 site=request.build_absolute_uri("/").rstrip("/"))
    except OaiError as error:
        if error.code in (protocol.BAD_VERB, protocol.BAD_ARGUMENT):
            echo.attrib.clear()
        _el(root, "error", error.message, code=error.code)
    else:
        root.append(answer)
    body = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return HttpResponse(body, content_type=CONTENT_TYPE)


def identify(oai: OaiRequest, *, base_url: str, **_) -> etree._Element:
    answer = etree.Element(f"{{{OAI_NS}}}Identify")
    _el(answer, "repositoryName", settings.IIIF_PROVIDER_NAME)
    _el(answer, "baseURL", base_url)
    _el(answer, "protocolVersion", "2.0")
    _el(answer, "adminEmail", settings.OAI_ADMIN_EMAIL)
    earliest = records.earliest() or timezone.now()
    _el(answer, "earliestDatestamp", protocol.datestamp(earliest))
    _el(answer, "deletedRecord", "no")  # nothing published is ever withdrawn
    _el(answer, "granularity", protocol.GRANULARITY)
    description = _el(answer, "description")
    ids = etree.SubElement(description, f"{{{IDENTIFIER_NS}}}oai-identifier",
                           nsmap={None: IDENTIFIER_NS})
    ids.set(f"{XSI}schemaLocation",
            f"{IDENTIFIER_NS} http://www.openarchives.org/OAI/2.0/oai-identifier.xsd")
    for tag, text in (("scheme", "oai"),
                      ("repositoryIdentifier", settings.OAI_REPOSITORY_IDENTIFIER),
                      ("delimiter", ":"),
                      ("sampleIdentifier", f"oai:{settings.OAI_REPOSITORY_IDENTIFIER}:rulebook/1")):
        etree.SubElement(ids, f"{{{IDENTIFIER_NS}}}{tag}").text = text
    return answer


def list_metadata_formats(oai: OaiRequest, **_) -> etree._Element:
    identifier = oai.arguments.get("identifier")
    if identifier is not None and records.find(identifier) is None:
        raise OaiError(protocol.ID_DOES_NOT_EXIST, f"no record has the identifier {identifier}")
    answer = etree.Element(f"{{{OAI_NS}}}ListMetadataFormats")
    for found in metadata.FORMATS.values():  # every record is served in every format
        entry = _el(answer, "metadataFormat")
        _el(entry, "metadataPrefix", found.prefix)
        _el(entry, "schema", found.schema)
        _el(entry, "metadataNamespace", found.namespace)
    return answer


def list_sets(oai: OaiRequest, **_) -> etree._Element:
    if protocol.TOKEN in oai.arguments:  # every set is in the first answer: no token is issued
        raise OaiError(protocol.BAD_RESUMPTION_TOKEN, "ListSets answers in one response; this "
                       "repository issued no resumption token for it")
    answer = etree.Element(f"{{{OAI_NS}}}ListSets")
    for found in records.sets():
        entry = _el(answer, "set")
        _el(entry, "setSpec", found.spec)
        _el(entry, "setName", found.name)
    return answer


def _prefix(arguments: dict[str, str]) -> str:
    prefix = arguments["metadataPrefix"]
    if prefix not in metadata.FORMATS:
        raise OaiError(protocol.CANNOT_DISSEMINATE_FORMAT,
                       f"this repository serves {' and '.join(metadata.FORMATS)}, not {prefix}")
    return prefix


def _header(parent, record: records.Record) -> None:
    header = _el(parent, "header")
    _el(header, "identifier", record.identifier)
    _el(header, "datestamp", protocol.datestamp(record.datestamp))
    for spec in record.sets:
        _el(header, "setSpec", spec)


def _record(parent, record: records.Record, prefix: str, base_url: str, versions) -> None:
    entry = _el(parent, "record")
    _header(entry, record)
    _el(entry, "metadata").append(metadata.metadata(record, prefix, base_url=base_url,
                                                    versions=versions))


def get_record(oai: OaiRequest, *, site: str, **_) -> etree._Element:
    prefix = _prefix(oai.arguments)
    record = records.find(oai.arguments["identifier"])
    if record is None:
        raise OaiError(protocol.ID_DOES_NOT_EXIST,
                       f"no record has the identifier {oai.arguments['identifier']}")
    answer = etree.Element(f"{{{OAI_NS}}}GetRecord")
    _record(answer, record, prefix, site, metadata.versions_of([record]))
    return answer


def _list(oai: OaiRequest, *, site: str, with_metadata: bool) -> etree._Element:
    if protocol.TOKEN in oai.arguments:
        resume = protocol.read_token(oai.verb, oai.arguments[protocol.TOKEN])
        arguments, after, cursor, size = resume.arguments, resume.after, resume.cursor, \
            resume.size
    else:
        arguments, after, cursor, size = oai.arguments, None, 0, None
    prefix = _prefix(arguments)
    window = protocol.window(arguments)
    set_spec = arguments.get("set")
    found, more = records.page(window=window, set_spec=set_spec, after=after,
                               limit=settings.OAI_PAGE_SIZE)
    if not found and after is None:
        raise OaiError(protocol.NO_RECORDS_MATCH, "no record matches these arguments")
    answer = etree.Element(f"{{{OAI_NS}}}{oai.verb}")
    versions = metadata.versions_of(found) if with_metadata else {}
    for record in found:
        if with_metadata:
            _record(answer, record, prefix, site, versions)
        else:
            _header(answer, record)
    if more or after is not None:
        if size is None:
            size = records.count(window=window, set_spec=set_spec)
        if more:
            token, expires = protocol.make_token(Resume(
                oai.verb, {k: v for k, v in arguments.items() if k != protocol.TOKEN},
                found[-1].key, cursor + len(found), size))
        else:
            token, expires = "", None  # the list's last part: an empty token says so
        attrs: dict[str, int | str] = {"completeListSize": max(size, 1), "cursor": cursor}
        if expires is not None:
            attrs["expirationDate"] = protocol.datestamp(expires)
        _el(answer, protocol.TOKEN, token, **attrs)
    return answer


def list_identifiers(oai: OaiRequest, *, site: str, **_) -> etree._Element:
    return _list(oai, site=site, with_metadata=False)


def list_records(oai: OaiRequest, *, site: str, **_) -> etree._Element:
    return _list(oai, site=site, with_metadata=True)


VERBS: dict[str, Callable[..., etree._Element]] = {
    "Identify": identify,
    "ListMetadataFormats": list_metadata_formats,
    "ListSets": list_sets,
    "GetRecord": get_record,
    "ListIdentifiers": list_identifiers,
    "ListRecords": list_records,
}
