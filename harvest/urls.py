from django.urls import path

from harvest import views

urlpatterns = [
    path("oai", views.oai_endpoint, name="oai"),
]
