"""QA (a security reviewer): a credentials table whose header names the secret's column (`| 服务 | 用户名 | 密码 |`)
passed the unsuppressible privacy rule: each row alone ("| MySQL | root | Xk9#mQ2!vLa |") holds no keyword, and the
scan read one line at a time. A row is now read with its header, as the figure and reference tables are."""

from __future__ import annotations

from datetime import date

import pytest

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.privacy import PrivacyConfig, secret_cells, secret_columns
from editor_app.core.rulepack import house_pack

HEAD = "# 部署\n\n说明。\n\n"
TABLE = ["| 服务 | 用户名 | 密码 |", "| --- | --- | --- |", "| MySQL | root | Xk9#mQ2!vLa |",
         "| Redis | default | Rt4y#Bn8c!Q |"]


def hits(text: str) -> list[tuple[int, int, str]]:
    return [(h.line, h.column, h.masked) for h in analyze(text, house_pack()).privacy]


def test_the_cells_under_a_password_header_are_secrets():
    assert hits(HEAD + "\n".join(TABLE) + "\n") == [(7, 18, "Xk********"), (8, 21, "Rt********")]


@pytest.mark.parametrize("header", ["| Service | User | Password |", "| 服务 | 账号 | 数据库密码（明文） |",
                                    "| 服务 | 用户 | **令牌** |", "| svc | user | API Key |", "| svc | user | access_token |",
                                    "| svc | user | rootPassword |"])
def test_a_header_naming_a_secret_in_other_words(header):
    assert secret_columns(header, "|---|---|---|", PrivacyConfig()) is not None
    assert len(hits(HEAD + "\n".join([header, *TABLE[1:]]) + "\n")) == 2


@pytest.mark.parametrize("header", ["| Key | Value | 备注 |", "| 服务 | 用户名 | 密码算法 |", "| 服务 | 用户名 | Monkey |",
                                    "| 服务 | 用户名 | 备注 |"])
def test_a_header_naming_no_secret_reads_its_rows_as_prose(header):
    assert secret_columns(header, "|---|---|---|", PrivacyConfig()) is None
    assert hits(HEAD + "\n".join([header, *TABLE[1:]]) + "\n") == []


def test_a_header_row_without_its_delimiter_is_no_table():
    assert secret_columns(TABLE[0], "| MySQL | root | x |", PrivacyConfig()) is None


@pytest.mark.parametrize("cell", ["********", "见 Vault", "<YOUR_PASSWORD>", "${DB_PASSWORD}", "", "无"])
def test_placeholders_in_a_secret_column_are_none(cell):
    columns = secret_columns(TABLE[0], TABLE[1], PrivacyConfig())
    assert secret_cells(f"| MySQL | root | {cell} |", columns, PrivacyConfig()) == ()


def test_a_table_without_outer_pipes_and_a_quoted_cell():
    table = ["服务 | 用户名 | 密码", "--- | --- | ---", "MySQL | root | `Xk9#mQ2!vLa`"]
    assert hits(HEAD + "\n".join(table) + "\n") == [(7, 17, "Xk********")]


def test_a_secret_already_found_on_the_row_is_not_found_twice():
    row = "| MySQL | root | sk-proj-Zq8Wm3Xk5Lp9Rt2Vb7Nc1Jd4Fg6 |"
    assert len(hits(HEAD + "\n".join([*TABLE[:2], row]) + "\n")) == 1


def test_what_the_analysis_quotes_from_the_row_is_masked():
    table = ["| 引擎 | 吞吐（tok/s） | 密码 |", "| --- | --- | --- |", "| vLLM | 12,500 | Xk9#mQ2!vLa |"]
    analysis = analyze(HEAD + "\n".join(table) + "\n", house_pack())
    assert [h.masked for h in analysis.privacy] == ["Xk********"]
    assert all("Xk9#mQ2!vLa" not in g.sentence for g in analysis.figures)


@pytest.mark.parametrize("edit", ["header", "row", "enter above"])
def test_edits_to_the_table_match_a_fresh_analysis(sample_text, edit):
    """A header edited names its rows' secrets again (and not any more), a row edited is read with its header,
    lines moved above keep them: the incremental Analyzer equals a fresh analysis."""
    lines = sample_text.split("\n")
    at = 40
    doc = lines[:at] + ["| 服务 | 用户名 | 备注 |", *TABLE[1:]] + lines[at:]
    today = date(2026, 12, 2)
    az = Analyzer(house_pack(), today=today)
    assert az.analyze("\n".join(doc)).privacy == []
    if edit == "header":
        doc[at] = TABLE[0]
    elif edit == "row":
        doc[at] = TABLE[0]
        az.analyze("\n".join(doc))
        doc[at + 2] = "| MySQL | root | Pq7#zW2!kLm |"
    else:
        doc[at] = TABLE[0]
        az.analyze("\n".join(doc))
        doc[10:10] = [""]
    text = "\n".join(doc)
    got = az.analyze(text)
    assert got == analyze(text, house_pack(), today=today)
    assert len(got.privacy) == 2
    if edit == "header":  # and back: no secret column, no hits
        doc[at] = "| 服务 | 用户名 | 备注 |"
        text = "\n".join(doc)
        got = az.analyze(text)
        assert got == analyze(text, house_pack(), today=today) and got.privacy == []


def test_the_sample_keeps_no_private_data(sample_text):
    assert analyze(sample_text, house_pack()).privacy == []
