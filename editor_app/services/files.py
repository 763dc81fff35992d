"""Loading and saving survey files without ever losing them: encoding, BOM and newline style survive a round trip.

Saves are atomic (temp file in the same directory, fsync, os.replace) and keep `<name>.bak` of the previous
version; a text that can't be written in the file's encoding raises before the file is touched. A hard-linked file
is rewritten in place instead (see save_text_atomic).
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
import tempfile
import unicodedata
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from ..core.records import record

MAX_FILE_BYTES = 20 * 1024 * 1024  # a survey is a few dozen KB; anything this large is not one
# A UTF-8 file with bytes that are not UTF-8 (cut mid-character, a stray Latin-1 byte, a pasted Latin-1 paragraph)
# is opened with U+FFFD in their place, when its valid non-ASCII characters outnumber those places this many times
# (GBK or Latin-1 text read as UTF-8 never does: its valid characters are a few chance pairs of bytes). A UTF-16 file
# with lone surrogates (a truncated emoji) likewise, its characters outnumbering them so. There is no limit on the
# places themselves: a survey with 18 of them was refused whole as "not a text file", naming no line.
DAMAGE_RATIO = 10
# More runs of NUL bytes than this, in a file read as UTF-8, make it binary, not a damaged survey.
MAX_NUL_PLACES = 16

# Longest BOMs first: the UTF-32-LE BOM starts with the UTF-16-LE one.
_BOMS: list[tuple[bytes, str]] = [
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
]
_BOM_OF = {name: bom for bom, name in _BOMS}
_ALLOWED_CONTROLS = {"\t", "\n", "\r", "\f", "\v", "\x1b"}


class UnreadableFile(Exception):
    """The file can't be opened as text; the message says why in the user's words."""


class UnsavableText(Exception):
    """The text can't be written the requested way; the file on disk was not touched."""


@record(frozen=True)
class LoadedText:
    """A file's text (newlines normalised to "\\n") and the byte format to write it back in."""

    text: str
    encoding: str = "utf-8"  # a Python codec name without BOM handling: "utf-8", "gb18030", "utf-16-le", ...
    bom: bool = False
    newline: str = "\n"  # "\n" | "\r\n" | "\r" — the file's dominant style
    damage: str = ""  # what of the file is not read as written (bytes its encoding can't read, U+2029), in the
    # user's words ("" when all is)
    # the encoding was guessed from the bytes of a file that is neither UTF-8 (nor UTF-16/32) nor Chinese (a Latin-1
    # file): which one, in the user's words, to be told on opening and before a save writes the letters as shown ("":
    # the bytes leave no doubt, or the user chose the encoding)
    guessed: str = ""
    # the lines of `text` a U+2029 ended, in order: where the file's own lines (\n, \r\n, \r) differ from the text's
    # (services/file_lines.py maps a place back, for SARIF's code-review tools)
    paragraph_breaks: tuple[int, ...] = ()

    def __init__(self, text: str, encoding: str = "utf-8", bom: bool = False, newline: str = "\n",
                 damage: str = "", guessed: str = "", paragraph_breaks: tuple[int, ...] = ()) -> None:
        d = self.__dict__  # frozen: set in the instance dict, not through __setattr__
        d["text"] = text
        d["encoding"] = encoding
        d["bom"] = bom
        d["newline"] = newline
        d["damage"] = damage
        d["guessed"] = guessed
        d["paragraph_breaks"] = paragraph_breaks

    @property
    def label(self) -> str:
        """Short description for a status bar: "UTF-8 BOM · CRLF"."""
        enc = self.encoding.upper()
        nl = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}.get(self.newline, repr(self.newline))
        return f"{enc}{' BOM' if self.bom else ''} · {nl}"

    def with_text(self, text: str) -> "LoadedText":
        """`text` in this byte format (as written: the damage of the bytes once read is not its; a guessed encoding
        stays a guess)."""
        return replace(self, text=normalise_newlines(text), damage="", paragraph_breaks=())

    @property
    def notices(self) -> tuple[str, ...]:
        """What to tell the user of how the file was read: its damage, then a guessed encoding (a sentence each)."""
        return tuple(line for said in (self.damage, self.guessed) if said for line in said.split("\n"))


def normalise_newlines(text: str) -> str:
    if "\r" not in text:  # the editor's text never has one: one scan, not two copies of an 8 MB survey
        return text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def detect_newline(text: str) -> str:
    """The dominant newline style of a decoded text ("\\n" when it has no line break)."""
    crlf = text.count("\r\n")
    cr = text.count("\r") - crlf
    lf = text.count("\n") - crlf
    best = max((crlf, "\r\n"), (lf, "\n"), (cr, "\r"), key=lambda p: p[0])
    return best[1] if best[0] > 0 else "\n"


def load_text(path: Path | str, *, max_bytes: int = MAX_FILE_BYTES) -> LoadedText:
    """Read a text file, detecting its encoding (UTF-8, BOMs, UTF-16/32, GB18030/GBK, others) and newline style."""
    p = Path(path)
    return _loaded(p, _read_bytes(p, max_bytes)[1])


