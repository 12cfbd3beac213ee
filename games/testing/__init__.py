"""What an engine's tests check, importable from the installed project: a plugin's tests hold
its engine to the same contract as Ludoteca's own (``games.testing.contract``). Plain
functions that return what is wrong; no test framework is imported here."""
