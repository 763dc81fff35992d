"""QA: with the network down (the server stopped) every row's reason was urllib3's own sentence cut at 120
characters, "the connection to arXiv failed (HTTPConnectionPool(host='127.0.0.1', port=43047): Max retries exceeded
with url: /api/query?id_list=2609.11582%2C2609...)", the actual reason (Connection refused) cut off; it now reads
"the connection to arXiv failed (Connection refused: 127.0.0.1:PORT)". And `survey-check`'s text table cut the
status "version not found" to "version not fou…"."""

from __future__ import annotations

import socket
from dataclasses import replace

from editor_app.cli import main as cli_main
from editor_app.core.analyze import analyze
from editor_app.core.rulepack import house_pack
from editor_app.services.verification import verify_references


def _closed_port() -> int:
    with socket.socket() as s:  # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_refused_connection_says_refused_and_where(arxiv_config, arxiv_db):
    port = _closed_port()
    cfg = replace(arxiv_config, arxiv_url=f"http://127.0.0.1:{port}/api/query")
    refs = analyze("一、正文\nKVarN（arXiv:2606.03458）\n", house_pack()).references
    v = verify_references(refs, config=cfg, db=arxiv_db, timeout=2)["2606.03458"]
    assert v["status"] == "unavailable"
    assert v["message"].startswith(f"the connection to arXiv failed (Connection refused: 127.0.0.1:{port}) "
                                   "(after 4 attempts; stopped asking: check the network connection)"), v["message"]
    assert "HTTPConnectionPool" not in v["message"] and "..." not in v["message"]


def test_the_cli_table_shows_the_whole_status(tmp_path, fake_arxiv, capsys):
    survey = tmp_path / "s.md"
    survey.write_text("一、正文\nOmniKVQuant（arXiv:2609.11582v3）\n", encoding="utf-8")
    cli_main([str(survey), "--verify", "--arxiv-url", fake_arxiv.url, "--arxiv-interval", "0",
              "--db", str(tmp_path / "h.db")])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("2609.11582v3"))
    assert " version not found " in row, row