def load_text_and_fingerprint(path: Path | str, *, max_bytes: int = MAX_FILE_BYTES
                              ) -> tuple[LoadedText, tuple[int, int, str]]:
    """load_text, and the file_fingerprint of the very bytes it read (the editor watches the file it opened: read
    and hashed a second time after loading, an 8 MB survey cost the GUI thread ~15 ms more)."""
    p = Path(path)
    st, data = _read_bytes(p, max_bytes)
    return _loaded(p, data), _fingerprint(st, data)


# The encodings File → Reopen in Another Encoding offers (load_text_in), as Python names them: "utf-16" is read
# with its byte-order mark, or without one in the byte order its NUL bytes show.
REOPEN_ENCODINGS = ("utf-8", "gb18030", "utf-16", "cp1252", "latin-1")


def reopen_choice(codec: str) -> str:
    """The name of REOPEN_ENCODINGS a file read in `codec` was read in ("" when none: GBK, a code page guessed)."""
    name = codecs.lookup(codec).name
    if name.startswith("utf-16"):
        return "utf-16"
    return next((e for e in REOPEN_ENCODINGS if codecs.lookup(e).name == name), "")


def load_text_in(path: Path | str, encoding: str, *, max_bytes: int = MAX_FILE_BYTES
                 ) -> tuple[LoadedText, tuple[int, int, str]]:
    """load_text_and_fingerprint in the encoding the user names (one of REOPEN_ENCODINGS: the guess from the bytes
    was wrong), not a guessed one: bytes it can't read are shown as U+FFFD, and the damage says how many and where."""
    p = Path(path)
    st, data = _read_bytes(p, max_bytes)
    return _loaded(p, data, _decode_as(data, encoding, p)), _fingerprint(st, data)


def _loaded(p: Path, data: bytes, decoded: "_Decoded | None" = None) -> LoadedText:
    text, encoding, bom, damage, guessed = decoded or _decode(data, p)
    newline = detect_newline(text)
    text = normalise_newlines(text)
    breaks: tuple[int, ...] = ()
    if PARAGRAPH_SEPARATOR in text:
        text, said, breaks = _paragraphs_as_lines(text, p)
        damage = f"{damage}\n{said}" if damage else said
    return LoadedText(text=text, encoding=encoding, bom=bom, newline=newline, damage=damage, guessed=guessed,
                      paragraph_breaks=breaks)


PARAGRAPH_SEPARATOR = "\u2029"


def _paragraphs_as_lines(text: str, p: Path) -> tuple[str, str, tuple[int, ...]]:
    """(text, what was done, the lines of the text each U+2029 ended) with each U+2029 read as a line break, for
    the editor and survey-check alike. The editor (Qt) can only show one as a new line and has no way to write it
    back; read as a character by survey-check and as a line by the window, every line after it had two numbers.
    U+2028 is different: the editor keeps it inside its line, so it stays a character everywhere."""
    first = text.index(PARAGRAPH_SEPARATOR)
    line = text.count("\n", 0, first) + 1
    count = text.count(PARAGRAPH_SEPARATOR)
    breaks: list[int] = []
    held, at = 1, 0  # the line (of the text as read) that holds position `at`
    i = first
    while i >= 0:
        held += text.count("\n", at, i)
        breaks.append(held)
        held, at = held + 1, i + 1  # (the separator is a line break itself)
        i = text.find(PARAGRAPH_SEPARATOR, at)
    return text.replace(PARAGRAPH_SEPARATOR, "\n"), (
        f"{p} has {count} paragraph separator(s) (U+2029), the first at the end of line {line}: each is read as a "
        "line break, as the editor can only show it, and a save after an edit writes a line break there."), tuple(breaks)


def check_openable(path: Path | str, *, max_bytes: int = MAX_FILE_BYTES) -> os.stat_result:
    """Raise UnreadableFile, as load_text would, for what is no file to open (gone, a folder, too big): a stat, for
    a window to say at once before the file is read elsewhere."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        if p.is_symlink():  # `ls` shows it, so "does not exist" alone puzzles
            raise UnreadableFile(f"{p} is a link to {os.readlink(p)}, which does not exist.") from None
        raise UnreadableFile(f"{p} does not exist.") from None
    except OSError as exc:
        raise UnreadableFile(f"{p} can't be opened: {exc.strerror or exc}.") from None
    if stat.S_ISDIR(st.st_mode):
        raise UnreadableFile(f"{p} is a folder, not a file.")
    if not stat.S_ISREG(st.st_mode):
        raise UnreadableFile(f"{p} is not a regular file.")
    if st.st_size > max_bytes:
        raise UnreadableFile(
            f"{p} is {st.st_size / 1024 / 1024:.1f} MB; files over {max_bytes / 1024 / 1024:.0f} MB "
            "are not opened (a survey is a few dozen KB)."
        )
    return st


def _read_bytes(p: Path, max_bytes: int) -> tuple[os.stat_result, bytes]:
    st = check_openable(p, max_bytes=max_bytes)
    try:
        with open(p, "rb") as fh:
            return st, fh.read(max_bytes + 1)
    except PermissionError:
        raise UnreadableFile(f"{p} can't be read: permission denied.") from None
    except IsADirectoryError:
        raise UnreadableFile(f"{p} is a folder, not a file.") from None
    except OSError as exc:
        raise UnreadableFile(f"{p} can't be read: {exc.strerror or exc}.") from None


class _Decoded(NamedTuple):
    """A file's bytes read: (text, codec, BOM?, damage, guessed) as LoadedText holds them."""

    text: str
    encoding: str
    bom: bool
    damage: str = ""
    guessed: str = ""


