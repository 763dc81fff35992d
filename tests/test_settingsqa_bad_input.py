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


@pytest.fixture
def store(settings_store):
    return settings_store


@pytest.fixture
def dialog(settings_dialog):
    return settings_dialog


def _refused(dialog, store, word: str) -> None:
    dialog.save()
    assert dialog.result() != SettingsDialog.DialogCode.Accepted
    assert store.stored_config() == Config()  # nothing stored
    assert not dialog.problems_label.isHidden()
    assert word in dialog.problems_label.text()


@pytest.mark.parametrize("url", ["export.arxiv.org/api/query", "not a url", "ftp://127.0.0.1/api", "https://"])
def test_an_arxiv_address_that_is_not_a_url_is_refused(dialog, store, url):
    dialog.arxiv_url_edit.setText(url)
    _refused(dialog, store, url)
    assert dialog.arxiv_url_edit.hasFocus() or dialog.focusWidget() is dialog.arxiv_url_edit


def test_http_to_the_real_arxiv_is_refused(dialog, store):
    dialog.arxiv_url_edit.setText("http://export.arxiv.org/api/query")
    _refused(dialog, store, "https://")


def test_a_contact_that_is_not_an_email_is_refused(dialog, store):
    dialog.contact_edit.setText("Zhang San")
    _refused(dialog, store, "Zhang San")


def test_a_database_path_that_is_a_folder_is_refused(dialog, store, tmp_path):
    dialog.db_path_edit.setText(str(tmp_path))
    _refused(dialog, store, str(tmp_path))
    assert tmp_path.is_dir()


def test_a_database_path_that_is_another_file_is_refused_and_left_alone(dialog, store, tmp_path):
    survey = tmp_path / "survey.md"
    survey.write_text("# 综述\n", encoding="utf-8")
    dialog.db_path_edit.setText(str(survey))
    _refused(dialog, store, str(survey))
    assert survey.read_text(encoding="utf-8") == "# 综述\n"


def test_a_database_path_under_a_file_is_refused(dialog, store, tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    dialog.db_path_edit.setText(str(blocker / "history.db"))
    _refused(dialog, store, "history.db")


def test_good_values_are_saved_and_a_missing_folder_is_fine(dialog, store, tmp_path):
    dialog.save()  # defaults: nothing to say
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    dialog.arxiv_url_edit.setText("https://export.arxiv.org/api/query")
    dialog.contact_edit.setText("li.si@example.edu.cn")
    dialog.db_path_edit.setText(str(tmp_path / "new-folder" / "history.db"))
    dialog.save()
    assert dialog.problems_label.isHidden()
    assert store.stored_config().contact == "li.si@example.edu.cn"
    assert store.stored_config().db_path == tmp_path / "new-folder" / "history.db"


def test_reset_to_defaults_clears_the_problem(dialog, store):
    dialog.contact_edit.setText("nobody")
    dialog.save()
    assert not dialog.problems_label.isHidden()
    dialog.reset_button.click()
    assert dialog.problems_label.isHidden()


def test_the_problems_are_said_in_chinese_in_the_chinese_window(store, qtbot, tmp_path):
    app = QCoreApplication.instance()
    translator = QTranslator()
    assert translator.load(str(resource_path("i18n", "survey_editor_zh_CN.qm")))
    app.installTranslator(translator)
    try:
        d = SettingsDialog(store)
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
