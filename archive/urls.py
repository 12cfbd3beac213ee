from django.urls import path

from archive import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/", views.game_detail, name="game-detail"),
    path(
        "transcriptions/<int:transcription_id>/",
        views.transcription_detail,
        name="transcription-detail",
    ),
]
