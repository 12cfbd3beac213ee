"""The API of matches, logs, runs and comparisons (the reading pages' JSON twin)."""
