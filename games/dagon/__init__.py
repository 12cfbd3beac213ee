"""Dagon contra el Hechicero de los Reinos Negros: the rule engine (``games.dagon.rules.ENGINE``)."""
