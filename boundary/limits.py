"""The bounds, each with its reason."""

# I-JSON (RFC 7493, section 2.2): whole numbers beyond ±(2**53 - 1) lose precision in most JSON
# readers, and beyond 64 bits they cannot be written by the exports at all.
MAX_SAFE_INTEGER = 2**53 - 1
# Ids, seqs, steps and page numbers are PostgreSQL ``integer`` columns.
MAX_DB_INTEGER = 2**31 - 1
# Deep enough for any record (a match document nests about eight levels), far below the
# depth at which a recursive parser or serialiser runs out of stack.
MAX_JSON_DEPTH = 64
# One string inside free-form JSON (a match's setup, an event's data).
MAX_VALUE_TEXT = 10_000
# A whole number written with more digits than this is refused before conversion (Python
# itself refuses more than 4,300 digits with an error that names nothing).
MAX_NUMBER_DIGITS = 40
