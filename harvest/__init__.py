"""Harvesting: the archive's public rulebooks and published transcriptions over OAI-PMH 2.0, as
Dublin Core (``oai_dc``) and as TEI headers (``tei``), for libraries and aggregators. Drafts and
versions under review never appear: a transcription's record is its published version."""
