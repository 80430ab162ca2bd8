"""Command-line interfaces (layer 3)."""