def _decode(data: bytes, p: Path) -> _Decoded:
    """The file's bytes read in the encoding they show: the damage says where they are not valid in it (U+FFFD
    there) or hold NUL bytes, `guessed` which encoding was taken when only a guess could tell."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            # (UTF-16/32 as damaged as may be: the mark says what the bytes are, and nothing else reads them)
            read = _utf8(data[len(bom):], p) if name == "utf-8" else _wide(data[len(bom):], name, p, chosen=True)
            if read is not None:
                return _Decoded(_checked(read[0], p) if read[1] else read[0], name, True, read[1])
            raise UnreadableFile(f"{p} starts with a {name.upper()} byte-order mark but is not valid {name.upper()}.")
    if b"\x00" in data:
        wide = _utf16_without_bom(data, p)
        if wide is not None:
            return _Decoded(_checked(wide[0], p), wide[1], False, wide[2])
        read = _utf8(data, p)
        if read is None:
            raise UnreadableFile(f"{p} looks like a binary file (it contains NUL bytes), not a text file.")
        return _Decoded(_checked(read[0], p), "utf-8", False, read[1])
    read = _utf8(data, p)
    if read is not None:
        return _Decoded(_checked(read[0], p), "utf-8", False, read[1])
    wide = _utf16_without_bom(data, p)  # Chinese alone, without a NUL: no ASCII character, not even a newline
    if wide is not None:
        return _Decoded(_checked(wide[0], p), wide[1], False, wide[2])
    western = None
    for name in ("gbk", "gb18030"):  # plain GBK when it fits, so characters GBK lacks are refused on save
        try:
            text = data.decode(name)
        except UnicodeDecodeError:
            continue
        # German read as GBK is rare hanzi glued inside words ("M鋎chen", "sch鰊"): Western text, when it reads so
        if _looks_chinese(text) and not (_mostly_rare_hanzi(text) and (western := _western(data))):
            return _Decoded(_checked(text, p), name, False)
        break
    guess = western or _western(data) or _charset_normalizer_guess(data)
    if guess is None:
        raise UnreadableFile(f"{p} is not a text file this program can read (no text encoding fits its bytes).")
    text, encoding = guess
    return _Decoded(_checked(text, p), encoding, False, guessed=(
        f"{p} is not UTF-8: it was read as {encoding_name(encoding)}, an encoding guessed from its bytes. If letters "
        "look wrong, reopen it in its own encoding (File → Reopen in Another Encoding) before saving: a save writes "
        "the letters as shown."))


def encoding_name(codec: str) -> str:
    """An encoding as a user knows it: "Windows-1252", "Latin-1", else its codec's name ("CP1251", "GB18030")."""
    name = codecs.lookup(codec).name
    return {"cp1252": "Windows-1252", "iso8859-1": "Latin-1"}.get(name, name.upper())


def _decode_as(data: bytes, encoding: str, p: Path) -> _Decoded:
    """The bytes read in `encoding` (a name of REOPEN_ENCODINGS), whatever they look like: each run of bytes it
    can't read is U+FFFD, and the damage says how many and where (no limit: the user chose it)."""
    codec = codecs.lookup(encoding).name
    if codec == "utf-16":
        at_odd, at_even = _nul_sides(data)
        name = "utf-16-be" if at_even > at_odd else "utf-16-le"
        bom = next((b for b, named in _BOMS if named.startswith("utf-16") and data.startswith(b)), b"")
        if bom:
            name = next(named for b, named in _BOMS if b == bom)
        text, damage = _wide(data[len(bom):], name, p, chosen=True) or ("", "")
        return _Decoded(_checked(text, p), name, bool(bom), damage)
    bom = codec == "utf-8" and data.startswith(codecs.BOM_UTF8)
    body = data[len(codecs.BOM_UTF8):] if bom else data
    if codec == "utf-8":
        read = _damaged_utf8(body, p, chosen=True)
        assert read is not None
        return _Decoded(_checked(read[0], p), codec, bom, read[1])
    text, places, first = _unread_runs(body.decode(codec, _UNREAD))
    return _Decoded(_checked(text, p), codec, bom, _unread_said(p, codec, text, places, first))


