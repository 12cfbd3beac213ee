from django.urls import path

from archive import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/", views.game_detail, name="game-detail"),
    path("games/<slug:slug>/points/", views.interpretation_points, name="game-points"),
    path("scans/<int:scan_id>/", views.scan_detail, name="scan-detail"),
    path(
        "transcriptions/<int:transcription_id>/",
        views.transcription_detail,
        name="transcription-detail",
    ),
    path("rulebooks/<int:rulebook_id>/side-by-side/", views.side_by_side, name="side-by-side"),
    path("rulebooks/<int:rulebook_id>/scans/add/", views.scan_add, name="scan-add"),
    path(
        "rulebooks/<int:rulebook_id>/transcriptions/add/",
        views.transcription_add,
        name="transcription-add",
    ),
]
