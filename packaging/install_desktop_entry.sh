#!/usr/bin/env bash
# Put Survey Editor into this user's application menu (a pip install can't): the desktop entry with Exec pointing
# at the installed survey-editor, the AppStream metainfo, and the icons, all under ${XDG_DATA_HOME:-~/.local/share}.
# Usage: packaging/install_desktop_entry.sh [/absolute/path/to/survey-editor]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
APP_ID="io.github.surveyeditor.SurveyEditor"
EXE="${1:-$(command -v survey-editor || true)}"
case "$EXE" in
  /*) [ -x "$EXE" ] || { echo "not an executable: $EXE" >&2; exit 2; } ;;
  *) echo "usage: $0 /absolute/path/to/survey-editor   (survey-editor is not on PATH)" >&2; exit 2 ;;
esac
case "$EXE" in *'"'*|*'`'*|*'$'*|*'\'*) echo "unsupported characters in $EXE" >&2; exit 2 ;; esac
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"

mkdir -p "$DATA/applications" "$DATA/metainfo" "$DATA/icons/hicolor/scalable/apps"
sed "s|^Exec=survey-editor |Exec=\"$EXE\" |" "$ROOT/packaging/$APP_ID.desktop" >"$DATA/applications/$APP_ID.desktop"
cp "$ROOT/packaging/$APP_ID.metainfo.xml" "$DATA/metainfo/"
cp "$ROOT/resources/icons/$APP_ID.svg" "$DATA/icons/hicolor/scalable/apps/"
for png in "$ROOT"/resources/icons/hicolor/*/apps/"$APP_ID.png"; do
  size="$(basename "$(dirname "$(dirname "$png")")")"
  mkdir -p "$DATA/icons/hicolor/$size/apps"
  cp "$png" "$DATA/icons/hicolor/$size/apps/"
done
update-desktop-database -q "$DATA/applications" 2>/dev/null || true
gtk-update-icon-cache -q -t -f "$DATA/icons/hicolor" 2>/dev/null || true
echo "installed $DATA/applications/$APP_ID.desktop (Exec: $EXE)"