# A run of bytes a decoder could not read: "surrogateescape" puts each such byte as U+DC80..U+DCFF, "surrogatepass"
# a lone surrogate of UTF-16/32 as itself; no decoder used here gives a surrogate otherwise.
_UNREAD_RUN = re.compile("[\ud800-\udfff]+")
_UNREAD = "survey-editor-unread"  # an error handler that does the same for any other decoding error
codecs.register_error(_UNREAD, lambda exc: ("\udc80", exc.end))


def _unread_runs(text: str) -> tuple[str, int, int]:
    """(the text with each run of unread bytes as one U+FFFD, how many runs, where the first is in it; -1: none)."""
    first = _UNREAD_RUN.search(text)
    if first is None:
        return text, 0, -1
    text, places = _UNREAD_RUN.subn("\ufffd", text)
    return text, places, first.start()


def _line_of(text: str, at: int) -> int:
    """The line holding text[at], as the editor numbers it: a U+2029 is a line break (_paragraphs_as_lines)."""
    before = text[:at]
    return before.count("\n") + before.count("\r") - before.count("\r\n") + before.count(PARAGRAPH_SEPARATOR) + 1


def _unread_said(p: Path, codec: str, text: str, places: int, first: int) -> str:
    """What the damage of `places` runs of unread bytes, the first at text[first], is, in the user's words."""
    if not places:
        return ""
    return (f"{p} is not valid {codec.upper()} in {places} place(s), the first on line {_line_of(text, first)}: "
            "each is shown as \ufffd, and a save after an edit writes that character there.")


def _utf8(data: bytes, p: Path) -> tuple[str, str] | None:
    """(text, damage) of UTF-8, perhaps damaged as _damaged_utf8 allows; None for another encoding."""
    if b"\x00" in data:
        return _damaged_utf8(data, p)
    try:
        return data.decode("utf-8"), ""
    except UnicodeDecodeError:
        return _damaged_utf8(data, p)


_NUL_RUN = re.compile("\x00+")


def _damaged_utf8(data: bytes, p: Path, *, chosen: bool = False) -> tuple[str, str] | None:
    """(text, what is wrong) of UTF-8 with bytes that are not (a file cut mid-character by a full disk or a partial
    copy, a line or a paragraph pasted in from a Latin-1 file) or are NUL (a crash's zeroed tail, a stray one another
    program wrote: no text holds one), each run of them read as U+FFFD; None for another encoding (its valid non-ASCII
    characters not DAMAGE_RATIO times as many as the places not UTF-8), or for a file that is mostly NULs (`chosen`:
    the user chose UTF-8, so never None). Before, such a survey could not be opened at all (or, with one NUL in a
    file of even length, was read as UTF-16 gibberish)."""
    if not chosen and len(data) > QUICK_LOOK_BYTES:
        head = _unread_runs(data[:QUICK_LOOK_BYTES].decode("utf-8", "surrogateescape"))
        if head[1] >= QUICK_REFUSAL_PLACES and not _mostly_valid(head[0], head[1]):
            return None
    text, places, first = _unread_runs(data.decode("utf-8", "surrogateescape"))  # (C speed)
    if not chosen and not _mostly_valid(text, places):
        return None
    if first < 0:
        first = len(text)
    nuls = 0
    nul = text.find("\x00")
    if nul >= 0:
        first = min(first, nul)  # the replacements after it move nothing before it
        text, nuls = _NUL_RUN.subn("\ufffd", text)
        if not chosen and (nuls > MAX_NUL_PLACES or len(text) - nuls < DAMAGE_RATIO * nuls):
            return None
    if not places and not nuls:
        return text, ""
    if not nuls:
        where = f"is not valid UTF-8 in {places} place(s)"
    elif not places:
        where = f"has NUL bytes, which are no text, in {nuls} place(s)"
    else:
        where = f"is not valid UTF-8 in {places} place(s) and has NUL bytes in {nuls} more"
    return text, (f"{p} {where}, the first on line {_line_of(text, first)}: each is shown as \ufffd, and a save after "
                  "an edit writes that character there.")


# A GBK or Latin-1 file's first 64 KB are enough to tell it is no damaged UTF-8 (a GBK one has thousands of places
# not UTF-8 there): reading the whole of an 8 MB GBK survey to count them cost ~1.3 s more before it was opened.
QUICK_LOOK_BYTES = 1 << 16
QUICK_REFUSAL_PLACES = 256


def _mostly_valid(text: str, places: int) -> bool:
    """Whether the valid non-ASCII characters of a text read as UTF-8 outnumber its `places` (U+FFFD each, where its
    bytes were not UTF-8) DAMAGE_RATIO times: a UTF-8 survey, damaged, not text in another encoding."""
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    return non_ascii - places >= DAMAGE_RATIO * places


