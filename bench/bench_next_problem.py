"""Next problem (F8 / Shift+F8) in a long survey: the GUI thread's time per jump, with the analysis shown, and after an
Enter not yet analysed (every underline then placed where its text went since).

    python bench/bench_next_problem.py [N]     (the sample N times, 300 by default: ~8 MB)
"""
import os, sys, time, tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
tmp = Path(tempfile.mkdtemp())
for k in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
    os.environ[k] = str(tmp / k)
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import QApplication
from editor_app.config import from_environment
from editor_app.resources_path import sample_survey_path
from editor_app.ui.app import create_window, make_application
app = make_application(sys.argv[:1])
n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
sample = sample_survey_path().read_text(encoding="utf-8")
survey = tmp / "s.md"; survey.write_text("\n".join([sample.rstrip("\n")] * n) + "\n", encoding="utf-8")
w = create_window(survey, from_environment()); w.ask_unsaved_changes = lambda: "discard"; w.resize(1400, 900); w.show()
def settle():
    while w.runner.published_revision != w.runner.revision or w.runner._timer.isActive():
        app.processEvents(); time.sleep(0.001)
    for _ in range(50): app.processEvents(); time.sleep(0.002)
settle()
w.goto_line(w.editor.blockCount() // 2 + 12)
def f8(label):
    ts = []
    for i in range(6):
        t = time.perf_counter(); w.jump_to_problem(i % 2 == 0); ts.append((time.perf_counter() - t) * 1000)
    print(label, " ".join(f"{x:.1f}" for x in ts), "ms; at", w.editor.textCursor().blockNumber() + 1)
f8("settled")
w.editor.moveCursor(QTextCursor.MoveOperation.StartOfBlock)
QApplication.sendEvent(w.editor, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "\r"))
f8("edited ")
w.close()
app.processEvents()
