from django.urls import path

from archive import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_add, name="game-add"),
    path("games/<slug:slug>/", views.game_detail, name="game-detail"),
    path("games/<slug:slug>/rulebooks/add/", views.rulebook_add, name="rulebook-add"),
    path("games/<slug:slug>/points/", views.interpretation_points, name="game-points"),
    path("scans/<int:scan_id>/", views.scan_detail, name="scan-detail"),
    path(
        "transcriptions/<int:transcription_id>/",
        views.transcription_detail,
        name="transcription-detail",
    ),
    path(
        "transcriptions/<int:transcription_id>/tei.xml",
        views.transcription_tei,
        name="transcription-tei",
    ),
    path(
        "transcriptions/<int:transcription_id>/notes/add/",
        views.annotation_add,
        name="annotation-add",
    ),
    path(
        "transcriptions/<int:transcription_id>/notes/<int:annotation_id>/revise/",
        views.annotation_revise,
        name="annotation-revise",
    ),
    path(
        "rulebooks/<int:rulebook_id>/manifest.json",
        views.rulebook_manifest,
        name="rulebook-manifest",
    ),
    path(
        "rulebooks/<int:rulebook_id>/canvas/<int:scan_id>",
        views.rulebook_iiif_resource,
        name="rulebook-canvas",
    ),
    path(
        "rulebooks/<int:rulebook_id>/canvas/<int:scan_id>/<path:part>",
        views.rulebook_iiif_resource,
        name="rulebook-canvas-part",
    ),
    path("rulebooks/<int:rulebook_id>/edit/", views.rulebook_edit, name="rulebook-edit"),
    path("rulebooks/<int:rulebook_id>/side-by-side/", views.side_by_side, name="side-by-side"),
    path("rulebooks/<int:rulebook_id>/scans/add/", views.scan_add, name="scan-add"),
    path(
        "rulebooks/<int:rulebook_id>/transcriptions/add/",
        views.transcription_add,
        name="transcription-add",
    ),
]