def _wide(data: bytes, codec: str, p: Path, *, chosen: bool = False) -> tuple[str, str] | None:
    """(text, damage) of UTF-16/32 (`codec` with its byte order): a lone surrogate (half of an emoji cut by a tool)
    or a cut last character is one U+FFFD, as damaged UTF-8 is, while its characters are DAMAGE_RATIO times as many
    as such places (`chosen`, the user's choice or a byte-order mark: whatever); None otherwise. Before, one lone
    surrogate refused the whole survey, naming no place (without a BOM: "a binary file")."""
    try:
        return data.decode(codec), ""
    except UnicodeDecodeError:
        pass
    width = 4 if "32" in codec else 2
    whole = len(data) - len(data) % width
    try:
        text = data[:whole].decode(codec, "surrogatepass")
    except UnicodeDecodeError:  # UTF-32 beyond U+10FFFF
        text = data[:whole].decode(codec, _UNREAD)
    if whole < len(data):
        text += "\udc80"  # the bytes of a last character cut short
    text, places, first = _unread_runs(text)
    if not chosen and len(text) - places < DAMAGE_RATIO * places:
        return None
    return text, _unread_said(p, codec, text, places, first)


# Real UTF-16 without a BOM: an ASCII character (a newline, a space, a digit) has a NUL for its high byte. When at
# least this share of the code units have one, on the same side, the bytes are UTF-16: read as UTF-8 they would
# hold a NUL every few characters, which no survey does (one stray NUL in a UTF-8 file is damage, not UTF-16).
WIDE_NUL_SHARE = 0.05
# Else (Chinese with few ASCII characters, even none), this share of the UTF-16 reading must be ASCII or characters
# of GB2312 (the 6,763 common hanzi, Chinese punctuation), and the UTF-8 reading impossible. Other bytes read as
# UTF-16 give Hangul, private-use characters and rare hanzi: "ab" is U+6261, so ASCII-heavy GBK text reads as rare
# CJK ideographs (about a third of them common), UTF-8 Chinese as Hangul and private-use ones.
WIDE_TEXT_SHARE = 0.9


def _nul_sides(data: bytes) -> tuple[int, int]:
    """(NUL bytes at odd offsets, at even ones): ASCII's high bytes in UTF-16, at odd offsets little-endian."""
    at_odd = data[1::2].count(0)
    return at_odd, data.count(0) - at_odd


def _utf16_without_bom(data: bytes, p: Path) -> tuple[str, str, str] | None:
    """(text, codec, damage) of UTF-16 written without a byte-order mark, or None: NULs on one side of a real share
    of its byte pairs (odd offsets little-endian, even big-endian; a binary file's fall on both), its lone
    surrogates read as damage (_wide), or else a reading that is Chinese text where UTF-8 can't read the bytes at
    all."""
    if not data:
        return None
    units = len(data) // 2
    at_odd, at_even = _nul_sides(data)
    found: tuple[float, str, str] | None = None
    for codec, own, other in (("utf-16-le", at_odd, at_even), ("utf-16-be", at_even, at_odd)):
        if own >= WIDE_NUL_SHARE * units and own > 10 * other:
            read = _wide(data, codec, p)
            if read is not None:
                return read[0], codec, read[1]
            continue
        if len(data) % 2:
            continue
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        share = _common_share(text)
        if share >= WIDE_TEXT_SHARE and (found is None or share > found[0]):
            found = (share, text, codec)
    if found is None or _is_utf8(data):
        return None
    return found[1], found[2], ""


def _common_share(text: str) -> float:
    """The share of (the first 64K characters of) a text that is ASCII or in GB2312 (common Chinese text)."""
    sample = text[:65536]
    ascii_ = len(sample.encode("ascii", "ignore"))
    common = ascii_ + (len(sample.encode("gb2312", "ignore")) - ascii_) // 2  # two bytes each
    return common / len(sample)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _looks_chinese(text: str) -> bool:
    """GB18030 decodes many non-Chinese byte runs; accept it only when most non-ASCII characters are CJK."""
    non_ascii = [c for c in text if ord(c) > 0x7F]
    if not non_ascii:
        return True
    cjk = sum(
        1
        for c in non_ascii
        if "\u4e00" <= c <= "\u9fff" or "\u3000" <= c <= "\u303f" or "\uff00" <= c <= "\uffef" or c in "“”‘’…—·"
    )
    return cjk / len(non_ascii) >= 0.8


def _mostly_rare_hanzi(text: str) -> bool:
    """Whether most non-ASCII characters of (the first 64K characters of) a text are not in GB2312: never a
    simplified-Chinese survey, and what Latin-1 letters read as GBK give (an accented letter and the ASCII letter
    after it are one hanzi of GBK's extensions)."""
    sample = text[:65536]
    ascii_ = len(sample.encode("ascii", "ignore"))
    common = (len(sample.encode("gb2312", "ignore")) - ascii_) // 2
    return 2 * common <= len(sample) - ascii_


_LETTERS = re.compile(r"[^\W\d_]+")
# A sign that is no letter between two letters ("Za¿ó³æ": Polish in Windows-1250 read as Windows-1252); an
# apostrophe, a middle dot or a hyphen may be.
_GLUED_SIGN = re.compile(r"(?<=[^\W\d_])[^\w\s'’‘·‐-](?=[^\W\d_])")


