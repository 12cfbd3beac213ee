from django.urls import path

from studies import views

urlpatterns = [
    path("studies/<id:study_id>/", views.study_detail, name="study-detail"),
    path("studies/<id:study_id>/cancel/", views.study_stop, name="study-cancel"),
    path("matches/<id:match_id>/sweep/", views.match_sweep, name="sweep"),
    path("matches/<id:match_id>/reading/", views.reading, name="study-reading"),
    path("games/<slug:slug>/studies/", views.game_studies, name="game-studies"),
]
