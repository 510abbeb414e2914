"""Statistics every feature shares: intervals and tests, power, confidence sequences, paired cells,
run tables."""
