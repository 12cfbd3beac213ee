"""Where the suite finds its inputs: the repository's own copy of the rulebooks (the seed
archive), and the shared folder beside the checkout for the official TEI schema."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULEBOOKS = ROOT / "archive" / "seed" / "rulebooks"
SHARED = Path(os.environ.get("LUDOTECA_SHARED_DIR") or ROOT.parent / "shared")
TEI_SCHEMA = SHARED / "schemas" / "tei_all.rng"
