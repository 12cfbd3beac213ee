from django.urls import path

from archive import views, workbench_views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new/", views.game_add, name="game-add"),
    path("games/<slug:slug>/", views.game_detail, name="game-detail"),
    path("games/<slug:slug>/rulebooks/add/", views.rulebook_add, name="rulebook-add"),
    path("games/<slug:slug>/points/", views.interpretation_points, name="game-points"),
    path("scans/<id:scan_id>/", views.scan_detail, name="scan-detail"),
    path(
        "transcriptions/<id:transcription_id>/",
        views.transcription_detail,
        name="transcription-detail",
    ),
    path("transcriptions/review/", workbench_views.review_queue, name="review-queue"),
    path(
        "transcriptions/<id:transcription_id>/pages/<number:number>/",
        workbench_views.transcription_page,
        name="transcription-page",
    ),
    path(
        "transcriptions/<id:transcription_id>/pages/<number:number>/annotations.json",
        workbench_views.page_annotations,
        name="page-annotations",
    ),
    path(
        "transcriptions/<id:transcription_id>/pages/<number:number>/save/",
        workbench_views.page_save,
        name="page-save",
    ),
    path(
        "transcriptions/<id:transcription_id>/pages/<number:number>/split/",
        workbench_views.page_split,
        name="page-split",
    ),
    path(
        "transcriptions/<id:transcription_id>/pages/<number:number>/join/",
        workbench_views.page_join,
        name="page-join",
    ),
    path(
        "transcriptions/<id:transcription_id>/pages/<number:number>/regions/",
        workbench_views.region_add,
        name="region-add",
    ),
    path(
        "transcriptions/<id:transcription_id>/regions/<id:region_id>/remove/",
        workbench_views.region_remove,
        name="region-remove",
    ),
    path(
        "transcriptions/<id:transcription_id>/review/",
        workbench_views.transcription_review,
        name="transcription-review",
    ),
    path(
        "transcriptions/<id:transcription_id>/compare/",
        workbench_views.transcription_compare,
        name="transcription-compare",
    ),
    path(
        "transcriptions/<id:transcription_id>/tei.xml",
        views.transcription_tei,
        name="transcription-tei",
    ),
    path(
        "transcriptions/<id:transcription_id>/notes/add/",
        views.annotation_add,
        name="annotation-add",
    ),
    path(
        "transcriptions/<id:transcription_id>/notes/<id:annotation_id>/revise/",
        views.annotation_revise,
        name="annotation-revise",
    ),
    path(
        "rulebooks/<id:rulebook_id>/manifest.json",
        views.rulebook_manifest,
        name="rulebook-manifest",
    ),
    path(
        "rulebooks/<id:rulebook_id>/canvas/<id:scan_id>",
        views.rulebook_iiif_resource,
        name="rulebook-canvas",
    ),
    path(
        "rulebooks/<id:rulebook_id>/canvas/<id:scan_id>/<path:part>",
        views.rulebook_iiif_resource,
        name="rulebook-canvas-part",
    ),
    path("rulebooks/<id:rulebook_id>/edit/", views.rulebook_edit, name="rulebook-edit"),
    path("rulebooks/<id:rulebook_id>/side-by-side/", views.side_by_side, name="side-by-side"),
    path("rulebooks/<id:rulebook_id>/scans/add/", views.scan_add, name="scan-add"),
    path(
        "rulebooks/<id:rulebook_id>/transcriptions/add/",
        views.transcription_add,
        name="transcription-add",
    ),
]
