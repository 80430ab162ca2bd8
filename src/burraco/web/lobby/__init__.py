"""The live tables of one process: created, restored, joined, ticked and unloaded."""
