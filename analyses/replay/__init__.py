"""``boardlab replay``: one recorded game rebuilt decision by decision and checked against its
record."""
