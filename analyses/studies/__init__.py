"""Balance studies of a run: win rates, ratings, seat and turn order, variants, wheel, card values,
ladders."""
