"""A manifest checked as the official IIIF Presentation 3 schema checks it: iiif-prezi3's model
(generated from the schema, iiif_3_0.json), plus what that generation lost: the schema's
patterns for ``rights``, and the validator's rule that ids are not reused."""

from __future__ import annotations

import json
import re

from iiif_prezi3 import Manifest

# The "rights" definition of the schema: one of these, http as the specifications define them.
RIGHTS_PATTERNS = (
    r"http://creativecommons.org/licenses/.*",
    r"http://creativecommons.org/publicdomain/.*",
    r"http://rightsstatements.org/vocab/.*",
)
RESOURCE_TYPES = {"Canvas", "AnnotationPage", "Annotation"}


def _ids(node, found: list[str]) -> list[str]:
    if isinstance(node, dict):
        if node.get("type") in RESOURCE_TYPES:
            found.append(node["id"])
        for key, value in node.items():
            if key != "source":  # a SpecificResource's source refers to a canvas, not a new one
                _ids(value, found)
    elif isinstance(node, list):
        for value in node:
            _ids(value, found)
    return found


def validate_manifest(manifest: dict) -> Manifest:
    assert manifest["@context"] == "http://iiif.io/api/presentation/3/context.json"
    body = {k: v for k, v in manifest.items() if k != "@context"}
    model = Manifest.model_validate_json(json.dumps(body))
    if "rights" in manifest:
        assert any(re.match(p, manifest["rights"]) for p in RIGHTS_PATTERNS), manifest["rights"]
    ids = _ids(manifest, [])
    assert len(ids) == len(set(ids)), "an id is used twice"
    return model
