"""Variations (what-if): matches that branch from another after one of its events, and the
lines of play they make."""
