"""Where the suite finds its inputs, all inside the repository: the seed archive's copy of the
rulebooks (the TEI schema is the one `archive.tei` bundles)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = ROOT / "archive" / "seed" / "rulebooks"
