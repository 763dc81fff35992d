"""QA (a security reviewer): a password given on a command line to a command that takes it after a short option, or
in a .netrc line, passed the unsuppressible privacy rule: only long options ("--password") and links were read."""

from __future__ import annotations

import pytest

from editor_app.core.analyze import analyze
from editor_app.core.privacy import PrivacyConfig, privacy_in_line, privacy_in_lines
from editor_app.core.rulepack import house_pack

LEAKS = [
    ("mysql -h db.internal -uroot -pRootPass123 bench", "RootPass123"),
    ("mysqldump -uroot -pRootPass123 bench > b.sql", "RootPass123"),
    ("redis-cli -h cache.internal -a Xk9mQ2vLp7 ping", "Xk9mQ2vLp7"),
    ("sshpass -p 'Xk9#mQ2!vL' ssh root@jump", "Xk9#mQ2!vL"),
    ("curl -u elastic:Xk9mQ2vLp7 http://es.internal:9200/_cat/indices", "Xk9mQ2vLp7"),
    ("curl --user admin:Pq7zW2kLm3 https://grafana.internal", "Pq7zW2kLm3"),
    ("machine git.corp.example login chensy password Xk9mQ2vLp7", "Xk9mQ2vLp7"),
]


@pytest.mark.parametrize("line, secret", LEAKS)
def test_a_password_on_a_command_line_is_found(line, secret):
    hits = [h for h in privacy_in_line(line, PrivacyConfig()) if h.dimension == "secret"]
    assert [(h.column, h.length) for h in hits] == [(line.index(secret) + 1, len(secret))]
    assert privacy_in_lines(["一、部署", line, "结束。"], PrivacyConfig())[1] == privacy_in_line(line, PrivacyConfig())


@pytest.mark.parametrize("line", [
    "docker run -p 8000:8000 vllm/vllm-openai", "mysql -h db -P 3306 -u root bench", "mysql -uroot -p bench",
    'mysql -uroot -p"$MYSQL_PWD" bench', "curl -u $USER:$TOKEN https://x", "curl -X POST http://api.example.com -d @a.json",
    "redis-cli -a $REDIS_PASSWORD ping", "sshpass -p xxxxxxxx ssh h", "the machine is fast; its login page offers password reset",
])
def test_what_is_no_password_there(line):
    assert [h for h in privacy_in_line(line, PrivacyConfig()) if h.dimension == "secret"] == []


def test_in_a_fenced_block_of_a_survey():
    text = "一、部署\n```bash\n" + "\n".join(line for line, _ in LEAKS) + "\n```\n"
    assert [h.line for h in analyze(text, house_pack()).privacy] == list(range(3, 3 + len(LEAKS)))
