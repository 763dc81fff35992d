"""The layering rule of design.md, enforced: core, services and the CLI never load Qt or pyqtgraph."""

import subprocess
import sys


def test_core_services_cli_do_not_import_qt():
    code = (
        "import sys, pkgutil, importlib\n"
        "import editor_app.core, editor_app.services, editor_app.cli, editor_app.formats\n"
        "for pkg in (editor_app.core, editor_app.services):\n"
        "    for m in pkgutil.iter_modules(pkg.__path__):\n"
        "        importlib.import_module(pkg.__name__ + '.' + m.name)\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph', 'shiboken6'))]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_cli_check_runs_without_qt(sample_path):
    code = (
        "import sys\n"
        "from editor_app.cli import main\n"
        f"rc = main([{str(sample_path)!r}, '--format', 'json'])\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph'))]\n"
        "sys.stderr.write('QT:' + ','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "QT:" in out.stderr and out.stderr.split("QT:")[1].strip() == ""