def _western(data: bytes) -> tuple[str, str] | None:
    """(text, "cp1252") when the bytes read as Windows-1252 (Latin-1 and its punctuation) are Western text: words
    with an accented letter are mostly ASCII letters ("Café", "Naïve", "Straße"), and no sign is glued between two
    letters. charset_normalizer's best match for a few dozen bytes of French was Baltic or Urdu ("Naļve", "Cafﻠ"),
    and a character the file held was then refused on save; Cyrillic, Greek or Central European text read so fails
    the test and is left to it."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:  # a byte Windows-1252 leaves undefined
        return None
    sample = text[:65536]
    accented = [w for w in _LETTERS.findall(sample) if not w.isascii()]
    letters = sum(map(len, accented))
    ascii_letters = sum(len(w.encode("ascii", "ignore")) for w in accented)
    if 2 * ascii_letters < letters or 20 * len(_GLUED_SIGN.findall(sample)) > len(accented):
        return None
    return text, "cp1252"


def _charset_normalizer_guess(data: bytes) -> tuple[str, str] | None:
    try:
        from charset_normalizer import from_bytes
    except ImportError:  # pragma: no cover - ships with requests
        return None
    best = from_bytes(data).best()
    if best is None:
        return None
    encoding = codecs.lookup(best.encoding).name
    try:
        return data.decode(encoding), encoding
    except (UnicodeDecodeError, LookupError):
        return None


def _checked(text: str, p: Path) -> str:
    """Refuse decoded text that is mostly control characters (a binary file that happened to decode)."""
    if not text:
        return text
    sample = text[:65536]
    controls = sum(1 for c in sample if c not in _ALLOWED_CONTROLS and unicodedata.category(c) == "Cc")
    if controls > max(8, len(sample) // 100):
        raise UnreadableFile(f"{p} looks like a binary file (it is full of control characters), not a text file.")
    return text


def encode_text(text: str, fmt: LoadedText) -> bytes:
    """The bytes of `text` in fmt's encoding, BOM and newline style; raises UnsavableText naming the culprit."""
    return _encode_normalised(normalise_newlines(text), fmt)


# Characters encoded at a time by _encode_normalised: the editor saves on a worker thread, and one str.encode of an
# 8 MB survey holds the GIL ~30 ms (a key typed meanwhile waits); between two pieces the GUI thread can take it.
ENCODE_PIECE = 1 << 18


def _encode_normalised(body: str, fmt: LoadedText) -> bytes:
    """encode_text of a text whose newlines are normalised already: a long one piece by piece, with the codec's
    incremental encoder (a stateful encoding stays right across pieces)."""
    if len(body) <= ENCODE_PIECE:
        return _encode_whole(body, fmt)
    try:
        encoder = codecs.getincrementalencoder(fmt.encoding)("strict")
    except LookupError:
        raise UnsavableText(f"Unknown text encoding {fmt.encoding!r}.") from None
    parts = []
    try:
        for start in range(0, len(body), ENCODE_PIECE):
            piece = body[start:start + ENCODE_PIECE]
            parts.append(encoder.encode(piece.replace("\n", fmt.newline) if fmt.newline != "\n" else piece))
        parts.append(encoder.encode("", True))
    except UnicodeEncodeError:
        return _encode_whole(body, fmt)  # raises, naming the character, line and column in the whole text
    data = b"".join(parts)
    if fmt.bom:
        data = _BOM_OF.get(codecs.lookup(fmt.encoding).name, b"") + data
    return data


def _encode_whole(body: str, fmt: LoadedText) -> bytes:
    if fmt.newline != "\n":
        body = body.replace("\n", fmt.newline)
    try:
        data = body.encode(fmt.encoding)
    except UnicodeEncodeError as exc:
        raise UnsavableText(_unencodable_message(body, exc, fmt.encoding)) from None
    except LookupError:
        raise UnsavableText(f"Unknown text encoding {fmt.encoding!r}.") from None
    if fmt.bom:
        data = _BOM_OF.get(codecs.lookup(fmt.encoding).name, b"") + data
    return data


def _unencodable_message(body: str, exc: UnicodeEncodeError, encoding: str) -> str:
    ch = body[exc.start]
    before = body[: exc.start]
    line = before.count("\n") + before.count("\r") - before.count("\r\n") + 1
    column = exc.start - max(before.rfind("\n"), before.rfind("\r"))
    name = unicodedata.name(ch, f"U+{ord(ch):04X}")
    return (
        f"Not saved: the character {ch!r} ({name}, U+{ord(ch):04X}) on line {line}, column {column} can't be "
        f"written in {encoding.upper()}, the file's encoding. Remove it, or save the file as UTF-8. "
        "The file on disk was not changed."
    )


