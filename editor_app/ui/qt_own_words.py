"""Qt's own words that the Chinese translation shipped with Qt lacks, translated in ours.

Qt 6.11's file dialog labels read "&Look in:" and "Files of &type:" (with Alt letters), while qtbase_zh_CN.qm still
holds only "Look in:" and "Files of type:": the Chinese Open and Save dialogs showed those two in English. Listed
here (never called) so that lupdate puts them in our .ts; Qt's translation is searched first (i18n installs it after
ours), so the day it has them, its words are used.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

MISSING_FROM_QT = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)
