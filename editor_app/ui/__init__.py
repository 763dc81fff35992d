"""PySide6 and pyqtgraph live here and only here."""
