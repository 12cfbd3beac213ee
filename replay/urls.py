from django.urls import path

from replay import views

urlpatterns = [
    path("matches/", views.match_list, name="match-list"),
    path("matches/<int:match_id>/", views.match_detail, name="match-detail"),
    path("matches/<int:match_id>/export.json", views.match_export, name="match-export"),
]
