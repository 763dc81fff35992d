"""Edit → Settings: the few things a user sets once (rule pack, arXiv access, autosave, database, editor font,
the window's language)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFontComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from editor_app.config import MIN_REAL_ARXIV_INTERVAL, REAL_ARXIV_URL, Config, is_real_arxiv
from editor_app.config import default_db_path
from editor_app.ui.theme import ORANGE, PROBLEM, keep_text_colour

# Environment variables that win over saved settings (editor_app.config.from_environment).
# SURVEY_EDITOR_LANG wins over the saved language (editor_app.ui.i18n.chosen_language).
ENV_OVERRIDES = ("SURVEY_ARXIV_URL", "SURVEY_ARXIV_INTERVAL", "SURVEY_EDITOR_DB", "SURVEY_EDITOR_AUTOSAVE_SECONDS",
                 "SURVEY_CONTACT", "SURVEY_EDITOR_LANG")


class SettingsDialog(QDialog):
    """Shows the saved settings; Save stores them through the SettingsStore, which tells the window (`changed`)."""

    def __init__(self, store, parent: QWidget | None = None, *, command_line: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.command_line = dict(command_line or {})  # {"--arxiv-url": URL}: this session's, not saved
        self.setObjectName("settings_dialog")
        self.setWindowTitle(self.tr("Settings"))
        self.setMinimumWidth(640)

        self.rule_pack_edit = self._line("rule_pack_edit", self.tr("Beside the survey, else the bundled house pack"))
        choose_pack = QPushButton(self.tr("Choose…"), clicked=self.choose_rule_pack)
        self.rule_pack_edit.editingFinished.connect(self._show_pack_warnings)
        self.pack_note = QLabel(objectName="pack_note", wordWrap=True)  # a usable pack's slips, as survey-check's
        keep_text_colour(self.pack_note, ORANGE)
        self.pack_note.hide()
        # which pack file checks the survey now, and which edits take effect at once (the bundled pack is read at start)
        self.pack_in_use = QLabel(objectName="pack_in_use", wordWrap=True)
        self.pack_in_use.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pack_in_use.hide()
        self.arxiv_url_edit = self._line("arxiv_url_edit", REAL_ARXIV_URL)
        self.arxiv_url_edit.textChanged.connect(self._update_interval_floor)
        self.contact_edit = self._line("contact_edit", self.tr("you@example.org (sent to arXiv with each request)"))
        self.interval_spin = QDoubleSpinBox(objectName="interval_spin", decimals=1, maximum=600.0, singleStep=0.5)
        self.interval_spin.setSuffix(self.tr(" s"))
        self.interval_note = QLabel(objectName="interval_note", wordWrap=True)
        self.autosave_spin = QSpinBox(objectName="autosave_spin", minimum=5, maximum=3600, singleStep=5)
        self.autosave_spin.setSuffix(self.tr(" s"))
        self.db_path_edit = self._line("db_path_edit", str(default_db_path()))
        choose_db = QPushButton(self.tr("Choose…"), clicked=self.choose_database)
        self.font_auto_check = QCheckBox(self.tr("Automatic (the first Chinese-capable font installed)"))
        self.font_auto_check.setObjectName("font_auto_check")
        self.font_combo = QFontComboBox(objectName="font_combo")
        self.font_auto_check.toggled.connect(lambda auto: self.font_combo.setEnabled(not auto))
        self.font_note = QLabel(objectName="font_note", wordWrap=True)
        self.font_note.hide()
        self._shown_font = ("", "")  # (the font saved, the family the combo shows for it)
        self.language_combo = QComboBox(objectName="language_combo")
        from editor_app.ui.i18n import LANGUAGE_NAMES, chosen_language

        system = LANGUAGE_NAMES[chosen_language({})]  # what the desktop's locale gives
        self.language_combo.addItem(self.tr("System (%1)").replace("%1", system), "")
        for code, name in LANGUAGE_NAMES.items():
            self.language_combo.addItem(name, code)
        self.language_note = QLabel(objectName="language_note", wordWrap=True)
        self.language_combo.currentIndexChanged.connect(self._show_language_note)
        self._show_language_note()
        self.env_note = QLabel(objectName="env_note", wordWrap=True)
        self.problems_label = QLabel(objectName="problems_label", wordWrap=True)
        keep_text_colour(self.problems_label, PROBLEM)
        self.problems_label.hide()

        form = QFormLayout()
        form.addRow(self.tr("Rule pack:"), _row(self.rule_pack_edit, choose_pack))
        form.addRow("", self.pack_note)
        form.addRow("", self.pack_in_use)
        form.addRow(self.tr("arXiv API URL:"), self.arxiv_url_edit)
        form.addRow(self.tr("Contact address:"), self.contact_edit)
        form.addRow(self.tr("Time between arXiv requests:"), self.interval_spin)
        form.addRow("", self.interval_note)
        form.addRow(self.tr("Autosave every:"), self.autosave_spin)
        form.addRow(self.tr("History database:"), _row(self.db_path_edit, choose_db))
        form.addRow(self.tr("Editor font:"), self.font_auto_check)
        form.addRow("", self.font_combo)
        form.addRow("", self.font_note)
        form.addRow(self.tr("Language:"), self.language_combo)
        form.addRow("", self.language_note)

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        self.reset_button = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.reset_button.setText(self.tr("Reset to defaults"))
        self.reset_button.clicked.connect(self.reset_to_defaults)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.env_note)
        layout.addWidget(self.problems_label)
        layout.addWidget(buttons)

        saved = store.stored_config() if hasattr(store, "stored_config") else store.config()
        self.show_config(saved)
        self._show_environment_overrides()

    def _line(self, name: str, placeholder: str) -> QLineEdit:
        edit = QLineEdit(objectName=name)
        edit.setPlaceholderText(placeholder)
        edit.setClearButtonEnabled(True)
        return edit

    def show_config(self, cfg: Config) -> None:
        """Fill every field from a Config."""
        self.rule_pack_edit.setText(str(cfg.rule_pack) if cfg.rule_pack else "")
        self._show_pack_warnings()
        self.arxiv_url_edit.setText(cfg.arxiv_url)
        self.contact_edit.setText(cfg.contact)
        self._update_interval_floor()
        self.interval_spin.setValue(cfg.arxiv_interval)
        self.autosave_spin.setValue(cfg.autosave_seconds)
        self.db_path_edit.setText(str(cfg.db_path) if cfg.db_path else "")
        self.font_auto_check.setChecked(not cfg.editor_font)
        self.font_combo.setEnabled(bool(cfg.editor_font))
        self.font_note.hide()
        if cfg.editor_font:
            self.font_combo.setCurrentFont(QFont(cfg.editor_font))
            if cfg.editor_font not in QFontDatabase.families():
                # e.g. settings brought from another computer: say so, and keep the name unless another is picked
                from editor_app.ui.code_editor import pick_editor_font

                self.font_combo.setCurrentFont(pick_editor_font())  # the font in use, not Qt's nearest match
                self.font_note.setText(self.tr("“%1” is not installed on this computer; the editor uses %2 instead.")
                                       .replace("%1", cfg.editor_font).replace("%2", pick_editor_font().family()))
                self.font_note.show()
        else:  # show the font "Automatic" picks, not the combo's own first entry
            from editor_app.ui.code_editor import pick_editor_font

            self.font_combo.setCurrentFont(pick_editor_font())
        self._shown_font = (cfg.editor_font, self.font_combo.currentFont().family())
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(cfg.language)))

    def edited_config(self) -> Config:
        """The Config the fields describe now; empty paths mean 'the default place'."""
        pack = self.rule_pack_edit.text().strip()
        db = self.db_path_edit.text().strip()
        return replace(
            Config(),
            rule_pack=Path(pack).expanduser() if pack else None,
            arxiv_url=self.arxiv_url_edit.text().strip() or REAL_ARXIV_URL,
            contact=self.contact_edit.text().strip() or Config().contact,
            arxiv_interval=float(self.interval_spin.value()),
            autosave_seconds=int(self.autosave_spin.value()),
            db_path=Path(db).expanduser() if db else None,
            editor_font="" if self.font_auto_check.isChecked() else self._chosen_font(),
            language=self.language_combo.currentData() or "",
        )

    def _chosen_font(self) -> str:
        family = self.font_combo.currentFont().family()
        saved, shown = self._shown_font
        return saved if saved and family == shown else family

    def save(self) -> None:
        """Store the fields; all defaults clears the stored group so future default changes reach the user.

        Settings that would not work (a rule pack that is missing, a folder or broken, an address that is not a URL,
        a contact that is not an email, a database path that is a folder or another kind of file...) are named in the
        dialog and nothing is stored."""
        cfg = self.edited_config()
        if self.show_problems(cfg):
            return
        if cfg == Config():
            self.store.reset()
        else:
            self.store.save(cfg)
        self.accept()

    def show_problems(self, cfg: Config) -> bool:
        """Name what is wrong with `cfg` under the fields and put the cursor in the first bad one; False if nothing."""
        from editor_app.config_checks import settings_problems

        problems = settings_problems(cfg)
        self.problems_label.setText("\n".join(self._problem_text(code, detail) for _field, code, detail in problems))
        self.problems_label.setVisible(bool(problems))
        self._fit_height()
        if problems:
            fields = {"arxiv_url": self.arxiv_url_edit, "contact": self.contact_edit, "db_path": self.db_path_edit,
                      "rule_pack": self.rule_pack_edit}
            fields[problems[0][0]].setFocus()
            fields[problems[0][0]].selectAll()
        return bool(problems)

    def _problem_text(self, code: str, detail) -> str:
        if code == "pack_unusable":  # the pack's file, line and key, and the reason in the window's language
            from editor_app.ui.engine_text import pack_error_text

            said = self.tr("The rule pack can't be used: %1").replace("%1", pack_error_text(detail))
            return self.tr("Not saved: %1").replace("%1", said)
        texts = {
            "not_url": self.tr("The arXiv API URL “%1” is not a web address: it must start with https:// "
                               "(or http:// for a test server) and name a host."),
            "real_needs_https": self.tr("arXiv's own API is reached with https://, not http:// (“%1”)."),
            "not_email": self.tr("The contact address “%1” is not an email address (name@example.org); arXiv "
                                 "asks for one it can reach you at."),
            "db_is_folder": self.tr("The history database “%1” is a folder: add a file name, e.g. history.db."),
            "db_not_database": self.tr("“%1” is not a history database (another kind of file); it is left as it "
                                       "is. Choose another file name."),
            "db_unreadable": self.tr("The history database “%1” can't be read."),
            "db_read_only": self.tr("The history database “%1” can't be written there (read-only)."),
            "db_folder_is_file": self.tr("The history database “%1” can't be made: a folder on its way is a file."),
            "db_folder_missing": self.tr("The folder for the history database “%1” can't be made."),
        }
        return self.tr("Not saved: %1").replace("%1", texts[code].replace("%1", detail))

    def reset_to_defaults(self) -> None:
        """Put the defaults in the fields; nothing is stored until Save."""
        self.show_config(Config())
        self.problems_label.hide()  # the defaults have none

    def choose_rule_pack(self) -> None:
        start = self.rule_pack_edit.text() or str(Path.home())
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Choose a rule pack"), start, self.tr("Rule packs (*.toml)")
        )
        if path:
            self.rule_pack_edit.setText(path)
            self._show_pack_warnings()

    def _show_pack_warnings(self) -> None:
        """The chosen pack's slips (an [i18n] key naming nothing the pack has), said under it as survey-check and
        the window's status bar say them: the pack is still used, and Save stores it. A pack that can't be used is
        said at Save, which refuses it."""
        from editor_app.config_checks import rule_pack_warnings
        from editor_app.core.rulepack import PackWarning
        from editor_app.ui.engine_text import pack_error_text

        typed = self.rule_pack_edit.text().strip()
        slips = rule_pack_warnings(Path(typed).expanduser()) if typed else []
        # the file's name, not its folder: the field above has the path, and a long one would widen the dialog
        said = [pack_error_text(PackWarning(Path(w.path).name, w.line, w.key, w.message)) for w in slips]
        self.pack_note.setText("\n".join([self.tr("The rule pack can be used, with %n warning(s):", "", len(slips)),
                                           *said]) if slips else "")
        self.pack_note.setVisible(bool(slips))
        self._fit_height()

    def show_pack_in_use(self, name: str, origin) -> None:
        """Which file the pack checking the survey is (`origin`: core.pack_origin.PackOrigin) and when an edit to it
        applies: the bundled packs are part of the program, read at start and not watched (an installed one is not
        the user's to edit; a copy beside the survey or a pack chosen here is, and is watched: applied once saved)."""
        if origin is None or not origin.path:
            self.pack_in_use.hide()  # a pack made from text, read from no file
            return
        if origin.bundled:
            said = self.tr("In use now: the bundled pack %1 (%2), read when the program starts: an edit to that file "
                           "applies at the next start. A survey-rules.toml beside the survey, or a pack chosen here, "
                           "applies at once, and so does each edit saved to it.")
        elif origin.origin == "beside-survey":
            said = self.tr("In use now: %1 from the file beside the survey (%2); each edit saved to it applies at "
                           "once.")
        else:
            said = self.tr("In use now: %1 from %2; each edit saved to it applies at once.")
        self.pack_in_use.setText(said.replace("%1", name).replace("%2", origin.path))
        self.pack_in_use.show()
        self._fit_height()

    def _fit_height(self) -> None:
        """Grow the open dialog to show a note that appeared (the pack's warnings, the problems Save found): it kept
        its height, and the lines were squeezed over the fields and cut off."""
        layout = self.layout()
        if layout is None:
            return  # (still being built)
        layout.activate()
        need = (layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth()
                else layout.totalSizeHint().height())
        if need > self.height():
            self.resize(self.width(), need)

    def choose_database(self) -> None:
        start = self.db_path_edit.text() or str(default_db_path())
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("History database"),
            start,
            self.tr("SQLite databases (*.db)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.db_path_edit.setText(path)

    def _update_interval_floor(self) -> None:
        """arXiv's terms: one request every 3 s. Against the real API the spin box can't go lower, and says so."""
        real = is_real_arxiv(self.arxiv_url_edit.text() or REAL_ARXIV_URL)
        self.interval_spin.setMinimum(MIN_REAL_ARXIV_INTERVAL if real else 0.0)
        if real:
            self.interval_note.setText(
                self.tr("At least %s s for the real arXiv API (arXiv's terms of use).") % f"{MIN_REAL_ARXIV_INTERVAL:g}"
            )
        else:
            self.interval_note.setText(self.tr("A test or mirror server: any spacing is allowed."))

    def _show_language_note(self) -> None:
        """The menus, panels and tables are built in the language the program started in: a new choice is read at
        the next start (said here as it is chosen, naming both languages, not found out after Save).
        SURVEY_EDITOR_LANG wins over it, and is named."""
        from editor_app.ui.engine_text import window_language
        from editor_app.ui.i18n import LANGUAGE_NAMES, chosen_language, language_override

        forced = language_override()
        now = window_language()
        coming = chosen_language({}, saved=self.language_combo.currentData() or "")
        if forced:
            self.language_note.setText(self.tr("SURVEY_EDITOR_LANG=%1 is set in the environment: it wins over the "
                                               "language chosen here.").replace("%1", forced))
        elif coming != now and now in LANGUAGE_NAMES:
            self.language_note.setText(self.tr("From the next time the program starts, the window is in %2; until "
                                               "then it stays in %1.").replace("%1", LANGUAGE_NAMES[now])
                                       .replace("%2", LANGUAGE_NAMES[coming]))
        else:
            self.language_note.setText(self.tr("A new language takes effect the next time the program starts."))

    def _show_environment_overrides(self) -> None:
        from editor_app.config import unusable_environment

        unusable = unusable_environment()  # kept out of force (from_environment): named, not listed as winning
        active = [name for name in ENV_OVERRIDES if os.environ.get(name) and name not in unusable]
        notes = []
        if self.command_line:
            notes.append(self.tr("Given on the command line, these win over what is saved here until you quit: %s")
                         % ", ".join(f"{opt} {value}" for opt, value in self.command_line.items()))
        if active:
            notes.append(self.tr("Set in the environment, these win over what is saved here: %s") % ", ".join(active))
        if unusable:
            notes.append(self.tr("Set in the environment but not usable, so what is saved here is used instead: %s")
                         % ", ".join(f"{name}={value!r}" for name, value in unusable.items()))
        saved_bad = self.store.unusable_saved() if hasattr(self.store, "unusable_saved") else {}
        if saved_bad:  # (autosave_seconds=inf written by hand: the default is in force, and shown above)
            notes.append(self.tr("Saved in %1 but not usable, so the default is used instead until you save here: %2")
                         .replace("%1", self.store.qsettings.fileName())
                         .replace("%2", ", ".join(f"{name}={value!r}" for name, value in saved_bad.items())))
        self.env_note.setVisible(bool(notes))
        self.env_note.setText("\n".join(notes))


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        layout.addWidget(w)
    return box


class PackWatcher(QObject):
    """Tells the window when the rule pack file changes on disk, including editors that save by rename."""

    pack_changed = Signal(object)  # Path

    def __init__(self, parent: QObject | None = None, delay_ms: int = 200) -> None:
        super().__init__(parent)
        self._path: Path | None = None
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._touched)
        self._watcher.directoryChanged.connect(self._touched)
        self._timer = QTimer(self, singleShot=True, interval=delay_ms)
        self._timer.timeout.connect(self._settled)
        self._stamp: tuple[int, int, int] | None = None

    @property
    def path(self) -> Path | None:
        return self._path

    def watch(self, path: Path | str | None) -> None:
        """Follow this pack file (None: stop watching)."""
        old = self._watcher.files() + self._watcher.directories()
        if old:
            self._watcher.removePaths(old)
        self._path = Path(path).resolve() if path else None
        self._stamp = self._file_stamp()
        self._arm()

    def _arm(self) -> None:
        if self._path is None:
            return
        if self._path.parent.is_dir() and str(self._path.parent) not in self._watcher.directories():
            self._watcher.addPath(str(self._path.parent))
        if self._path.exists() and str(self._path) not in self._watcher.files():
            self._watcher.addPath(str(self._path))

    def _file_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = self._path.stat() if self._path else None
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size, st.st_ino) if st else None

    def _touched(self, _changed: str) -> None:
        self._timer.start()  # coalesce the bursts an editor's save produces

    def _settled(self) -> None:
        self._arm()  # a save by rename drops the file from the watcher
        stamp = self._file_stamp()
        if stamp != self._stamp and stamp is not None:
            self._stamp = stamp
            self.pack_changed.emit(self._path)
