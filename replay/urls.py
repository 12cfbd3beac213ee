from django.urls import path

from replay import rules_editor
from replay.reading import compare_views, match_views, printing, score_sheet_views, step_views
from replay.recorder import views as recorder_views
from replay.variations import views as variation_views

urlpatterns = [
    path("games/<slug:slug>/rules/", rules_editor.rules_editor, name="rules-editor"),
    path("games/<slug:slug>/rules/check/", rules_editor.rules_editor_check, name="rules-check"),
    path("games/<slug:slug>/rules/<int:version>/", rules_editor.rules_publish_page,
         name="rules-publish"),
    path("matches/", match_views.match_list, name="match-list"),
    path("matches/new/", match_views.match_new, name="match-create"),
    path("matches/import/", match_views.match_import, name="match-import"),
    path("matches/<id:match_id>/", match_views.match_detail, name="match-detail"),
    path("matches/<id:match_id>/export.json", match_views.match_export, name="match-export"),
    path("matches/<id:match_id>/print.css", printing.match_print_css, name="match-print-css"),
    path("matches/<id:match_id>/score-sheet/", score_sheet_views.match_score_sheet,
         name="match-score-sheet"),
    path("matches/<id:match_id>/record/", recorder_views.recorder, name="match-record"),
    path("matches/<id:match_id>/record/choice/", recorder_views.record_choice,
         name="match-record-choice"),
    path("matches/<id:match_id>/record/as-played/", recorder_views.record_as_played,
         name="match-record-as-played"),
    path("matches/<id:match_id>/record/undo/", recorder_views.record_undo,
         name="match-record-undo"),
    path("matches/<id:match_id>/record/reading/", recorder_views.record_reading,
         name="match-record-reading"),
    path("matches/<id:match_id>/append/", match_views.match_append, name="match-append"),
    path("matches/<id:match_id>/runs/", step_views.run_start, name="run-start"),
    path("matches/<id:match_id>/runs/<id:run_id>/", step_views.run_detail, name="run-detail"),
    path("matches/<id:match_id>/runs/<id:run_id>/step/", step_views.replay_goto, name="replay-goto"),
    path(
        "matches/<id:match_id>/runs/<id:run_id>/step/<number:seq>/",
        step_views.replay_step,
        name="replay-step",
    ),
    path(
        "matches/<id:match_id>/runs/<id:run_id>/step/<number:seq>/annotate/",
        step_views.step_annotate,
        name="step-annotate",
    ),
    path(
        "matches/<id:match_id>/runs/<id:run_id>/step/<number:seq>/notes/<number:note_seq>/revise/",
        step_views.step_note_revise,
        name="step-note-revise",
    ),
    path(
        "matches/<id:match_id>/runs/<id:run_id>/step/<number:seq>/variation/",
        variation_views.variation_add,
        name="variation-add",
    ),
    path("matches/<id:match_id>/compare/", compare_views.compare, name="compare"),
    path("matches/<id:match_id>/compare-with-parent/", variation_views.compare_with_parent,
         name="compare-with-parent"),
]