class SavedText(NamedTuple):
    """What save_text wrote: `written`, the text (newlines normalised) in the byte format written, and `fingerprint`,
    file_fingerprint's of the file as the save left it (None if it could not be looked at), from the bytes written."""

    written: LoadedText
    fingerprint: tuple[int, int, str] | None


def save_text(path: Path | str, text: str, fmt: LoadedText | None = None, *, backup: bool = True) -> SavedText:
    """save_text_atomic, and what was written: all of it work for a worker thread (the editor saves on one), the
    file's fingerprint taken from the bytes in memory rather than by reading an 8 MB survey back."""
    target, body, fmt, data = _write_text(path, text, fmt, backup)
    try:
        fingerprint: tuple[int, int, str] | None = _fingerprint(target.stat(), data)
    except OSError:
        fingerprint = None
    return SavedText(LoadedText(text=body, encoding=fmt.encoding, bom=fmt.bom, newline=fmt.newline,
                                guessed=fmt.guessed), fingerprint)  # (written in a guessed encoding: still a guess)


def save_text_atomic(
    path: Path | str, text: str, fmt: LoadedText | None = None, *, backup: bool = True
) -> None:
    """Write text atomically in fmt's byte format (default: the existing file's, else UTF-8/LF), keeping `.bak`.

    A file with other hard links, or whose owner and group a new file could not keep, is rewritten in place
    instead (a replacement would leave the other names with the old text, or take the file from its owner);
    a file nobody may write is refused, as other editors refuse it."""
    _write_text(path, text, fmt, backup)


def _write_text(path: Path | str, text: str, fmt: LoadedText | None, backup: bool
                ) -> tuple[Path, str, LoadedText, bytes]:
    """save_text_atomic's work: (the file written, the text with its newlines normalised, its format, its bytes)."""
    p = Path(path)
    target = Path(os.path.realpath(p))  # a symlinked survey stays a symlink; its target is replaced
    if fmt is None:
        fmt = _existing_format(target)
    body = normalise_newlines(text)
    data = _encode_normalised(body, fmt)  # before anything touches the disk
    _write_atomic(p, target, data, backup=backup)
    return target, body, fmt, data


def _write_atomic(p: Path, target: Path, data: bytes, *, backup: bool) -> None:
    """Put `data` in `target` (`p` as the user named it, for the messages), as save_text_atomic says."""
    if target.is_dir():
        raise UnsavableText(f"Not saved: {p} is a folder.")
    directory = target.parent
    old, mode = _kept_mode(target)
    if old is not None and _read_only(target, old):
        raise UnsavableText(f"Not saved: {p} is read-only. Save it under another name, or make it writable first. "
                            "The file on disk was not changed.")
    if old is not None and old.st_nlink > 1:
        _rewrite_in_place(target, p, data, backup=backup)
        return
    try:
        fd, tmp_name = tempfile.mkstemp(dir=directory, prefix=f".{target.name}.", suffix=".saving")
    except OSError as exc:
        raise UnsavableText(f"Not saved: can't write in {directory}: {exc.strerror or exc}.") from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if old is not None and not _owner_kept(tmp, old):
            tmp.unlink()
            _rewrite_in_place(target, p, data, backup=backup)
            return
        os.chmod(tmp, mode)  # after the chown, which clears set-id bits
        if backup and old is not None:
            _write_backup(target)
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise _write_failed(p, exc) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_directory(directory)


def replacement_of(path: Path | str) -> tuple[Path, int]:
    """(the file a whole new version of `path` replaces, the permissions it keeps), for a file written elsewhere and
    renamed over it (the exported report): through a symlink its target, so the link stays a link, as a save keeps a
    symlinked survey one; the mode of the file replaced (a report chmod 600 stayed private), else a new file's."""
    target = Path(os.path.realpath(path))
    return target, _kept_mode(target)[1]


def _kept_mode(target: Path) -> tuple[os.stat_result | None, int]:
    """(the file's stat, or None when there is none yet; the permissions a file written in its place gets): its
    own, else a new file's (0666 less the umask)."""
    try:
        old = target.stat()
    except FileNotFoundError:
        return None, 0o666 & ~_current_umask()
    return old, stat.S_IMODE(old.st_mode)


def temp_beside(target: Path, pid: int) -> Path:
    """Where a report is written before it is renamed over `target`: beside it (one file system), hidden, named for
    the process writing it (a PDF writer stopped midway leaves it to its parent to remove)."""
    return target.with_name(f".{target.name}.tmp{pid}")


def _write_failed(p: Path, exc: OSError) -> UnsavableText:
    return UnsavableText(f"Not saved: writing {p} failed: {exc.strerror or exc}. The file on disk was not changed.")


