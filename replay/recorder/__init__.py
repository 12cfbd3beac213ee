"""The recorder: a match recorded move by move from what the rules offer at the log's head."""
