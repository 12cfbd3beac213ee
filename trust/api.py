"""The latest signed checkpoint, for collectors to keep copies elsewhere."""

from __future__ import annotations

import base64
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from trust.checkpoints import latest_checkpoint
from web.openapi import ErrorSerializer


class NoteRenderer(BaseRenderer):
    """``Accept: text/plain`` gets the signed note itself, byte for byte."""

    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Any = None) -> bytes:
        if isinstance(data, dict) and "checkpoint" in data:
            return str(data["checkpoint"]).encode("utf-8")
        return (data.get("detail", "") if isinstance(data, dict) else str(data)).encode()


CheckpointSerializer = inline_serializer("Checkpoint", {
    "checkpoint": serializers.CharField(help_text="the signed note (c2sp.org/tlog-checkpoint)"),
    "origin": serializers.CharField(),
    "tree_size": serializers.IntegerField(),
    "root_hash": serializers.CharField(help_text="base64, as in the note"),
    "verifier_key": serializers.CharField(help_text="<name>+<key id>+<Ed25519 key>"),
    "created_at": serializers.DateTimeField(),
})


class LatestCheckpointView(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer, NoteRenderer]

    @extend_schema(
        operation_id="checkpoints_latest",
        responses={(200, "application/json"): CheckpointSerializer,
                   (200, "text/plain"): OpenApiResponse(
                       response=OpenApiTypes.STR, description="the signed note"),
                   (404, "application/json"): ErrorSerializer,
                   (404, "text/plain"): OpenApiResponse(
                       response=OpenApiTypes.STR, description="no checkpoint made yet")},
        description="The latest signed checkpoint: a Merkle tree head (RFC 6962) over every "
        "match's log head, as a c2sp.org/tlog-checkpoint signed note (Ed25519).",
    )
    def get(self, request: Request) -> Response:
        checkpoint = latest_checkpoint()
        if checkpoint is None:
            return Response({"error": "not_found", "detail": "no checkpoint has been made yet "
                             "(manage.py checkpoint)"}, status=404)
        return Response({
            "checkpoint": checkpoint.note,
            "origin": checkpoint.origin,
            "tree_size": checkpoint.tree_size,
            "root_hash": base64.b64encode(bytes.fromhex(checkpoint.root_hash)).decode(),
            "verifier_key": checkpoint.verifier_key,
            "created_at": checkpoint.created_at,
        })
