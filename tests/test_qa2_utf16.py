"""QA: a survey saved as UTF-16 without a byte-order mark (as `iconv -t UTF-16LE` and some Windows tools write it)
is read, checked and saved back as it was; before, it was refused as "a binary file (it contains NUL bytes)"."""

from __future__ import annotations

import pytest

from editor_app.cli import main
from editor_app.services.files import UnreadableFile, load_text, save_text_atomic


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_bom_round_trip(tmp_path, sample_text, codec):
    p = tmp_path / "wide.md"
    original = sample_text.replace("\n", "\r\n").encode(codec)
    p.write_bytes(original)
    loaded = load_text(p)
    assert (loaded.encoding, loaded.bom, loaded.newline) == (codec, False, "\r\n")
    assert loaded.text == sample_text
    save_text_atomic(p, loaded.text, loaded)
    assert p.read_bytes() == original


def test_survey_check_reads_utf16_without_bom(tmp_path, sample_text, capsys):
    p = tmp_path / "wide.md"
    p.write_bytes(sample_text.encode("utf-16-le"))
    assert main([str(p)]) == 1  # the sample's wrong self-reported figures, as from UTF-8
    out = capsys.readouterr().out
    assert "CJK 3,838/3,900 · ⚠️ 79 · 113/200 lines" in out


@pytest.mark.parametrize("data", [b"\x00\x01" * 50, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)),
                                  b"ab\x00\x00cd\x00\x00"])
def test_binary_files_are_still_refused(tmp_path, data):
    p = tmp_path / "blob.md"
    p.write_bytes(data)
    with pytest.raises(UnreadableFile, match="binary"):
        load_text(p)
