"""The log: matches and their append-only, hash-chained event logs: creating a match, the one
append path, notes, the database guards, the interchange format and what a backup keeps of
them."""
