"""``python -m burraco``: the same as the ``burraco`` command."""

from burraco.cli.app import main

if __name__ == "__main__":
    main()
