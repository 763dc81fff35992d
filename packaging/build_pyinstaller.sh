#!/usr/bin/env bash
# Build the one-folder app with PyInstaller into build/pyinstaller/dist/survey-editor, then prove it starts:
# the built survey-editor takes a --screenshot and the built survey-check checks the bundled sample and exports its
# report as HTML and PDF.
# PyInstaller is a packaging-only dependency: it goes into a separate build venv, never into the runtime deps.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${BUILD_DIR:-$ROOT/build/pyinstaller}"
VENV="${PACKAGE_VENV:-$BUILD/venv}"
PYTHON="${PYTHON:-python3}"
SHOT="${SCREENSHOT:-$BUILD/screenshot.png}"

mkdir -p "$BUILD"
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# pip builds in the tree, and setuptools copies into build/lib without emptying it first: a module or resource since
# removed or renamed would still be packaged (a deleted rule pack still listed in the app). Start that copy afresh.
rm -rf "$ROOT/build/lib" "$ROOT"/build/bdist.*
"$VENV/bin/python" -m pip install -q "$ROOT[package]"
# Non-editable on purpose (and always the current tree): the analysis must see editor_app/resources installed.
"$VENV/bin/python" -m pip install -q --force-reinstall --no-deps "$ROOT"

cd "$BUILD"  # keep the source tree out of sys.path: the build must use the installed package
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN \
  --distpath "$BUILD/dist" --workpath "$BUILD/work" "$ROOT/packaging/survey-editor.spec"

APP="$BUILD/dist/survey-editor"
rm -f "$SHOT"
# A first start with its own settings and data: the check never touches the builder's own.
XDG_CONFIG_HOME="$BUILD/check-config" XDG_DATA_HOME="$BUILD/check-data" \
  QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$APP/survey-editor" --screenshot "$SHOT"
test -s "$SHOT" || { echo "the built app did not write $SHOT" >&2; exit 1; }
"$APP/survey-check" --help >/dev/null
SAMPLE="$APP/_internal/editor_app/resources/samples/llm-infra-2026-09-14.md"
XDG_DATA_HOME="$BUILD/check-data" "$APP/survey-check" "$SAMPLE" >/dev/null || [ $? -eq 1 ]
# survey-check is built without Qt: its --export (charts, PDF) goes through the survey-editor beside it.
for report in "$BUILD/report.html" "$BUILD/report.pdf"; do
  rm -f "$report"
  XDG_DATA_HOME="$BUILD/check-data" QT_QPA_PLATFORM=offscreen \
    "$APP/survey-check" "$SAMPLE" --force --export "$report" >/dev/null || [ $? -eq 1 ]
  test -s "$report" || { echo "the built survey-check did not write $report" >&2; exit 1; }
done
grep -q 'data:image/png;base64' "$BUILD/report.html" || { echo "no charts in $BUILD/report.html" >&2; exit 1; }
head -c 5 "$BUILD/report.pdf" | grep -q '%PDF-' || { echo "$BUILD/report.pdf is no PDF" >&2; exit 1; }
echo "built: $APP ($(du -sh "$APP" | cut -f1)); screenshot: $SHOT"
