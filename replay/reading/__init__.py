"""Reading: who may read (the access policy, ``policy``), what the pages read (typed faces and
selectors), the caches of what a finished run makes, and the match, step, compare and score
sheet pages."""