def is_read_only(path: Path | str) -> bool:
    """An existing file the program must not write over (a save, an exported report), as `_read_only` says."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode) and _read_only(Path(path), st)


def _read_only(target: Path, st: os.stat_result) -> bool:
    """No write permission bit at all (chmod a-w: read-only even to root), or none for this user."""
    return not st.st_mode & 0o222 or not os.access(target, os.W_OK)


def _owner_kept(tmp: Path, old: os.stat_result) -> bool:
    """Give the new file the old one's owner and group; False when they can't be kept (another user's file in a
    shared folder would become ours; root saving a user's survey would leave it unwritable to them)."""
    if os.name != "posix" or (old.st_uid, old.st_gid) == (os.geteuid(), os.getegid()):
        return True
    try:
        os.chown(tmp, old.st_uid, old.st_gid)
        return True
    except OSError:
        pass
    try:
        os.chown(tmp, -1, old.st_gid)  # our own file in the team's group: the team can still write it
    except OSError:
        return False
    return True


def _rewrite_in_place(target: Path, p: Path, data: bytes, *, backup: bool) -> None:
    """Overwrite the file's own bytes, keeping its inode (its hard links, owner, permissions). A write that fails
    (a full disk) puts the old bytes back, so the file is never left half-written. Unbuffered: a write that failed
    leaves nothing in a buffer to be flushed over the old bytes as they are put back."""
    try:
        old_bytes = target.read_bytes()
        fd = os.open(target, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise _write_failed(p, exc) from None
    try:
        if backup:
            _write_backup(target, copy_of=old_bytes)  # a copy: a hard link would be rewritten too
        try:
            if len(data) > len(old_bytes) and hasattr(os, "posix_fallocate"):
                _reserve(fd, len(old_bytes), len(data) - len(old_bytes))  # a full disk fails here, unchanged
            _write_whole(fd, data)
            os.fsync(fd)
        except OSError:
            _put_back(fd, old_bytes)
            raise
    except OSError as exc:
        raise _write_failed(p, exc) from None
    finally:
        os.close(fd)


def _write_whole(fd: int, data: bytes) -> None:
    """The file's content becomes `data`, written over the old bytes from the start."""
    os.lseek(fd, 0, os.SEEK_SET)
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    os.ftruncate(fd, len(data))


def _reserve(fd: int, offset: int, length: int) -> None:
    try:
        os.posix_fallocate(fd, offset, length)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
        # a filesystem that can't reserve space (EOPNOTSUPP, EINVAL): the write itself finds out


def _put_back(fd: int, old_bytes: bytes) -> None:
    try:
        _write_whole(fd, old_bytes)
        os.fsync(fd)
    except OSError:  # the `.bak` written first still holds them
        pass


def backup_path(path: Path | str) -> Path:
    p = Path(path)
    return p.with_name(p.name + ".bak")


def _existing_format(target: Path) -> LoadedText:
    if target.is_file():
        try:
            return load_text(target).with_text("")
        except UnreadableFile:
            pass
    return LoadedText(text="")


def _write_backup(target: Path, *, copy_of: bytes | None = None) -> None:
    """`<name>.bak` becomes the version about to be replaced: a hard link when possible, else a copy (`copy_of`, the
    file's bytes, when it is about to be rewritten in place)."""
    import shutil

    bak = backup_path(target)
    tmp_bak = bak.with_name(f".{bak.name}.{os.getpid()}.tmp")
    tmp_bak.unlink(missing_ok=True)
    try:
        if copy_of is not None:
            with open(tmp_bak, "wb") as fh:
                fh.write(copy_of)
            shutil.copymode(target, tmp_bak)
        else:
            try:
                os.link(target, tmp_bak)
            except OSError:
                shutil.copy2(target, tmp_bak)
        os.replace(tmp_bak, bak)
    except BaseException:
        tmp_bak.unlink(missing_ok=True)  # no half-written copy left beside the survey (a full disk)
        raise


def _fsync_directory(directory: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # some filesystems refuse directory fsync
        if exc.errno not in (errno.EINVAL, errno.EBADF, errno.EROFS):
            raise
    finally:
        os.close(fd)


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def file_fingerprint(path: Path | str) -> tuple[int, int, str]:
    """(mtime_ns, size, sha256 hex) of the file on disk, to notice another program changing it."""
    p = Path(path)
    return _fingerprint(p.stat(), p.read_bytes())


def _fingerprint(st: os.stat_result, data: bytes) -> tuple[int, int, str]:
    """file_fingerprint of a file whose stat and bytes are at hand (a save has the bytes it wrote)."""
    import hashlib  # here: loading OpenSSL costs `survey-check` ~10 ms, and only the editor takes fingerprints

    return (st.st_mtime_ns, st.st_size, hashlib.sha256(data).hexdigest())


def changed_on_disk(path: Path | str, fingerprint: tuple[int, int, str] | None) -> bool:
    """True when the file's content differs from the fingerprint taken at load/save (a touch alone is no change)."""
    if fingerprint is None:
        return False
    try:
        st = Path(path).stat()
        if (st.st_mtime_ns, st.st_size) == fingerprint[:2]:
            return False  # as we left it: no need to read it (each save of a survey looked at it three times)
        if st.st_size != fingerprint[1]:
            return True
        now = file_fingerprint(path)  # touched, same size: the content decides
    except OSError:
        return True
    return now[2] != fingerprint[2]
