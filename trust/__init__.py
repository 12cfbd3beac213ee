"""The archive's trust: what lets a collector believe a stored match is the match that was
recorded, without believing the server.

The hash chain and its one reader (every read of a log checks it), signed checkpoints (Merkle
tree heads as C2SP signed notes, kept outside the database), and the backup that gives
history back exactly. Kept apart from ``replay`` so the few modules that guard the record are
read and reviewed on their own. ``replay`` records and replays matches through the chain and
its reader; those and the checkpoints need of ``replay`` only its tables (this app has none of
its own) and its errors, while backup and restore also speak the interchange format and the
restore replays every run to prove it reproduces.
"""
