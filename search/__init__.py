"""Full-text search across the archive: transcription passages (every language and published
version), their notes, the glossaries, the engines' interpretation points, games and match
annotations.

One index table written by ``search.services`` whenever the archive or a match log stores text
(it listens to their signals); PostgreSQL reads it with its text-search configurations and a GIN
index, SQLite with an FTS5 table the same service keeps in step."""
