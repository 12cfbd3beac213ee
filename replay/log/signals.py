"""What a match log announces when events enter it, sent inside the appending transaction."""

from django.dispatch import Signal

# Events appended to a match's log: kwargs ``match`` and ``events`` (dicts with seq, type, actor
# and data, as stored). Sent only for appends that carry notes (annotations or corrections).
notes_appended = Signal()
