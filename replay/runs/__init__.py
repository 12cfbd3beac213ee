"""Runs: a log replayed through its game's engine under one reading: replaying, reading a
step back from snapshots, head states, comparisons of two runs, what an engine change did, the
sample matches."""
