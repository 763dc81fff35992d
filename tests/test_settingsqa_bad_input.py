"""QA: Edit → Settings took anything on Save: an arXiv URL with no scheme ("export.arxiv.org/api/query"), http://
to arXiv's own host, a contact that is no email address, a database path that is a folder or another kind of file.
Each was stored and failed later, elsewhere (every verification failing, history quietly kept in memory only). Save
now names the problem in the dialog, in the window's language, and stores nothing; the file named is untouched."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from editor_app.config import Config
from editor_app.resources_path import resource_path
from editor_app.ui.settings_dialog import SettingsDialog


def _refused(settings_dialog, settings_store, word: str) -> None:
    settings_dialog.save()
    assert settings_dialog.result() != SettingsDialog.DialogCode.Accepted
    assert settings_store.stored_config() == Config()  # nothing stored
    assert not settings_dialog.problems_label.isHidden()
    assert word in settings_dialog.problems_label.text()


@pytest.mark.parametrize("url", ["export.arxiv.org/api/query", "not a url", "ftp://127.0.0.1/api", "https://"])
def test_an_arxiv_address_that_is_not_a_url_is_refused(settings_dialog, settings_store, url):
    settings_dialog.arxiv_url_edit.setText(url)
    _refused(settings_dialog, settings_store, url)
    assert settings_dialog.arxiv_url_edit.hasFocus() or settings_dialog.focusWidget() is settings_dialog.arxiv_url_edit


def test_http_to_the_real_arxiv_is_refused(settings_dialog, settings_store):
    settings_dialog.arxiv_url_edit.setText("http://export.arxiv.org/api/query")
    _refused(settings_dialog, settings_store, "https://")


def test_a_contact_that_is_not_an_email_is_refused(settings_dialog, settings_store):
    settings_dialog.contact_edit.setText("Zhang San")
    _refused(settings_dialog, settings_store, "Zhang San")


def test_a_database_path_that_is_a_folder_is_refused(settings_dialog, settings_store, tmp_path):
    settings_dialog.db_path_edit.setText(str(tmp_path))
    _refused(settings_dialog, settings_store, str(tmp_path))
    assert tmp_path.is_dir()


def test_a_database_path_that_is_another_file_is_refused_and_left_alone(settings_dialog, settings_store, tmp_path):
    survey = tmp_path / "survey.md"
    survey.write_text("# 综述\n", encoding="utf-8")
    settings_dialog.db_path_edit.setText(str(survey))
    _refused(settings_dialog, settings_store, str(survey))
    assert survey.read_text(encoding="utf-8") == "# 综述\n"


def test_a_database_path_under_a_file_is_refused(settings_dialog, settings_store, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    settings_dialog.db_path_edit.setText(str(blocker / "history.db"))
    _refused(settings_dialog, settings_store, "history.db")


def test_good_values_are_saved_and_a_missing_folder_is_fine(settings_dialog, settings_store, tmp_path):
    settings_dialog.save()  # defaults: nothing to say
    assert settings_dialog.result() == SettingsDialog.DialogCode.Accepted
    settings_dialog.arxiv_url_edit.setText("https://export.arxiv.org/api/query")
    settings_dialog.contact_edit.setText("li.si@example.edu.cn")
    settings_dialog.db_path_edit.setText(str(tmp_path / "new-folder" / "history.db"))
    settings_dialog.save()
    assert settings_dialog.problems_label.isHidden()
    assert settings_store.stored_config().contact == "li.si@example.edu.cn"
    assert settings_store.stored_config().db_path == tmp_path / "new-folder" / "history.db"


def test_reset_to_defaults_clears_the_problem(settings_dialog, settings_store):
    settings_dialog.contact_edit.setText("nobody")
    settings_dialog.save()
    assert not settings_dialog.problems_label.isHidden()
    settings_dialog.reset_button.click()
    assert settings_dialog.problems_label.isHidden()


def test_the_problems_are_said_in_chinese_in_the_chinese_window(settings_store, qtbot, tmp_path):
    app = QCoreApplication.instance()
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    app.installTranslator(translator)
    try:
        d = SettingsDialog(settings_store)
        qtbot.addWidget(d)
        d.arxiv_url_edit.setText("http://export.arxiv.org/api/query")
        d.contact_edit.setText("nobody")
        d.db_path_edit.setText(str(tmp_path))
        d.save()
        said = d.problems_label.text()
        assert said.count("未保存") == 3, said
        assert "不是" in said and "文件夹" in said and "https://" in said
    finally:
        app.removeTranslator(translator)
