#!/usr/bin/env bash
# The fresh-machine path, container-less: a clean clone, a new virtualenv, a non-editable `pip install`, then
# both programs run from outside the source tree and find the bundled pack and sample (survey-check also exports
# the sample's PDF report); the window starts offscreen and, when Xvfb is installed, on the xcb platform under a
# plain X server (screenshots kept).
# Usage: packaging/check_fresh_install.sh [--working-tree]   (default: the committed state, via git clone)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WORK:-$(mktemp -d /tmp/survey-fresh.XXXXXX)}"
PYTHON="${PYTHON:-python3}"
mkdir -p "$WORK"
# A fresh machine has no settings, history or saved window layout: keep this run's own under $WORK.
export XDG_CONFIG_HOME="$WORK/config" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
unset SURVEY_EDITOR_DB SURVEY_ARXIV_URL SURVEY_ARXIV_INTERVAL SURVEY_CONTACT

if [ "${1:-}" = "--working-tree" ]; then SRC="$ROOT"; else SRC="$WORK/clone"; rm -rf "$SRC"; git clone -q "$ROOT" "$SRC"; fi
rm -rf "$SRC/build/lib" "$SRC"/build/bdist.*  # setuptools' in-tree copy keeps files since removed (build_pyinstaller.sh)
"$PYTHON" -m venv "$WORK/venv"
BIN="$WORK/venv/bin"
"$BIN/python" -m pip install -q "$SRC"
cd "$WORK"  # away from the source tree: only the installed package can answer

"$BIN/survey-check" --help >/dev/null
SAMPLE="$("$BIN/python" -c 'from editor_app.resources_path import sample_survey_path as s; print(s())')"
PACK="$("$BIN/python" -c 'from editor_app.resources_path import house_pack_path as p; print(p())')"
for f in "$SAMPLE" "$PACK"; do
  case "$f" in "$WORK/venv/"*) [ -f "$f" ] ;; *) echo "not from the installed package: $f" >&2; exit 1 ;; esac
done
rc=0; "$BIN/survey-check" "$SAMPLE" --format json >"$WORK/check.json" || rc=$?
[ "$rc" -le 1 ] || { echo "survey-check failed on the bundled sample (exit $rc)" >&2; exit 1; }
"$BIN/python" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["metrics"] and d["sections"], d' "$WORK/check.json"
echo "survey-check: exit $rc on the bundled sample; resources at $(dirname "$(dirname "$SAMPLE")")"
rc=0; QT_QPA_PLATFORM=offscreen "$BIN/survey-check" "$SAMPLE" --force --export "$WORK/report.pdf" >/dev/null || rc=$?
{ [ "$rc" -le 1 ] && head -c 5 "$WORK/report.pdf" | grep -q '%PDF-'; } || { echo "survey-check --export report.pdf failed (exit $rc)" >&2; exit 1; }
echo "survey-check --export: $WORK/report.pdf"

XDG_CONFIG_HOME="$WORK/config-offscreen" QT_QPA_PLATFORM=offscreen "$BIN/survey-editor" --screenshot "$WORK/offscreen.png"
test -s "$WORK/offscreen.png"
echo "survey-editor (offscreen): $WORK/offscreen.png"

# Each start is a first start (the offscreen run's saved window layout must not shape the xcb one).
if command -v Xvfb >/dev/null 2>&1; then
  exec 3>"$WORK/display"
  Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
  XVFB=$!
  trap 'kill "$XVFB" 2>/dev/null || true' EXIT
  for _ in $(seq 50); do [ -s "$WORK/display" ] && break; sleep 0.1; done
  XDG_CONFIG_HOME="$WORK/config-xcb" DISPLAY=":$(head -n1 "$WORK/display")" QT_QPA_PLATFORM=xcb "$BIN/survey-editor" --screenshot "$WORK/xcb.png"
  test -s "$WORK/xcb.png"
  echo "survey-editor (xcb under Xvfb): $WORK/xcb.png"
else
  echo "Xvfb not installed: xcb start not checked" >&2
fi
echo "fresh install OK in $WORK"
