"""The rules core (layer 1): pure, typed and fast. No I/O, no clock, no global randomness."""
