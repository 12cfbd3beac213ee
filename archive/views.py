from django.shortcuts import get_object_or_404, render

from archive import selectors
from archive.models import Game, Transcription


def home(request):
    query = request.GET.get("q", "").strip()[:100]
    return render(
        request, "archive/home.html", {"games": selectors.game_list(query=query), "query": query}
    )


def game_detail(request, slug: str):
    game = get_object_or_404(Game, slug=slug)
    return render(
        request,
        "archive/game.html",
        {
            "game": game,
            "rulebooks": selectors.game_rulebooks(game=game),
            "latest": selectors.latest_transcriptions(game=game),
        },
    )


def transcription_detail(request, transcription_id: int):
    transcription = get_object_or_404(
        Transcription.objects.select_related("rulebook__game", "translation_of"),
        pk=transcription_id,
    )
    return render(
        request,
        "archive/transcription.html",
        {
            "transcription": transcription,
            "game": transcription.rulebook.game,
            "passages": selectors.annotated_passages(transcription=transcription),
            "versions": transcription.rulebook.transcriptions.filter(
                language=transcription.language
            ).order_by("-version"),
        },
    )
