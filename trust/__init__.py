"""The archive's trust: what lets a collector believe a stored match is the match that was
recorded, without believing the server.

A layer below the apps that keep logs, importing none of them: the hash chain (``chain``: one
formula, one genesis) and its one reader (``reader``: every read of a log checks it), the
audit of a whole log against the heads others witnessed (``audit``), signed checkpoints
(Merkle tree heads as C2SP signed notes, kept outside the database: ``checkpoints`` and their
``models``), and the backup that gives history back exactly (``backup``). Which tables hold
the logs, and who witnessed their heads, is told to it (``logs``).
"""
