"""``burraco bench``: the speed figures, each beside its anchor in one run, per CPU-second.

``engine`` (whole hands, the meld generator, the legal-action listing, OpenSpiel's gin rummy beside
ours; which core runs: :func:`~burraco.bench.engine.core_path`), ``bots`` (the search bots' rates),
``rl``, ``rl_floor`` and ``rl_warm`` (the RL environment against the engine and a bare environment).
Nothing in the runtime packages imports this one."""
