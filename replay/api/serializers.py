"""How matches, their logs and games with their engines look in the API. The rules that
decide what is accepted live in ``replay.log.interchange`` and ``replay.log.append``; the request
serializers here describe shapes (and the OpenAPI document), nothing more."""

from __future__ import annotations

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from archive.serializers import GameSerializer
from boundary.drf import RefusesUnknownFields, WholeNumberField
from replay.log.append import MAX_BATCH
from replay.models import Event, Match


class EngineSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    min_players = WholeNumberField()
    max_players = WholeNumberField()
    default_setup = serializers.JSONField()
    points = serializers.ListField(child=serializers.JSONField(), help_text="interpretation points")
    event_schema = serializers.ListField(child=serializers.JSONField(), help_text="event types")
    board_provenance = serializers.JSONField(allow_null=True)


class GameListSerializer(GameSerializer):
    has_engine = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "has_engine"]

    def get_has_engine(self, game) -> bool:
        return self.context["engines"].get(game.slug) is not None


class GameDetailSerializer(GameSerializer):
    engine = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "engine"]

    @extend_schema_field(EngineSerializer(allow_null=True))
    def get_engine(self, game):
        return self.context["engine"]


class BranchOfSerializer(serializers.Serializer):
    match = WholeNumberField(help_text="the parent match's id (in the archive it came from)")
    seq = WholeNumberField(help_text="the events 1..seq are the parent's")
    hash = serializers.CharField(help_text="the chain's hash after event seq")


class MatchSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    branch_of = BranchOfSerializer(read_only=True, allow_null=True,
                                   help_text="set on a variation (what-if)")
    reading = serializers.DictField(child=serializers.CharField(), read_only=True,
                                    help_text="the reading the recorder offers choices under")
    created_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)

    class Meta:
        model = Match
        fields = [
            "id",
            "game",
            "title",
            "players",
            "setup",
            "played_on",
            "source",
            "is_private",
            "created_by",
            "created_at",
            "last_seq",
            "head_hash",
            "reading",
            "branch_of",
            "parent",
        ]
        read_only_fields = fields


class PlayerSerializer(RefusesUnknownFields, serializers.Serializer):
    id = serializers.CharField(max_length=40)
    name = serializers.CharField()


class MatchCreateSerializer(RefusesUnknownFields, serializers.Serializer):
    """Documents the body of POST /api/matches/; it is checked by the importer's own rules."""

    game = serializers.SlugField()
    title = serializers.CharField(max_length=300)
    players = PlayerSerializer(many=True, min_length=1)
    setup = serializers.DictField(required=False)
    played_on = serializers.DateField(required=False, allow_null=True)
    source = serializers.CharField(required=False, allow_blank=True)
    is_private = serializers.BooleanField(required=False, default=False)


class EventSerializer(serializers.ModelSerializer):
    class Meta:
        model = Event
        fields = ["seq", "type", "actor", "data", "recorded_at", "prev_hash", "hash"]
        read_only_fields = fields


class NewEventSerializer(RefusesUnknownFields, serializers.Serializer):
    seq = WholeNumberField(required=False, help_text="if given, must be the next seq")
    type = serializers.CharField()
    actor = serializers.CharField(required=False, allow_null=True)
    data = serializers.DictField(required=False)


class AppendRequestSerializer(RefusesUnknownFields, serializers.Serializer):
    expected_seq = WholeNumberField(
        min_value=0, help_text="the last seq the writer saw (0 for an empty log)"
    )
    # Each event is checked by append_events, which names its seq and field.
    events = serializers.ListField(child=serializers.JSONField())


class AppendRequestDocSerializer(RefusesUnknownFields, serializers.Serializer):
    """The body of POST /api/matches/{id}/events/ as the OpenAPI document shows it."""

    expected_seq = WholeNumberField(min_value=0)
    events = NewEventSerializer(many=True, min_length=1, max_length=MAX_BATCH)


class AppendResultSerializer(serializers.Serializer):
    match = WholeNumberField()
    first_seq = WholeNumberField()
    last_seq = WholeNumberField()
    head_hash = serializers.CharField()
    repeated = serializers.BooleanField(help_text="true when an idempotency key repeated")


class VariationRequestSerializer(RefusesUnknownFields, serializers.Serializer):
    """The body of POST /api/matches/{id}/variations/ (``replay.variations.lines.variation_create``)."""

    from_seq = WholeNumberField(
        min_value=0, help_text="the step to branch after: the variation starts with events 1..n"
    )
    title = serializers.CharField(max_length=300)


class OneOfDomainSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["one-of"])
    values = serializers.ListField(child=serializers.JSONField(),
                                   help_text="exactly one of these is the field's value")
    labels = serializers.ListField(child=serializers.CharField(),
                                   help_text="each value in the game's words")
    spaces = serializers.ListField(child=serializers.CharField(allow_null=True), required=False,
                                   help_text="the board space each value stands for (picked "
                                   "on the board), null where it has none")
    odds = serializers.ListField(child=serializers.FloatField(), required=False,
                                 help_text="a throw's or draw's odds of each value")


class SomeOfDomainSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["some-of"])
    pool = serializers.ListField(child=serializers.CharField(),
                                 help_text="the value is a list of least to most of these "
                                 "(each at most as often as the pool holds it), in any order")
    least = serializers.IntegerField()
    most = serializers.IntegerField()
    labels = serializers.ListField(child=serializers.CharField(),
                                   help_text="each item of the pool in the game's words")


class NumberDomainSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["number"])
    low = serializers.IntegerField()
    high = serializers.IntegerField(help_text="a whole number from low to high")


class TextDomainSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["text"])
    max_length = serializers.IntegerField(help_text="free text in the record's words, up to "
                                          "this many characters")
    suggestions = serializers.ListField(child=serializers.CharField(),
                                        help_text="names already met, for type-ahead")
    excluded = serializers.ListField(child=serializers.CharField(),
                                     help_text="names another choice stands for: not these")
    odds = serializers.ListField(child=serializers.FloatField(), required=False,
                                 help_text="the odds of each suggestion, for a draw whose "
                                 "cards are listed")


class DetailsDomainSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["details"])
    most = serializers.IntegerField(help_text="an object of at most this many named values")


@extend_schema_field(PolymorphicProxySerializer(
    component_name="Domain",
    serializers={"one-of": OneOfDomainSerializer, "some-of": SomeOfDomainSerializer,
                 "number": NumberDomainSerializer, "text": TextDomainSerializer,
                 "details": DetailsDomainSerializer},
    resource_type_field_name="kind",
))
class DomainField(serializers.JSONField):
    """The values an open field may take at this state, by ``kind``."""


class OpenFieldSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="the data key the record fills, or actor")
    prompt = serializers.CharField(help_text="the question, in the game's words")
    optional = serializers.BooleanField(help_text="the record may also leave it out")
    decider = serializers.CharField(allow_null=True, help_text="the player who decides it "
                                    "when that is not the choice's actor (null: the actor, or "
                                    "nobody for a throw or draw)")
    domain = DomainField()


class ChoiceEventSerializer(serializers.Serializer):
    type = serializers.CharField()
    actor = serializers.CharField(allow_null=True)
    data = serializers.DictField(help_text="the data the choice fixes; the open fields add "
                                 "the rest")


class ChoiceSerializer(serializers.Serializer):
    event = ChoiceEventSerializer(help_text="what the choice fixes: with every open field "
                                  "given a value of its domain, exactly what POST "
                                  ".../events/ takes")
    label = serializers.CharField(help_text="one sentence in the game's words")
    chance = serializers.BooleanField(help_text="an outcome of a die or a draw")
    fields = OpenFieldSerializer(many=True, help_text="the open fields, each with its domain")
    open_fields = serializers.ListField(child=serializers.CharField(),
                                        help_text="the open fields' names")
    omitted = serializers.ListField(child=serializers.CharField(),
                                    help_text="data keys the record must leave out here")
    spaces = serializers.ListField(child=serializers.CharField(),
                                   help_text="the board spaces it touches")
    origin = serializers.CharField(allow_null=True,
                                   help_text="the space of the piece it moves (picked first)")
    target = serializers.CharField(allow_null=True,
                                   help_text="the space it goes to, when the choice fixes it")
    points = serializers.ListField(child=serializers.CharField(),
                                   help_text="interpretation points that decided it is legal")


class ChoicesSerializer(serializers.Serializer):
    seq = WholeNumberField(help_text="the log's last seq: the expected_seq to append with")
    reading = serializers.DictField(child=serializers.CharField(),
                                    help_text="every point's option the choices are legal under")
    seat = serializers.CharField(allow_null=True, help_text="the seat whose choices these are, "
                                 "from what it can see; null: the archivist's (every choice)")
    finished = serializers.BooleanField(help_text="the game is over: nothing more is offered")
    choices = ChoiceSerializer(many=True)
