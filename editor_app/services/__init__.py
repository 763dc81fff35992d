"""The outside world, still Qt-free: files, the SQLite store, the arXiv client, report export."""
