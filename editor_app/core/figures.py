"""Engine figures: comparisons ("SGLang ~16,200 vs vLLM ~12,500 tok/s on H100"), speed-ups ("3.1× faster") and
percentage changes ("SGLang 比 vLLM 延迟降低 40%").

`figures_in_line` is a pure function of one line (callers memoise it by text; groups come back with line=0 and
must be treated as immutable). figure_check.py then flags the same engine + metric (+ label, hardware, unit)
stated with different values in different places.

How a line is read:
- Parentheses open nested scopes; each scope is split into clauses at ``；;。|·：`` and backticks, dashes and
  sentence ends (not at the colon of "vLLM: 12.5k tok/s", a known engine's name before a value, nor at that of "vLLM
  on H100: 9,000 tok/s", an engine and the GPU it runs on), and a clause into items at `` + ``, ``、``, ``，``, ``, ``
  and `` / ``. The text before the first ``：`` of the line is its lead-in ("NVIDIA Dynamo 1.0（…）：").
- A comparison is a clause (or, failing that, an item) with ``vs``/``versus`` whose every part names an engine
  (the run of capitalised or known names right before the value) and a value; the unit (tok/s, req/s, s, ms,
  tok/s/GPU, GB, %, ×, $…/年, 万美元/年 as $/年, 万元 as ¥, a price per million tokens as $/M tok) or a metric label ("p99 TTFT", 吞吐, latency…, also from a
  "label：" lead-in) must be present and decides the metric (throughput, latency, cost, memory, speedup,
  accuracy, percent). Times in ms and in s make one comparison in the unit stated first (a converted value's
  text keeps its own unit: "1.2 s"). A part with no name before its value takes the engine named right after it
  ("… versus 12,500 tok/s for vLLM"); a part with no value outside parentheses takes the first one in the
  parenthesis right after its engine ("Ollama (~45 tok/s) vs llama.cpp (~52 tok/s)"). In a part, a known engine
  wins over a later capitalised word ("vLLM 的 KV cache 命中率 85%" is vLLM's); an unlabelled percentage is
  labelled with the words between that engine and its value ("KV cache 命中率").
- A speed-up is a number with ``×``, an attached ``x`` or ``倍``: ``3.1×``, ``快 3 倍``, ``up to 7×``,
  ``3.8~5.2×``, ``+1.21×~1.35×`` (a range keeps its text; its value is the upper bound, approx stays False).
  ``8× H100`` is hardware, not a speed-up. Metric "speedup", unit "×", label the measure it names
  (TTFT, throughput, build, load, request rate, ...; "" for plain "faster").
- A speed-up's engine is the subject of the nearest scope that names one: the first run of names in its item
  before the figure (a baseline after 比/than/vs or in "是 vLLM 的 1.3 倍" is skipped), else the previous speed-up's engine in the same
  clause, else the first run of the clause (top level only: inside parentheses, names outside the figure's item
  are asides), else the first run of the item that holds the parenthesis, else the lead-in's. Inside a run a
  known engine wins ("DeepSeek V3 SGLang 3.1× faster" is SGLang), and so does one after a run that says where (上/下/中),
  unless what the run names runs on it ("DeepSeek V3 上 SGLang 快 3.1 倍" is SGLang's, "LiteKV 在 vLLM 上快 2 倍"
  LiteKV's); a speed-up whose item names no subject nor measure takes the measure of the clause before it ("SGLang
  吞吐 16.2k tok/s，是 vLLM 的 1.3 倍" is a throughput speed-up). A known engine right after the figure
  with with/on/using/用/在 wins over a run that is no engine ("Mixtral runs 2× faster with SGLang" is SGLang).
  A cited ``arXiv:NNNN.NNNNN`` is a subject too; a run of technical nouns alone ("KV", "KV Cache", "HBM") is none. A subject that is no known engine (nor a cited paper), on a line
  whose lead-in names one known engine alone ("NVIDIA Dynamo 1.0（…）：… KV Cache Manager 4× lower TTFT"), is a
  part of that engine: the figure is the engine's.
- A speed-up's baseline is the known engine (canonical name) it is measured against: the first named after the
  baseline word before it in its item ("比 vLLM 快 2×", "是 vLLM 的 1.3 倍", "vs vLLM 快 2×"), else right after
  than/over/vs/versus/against/compared to after it ("3.1× faster than vLLM"), else the previous speed-up's in the
  clause when its item names no subject ("比 vLLM 吞吐快 2×、TTFT 低 3×"), else the one a clause's first item names
  alone ("相对 vLLM，…", "与 vLLM 相比，…", "Compared to vLLM, …"); "" when none is named or it is no known engine
  ("比 torch.compile 快 3.8×"). "以 TGI 为基线" leads like "相对 TGI"; a pronoun after the baseline word ("比它", "是它的",
  "与之相比") names the one known engine other than the subject named before it in its sentence, or, when its
  sentence names none, the one engine the sentence before it on the line names, unless that is the subject ("vLLM
  在 H100 上 12,500 tok/s。LMDeploy 比它快 3 倍。"); when none or several are, the figure is not read
  (UNKNOWN_BASELINE: neither a guess nor one naming none).
- A known engine with a value and a unit but no ``vs`` ("vLLM 12,500 tok/s on H100") is a one-value group
  (kind "value"), so it is checked against the comparisons too (a bare s/ms value only in a clause that names a
  latency metric); a label named once covers the clause's later values of its metric. So is a throughput or a
  latency of a system no known engine names when the name is plainly its subject (`_system_named`: "TinyServe 的
  p99 TTFT 950 ms"). A value after a baseline
  word (than, versus, 比 …) is not the subject's but the engine's named right after it ("higher than 12,500
  tok/s for vLLM"), else no one's; an engine named right after a value with for/of/on/using owns it even after
  another name ("from $110,940/yr on NIM to $59,940/yr on vLLM"). A difference between two engines' figures
  ("比 vLLM 高 3,000 tok/s", "3,700 tok/s faster than vLLM") is no one's figure, nor is the level a change starts from ("从 850 ms 降到 320 ms", "from 850 ms to
  320 ms" state 320 ms), nor a change (after 降低/提升…, or
  the English "down/up", "drops/rises/reduced/increased (by)", "lower/higher by", a change verb before "by": "vLLM
  latency down 8 ms", "cuts p99 latency by 20 ms"; "down to 8 ms", "up to 16,200 tok/s" are levels). An item that
  names only other hardware before its value ("H100 上 vLLM 为 12,500 tok/s，H200 上为 15,800 tok/s") states the clause's previous
  value's engine on that hardware. A clause after a latency label and a colon ("p50 TTFT：TGI 为 320 毫秒，…") is
  read for latencies though it holds no cue.
- A range of a throughput or a latency ("12,000~16,200 tok/s", "54.2–58.9s", "1.2万~1.6万 tok/s", "12 to 16k tok/s";
  ~ ～ – — 至 to, not after "from"/"从": a change) is one value, as a speed-up's range: its value the upper end, its
  text the range as written, approx only when marked before it or after it. Its ends are written alike, or the lower
  with no magnitude ("1.2~1.6万"), and rise; a range with no unit after it counts only in a comparison of a
  throughput or a latency ("SGLang 12,000~16,200 vs vLLM 12,500 tok/s"). A range of anything else is read as before.
- "SGLang 19,900、vLLM 12,500 tok/s", "SGLang 16.2k / vLLM 12.5k tok/s": a value with no unit, followed by 、 or / and
  another known engine's value, is in the unit written after the last of them (_listed_unit).
- "vLLM vs NIM：年成本 $59,940 vs $110,940": values joined by vs with no engine named, after a lead-in naming known
  engines joined by vs, are a comparison of those engines in order (_named_in_lead_in).
- "~", "≈", "约", "约为", "about", "around", "roughly", "approximately" mark a value approximate, and so do "左右/上下"
  right after it and its unit ("16,200 tok/s 左右"); "up to" does not.
  A speed-up is approximate too when "约为/约是/大约/大概" stand shortly before it in its item ("吞吐约为 vLLM 的
  1.3 倍") or "左右/上下" right after it.
- Hardware (H100, A100, B200, GB200, L40S, MI300X, RTX 4090, Apple M4, 昇腾/Ascend 910B, M2 Ultra, ..., with a count:
  "8×H100") is the first named in a comparison's clause as written (parentheses included); for a speed-up, in its
  item, else in its clause when the clause holds one speed-up only; for a one-value group, right after its value
  ("15,800 tok/s on H200", "（H200）"), else in its item, else in its clause, unless another item of the clause states
  the same engine's figure on that GPU ("H100 上 Ollama 95 tok/s，Mac Studio 上 Ollama 40 tok/s": 40 is on none).
  Failing these, the GPU named in the clause that leads into the figure's with a colon ("单卡 H100 的 p50 TTFT：…",
  "实测（H100 · …）：…"), or, when that names none, in the line's lead-in ("2.1 实测（H100 · …）：…；p50 TTFT：…").
- A percentage change is a value with "%" and a word saying which way: before it (提升/提高/增加/高/快/多/降低/下降/
  减少/缩短/低/慢/少…, not 最高/高达/提升到: a level), after it ("30% higher/lower/faster/more/less"), or a verb before
  "by" ("cuts p99 latency by 40%"), or a sign ("+80%", "-8%") when its item names the engine, a baseline and the
  measure ("SGLang 比 vLLM 吞吐 +80%"). Kind and metric "change", unit "%", label the measure named as a speed-up's
  ("latency", "TTFT", "" for plain "高 30%"), the value signed (a fall negative: "延迟降低 40%" is -40), its text the
  number as written; subject and baseline found as a speed-up's, and a baseline in a parenthesis right after it
  ("吞吐提升 35%（相对 vLLM）"). Read only when its subject or its baseline is a known engine: LiteKV's "内存降低 75%"
  is a paper's claim about itself. A percentage with no such word ("4/6 = 67%", "占 40%", "命中率 92%") is none.
- A list of engines, "分别", and a list of values ("SGLang、LMDeploy、vLLM 的吞吐分别为 16,200、16,200、12,500 tok/s",
  "vLLM/SGLang 分别 58.9s/54.2s"; joined by 、，, / 和 与 及) is one comparison, each value its engine's in order, the unit
  written last the list's; lists of different lengths read nothing (nor does any other reader take their values).
- ￥ (U+FFE5) is ¥, "RMB"/"CNY" before a value ¥; a cost per year is "/年" whatever the wording ("/yr", "/year", "per
  year", a yearly cost word before it: "年成本 50 万元", or ending the lead-in
  before its clause's colon: "年成本：vLLM $69,940 vs NIM $110,940"). A magnitude scales exactly ("1.62 万" is 16200).
- An M before tok/s or req/s is millions ("1.2M tok/s" is 1,200,000, as "16.2K" is 16,200); a bare M or B anywhere
  else is no multiplier ("7B", "1M tokens"), and a value in K or M ("900K") is no name.
- A Markdown table's rows are read by the columns their header names (figure_tables.py), not here.
- A figure naming no GPU on a line whose paragraph goes on on the next line takes the GPU its clause names there
  (`with_wrapped_gpus`, called by the analysis with the next line: "… 2× faster than vLLM on" / "H100, …").
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Any

from editor_app.core.model import FigureGroup, FigureValue
from editor_app.core.numbers import AS_ASCII, FULL_WIDTH_ASCII, thousands_read
from editor_app.core.records import with_changes
from editor_app.core.regex_looks import longest_first


_ENGINE_ALIASES: dict[str, tuple[str, ...]] = {
    "vLLM": ("vLLM", "vllm", "VLLM"),
    "SGLang": ("SGLang", "sglang", "SGlang"),
    "LMDeploy": ("LMDeploy", "lmdeploy"),
    "TensorRT-LLM": ("TensorRT-LLM", "TRT-LLM", "TensorRT LLM", "TRTLLM", "trtllm"),
    "llama.cpp": ("llama.cpp", "Llama.cpp"),
    "Ollama": ("Ollama", "ollama"),
    "NIM": ("NIM",),
    "Dynamo": ("Dynamo",),
    "transformers": ("transformers", "Transformers"),
    "ONNX Runtime": ("ONNX Runtime", "ONNXRuntime", "onnxruntime", "ORT"),
    "ONNX Runtime Web": ("ONNX Runtime Web",),
    "TGI": ("TGI", "text-generation-inference"),
    "DeepSpeed-MII": ("DeepSpeed-MII", "DeepSpeed"),
    "MLC LLM": ("MLC LLM", "MLC-LLM"),
    "ExLlamaV2": ("ExLlamaV2", "ExLlama"),
    "Triton": ("Triton",),
    "LightLLM": ("LightLLM",),
    "MLX": ("MLX",),
    "llamafile": ("llamafile",),
    "PowerInfer": ("PowerInfer",),
    "OpenVINO": ("OpenVINO",),
    "FasterTransformer": ("FasterTransformer",),
    "KTransformers": ("KTransformers",),
    "Xinference": ("Xinference",),
    "MindIE": ("MindIE",),
}
KNOWN_ENGINES: dict[str, str] = {alias: canon for canon, aliases in _ENGINE_ALIASES.items() for alias in aliases}
_LOWERCASE_NAMES = {a for a in KNOWN_ENGINES if not any(c.isupper() for c in a)}

# Words that are capitalised but never the subject of a figure.
_NOT_NAMES = {
    "TTFT", "TPOT", "ITL", "QPS", "RPS", "E2E", "GPU", "GPUs", "CPU", "CPUs", "PR", "PRs", "API", "Q1", "Q2",
    "Q3", "Q4", "OK", "vs", "VS", "Vs", "RMB", "CNY",
}
# Technical nouns: a run of names made of these alone names no subject ("kernel fusion and KV layout explain the 3.1x
# gap" is no engine "KV"'s speed-up), while a name holding one does ("KV Cache Manager 4× lower TTFT", "TurboQuant KV")
_TECH_NOUNS = frozenset((
    "KV", "Cache", "Caches", "Memory", "HBM", "HBM2", "HBM2e", "HBM3", "HBM3e", "SRAM", "DRAM", "VRAM", "RAM",
    "NVLink", "PCIe", "NVMe", "SSD", "Layout",
))

_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_APPROX = r"[~≈～]\s?|约[为是合]?\s?|(?:about|around|approx\.?|approximately|roughly|nearly)\s"
_VALUE_RE = re.compile(
    rf"(?=[~≈约～arnRC$¥€£0-9])(?<![A-Za-z0-9.,_/:])(?<!\d-)(?P<approx>{_APPROX})?(?P<cur>[$¥€£]|(?:RMB|CNY)[ \t]?)?"
    rf"(?P<num>{_NUM})(?![.,]?\d|-\d|:\d|/\d)"
    r"(?P<mult>[kK](?![A-Za-z])|[MB](?![A-Za-z])|[ \t]?万|[ \t]?亿|[ \t][kK](?=[ \t]?(?:tok|req)[A-Za-z]*/s))?"
)
_UNIT_RE = re.compile(
    r"[ \t]?(?P<unit>tok(?:en)?s?/s(?:ec)?(?:/GPU|/卡)?(?![A-Za-z])|req(?:uest)?s?/s(?![A-Za-z])|QPS|RPS|ms(?![A-Za-z])|毫秒|秒"
    r"|s(?![A-Za-z0-9])|sec(?![A-Za-z])|GiB|GB|MB|%|×|x(?![A-Za-z0-9])|美元|元(?![一-鿿])|人民币)?"
    r"(?P<per>/(?:年|月|天|小时|yr|year|mo|month|day|h|hr|hour)(?![A-Za-z]))?"
)
# Where a value can start: a cheap scan (one set of first characters, the look-behinds after it) that stops at
# every place _VALUE_RE can match and few others; _matches() tries the full pattern only there.
_VALUE_START = re.compile(
    r"[~≈约～arnRC$¥€£0-9](?<![A-Za-z0-9.,_/:].)(?<!\d-.)"
    r"(?:(?<=[~≈约～$¥€£0-9])|(?<=a)(?:bout|round|pprox)|(?<=r)oughly|(?<=n)early|(?<=R)MB|(?<=C)NY)"
)
_X = r"(?:[ \t]?[×倍]|[xX](?![A-Za-z0-9]))"
_SPEEDUP_RE = re.compile(
    rf"(?=[u最高~≈约～arn+0-9])(?<![A-Za-z0-9.,_/])(?P<upto>(?:up to|最高|高达)\s?)?(?P<approx>{_APPROX})?"
    r"\+?(?P<lo>\d+(?:\.\d+)?)"
    rf"(?:{_X}?[ \t]?(?:~|～|-|–|to|至)[ \t]?\+?(?P<hi>\d+(?:\.\d+)?))?{_X}"
)
# What follows a speed-up's first digit up to its end, loosely (a number, maybe a range, then ×, 倍 or x): a look-ahead
# that every speed-up passes, so that _SPEEDUP_START does not stop at the many numbers that end in no × ("2026-09",
# "~16,200", "v0.5.19") nor at the " + " between items
_X_LOOSE = r"(?:[ \t]?[×倍]|[xX])"
_TO_X = rf"[\d.]*(?:{_X_LOOSE}|{_X_LOOSE}?[ \t]?(?:~|～|-|–|to|至)[ \t]?\+?\d[\d.]*{_X_LOOSE})"
_SPEEDUP_START = re.compile(  # where a speed-up can start, as _VALUE_START for values
    r"[u最高~≈约～arn+0-9](?<![A-Za-z0-9.,_/].)"
    rf"(?:(?<=[0-9])(?={_TO_X})|(?<=\+)(?=\d{_TO_X})|(?<=[~≈～])(?=\s?\+?\d{_TO_X})|(?<=约)(?=[为是合]?\s?\+?\d{_TO_X})"
    r"|(?<=[最高])|(?<=u)p to|(?<=a)(?:bout|round|pprox)|(?<=r)oughly|(?<=n)early)"
)
_HARDWARE_RE = re.compile(  # (a count: "8×H100", "8 卡 H100", "单卡 H100")
    r"(?=[0-9NGHABLTVRM单昇])(?<![A-Za-z0-9])(?:(?P<count>\d+)[ \t]?[×xX卡张][ \t]?|单卡[ \t]?)?"
    r"(?:NVIDIA[ \t]+|Mac[ \t]+(?=M\d))?(?P<name>"
    r"(?:GB|[HABL])\d{2,3}[A-Z]?(?:[ \t]?(?:SXM|PCIe|NVL)\d*)?|L4|T4|V100|RTX[ \t]?\d{4}(?:[ \t]?Ti)?"
    r"|MI\d{3}[A-Z]?|TPU[ \t]?v\d[a-z]?|Gaudi[ \t]?\d|Apple[ \t]+M\d(?:[ \t]+(?:Pro|Max|Ultra))?"
    # Huawei's Ascend ("昇腾 910B", "Ascend 910B"), an Apple chip without "Apple" only with its kind ("M2 Ultra",
    # "Mac M3 Max": a bare "M2" is too many other things)
    r"|(?:昇腾|Ascend)[ \t]?9\d0[A-Z]?|M\d[ \t]+(?:Pro|Max|Ultra))(?![A-Za-z0-9])"
)
_HARDWARE_FIRST = frozenset("0123456789NGHABLTVRM单昇")  # the characters _HARDWARE_RE can start with
# every GPU name above holds one of these, so text without one names no hardware (a cheap first look); each
# alternative starts with a plain letter (re then skips the other positions in C, which _HARDWARE_RE, led by a
# look-ahead, cannot), and versions ("v0.5.19", "V1") pass none, so most text never meets _HARDWARE_RE
_GPU_HINT = re.compile(r"H\d\d|A\d\d|B\d\d|L\d\d|GB\d\d|L4|T4|V100|RTX|MI\d\d\d|TPU|Gaudi|Apple|昇腾|Ascend|M\d[ \t]+[PMU]")
# These start with a plain character or one set of characters (re then skips the other positions in C); the
# look-behinds after that first character tell which separator it begins.
_VS_RE = re.compile(r"v(?<![A-Za-z]v)(?:s\.?|ersus)(?![A-Za-z])|V(?<![A-Za-z]V)[sS]\.?(?![A-Za-z])")  # vs VS Vs versus
# Clause and item separators are found at a character that is rarely a space, so re does not stop at every space:
# "\s—+\s" is found at its first dash, " + " and " / " at their middle (the space before is taken back, unless
# the previous separator used it, as a scan from the left would have).
_CLAUSE_SEP = re.compile(  # ；;。|·：` or —— or \s—+\s or ":"/"." before a space (not "vs." nor "3.")
    r"[；;。|·：`—:.](?:(?<=[；;。|·：`])|(?<=\s—)—*\s|(?<=—)—|(?<=:)(?=\s)|(?<=\.)(?<!vs\.)(?<!\d\.)(?=\s))"
)
_ITEM_SEP = re.compile(r"[+/、，,](?:(?<=[\s\x01]\+)\s|(?<=\s/)\s|(?<=[、，])|(?<=,)\s)")  # " + " 、 ， ", " " / "


def _engine_colon_re() -> re.Pattern[str]:
    aliases = "|".join(re.escape(a) for a in sorted(KNOWN_ENGINES, key=longest_first))
    return re.compile(rf"(?<![A-Za-z0-9_.\-])(?:{aliases})[ \t]?[:：]\Z")


_ENGINE_COLON = _engine_colon_re()  # "vLLM:" — a colon that names whose value follows, not a clause's end
# "vLLM on H100:", "vLLM @ 8x A100-80G:", "vLLM 在 H100 上：": the same with the GPU it runs on (told a GPU by
# _HARDWARE_RE at the group's start)
_ENGINE_ON_GPU_COLON = re.compile(
    r"(?<![A-Za-z0-9_.\-])(?:" + "|".join(re.escape(a) for a in sorted(KNOWN_ENGINES, key=longest_first))
    + r")(?:[ \t]+on[ \t]+|[ \t]*@[ \t]*|[ \t]*在[ \t]*)(?P<gpu>[^:：;；,，。]{1,28}?)[ \t]*上?[ \t]?[:：]\Z")
_ENGINE_LAST = frozenset(alias[-1] for alias in KNOWN_ENGINES)  # what the name before such a colon ends with


def _after_engine_name(text: str, at: int) -> bool:
    """A cheap first look for _ENGINE_COLON at the colon text[at]: an engine's name must end right before it, or
    before one space or tab (most colons follow a CJK word)."""
    before = text[max(0, at - 2):at]
    return before[-1:] in _ENGINE_LAST or (before[-1:] in (" ", "\t") and before[:1] in _ENGINE_LAST)


def _after_engine_on_gpu(text: str, at: int) -> bool:
    """Whether an engine and the GPU it runs on end right before the colon text[at] ("vLLM on H100: 9,000 tok/s"):
    a colon that names whose value follows, as _ENGINE_COLON's. A few str tests first: a GPU's name ends in a letter
    or digit (or 上), and on/@/在 stands shortly before it."""
    before = text[max(0, at - 40):at]
    last = before.rstrip(" \t")[-1:]
    if not ((last.isascii() and last.isalnum() or last == "上")
            and (" on " in before or "@" in before or "在" in before)):
        return False
    m = _ENGINE_ON_GPU_COLON.search(text, max(0, at - 60), at + 1)
    return m is not None and _HARDWARE_RE.match(text, m.start("gpu")) is not None
_VALUE_NEXT = re.compile(r"[ \t]*(?:[~≈约～$¥€£]|\d)")


def _clause_seps(text: str, start: int, end: int, first: bool = False) -> list[tuple[int, int]]:
    """Spans of the clause separators in text[start:end] (only the first with `first`), as a scan from the left
    finds them."""
    found: list[tuple[int, int]] = []
    prev = start
    m = _CLAUSE_SEP.search(text, start, end)
    while m is not None:
        at, after = m.span()
        if text[at] == "—" and text[after - 1] != "—":  # "\s—+\s" found at its first dash
            if at - 1 >= prev:
                at -= 1
            elif text.startswith("——", at, end):  # that space ended the previous separator
                after = at + 2
            else:
                m = _CLAUSE_SEP.search(text, at + 1, end)
                continue
        if text[at] in ":：" and (_after_engine_name(text, at) and _ENGINE_COLON.search(text, max(0, at - 24), at + 1)
                                 or _after_engine_on_gpu(text, at)) and _VALUE_NEXT.match(text, after):  # (the name and the value around the colon, also past the span scanned: a whole split sees them)
            m = _CLAUSE_SEP.search(text, after, end)  # "vLLM: 12.5k tok/s vs SGLang: 16.2k tok/s": one clause
            continue
        found.append((at, after))
        if first:
            break
        prev = after
        m = _CLAUSE_SEP.search(text, after, end)
    return found


def _last_seps_from(text: str, start: int, end: int) -> int:
    """Where a scan for the clause separators of text[start:end] may start and find the same last one: at the last
    "。" or "；" in that span (a long line is not scanned again from its start for the clause of each late cue: a
    survey whose line breaks were lost took time growing with its length squared). Either is a separator wherever it
    stands (no other separator's span holds it, no exception keeps it), which a scan from the left finds and goes on
    from as a scan from there does. A short span is scanned as fast as the two look-ups cost."""
    if end - start < 80:
        return start
    return max(start, text.rfind("。", start, end), text.rfind("；", start, end))


def _clause_at(view: str, pos: int, start: int = 0) -> tuple[int, int]:
    """The clause that holds view[pos], a character no separator holds (as a split of the whole view gives it).

    `start` is 0 or where a clause before `pos` ends (a separator starts there); the scan for separators stops
    at the first one after `pos` instead of going through the whole view.
    """
    a, b, _ = _clause_around(view, pos, start)
    return a, b


def _clause_around(view: str, pos: int, start: int = 0) -> tuple[int, int, int]:
    """_clause_at, and where the separator that ends the clause ends (len(view) when none does).

    `start` may also be where the separator that ends a clause before `pos` ends: a scan from where it starts
    finds it first, as it was found, and goes on from its end (no separator after it looks back into it), so
    the reader starts there and does not find each separator twice.
    """
    before = _clause_seps(view, _last_seps_from(view, start, pos), pos)  # (only its last one is read)
    after = _clause_seps(view, pos, len(view), first=True)
    if after:
        return before[-1][1] if before else start, after[0][0], after[0][1]
    return before[-1][1] if before else start, len(view), len(view)


def _item_seps(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the item separators in text[start:end], as a scan from the left finds them."""
    found = []
    prev = start
    m = _ITEM_SEP.search(text, start, end)
    while m is not None:
        at, after = m.span()
        if text[at] in "+/":  # " + " or " / " found at its middle
            if at - 1 < prev:  # that space ended the previous separator
                m = _ITEM_SEP.search(text, at + 1, end)
                continue
            at -= 1
        found.append((at, after))
        prev = after
        m = _ITEM_SEP.search(text, after, end)
    return found


def _after_first_letter(words: list[str]) -> str:
    """An alternation of the words with their first letter already read: "(?<=v)(?:llm)|(?<=s)(?:glang)|..."."""
    by_first: dict[str, list[str]] = {}
    for word in words:  # in order, so the alternatives keep their order within each first letter
        by_first.setdefault(word[0], []).append(re.escape(word[1:]))
    return "|".join(f"(?<={re.escape(first)})(?:{'|'.join(rests)})" for first, rests in by_first.items())


_NAME_WORD_RE = re.compile(  # words that can name a subject: capitalised, a known lowercase engine, a version
    # its first character is matched first (re then skips the other positions in C); the look-behinds after it
    # tell which kind of word it begins. The capitalised word is tried first: it is the commonest, and no other
    # alternative can match at a capital but "V" + version, which it matched first anyway.
    r"[A-Za-z0-9](?<![A-Za-z0-9_.'\-].)(?:(?<=[A-Z])[A-Za-z0-9]*(?:[-_.'][A-Za-z0-9]+)*|(?<=a)rXiv:\d{4}\.\d{4,5}"
    rf"|(?:{_after_first_letter(sorted(_LOWERCASE_NAMES, key=longest_first))})(?![A-Za-z0-9])"
    r"|(?<=[a-z0-9])[a-z0-9]*[A-Z][A-Za-z0-9]*(?:[-_.'][A-Za-z0-9]+)*"
    r"|(?:(?<=[vV])\d+|(?<=\d)\d*)(?:\.\d+)+(?:-[A-Za-z0-9]+)?(?![A-Za-z0-9]))"
)
_VERSION_RE = re.compile(r"[vV]?\d+(?:\.\d+)+(?:-[A-Za-z0-9]+)?|[vV]\d+")
_VERSION_FIRST = frozenset("vV0123456789")
_THOUSANDS_WORD = re.compile(r"\d+(?:\.\d+)?[KM]")  # "900K", "1.2M" (tok/s): a value in thousands or millions
_ENGINE_FIRST_WORDS = frozenset(alias.split(" ")[0] for alias in KNOWN_ENGINES)
# a run names a known engine only where one of these words is written
_ENGINE_WORD_RE = re.compile("|".join(re.escape(w) for w in sorted(_ENGINE_FIRST_WORDS, key=longest_first)))
_WITH_RE = re.compile(  # with/on/using/in after no letter, 用, 在; each alternative led by a plain character
    r"w(?<![A-Za-z]w)ith[ \t]+|o(?<![A-Za-z]o)n[ \t]+|u(?<![A-Za-z]u)sing[ \t]+|i(?<![A-Za-z]i)n[ \t]+|用[ \t]*|在[ \t]*"
)
# a value that is a difference between two engines' figures: after 高/低/快/多/少/提升了… (not 最高, 高达, 提升到)
_DIFFERENCE_BEFORE = re.compile(
    r"(?<!最)(?:高|低|快|慢|多|少|高出|提升|提高|增加|降低|减少|缩短|节省|下降|增长)[了出]?[ \t]*(?:约|近|超过)?[ \t]*\Z")
_DIFFERENCE_AFTER = re.compile(r"[ \t]+(?:faster|slower|higher|lower|more|less|fewer)(?![A-Za-z])")
# The same in English: a value after a word saying it moved ("latency down 8 ms", "drops by 8 ms", "throughput up
# 1,200 tok/s", "TTFT reduced by 20 ms"), after "lower/higher/faster/slower by", or after "by" with such a word
# shortly before it in its item ("cuts p99 latency by 20 ms") is a change, as 降低/提升 before it: no engine's level.
# "down to 8 ms", "up to 16,200 tok/s", "from 30 ms to 8 ms" state levels and stay read.
_MOVED = (r"(?:down|up|drop(?:s|ped|ping)?|fall(?:s|en|ing)?|fell|ris(?:e[sn]?|ing)|rose|cut(?:s|ting)?|grew|grown"
          r"|shrank|shrunk|(?:reduc|decreas|increas|rais|improv|sav|shav)(?:e[sd]?|ing)"
          r"|(?:lower|boost|gain|climb|jump|grow|shrink|slash)(?:e?s|ed|ing)|(?:lower|boost|gain|climb|jump|slash)"
          r"(?=[ \t]+by(?![A-Za-z]))|trim(?:s|med|ming)?)")
_ABOUT_EN = r"(?:(?:about|around|roughly|approximately|nearly|almost|some|over|another)[ \t]+|[~≈][ \t]*)?"
_DIFFERENCE_BEFORE_EN = re.compile(
    r"(?<![A-Za-z])(?:" + _MOVED + r"(?:[ \t]+by)?|(?:lower|higher|faster|slower)[ \t]+by)[ \t]+" + _ABOUT_EN + r"\Z",
    re.I)
_BY_BEFORE_EN = re.compile(r"(?<![A-Za-z])by[ \t]+" + _ABOUT_EN + r"\Z", re.I)
_MOVED_WORD = re.compile(r"(?<![A-Za-z])(?:" + _MOVED + r"|lower|higher|faster|slower)(?![A-Za-z])", re.I)
# A percentage change ("延迟降低 40%", "30% higher than vLLM", "cuts p99 latency by 40%"): the word saying which way,
# right before the value (not 最高, 高达, 提升到: a level, not a change), right after its "%", or a verb before "by"
_CHANGE_BEFORE = re.compile(
    r"(?<!最)(?P<dir>提升|提高|增加|增长|增大|上升|升高|加快|高出|高|快|多|降低|下降|减少|减小|缩短|缩小|节省|降|减|低|慢|少)[了出]?[ \t]*(?:超过)?[ \t]*\Z")
_CHANGE_AFTER = re.compile(r"[ \t]*(?P<dir>higher|lower|faster|slower|more|less|fewer)(?![A-Za-z])")
# "SGLang、vLLM 的吞吐分别为 16,200、12,500 tok/s", "vLLM/SGLang 分别 58.9s/54.2s": names and values listed in order
_RESPECTIVELY = re.compile(r"分别(?:为|是|达到?)?[ \t]*")
_LIST_SEP = re.compile(r"[ \t]*(?:[、，,/]|和|与|及)[ \t]*")
_VERSIONS_ONLY = re.compile(r"(?:[ \t]+[vV]?\d[\w.\-]*)*[ \t]*")  # what may follow an engine's name in a list
_BY_BEFORE = re.compile(r"(?<![A-Za-z])by[ \t]+\Z")
_CHANGE_VERB = re.compile(r"(?<![A-Za-z])(?P<dir>cut|reduc|lower|decreas|improv|increas|boost|rais)"
                          r"(?:e[sd]?|ed|s|ing|ting)?(?![A-Za-z])", re.I)  # "cuts", "reduced", "boosting"
_DOWN = frozenset(("降低", "下降", "减少", "减小", "缩短", "缩小", "节省", "降", "减", "低", "慢", "少", "lower", "slower", "less", "fewer",
                   "cut", "reduc", "decreas"))
_PER_MTOK = "/M tok"  # the unit a price per million tokens is read in
_PER_MTOK_WORDS = r"(?:每|/|per[ \t]+)[ \t]*(?:1[ \t]?M|百万|million|M)[ \t]*(?:个[ \t]*)?(?:输出|输入|output|input)?[ \t]*tok"
_PER_MTOK_AFTER = re.compile(r"[ \t]*" + _PER_MTOK_WORDS + r"(?:en)?s?", re.I)
_PER_MTOK_IN = re.compile(_PER_MTOK_WORDS, re.I)  # "每百万 token 成本：vLLM $0.21": said once for the clause
_CURRENCIES = frozenset("$¥€£")
_ONE_VALUE_UNITS = frozenset(("tok/s", "tok/s/GPU", "req/s", "s", "ms"))  # (and prices) what an engine states alone
# A throughput or a latency of a system no known engine names ("TinyServe 的 p99 TTFT 950 ms"): what it states alone
# (not a price: "AWS $3.5/h" is no system's figure), and what may stand before its name and between it and its value
_SYSTEM_UNITS = frozenset(("tok/s", "tok/s/GPU", "req/s", "s", "ms"))
_CAPITAL = re.compile(r"[A-Z]")
_SUBJECT_LEAD = re.compile(  # a list's mark or number, Markdown's emphasis, the house's marks ("2. ⚠️ TinyServe …")
    r"[ \t\x01*_>#\-]*(?:[(（]?\d{1,3}[.)）、][ \t]*|[-*+][ \t]+)?[ \t\x01*_⚠\ufe0f✅❌★☆]*")
_OWNER_GAP = re.compile(
    r"(?:[ \t\x01:：=~≈*]|的|之|'s|把|将|为|是|达到?|约|仅|(?:降|减|缩短|升|提升|提高|增)(?:到|至)"
    r"|(?:在|于)?[ \t]*\x01+[ \t]*(?:上|下)|(?<![A-Za-z])on[ \t]+\x01+"  # a GPU, blanked: "在 H100 上", "on H100"
    r"|(?<![A-Za-z])(?:is|was|reaches|reached|achieves|achieved|hits|of|at|a|an|the)(?![A-Za-z])"
    r"|(?<![A-Za-z0-9])p\d{2}(?:\.\d+)?|(?<![A-Za-z])(?:TTFT|TPOT|ITL|E2E|latency|throughput)(?![A-Za-z])"
    r"|吞吐量?|首字延迟|延迟|时延)*")
_FROM_TO_GAP = re.compile(r"(?:从|由|(?<![A-Za-z])from)[^；;。]*?(?:(?:降|减|缩短|升|提升|提高|增)?(?:到|至)|(?<![A-Za-z])to(?![A-Za-z]))")
# a model's name or size, which a figure is stated of as run on some engine, never as a system of its own
_MODEL_WORD = re.compile(
    r"(?:Llama|LLaMA|Qwen|DeepSeek|Mistral|Mixtral|GPT|Claude|Gemma|Gemini|Phi|GLM|ChatGLM|Baichuan|InternLM|Kimi"
    r"|Falcon|Vicuna|OPT|Yi)(?![a-z])|(?<![A-Za-z])\d+(?:\.\d+)?[BM](?![A-Za-z])")


def _model_named(name: str) -> bool:
    return _MODEL_WORD.search(name) is not None
_ON_GPU = re.compile(r"[ \t]*(?:(?:on|at)[ \t]+|@[ \t]*|[（(][ \t]*)")  # "… tok/s on H200", "（H200）"
# what an item may hold besides GPU names before a value that states the clause's engine on other hardware
_ONLY_WHERE = re.compile(r"(?:[\s\x01在于上下时为是达到约的:：~≈]|on|at)*")
# "DeepSeek V3 上 …", "Llama 3.1 70B 下 …": the run before (its versions and sizes after it) says where, not who
_WHERE_AFTER = re.compile(r"(?:[ \t]+[vV]?\d[\w.\-]*)*[ \t]*(?:上|下|中)")
_ON_BEFORE = re.compile(r"(?:(?<![A-Za-z])(?:with|on|using|in)|用|在)[ \t]*\Z")  # "在 vLLM": what a figure runs on
# "… versus 12,500 tok/s for vLLM": the engine a value belongs to, named right after it (and its unit)
_FOR_RE = re.compile(r"[ \t]*(?:(?P<owner>for|of|on|using)|from|with|in)[ \t]+(?:the[ \t]+)?")
_BASELINE_RE = re.compile(  # 比/相比/相较/对比/较, 是/为 … 的 ("是 vLLM 的 1.3 倍"), or than/vs/versus/over/compared to|with
    r"比|相比|相较|对比|[是为](?=[ \t]*(?:[A-Za-z][^，,。；;、的]{0,40}|它)的)|较(?=[ \t]*[A-Za-z])"
    r"|t(?<![A-Za-z]t)han(?![A-Za-z])|v(?<![A-Za-z]v)(?:s\.?|ersus)(?![A-Za-z])"
    r"|o(?<![A-Za-z]o)ver(?![A-Za-z])|c(?<![A-Za-z]c)ompared (?:to|with)(?![A-Za-z])"
)
_LABEL_RE = re.compile(
    r"(?=[pTIEltcma吞首延时成显内准])"  # the first characters a label can start with
    r"(?:(?<![A-Za-z0-9])(?:p\d{2}(?:\.\d+)?[ \t]?)?(?:TTFT|TPOT|ITL|E2E(?:[ \t]latency)?|latency|throughput|"
    r"cost|memory|accuracy)(?![A-Za-z])|(?:p\d{2}[ \t]?)?(?:吞吐量?|首字延迟|延迟|时延|成本|显存|内存|准确率))"
)
_MEASURES = (
    ("TTFT", r"TTFT|首字延迟"),
    ("TPOT", r"TPOT"),
    ("ITL", r"ITL"),
    ("latency", r"latency|延迟|时延"),
    ("throughput", r"throughput|吞吐"),
    ("memory", r"memory|内存|显存"),
    ("build", r"构建|(?<![A-Za-z])build"),
    ("request rate", r"请求率|request rate"),
    ("cost", r"(?<![A-Za-z])cost|成本"),
    ("load", r"加载|(?<![A-Za-z])load(?:ing)?(?![A-Za-z])"),
)
_CASE_EXTRA = {"i": "\u0130\u0131", "s": "\u017f", "k": "\u212a"}  # what re.IGNORECASE also matches a letter with
_RANGE_EXTRA = "\u0130\u0131\u017f\u212a"  # and [A-Z] or [a-z] with (as the re docs list them)


def _case_blind(source: str) -> str:
    """`source` spelled out to match what it matches with re.IGNORECASE, without the flag (with it, re compares
    each character case-blind, slowly): every ASCII letter becomes the class of the characters the flag matches it
    with ("i": "[iIİı]"), in a class too, where A-Z and a-z gain the other case and "İıſK". For sources of
    literals, classes of characters and the ranges A-Z, a-z, and groups opened by "(?:", "(?<!", "(?=", "(?!"
    (no escapes, no named groups)."""
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(source):
        c = source[i]
        if not in_class and source.startswith("(?", i):  # a group's opening holds no letter to match
            j = i + 2
            while source[j] in "<=!:":
                j += 1
            out.append(source[i:j])
            i = j
        elif in_class and source.startswith(("A-Z", "a-z"), i):
            out.append("A-Za-z" + _RANGE_EXTRA)
            i += 6 if source.startswith(("A-Za-z", "a-zA-Z"), i) else 3
        else:
            if c.isascii() and c.isalpha():
                letters = c.lower() + c.upper() + _CASE_EXTRA.get(c.lower(), "")
                out.append(letters if in_class else f"[{letters}]")
            else:
                out.append(c)
                in_class = c == "[" or (in_class and c != "]")
            i += 1
    return "".join(out)


_MEASURE_RE = re.compile(  # led by the measures' first characters: a case-blind alternation is slow to try
    f"(?={_case_blind('[tilmbrc首延时吞内显构请成加]')})(?:"
    + "|".join(f"(?P<m{i}>{_case_blind(p)})" for i, (_, p) in enumerate(_MEASURES)) + ")"
)
_DIGIT = re.compile(r"\d")
_LATIN = re.compile(r"[A-Za-z]")


# A "%" that ends no change, told at C speed for the usual shapes of its number ("= 67%", "≥20%", "保持 95%"): the
# character before the number (and one space) is none that may end a change's word or stand between it and the
# number, and no word follows that may say which way ("40% higher"); _may_be_change then reads the "%" that pass
# (a shape not listed passes).
_MAY_END_CHANGE = "升高加长大快多降低减少短小省慢了出过约近~≈～y \t+−\\-"  # (and before the number itself, its digits; a sign)
_NO_CHANGE_BEFORE = "".join(
    f"(?<![^{_MAY_END_CHANGE}{'' if space else '0-9.,，'}]{space}{shape}%)"
    for shape in (r"\d", r"\d\d", r"\d\d\d", r"\d\.\d", r"\d\d\.\d", r"\d\.\d\d", r"\d\d\.\d\d") for space in ("", " "))
_CUES_RE = re.compile(  # where a figure may be: what each reader needs in a clause before it looks closer
    # every alternative starts with a plain character, so re skips the other positions at C speed; "3x" is
    # found at its x (no digit can start a cue, and digits are everywhere): a cue only tells which scope and
    # clause to read, and the x is in the same ones as its digit
    r"×|倍|x(?<=\dx)(?![A-Za-z0-9])|X(?<=\dX)(?![A-Za-z0-9])|vs|VS|Vs|versus|/s|QPS|RPS|RMB|CNY|\$|¥|€|£"
    r"|TTFT|TPOT|ITL|latency|延迟|时延|美元|万元|亿元|分别|%(?:(?=[ \t]*[hlfm])|" + _NO_CHANGE_BEFORE + ")"
)
_CUE_KIND = {"×": "x", "倍": "x", "x": "x", "X": "x", "v": "vs", "V": "vs", "/": "unit", "Q": "unit", "R": "unit",
             "C": "unit", "$": "unit", "¥": "unit", "€": "unit", "£": "unit", "T": "lat", "I": "lat", "l": "lat", "延": "lat",
             "时": "lat", "美": "unit", "万": "unit", "亿": "unit", "%": "pct", "分": "resp"}  # by its first character
_CHANGE_WORDS_AFTER = re.compile(r"%[ \t]*(?:higher|lower|faster|slower|more|less|fewer)(?![A-Za-z])")
_NUMBER_CHARS = "0123456789.,， \u2009\u202f\u00a0"  # (thousands as written, too: "1，200%", "1 200%")
_BEFORE_NUMBER = " \t~≈～约近了出超过"  # what may stand between a change's word and its number
_CHANGE_LAST = frozenset("升高加长大快多降低减少短小省慢")  # the last character of every word _CHANGE_BEFORE knows
_SIGNS = frozenset("+-−")  # a signed change ("吞吐 +80%"), read only beside an engine and a baseline
_AFTER_PERCENT = frozenset("hlfm")  # what "40% higher", "lower", "faster", "more" … start with


def _may_be_change(read: str, at: int) -> bool:
    """Whether the "%" at read[at] may end a change: a word saying which way ends right before its number ("降低
    约 40%", "by 40%") or follows it ("40% lower"). A cheap first look (str methods, no loop in Python: it is
    asked of every "%" of a line); _changes reads it closely."""
    before = read[max(0, at - 32):at].rstrip(_NUMBER_CHARS).rstrip(_BEFORE_NUMBER)
    if before[-1:] in _CHANGE_LAST or before[-2:] == "by" or before[-1:] in _SIGNS:
        return True
    return read[at + 1:at + 4].lstrip(" \t")[:1] in _AFTER_PERCENT and _CHANGE_WORDS_AFTER.match(read, at) is not None


_BLANK = "\x01"  # stands for a nested parenthesis: breaks runs of names, never matches a value
_PARENS = "（()）"
_OPEN = "（("
_MULT = {"k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "万": 1e4, "亿": 1e8}
_MAGNITUDE = {"k": 10 ** 3, "K": 10 ** 3, "M": 10 ** 6, "B": 10 ** 9, "万": 10 ** 4, "亿": 10 ** 8}  # the same, exact
_CURRENCY_WORDS = {"美元": "$", "元": "¥", "人民币": "¥"}
_CURRENCY_CODES = {"RMB": "¥", "CNY": "¥"}  # "RMB 420,000/年" is "¥420,000/年"
_TIME_UNITS = {"s": 1000, "ms": 1}  # the units of a latency, in ms
_METRIC_BY_UNIT = {"tok/s": "throughput", "tok/s/GPU": "throughput", "req/s": "throughput", "s": "latency",
                   "ms": "latency", "GB": "memory", "GiB": "memory", "MB": "memory", "×": "speedup"}
_METRIC_BY_LABEL = (
    (re.compile(r"TTFT|TPOT|ITL|latency|延迟|时延|E2E", re.I), "latency"),
    (re.compile(r"throughput|吞吐", re.I), "throughput"),
    (re.compile(r"cost|成本", re.I), "cost"),
    (re.compile(r"memory|显存|内存", re.I), "memory"),
    (re.compile(r"accuracy|准确率", re.I), "accuracy"),
)


class _Run:
    """Consecutive Latin names ("HF WebGPU Kernels"); `engine` is the known engine in it, else the names."""

    __slots__ = ("start", "end", "engine")  # a plain slotted class: made by the thousand, cheaper than a dataclass

    def __init__(self, start: int, end: int, engine: str) -> None:
        self.start = start
        self.end = end
        self.engine = engine


class _Scope:
    __slots__ = ("start", "view", "parent", "open_at")

    def __init__(self, start: int, view: str, parent: int | None, open_at: int) -> None:
        self.start = start  # offset of view[0] in the line
        self.view = view  # the scope's text, nested parentheses blanked to _BLANK
        self.parent = parent  # index of the enclosing scope
        self.open_at = open_at  # line offset of the opening parenthesis (-1 for the top level)


def _scopes(line: str) -> list[_Scope]:
    """The top level and every parenthesised part of the line, each with nested parts blanked."""
    if "(" not in line and "（" not in line:
        return [_Scope(0, line, None, -1)]
    n = len(line)
    opens: list[int] = []  # where each parenthesis opens, in order
    closes: list[int] = []  # where it closes (n when it never does)
    kids: list[list[int]] = [[]]  # by scope index (k + 1 for opens[k]): the parentheses directly inside
    parents: list[int] = []
    stack: list[int] = []
    found: list[int] = []  # where the line has a parenthesis, by str.find (cheaper than a regex scan)
    for ch in _PARENS:
        i = line.find(ch)
        while i >= 0:
            found.append(i)
            i = line.find(ch, i + 1)
    found.sort()
    for i in found:
        if line[i] in _OPEN:
            parent = stack[-1] + 1 if stack else 0
            kids[parent].append(len(opens))
            parents.append(parent)
            stack.append(len(opens))
            opens.append(i)
            closes.append(n)
            kids.append([])
        elif stack:
            closes[stack.pop()] = i

    scopes = [_Scope(0, _blanked(line, 0, n, kids[0], opens, closes), None, -1)]
    for k, o in enumerate(opens):
        inside = kids[k + 1]  # most parentheses hold none: their view is a slice of the line
        view = _blanked(line, o + 1, closes[k], inside, opens, closes) if inside else line[o + 1:closes[k]]
        scopes.append(_Scope(o + 1, view, parents[k], o))
    return scopes


def _blanked(line: str, start: int, end: int, inside: list[int], opens: list[int], closes: list[int]) -> str:
    """line[start:end] with the parentheses `inside` (indexes into opens/closes) blanked."""
    if not inside:
        return line[start:end]
    pieces, pos = [], start
    for k in inside:
        o = opens[k]
        c = min(closes[k], end - 1)
        pieces.append(line[pos:o])
        pieces.append(_BLANK * (c + 1 - o))
        pos = c + 1
    pieces.append(line[pos:end])
    return "".join(pieces)


def _runs(view: str, offset: int = 0, most: int = 0) -> list[_Run]:
    """Runs of names in a view (hardware blanked): name-like words with only spaces between them.

    Versions ("v0.5.19", "1.0", "V3") continue a run without being part of its name; a cited arXiv id is a run
    of its own; a run of technical nouns alone ("KV", "KV Cache") is none. With `most`, only the first `most` runs
    (the scan stops once they are known).
    """
    runs: list[_Run] = []
    names: list[str] = []  # the words of the run being read, which spans view[first:last]
    first = last = 0
    last_end = -1
    # (`most` is told as soon as a run is complete rather than at the next word: the same runs, the scan ends sooner)
    for m in _NAME_WORD_RE.finditer(view):
        start, end = m.span()
        # one space between two words, the commonest gap, is told without a slice
        if names and (start != last_end + 1 or view[last_end] not in " \t") and view[last_end:start].strip(" \t"):
            if not _TECH_NOUNS.issuperset(names):
                runs.append(_Run(first + offset, last + offset, _engine_of(names)))
            names = []
            if most and len(runs) >= most:
                return runs
        last_end = end
        word = m.group()
        c = word[0]
        if c in _VERSION_FIRST:
            if _VERSION_RE.fullmatch(word) or c <= "9" and _THOUSANDS_WORD.fullmatch(word):
                continue  # inside a run it is skipped; it never starts one (nor does "900K", a value)
        elif c == "a" and word.startswith("arXiv:"):
            if names and not _TECH_NOUNS.issuperset(names):
                runs.append(_Run(first + offset, last + offset, _engine_of(names)))
            names = []
            runs.append(_Run(start + offset, end + offset, word))
            if most and len(runs) >= most:
                return runs[:most]
            continue
        if word in _NOT_NAMES:
            if names:
                if not _TECH_NOUNS.issuperset(names):
                    runs.append(_Run(first + offset, last + offset, _engine_of(names)))
                names = []
                if most and len(runs) >= most:
                    return runs
        else:
            if not names:
                first = start
            last = end
            names.append(word[:-2] if word.endswith("'s") else word)
    if names and not _TECH_NOUNS.issuperset(names):
        runs.append(_Run(first + offset, last + offset, _engine_of(names)))
    return runs[:most] if most else runs


def _engine_of(words: list[str]) -> str:
    """The last known engine named in a run of words, else the words themselves."""
    if len(words) == 1:  # (most runs: a one-word alias is its own first word, so the loop below gives this)
        return KNOWN_ENGINES.get(words[0], words[0])
    if _ENGINE_FIRST_WORDS.isdisjoint(words):
        return " ".join(words)
    found = ""
    n = len(words)
    i = 0
    while i < n:
        if words[i] not in _ENGINE_FIRST_WORDS:  # no known engine starts here
            i += 1
            continue
        for size in (3, 2, 1):
            if i + size <= n and " ".join(words[i:i + size]) in KNOWN_ENGINES:
                found = KNOWN_ENGINES[" ".join(words[i:i + size])]
                i += size
                break
        else:
            i += 1
    return found or " ".join(words)


def _split(text: str, seps: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """Spans of `text[start:end]` between separators, blank ones left out."""
    spans, pos = [], start
    for at, after in seps:
        if at > pos and not text[pos:at].isspace():
            spans.append((pos, at))
        pos = after
    if end > pos and not text[pos:end].isspace():
        spans.append((pos, end))
    return spans


# "1.2M tok/s": an M before a rate of tokens or requests is millions of them (elsewhere a bare M/B is a model's size
# or a count, "7B", "1M tokens", and not read as a multiplier; with a currency it is one, "$400M")
_PER_SECOND_AFTER = re.compile(r"[ \t]?(?:tok(?:en)?s?|req(?:uest)?s?)/s(?:ec)?(?![A-Za-z])")


def _bare_multiplier(m: re.Match[str]) -> bool:
    """Whether the value's M/B, with no currency, is no multiplier (see _PER_SECOND_AFTER)."""
    mult = m.group("mult")
    if mult not in ("M", "B") or m.group("cur"):
        return False
    return mult == "B" or _PER_SECOND_AFTER.match(m.string, m.end()) is None


# A range of a throughput or a latency, "12,000~16,200 tok/s", "54.2–58.9s", "1.2万~1.6万 tok/s": one value, its upper
# end (as a speed-up's range "3.8~5.2×"), its text the range as written (figure_check.value_span reads both ends
# from it). The groups its upper end is read with are _VALUE_RE's (num, mult; cur never, approx the range's).
_RANGE_RE = re.compile(
    rf"(?P<approx>{_APPROX})?(?P<lo>{_NUM})(?P<lomult>[kKM](?![A-Za-z])|[ \t]?万|[ \t]?亿)?"
    r"(?:[~～]|[ \t][~～][ \t]|[ \t]?[–—至][ \t]?|[ \t]to[ \t])(?P<cur>(?!))?"  # ("4 ~16,200": about 16,200)
    rf"(?P<num>{_NUM})(?![.,]?\d|-\d|:\d|/\d)"
    r"(?P<mult>[kK](?![A-Za-z])|[MB](?![A-Za-z])|[ \t]?万|[ \t]?亿|[ \t][kK](?=[ \t]?(?:tok|req)[A-Za-z]*/s))?"
)
_RANGE_SEPS = frozenset("~～–—至t")  # what the separator of a range starts with (a cheap first look)
_FROM_BEFORE = re.compile(r"(?:(?<![A-Za-z])[Ff]rom|从|由)[ \t]*\Z")  # "从 12,000 到…", "from 12,000 to 16,200": a change
_RANGE_METRICS = ("throughput", "latency")
_ANY_UNIT = "*"  # (_ranged's `unit`: a range with no unit written after it is one, its comparison tells)


def _ranged(text: str, m: re.Match[str], end: int, unit: str | None = None) -> re.Match[str] | None:
    """The range that the value m of text[:end] starts ("12,000" of "12,000~16,200 tok/s"), when it is one of a
    throughput or a latency (its unit written after it, else `unit`: a table column's), both ends written alike (or
    the lower with no magnitude: "1.2~1.6万" is 12,000 to 16,000) and rising; else None. Not after "from"/"从": that
    is a change, not a range."""
    if m.group("cur"):
        return None
    after = m.end("num")
    if not _RANGE_SEPS.intersection(text[after:after + 5]):
        return None
    r = _RANGE_RE.match(text, m.start(), end)
    if r is None or _FROM_BEFORE.search(text, max(0, m.start() - 8), m.start()):
        return None
    own = _unit_after(text, _value_end(r), None)[0]
    if (own or unit != _ANY_UNIT) and _METRIC_BY_UNIT.get(own or unit or "") not in _RANGE_METRICS:
        return None
    high_mult = "" if _bare_multiplier(r) else (r.group("mult") or "").strip(" \t").replace("K", "k")
    low_mult = (r.group("lomult") or "").strip(" \t").replace("K", "k")
    if low_mult and low_mult != high_mult:
        return None  # "9,800~1.2万", "12k~16,200": ends in different magnitudes, left as before
    low = scaled(r.group("lo"), high_mult) if high_mult else float(r.group("lo").replace(",", ""))
    return r if low < _number(r) else None


def _value_matches(text: str, start: int, end: int, unit: str | None = None) -> list[re.Match[str]]:
    """The values in text[start:end] (_VALUE_RE's matches), a range of a throughput or a latency as one (its
    _RANGE_RE match in place of the two ends'); `unit`: what a value with none written after it is in."""
    found = _matches(_VALUE_RE, _VALUE_START, text, start, end)
    if len(found) < 2:
        return found
    out = []
    i = 0
    while i < len(found):
        m = found[i]
        if i + 1 < len(found):
            r = _ranged(text, m, end, unit)
            if r is not None and r.end() == found[i + 1].end():
                out.append(r)
                i += 2
                continue
        out.append(m)
        i += 1
    return out


def _number(m: re.Match[str]) -> float:
    mult = (m.group("mult") or "").lstrip(" \t")
    if not mult or mult in ("M", "B") and _bare_multiplier(m):
        return float(m.group("num").replace(",", ""))
    return scaled(m.group("num"), mult)


def scaled(num: str, mult: str) -> float:
    """The number written `num` ("1.62", "16,200") times the magnitude `mult` ("万", "k"), in exact decimal
    arithmetic: "1.62 万" is 16200, not 1.62 * 1e4 = 16200.000000000002 (a script testing value == 16200)."""
    digits, _, decimals = num.replace(",", "").partition(".")
    return int(digits + decimals) * _MAGNITUDE[mult] / 10 ** len(decimals)  # (ints, one correctly rounded division)


def _matches(pattern: re.Pattern[str], start_re: re.Pattern[str], text: str, start: int, end: int) -> list[re.Match[str]]:
    """What pattern.finditer(text, start, end) yields (non-empty matches), trying the pattern only where start_re
    stops: a pattern led by a look-ahead makes re try every position, which costs more than this loop."""
    found = []
    hit = start_re.search(text, start, end)
    while hit is not None:
        at = hit.start()
        m = pattern.match(text, at, end)
        if m is not None:
            found.append(m)
            at = m.end() - 1
        hit = start_re.search(text, at + 1, end)
    return found


def _value_end(m: re.Match[str]) -> int:
    """End of the value token: a bare M/B multiplier belongs to the value only with a currency, or an M before
    tok/s or req/s ("1.2M tok/s")."""
    mult = m.group("mult")
    if mult in ("M", "B") and _bare_multiplier(m):
        return m.end("num")
    return m.end()


_PER_YEAR_BEFORE = re.compile(r"(?:每年|年均|一年)[ \t]*$")
# "年成本 50 万元", "每年成本 …", "年均部署成本为 …": a yearly cost named shortly before the value
_YEARLY_COST_BEFORE = re.compile(r"(?:每年|年均|全年|年化|年)(?:部署|运行|运营|推理|总|的)?(?:成本|费用|开销|花费)")
# "$70,000 per year", "a year", "annually": per year after the value (and its currency)
_PER_YEAR_AFTER = re.compile(r"[ \t]*(?:(?:per|a)[ \t]+year|annually|yearly)(?![A-Za-z])", re.I)
# the period written after "/" as one unit per period, whatever the wording: "$/yr", "$/year" and "$/年" are one
_PER_WORDS = {"/yr": "/年", "/year": "/年", "/mo": "/月", "/month": "/月", "/day": "/天", "/h": "/小时",
              "/hr": "/小时", "/hour": "/小时"}


def _unit_after(text: str, pos: int, cur: str | None, start: int | None = None) -> tuple[str, int]:
    """The unit written after the value ending at `pos` (`cur`: its currency sign), and where it ends; a cost
    written after "每年" (the value starting at `start`), after a yearly cost word in its clause ("年成本 50 万元")
    or followed by "per year" is per year, as "$110,940/年" and "$99,000/yr" are ("$/年")."""
    unit, end = _unit_read(text, pos, cur)
    if unit in _CURRENCIES:
        if (per := _PER_YEAR_AFTER.match(text, end)) is not None:
            unit, end = unit + "/年", per.end()
        elif start is not None and (_PER_YEAR_BEFORE.search(text, max(0, start - 6), start)
                                    or _yearly_cost_before(text, start)):
            unit += "/年"
    return unit, end


def _yearly_cost_before(text: str, start: int) -> bool:
    """Whether a yearly cost word ("年成本") stands shortly before the value at text[start], with no separator of
    clauses or items between ("TGI 年成本 50 万元", not "年成本：见下，vLLM ¥50")."""
    before = text[max(0, start - 16):start]
    if "年" not in before:
        return False
    found = None
    for found in _YEARLY_COST_BEFORE.finditer(before):
        pass
    return found is not None and not any(c in _SEPARATING for c in before[found.end():])


_SEPARATING = frozenset("；;。|·，,、：:/+")


def _unit_read(text: str, pos: int, cur: str | None) -> tuple[str, int]:
    if cur and len(cur) > 1:
        cur = _CURRENCY_CODES[cur.rstrip(" \t")]
    m = _UNIT_RE.match(text, pos)
    unit, end = "", pos
    if m and (m.group("unit") or m.group("per")):
        raw = m.group("unit") or ""
        end = m.end()
        if raw.startswith("tok"):
            unit = "tok/s/GPU" if raw.endswith(("GPU", "卡")) else "tok/s"  # per GPU: another figure than a node's
        elif raw.startswith("req") or raw in ("QPS", "RPS"):
            unit = "req/s"
        elif raw in ("ms", "毫秒"):
            unit = "ms"
        elif raw in ("s", "sec", "秒"):
            unit = "s"
        elif raw in ("x", "×"):
            unit = "×"
        elif raw in _CURRENCY_WORDS:  # "11.1 万美元/年" is "$/年"
            unit, cur = _CURRENCY_WORDS[raw], None
        else:
            unit = raw
        per = m.group("per") or ""
        per = _PER_WORDS.get(per, per)
        if cur:
            unit = cur + per if not raw else unit
        elif per:
            unit += per
    elif cur:
        unit = cur
    if unit in _CURRENCIES:  # "$0.21/M tokens", "$0.21 每百万 token": a price per token, not a yearly cost
        per = _PER_MTOK_AFTER.match(text, end)
        if per is not None:
            unit, end = unit + _PER_MTOK, per.end()
    return unit, end


def _hardware(text: str) -> str | None:
    if _GPU_HINT.search(text) is None:
        return None
    m = _HARDWARE_RE.search(text)
    if not m:
        return None
    name = " ".join(m.group("name").split())
    if name.startswith(("昇腾9", "Ascend9")):
        name = name.replace("9", " 9", 1)  # "昇腾910B" is "昇腾 910B"
    return f"{m.group('count')}×{name}" if m.group("count") else name  # ("单卡 H100": one, as "H100" alone)


def _label(text: str) -> str:
    m = _LABEL_RE.search(text)
    return " ".join(m.group(0).split()) if m else ""


def _measure(after: str, before: str) -> str:
    """What a speed-up measures: the first measure word after it ("4× lower TTFT"), else the last before it; a
    latency with its percentile ("SGLang 的 p99 TTFT 比 vLLM 快 2×": "p99 TTFT", the figure "p99 TTFT SGLang 180 ms
    vs vLLM 240 ms" states, not the median's)."""
    text = after
    m = _MEASURE_RE.search(after)
    if m is None:
        text = before
        for m in _MEASURE_RE.finditer(before):
            pass
    if m is None or not m.lastgroup:
        return ""
    measure = _MEASURES[int(m.lastgroup[1:])][0]
    if measure in _PERCENTILED and (p := _PERCENTILE_BEFORE.search(text, 0, m.start())) is not None:
        return f"{p.group(1)} {measure}"
    return measure


_PERCENTILED = frozenset({"TTFT", "TPOT", "ITL", "latency"})
_PERCENTILE_BEFORE = re.compile(r"(?<![A-Za-z0-9])(p\d{2}(?:\.\d+)?)[ \t]?(?:的[ \t]?)?\Z")


def _baseline_cut(view: str, start: int, end: int) -> int:
    m = _BASELINE_RE.search(view, start, end)
    return m.start() if m else end


def _lead_in_start(view: str, a: int) -> int:
    """Where the clause starts that ends with the colon at view[a - 1] (a lead-in: "单卡 H100 的 p50 TTFT：…")."""
    seps = _clause_seps(view, _last_seps_from(view, 0, a - 1), a - 1)  # (only its last one is read)
    return seps[-1][1] if seps else 0


# A speed-up's baseline named after it in its item: "3.1× faster than vLLM", "2× over vLLM", "1.5× vs the vLLM
# baseline" (the known engine must follow the word: "2× over 3 runs" names none)
_BASELINE_AFTER = re.compile(  # each alternative led by a plain character (re then skips the other positions in C)
    r"(?:t(?<![A-Za-z]t)han|o(?<![A-Za-z]o)ver|v(?<![A-Za-z]v)(?:s\.?|ersus)|a(?<![A-Za-z]a)gainst"
    r"|c(?<![A-Za-z]c)ompared[ \t]+(?:to|with)|r(?<![A-Za-z]r)elative[ \t]+to)[ \t]+(?:the[ \t]+)?"
    r"|于(?<=倍于)[ \t]*"  # "SGLang 3.1 倍于 vLLM"
)
_LEAD_FIRST = frozenset("相比较与和跟同以CcRrVvAaOo")  # the characters _LEAD_BASELINE can start with
# A clause's first item that is only a baseline, leading its speed-ups: "相对 vLLM，SGLang TTFT 降低 4×", "与 vLLM 相比，…",
# "Compared to vLLM, SGLang is 2× faster"; `name` is what it is measured against
_LEAD_BASELINE = re.compile(
    r"[ \t]*(?:(?:(?:相对|相较|相比|比起|对比)于?|较之?|[Cc]ompared[ \t]+(?:to|with)|[Rr]elative[ \t]+to|[Vv]ersus|[Vv]s\.?"
    r"|[Aa]gainst|[Oo]ver)[ \t]*(?P<name>[^\x01]+?)|(?:与|和|跟|同)[ \t]*(?P<name2>[^\x01]+?)[ \t]*(?:相比|相较|对比|比)(?:较|起来)?"
    r"|以[ \t]*(?P<name3>[^\x01]+?)[ \t]*(?:为|作为)[ \t]*(?:基线|基准|baseline))"  # "以 TGI 为基线，SGLang 快 2 倍"
    r"[ \t]*(?:而言|来说)?[ \t\x01]*"  # (a parenthesis may follow: "以 TGI 为基线（9,800 tok/s）")
)


# A baseline named by a pronoun: "SGLang 比它快 1.65 倍", "是它的 1.3 倍", "与之相比" (not "相比之下", "之前" …)
_PRONOUN = re.compile(r"[ \t]*(它们|它|之)(?![下前后外间中一内上])[ \t]*")
_SENTENCE_ENDS = "。！？!?"
# The baseline of a speed-up or change naming it by a pronoun that names no one engine: such a figure is not read
# (its baseline is unknown: it must be neither taken as naming none nor compared with another baseline's figure)
UNKNOWN_BASELINE = "\x00?"


def _sentence_start(view: str, at: int) -> int:
    """Where the sentence holding view[at] starts: after the sentence end before it, else at 0."""
    return max(view.rfind(c, 0, at) for c in _SENTENCE_ENDS) + 1


def _lead_name(m: re.Match[str]) -> tuple[int, int]:
    """Where the name a _LEAD_BASELINE match measures against is ("相对 X", "与 X 相比": X)."""
    name = "name" if m.group("name") is not None else "name2" if m.group("name2") is not None else "name3"
    return m.start(name), m.end(name)


def _one_engine(runs: list[_Run]) -> str:
    """The known engine the first two runs of a name (_lead_name's) name alone: "vLLM", not "vLLM 和 TGI"; else ""."""
    return runs[0].engine if len(runs) == 1 and runs[0].engine in _ENGINE_ALIASES else ""


_WINDOW = 160  # how far before a figure its subject, baseline and measure words are looked for
_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'")  # in a name word


class _Spans:
    """Non-overlapping spans already read as figures, looked up by bisection."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def add(self, start: int, end: int) -> None:
        i = bisect_right(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)

    def covers(self, pos: int) -> bool:
        i = bisect_right(self.starts, pos) - 1
        return i >= 0 and pos < self.ends[i]


class _Runs:
    """The runs of names of one range, with their starts and ends for bisection."""

    def __init__(self, runs: list[_Run]) -> None:
        self.runs = runs
        if runs:
            self.starts = [r.start for r in runs]
            self.ends = [r.end for r in runs]
        else:  # (never changed, so they may share the empty list)
            self.starts = self.ends = []

    def first(self, start: int, end: int) -> _Run | None:
        """The first run wholly inside [start, end)."""
        i = bisect_left(self.starts, start)
        if i < len(self.runs) and self.runs[i].end <= end:
            return self.runs[i]
        return None

    def last(self, start: int, end: int) -> _Run | None:
        """The last run wholly inside [start, end)."""
        i = bisect_right(self.ends, end) - 1
        if i >= 0 and self.runs[i].start >= start:
            return self.runs[i]
        return None

    def last_engine(self, start: int, end: int) -> _Run | None:
        """The last run wholly inside [start, end) that names a known engine."""
        i = bisect_right(self.ends, end) - 1
        while i >= 0 and self.runs[i].start >= start:
            if self.runs[i].engine in _ENGINE_ALIASES:
                return self.runs[i]
            i -= 1
        return None


def _any_within(sorted_positions: list[int], start: int, end: int) -> bool:
    """Whether one of the sorted positions is in [start, end)."""
    i = bisect_left(sorted_positions, start)
    return i < len(sorted_positions) and sorted_positions[i] < end


def _item_of(items: list[tuple[int, int]], starts: list[int], pos: int, default: tuple[int, int]) -> tuple[int, int]:
    i = bisect_right(starts, pos) - 1
    if i >= 0 and pos < items[i][1]:
        return items[i]
    return default


class _LineReader:
    """Reads one line; kept per call so the public function stays a pure function of the text."""

    def __init__(self, line: str, written: str | None = None) -> None:
        self.line = line  # as read ("16，200" made "16,200")
        self.written = line if written is None else written  # as shown (values, sentences), column for column
        self.scopes = _scopes(line)
        # whether the line may name a GPU at all: a part of it (or of the line as written, the same letters and
        # digits) can only if the line does, so most lines never look again
        self._gpu = _GPU_HINT.search(line) is not None
        self._runs: dict[tuple[int, int, int], _Runs] = {}
        self._items: dict[tuple[int, int, int], tuple[list[tuple[int, int]], list[int]]] = {}
        self._hardware: dict[tuple[int, int, int], str | None] = {}
        self._lead_hardware: dict[tuple[int, int], str | None] = {}
        self._sentences: dict[tuple[int, int, int], str] = {}
        self._enclosing: dict[int, str] = {}
        self._paren_seps: dict[int, tuple[list[int], int]] = {}  # by scope: separator ends, scanned up to
        self._lead_in: str | None = None
        self._lead_runs: list[_Run] = []  # the first two runs of the lead-in, once lead_in is asked
        self._lead_engine: tuple[str, int] | None = None
        self._opened_at: dict[int, _Scope] | None = None  # scopes by where their parenthesis opens
        self.groups: list[tuple[int, FigureGroup]] = []
        self._last_speedup: tuple[int, int, str, str] | None = None  # scope, clause start, engine, baseline

    def runs(self, index: int, start: int, end: int) -> _Runs:
        """Runs of names in scope[start:end], hardware blanked out first (cached per range)."""
        key = (index, start, end)
        runs = self._runs.get(key)
        if runs is None:
            runs = self._runs[key] = _Runs(_runs(self._named_part(index, start, end), start))
        return runs

    def _first_runs(self, index: int, start: int, end: int, most: int) -> list[_Run]:
        """The first `most` runs of names in scope[start:end] (what runs() holds first, without reading on)."""
        runs = self._runs.get((index, start, end))
        if runs is not None:
            return runs.runs[:most]
        return _runs(self._named_part(index, start, end), start, most)

    def _named_part(self, index: int, start: int, end: int) -> str:
        """scope[start:end] with the GPUs it names blanked (they are no subject)."""
        part = self.scopes[index].view[start:end]
        if self._gpu and _GPU_HINT.search(part):
            part = _HARDWARE_RE.sub(lambda m: _BLANK * len(m.group(0)), part)
        return part

    def items(self, index: int, a: int, b: int) -> tuple[list[tuple[int, int]], list[int]]:
        key = (index, a, b)
        found = self._items.get(key)
        if found is None:
            view = self.scopes[index].view
            items = _split(view, _item_seps(view, a, b), a, b)
            found = self._items[key] = (items, [x for x, _ in items])
        return found

    def hardware(self, index: int, a: int, b: int) -> str | None:
        """The first GPU named in scope[a:b] as written, parentheses included."""
        if not self._gpu:
            return None
        key = (index, a, b)
        if key not in self._hardware:
            self._hardware[key] = _hardware(self._raw(index, a, b))
        return self._hardware[key]

    def _hardware_after(self, index: int, pos: int, end: int) -> str | None:
        """The GPU a value is stated on right after it and its unit ("15,800 tok/s on H200", "（H200）")."""
        if not self._gpu:
            return None
        off = self.scopes[index].start
        m = _ON_GPU.match(self.line, off + pos, off + end)
        return _hardware(self.line[m.end():off + end]) if m and _HARDWARE_RE.match(self.line, m.end()) else None

    def _priced_per_token(self, index: int, a: int, b: int, unit: str) -> str:
        """A bare price ("$") in a clause, or after a lead-in, that says it is per million tokens ("每百万 token
        成本：vLLM $0.21") in that unit ("$/M tok"), or after a lead-in that ends with a yearly cost word ("年成本：vLLM
        $69,940 vs NIM $110,940") per year ("$/年"); any other unit as it is."""
        if unit not in _CURRENCIES:
            return unit
        view = self.scopes[index].view
        led = a >= 2 and view[a - 1] in ":："
        start = _lead_in_start(view, a) if led else a
        if _PER_MTOK_IN.search(view, start, b):
            return unit + _PER_MTOK
        return unit + "/年" if led and _yearly_cost_before(view, a - 1) else unit

    def lead_hardware(self, index: int, a: int) -> str | None:
        """The GPU named in the clause that leads into scope[a:] with a colon ("单卡 H100 的 p50 TTFT：TGI 为 320
        毫秒"): the hardware of the figures after it that name none."""
        view = self.scopes[index].view
        if not self._gpu or a < 2 or view[a - 1] not in ":：":
            return None
        key = (index, a)  # (asked again by each figure of the clause: the lead-in is scanned for once)
        if key not in self._lead_hardware:
            self._lead_hardware[key] = self._find_lead_hardware(index, a)
        return self._lead_hardware[key]

    def _find_lead_hardware(self, index: int, a: int) -> str | None:
        start = _lead_in_start(self.scopes[index].view, a)
        raw = self._raw(index, start, a - 1)
        if _GPU_HINT.search(raw) is None:
            # "2.1 实测（H100 · DeepSeek V3）：SGLang ~16,200 vs …；p50 TTFT：SGLang 为 320 毫秒": a lead-in naming no
            # GPU, after the line's own lead-in (before its first colon), which names one
            colon = self.scopes[0].view.find("：")
            if not 0 < colon < self.scopes[index].start + start:
                return None
            raw = self.written[:colon]
            if _GPU_HINT.search(raw) is None or len({m.group(0) for m in _HARDWARE_RE.finditer(raw)}) != 1:
                return None
            return _hardware(raw)
        if len({m.group(0) for m in _HARDWARE_RE.finditer(raw)}) != 1:
            return None  # "在 H100 和 B200 上复测：…": which of them a figure is on, the lead-in does not say
        return self.hardware(index, start, a - 1)

    def sentence(self, index: int, a: int, b: int) -> str:
        key = (index, a, b)
        found = self._sentences.get(key)
        if found is None:
            found = self._sentences[key] = " ".join(self._raw(index, a, b).split())[:240]
        return found

    def _raw(self, index: int, a: int, b: int) -> str:
        off = self.scopes[index].start
        return self.written[off + a:off + b]

    @property
    def lead_in(self) -> str:
        """Subject of the text before the line's first '：' ("NVIDIA Dynamo 1.0（…）：")."""
        if self._lead_in is None:
            colon = self.scopes[0].view.find("：")
            # its first two runs tell the lead-in's subject and whether it names that one alone (lead_engine)
            self._lead_runs = self._first_runs(0, 0, colon, 2) if 0 < colon <= 80 else []
            self._lead_in = self._lead_runs[0].engine if self._lead_runs else ""
        return self._lead_in

    @property
    def lead_engine(self) -> tuple[str, int]:
        """The known engine a line is about when its lead-in names it alone ("NVIDIA Dynamo 1.0（…）："), and
        where the lead-in ends; ("", -1) otherwise."""
        if self._lead_engine is None:
            self._lead_engine = ("", -1)
            view = self.scopes[0].view
            colon = view.find("：")
            # (a lead-in that holds no known engine's first word names none: its runs are not read for this)
            if 0 < colon <= 80 and _ENGINE_WORD_RE.search(view, 0, colon) is not None \
                    and self.lead_in in _ENGINE_ALIASES and len(self._lead_runs) == 1:
                self._lead_engine = (self.lead_in, colon)
        return self._lead_engine

    def read(self, line_cues: list[tuple[int, str | None]]) -> tuple[FigureGroup, ...]:
        """Read every clause that holds a cue; `line_cues` are the cues of the whole line, left to right."""
        for index, cues in self._cues_by_scope(line_cues):
            view = self.scopes[index].view
            a = b = -1
            after = 0  # where the separator that ends the clause before ends
            kinds: set[str | None] = set()
            vs_at: list[int] = []  # where the clause's "vs" cues are
            led = -1  # where a clause starts that a latency named before a colon leads into
            for pos, kind in cues:  # left to right, so a clause's cues come together
                if pos >= b:
                    if kinds:
                        led = self._clause(index, a, b, kinds, vs_at)
                    a, b, after = _clause_around(view, pos, after)  # no separator holds a cue's first char
                    if 0 <= led < a:  # the clause led into holds no cue of its own
                        self._led_clause(index, led)
                    kinds = {"lat"} if led == a else set()
                    led = -1
                    vs_at = []
                kinds.add(kind)
                if kind == "vs":
                    vs_at.append(pos)
            if kinds and self._clause(index, a, b, kinds, vs_at) >= 0:
                self._led_clause(index, after)
        self.groups.sort(key=lambda pair: pair[0])
        return tuple(g for _, g in self.groups)

    def _cues_by_scope(self, line_cues: list[tuple[int, str | None]]) -> list[tuple[int, list[tuple[int, Any]]]]:
        """The line's cues handed to the innermost scope holding each, in that scope's view offsets.

        A cue holds no parenthesis and its looks around see a parenthesis in the line where the view has a
        blank (neither is a letter or digit), so a scan of each view would find exactly these.
        """
        scopes = self.scopes
        if len(scopes) == 1:
            return [(0, line_cues)]
        starts = [sc.start for sc in scopes]
        ends = [sc.start + len(sc.view) for sc in scopes]
        found: dict[int, list[tuple[int, Any]]] = {}
        for pos, kind in line_cues:
            i = bisect_right(starts, pos) - 1
            while pos >= ends[i]:
                i = scopes[i].parent or 0
            found.setdefault(i, []).append((pos - starts[i], kind))
        return sorted(found.items())

    def _clause_start(self, index: int, pos: int) -> int:
        """Where the clause of a scope that holds view[pos], a blank (a parenthesis), starts.

        The scope's clause separators are scanned from the left once, as far as the rightmost position asked (so a
        line of many parentheses is read in linear time); a scan may stop and go on at a blank, which neither
        holds a separator nor is looked at by one, so the separators are those a scan of the whole view finds.
        """
        ends, upto = self._paren_seps.get(index, ([], 0))
        if pos > upto:
            ends = ends + [after for _, after in _clause_seps(self.scopes[index].view, upto, pos)]
            upto = pos
            self._paren_seps[index] = (ends, upto)
        i = bisect_right(ends, pos) - 1
        return ends[i] if i >= 0 else 0

    def _parenthesis_subject(self, index: int, item_start: int) -> str:
        """Inside parentheses (index > 0), the known engine their text names first, before the figure's item and
        before any baseline word: "（H100 上 SGLang 吞吐 1.7 万 tok/s，比 vLLM 快 3 倍）" is SGLang's, not the subject
        of the text the parenthesis stands in ("2026 Q2-Q3 实测精修（…）" gave the speed-up to "Q2-Q3")."""
        if not index or not item_start:
            return ""
        view = self.scopes[index].view
        end = _baseline_cut(view, 0, item_start)
        for run in self._first_runs(index, 0, end, 4):
            if run.engine in _ENGINE_ALIASES:
                # the subject of a figure of its own item ("SGLang 吞吐 1.7 万 tok/s"), not a name in passing
                # ("（取代 Triton · 4× TTFT）": Dynamo's, which replaces Triton)
                seps = _item_seps(view, run.end, item_start)
                if _DIGIT.search(view, run.end, seps[0][0] if seps else item_start) is not None:
                    return run.engine
        return ""

    def _enclosing_subject(self, index: int) -> str:
        """The subject of the item that holds the parenthesis opening this scope, then outwards."""
        found = self._enclosing.get(index)
        if found is None:
            found = self._enclosing[index] = self._find_enclosing_subject(index)
        return found

    def _find_enclosing_subject(self, index: int) -> str:
        while index:
            scope = self.scopes[index]
            parent_index = scope.parent or 0
            at = scope.open_at - self.scopes[parent_index].start  # a blank stands at the parenthesis
            start = self._clause_start(parent_index, at)
            # Only the clause up to the parenthesis is read: no item separator nor run of names holds or looks at
            # the blank, so its items and runs there are those of the whole clause. No run crosses an item
            # separator, so the first run of the clause after item_start is the first of the item, and failing
            # that the first run of the clause is the first before the item: only those parts are read.
            seps = _item_seps(self.scopes[parent_index].view, start, at)
            item_start = seps[-1][1] if seps else start
            runs = self._first_runs(parent_index, item_start, at, 1)
            if not runs and item_start > start:
                runs = self._first_runs(parent_index, start, item_start, 1)
            if runs:
                return runs[0].engine
            index = parent_index
        return ""

    def _led_clause(self, index: int, start: int) -> None:
        """Read the clause starting at `start`, which holds no cue, for the latency named before the colon that
        ends the clause before it."""
        view = self.scopes[index].view
        if start < len(view):
            a, b, _ = _clause_around(view, start, start)
            self._clause(index, a, b, {"lat"}, [])

    def _clause(self, index: int, a: int, b: int, kinds: set[str | None], vs_at: list[int]) -> int:
        """Read scope[a:b]; `kinds` are the kinds of its cues, `vs_at` where its "vs" cues are.

        A "vs" cue is where _VS_RE matches in the line, and _VS_RE matches in the view only where a cue is (no
        other cue holds a "v"; the separators that end items and clauses are no letters), so the items with a
        "vs" are those that hold a "vs" cue.

        Returns where the next clause starts when this one names a latency and ends with a colon ("p50 TTFT：TGI
        为 320 毫秒，vLLM 为 280 毫秒": the values after it are latencies, in a clause with no cue), else -1.
        """
        view = self.scopes[index].view
        led = b + 1 if "lat" in kinds and view[b:b + 1] in (":", "：") else -1
        if not _DIGIT.search(view, a, b) and (not vs_at or _BLANK not in view[a:b]):
            return led  # (a comparison's values may all be in parentheses)
        taken = _Spans()
        if "resp" in kinds:
            self._respective(index, a, b, taken)
        if vs_at:
            vs_items = [(ia, ib) for ia, ib in self.items(index, a, b)[0] if _any_within(vs_at, ia, ib)]
            # "A 1s vs B 2s, C 3s vs D 4s": one comparison per item; else the clause, then its items
            if len(vs_items) >= 2 or self._comparison(index, a, b, taken) is None \
                    and not self._named_in_lead_in(index, a, b, taken):
                label = ""  # a label named once covers the clause's later comparisons
                for ia, ib in vs_items:
                    if (ia, ib) != (a, b):
                        label = self._comparison(index, ia, ib, taken, label) or label
        if "x" in kinds:
            self._speedups(index, a, b, taken)
        if "pct" in kinds:
            self._changes(index, a, b, taken)
        if "unit" in kinds or "lat" in kinds:
            self._single_values(index, a, b, taken)
        return led

    def _comparison(self, index: int, a: int, b: int, taken: _Spans, inherited: str = "",
                    ranges: bool = True) -> str | None:
        """Read scope[a:b] as one comparison; returns its label ("" when none), None when it is none. A range with no
        unit written after it ("SGLang 12,000~16,200 vs vLLM 12,500 tok/s") is one value when the comparison is of a
        throughput or a latency; of anything else its ends are read as before (`ranges` False)."""
        scope = self.scopes[index]
        view = scope.view
        parts = []
        pos = a
        for m in _VS_RE.finditer(view, a, b):
            parts.append((pos, m.start()))
            pos = m.end()
        parts.append((pos, b))
        for pa, pb in parts:  # (all told first, before any value is looked for: most "vs" join no engines' values)
            if _LATIN.search(view, pa, pb) is None:
                return None  # every run of names holds a Latin letter: no engine in this part
            if _DIGIT.search(view, pa, pb) is None and view.find(_BLANK, pa, pb) < 0:
                return None  # no value in it: every value holds a digit, or is in a parenthesis (a blank here)
        chosen: list[tuple[re.Match[str], _Scope | None]] = []  # a value, and the parenthesis it is in if any
        for k, (pa, pb) in enumerate(parts):
            found = [m for m in (_value_matches(view, pa, pb, _ANY_UNIT) if ranges else
                                 _matches(_VALUE_RE, _VALUE_START, view, pa, pb)) if not taken.covers(m.start())]
            if found:
                chosen.append((found[-1] if k == 0 else found[0], None))
            else:  # "Ollama (~45 tok/s) vs llama.cpp (~52 tok/s)": the value in parentheses after the name
                inside = self._value_in_parenthesis(index, pa, pb)
                if inside is None:
                    return None
                chosen.append(inside)
            if k == 0:  # the first part's engine is named before its value
                at = chosen[0][0].start() if chosen[0][1] is None else chosen[0][1].open_at - scope.start
                if _LATIN.search(view, pa, at) is None:
                    return None
        runs = self.runs(index, a, b)
        entries = []
        for k, ((pa, pb), (m, paren)) in enumerate(zip(parts, chosen)):
            if paren is not None:
                unit, unit_end = _unit_after(paren.view, _value_end(m), m.group("cur"))
                run = runs.last(pa, paren.open_at - scope.start)
                if run is None or view[run.end:paren.open_at - scope.start].strip(" \t"):
                    return None  # the parenthesis must follow the engine's name
            else:
                unit, unit_end = _unit_after(view, _value_end(m), m.group("cur"), m.start())
                run = runs.last(pa, m.start())
                if run is not None and run.engine not in _ENGINE_ALIASES:
                    # "vLLM 的 KV cache 命中率 85% vs SGLang 92%": the engine, not "KV"
                    run = runs.last_engine(pa, m.start()) or run
                if run is None and k:  # "A 16,200 tok/s versus 12,500 tok/s for B"
                    run = _engine_named_after(view, runs, _FOR_RE.match(view, unit_end, pb), pb)
            if run is None:
                return None
            entries.append((run, m, unit, unit_end, paren))
        units = [u for _, _, u, _, _ in entries if u]
        unit = max(units, key=len) if units else ""
        if units and set(units) <= _TIME_UNITS.keys():
            unit = units[0]  # "vLLM 850 ms vs SGLang 1.2 s": one comparison, in the unit stated first
        elif any(not unit.startswith(u) for u in units):
            return None  # mixed units: not one comparison
        unit = self._priced_per_token(index, a, b, unit)
        last_end = entries[-1][3] if entries[-1][4] is None else entries[-1][4].start + len(entries[-1][4].view) \
            - scope.start
        tail = _item_seps(view, last_end, b)  # the label after the last value ends at the next item
        first_run, first_value, _, _, first_paren = entries[0]
        label = (_label(view[a:first_run.start]) or _colon_label(view, a)
                 # "SGLang p99 TTFT 850 ms vs vLLM 1.2 s": the measure between the first engine and its value
                 or (_label(view[first_run.end:first_value.start()]) if first_paren is None else "")
                 or _label(view[last_end:tail[0][0] if tail else b]) or inherited)
        metric = _metric(unit, label)
        if not metric:
            return None
        if metric not in _RANGE_METRICS and any(m.re is _RANGE_RE for _, m, _, _, _ in entries):
            return self._comparison(index, a, b, taken, inherited, ranges=False)  # ("40~45 vs 38 GB": as before)
        if metric == "percent" and not label and entries[0][4] is None:
            label = _percent_of(view[entries[0][0].end:entries[0][1].start()])  # "vLLM 的 KV cache 命中率 85%"
        values: list[FigureValue] = []
        for run, m, own, end, paren in entries:
            off = scope.start if paren is None else paren.start
            vend = _value_end(m)
            number = _number(m)
            if own != unit and own in _TIME_UNITS:  # converted; its text keeps the unit it is written in
                number, vend = round(number * _TIME_UNITS[own] / _TIME_UNITS[unit], 9), end
            approx = bool(m.group("approx")) or _approx_after(view if paren is None else paren.view, end)
            values.append(FigureValue(engine=run.engine, value=number, approx=approx,
                                      column=off + m.start() + 1, text=self.written[off + m.start():off + vend]))
            if paren is None:
                taken.add(m.start(), max(end, vend))
        hardware = self.hardware(index, a, b) or self.lead_hardware(index, a)
        group = FigureGroup(metric=metric, unit=unit, hardware=hardware, line=0, values=values,
                            sentence=self.sentence(index, a, b), kind="comparison", label=label)
        self.groups.append((values[0].column, group))
        return label

    def _named_in_lead_in(self, index: int, a: int, b: int, taken: _Spans) -> bool:
        """Read scope[a:b], values joined by "vs" and no engine named ("年成本 $59,940 vs $110,940"), as one comparison
        of the engines the lead-in before its colon names in that order ("vLLM vs NIM：…"), each a known engine
        alone; whether it was."""
        view = self.scopes[index].view
        if a < 2 or view[a - 1] not in ":：":
            return False
        start = _lead_in_start(view, a)
        seps = [m.span() for m in _VS_RE.finditer(view, start, a - 1)]
        if not seps:
            return False
        names = []
        for na, nb in _split(view, seps, start, a - 1):
            runs = self._first_runs(index, na, nb, 2)
            if len(runs) != 1 or runs[0].engine not in _ENGINE_ALIASES or view[na:runs[0].start].strip(" \t") \
                    or view[runs[0].end:nb].strip(" \t"):
                return False  # each part a known engine alone ("vLLM vs NIM")
            names.append(runs[0])
        parts = _split(view, [m.span() for m in _VS_RE.finditer(view, a, b)], a, b)
        if len(parts) != len(names):
            return False
        found = []  # (value, its unit, where the unit ends)
        for k, (pa, pb) in enumerate(parts):
            matched = _matches(_VALUE_RE, _VALUE_START, view, pa, pb)
            if len(matched) != 1 or taken.covers(matched[0].start()) \
                    or _ENGINE_WORD_RE.search(view, pa, matched[0].start()) is not None:
                return False  # one value, with no engine of its own before it (a label may lead the first)
            m = matched[0]
            unit, unit_end = _unit_after(view, _value_end(m), m.group("cur"), m.start())
            if view[unit_end:pb].strip(" \t") or k and view[pa:m.start()].strip(" \t"):
                return False
            found.append((m, unit, unit_end))
        units = [u for _, u, _ in found if u]
        unit = max(units, key=len) if units else ""
        if not units or any(not unit.startswith(u) for u in units):
            return False
        if set(units) <= _TIME_UNITS.keys():
            unit = units[0]
        unit = self._priced_per_token(index, a, b, unit)
        label = _label(view[a:found[0][0].start()]) or _colon_label(view, a)
        metric = _metric(unit, label)
        if not metric:
            return False
        off = self.scopes[index].start
        values: list[FigureValue] = []
        for run, (m, own, end) in zip(names, found):
            number, vend = _number(m), _value_end(m)
            if own and own != unit and own in _TIME_UNITS and unit in _TIME_UNITS:
                number, vend = round(number * _TIME_UNITS[own] / _TIME_UNITS[unit], 9), end
            values.append(FigureValue(engine=run.engine, value=number,
                                      approx=bool(m.group("approx")) or _approx_after(view, end),
                                      column=off + m.start() + 1, text=self.written[off + m.start():off + vend]))
            taken.add(m.start(), max(end, vend))
        hardware = self.hardware(index, start, b) or self.lead_hardware(index, start)
        self.groups.append((values[0].column, FigureGroup(
            metric=metric, unit=unit, hardware=hardware, line=0, values=values,
            sentence=self.sentence(index, start, b), kind="comparison", label=label)))
        return True

    def _respective(self, index: int, a: int, b: int, taken: _Spans) -> None:
        """A list of engines, "分别", and a list of values in scope[a:b] ("SGLang、LMDeploy、vLLM 的吞吐分别为 16,200、
        16,200、12,500 tok/s"): one comparison, each value its engine's in order, the unit written last the list's
        (in ms and s: the first's, as a comparison's). Two lists of different lengths read nothing (and no other
        reader takes their values)."""
        scope = self.scopes[index]
        view = scope.view
        for rm in _RESPECTIVELY.finditer(view, a, b):
            if _ENGINE_WORD_RE.search(view, a, rm.start()) is None:
                continue  # "三档分别对应 …": no engine listed (a cheap first look)
            names = self._listed_engines(index, a, rm.start())
            if names is None:
                continue
            found = []  # (offset, match in view[offset:b], unit, unit end in that slice)
            p = rm.end()
            while p < b:
                part = view[p:b]  # (a slice: a value right after "/" is one here, "58.9s/54.2s")
                m = _VALUE_RE.match(part)
                if m is None:
                    break
                unit, unit_end = _unit_after(part, _value_end(m), m.group("cur"))
                found.append((p, m, unit, unit_end))
                sep = _LIST_SEP.match(view, p + unit_end, b)
                if sep is None:
                    break
                p = sep.end()
            if not found:
                continue
            end = found[-1][0] + found[-1][3]
            units = [u for _, _, u, _ in found if u]
            unit = units[-1] if units else ""
            if units and set(units) <= _TIME_UNITS.keys():
                unit = units[0]
            if len(names) != len(found) or any(u != unit for u in units if u not in _TIME_UNITS or unit not in _TIME_UNITS):
                taken.add(found[0][0], end)  # lists that do not pair up: nobody's figures
                continue
            unit = self._priced_per_token(index, a, b, unit)
            label = _label(view[names[-1].end:rm.start()]) or _colon_label(view, a)
            metric = _metric(unit, label)
            if not metric:
                continue
            off = scope.start
            values = []
            for run, (p, m, own, unit_end) in zip(names, found):
                number, vend = _number(m), _value_end(m)
                if own and own != unit:  # converted; its text keeps the unit it is written in
                    number, vend = round(number * _TIME_UNITS[own] / _TIME_UNITS[unit], 9), unit_end
                approx = bool(m.group("approx")) or _approx_after(view, p + unit_end)
                values.append(FigureValue(engine=run.engine, value=number, approx=approx,
                                          column=off + p + m.start() + 1,
                                          text=self.written[off + p + m.start():off + p + vend]))
            taken.add(found[0][0], end)
            hardware = self.hardware(index, a, b) or self.lead_hardware(index, a)
            self.groups.append((values[0].column, FigureGroup(
                metric=metric, unit=unit, hardware=hardware, line=0, values=values,
                sentence=self.sentence(index, a, b), kind="comparison", label=label)))

    def _listed_engines(self, index: int, a: int, end: int) -> list[_Run] | None:
        """The known engines listed in scope[a:end] right before "分别" ("SGLang、LMDeploy、vLLM 的吞吐", "vLLM/SGLang"),
        in order: the last item's first name (the words after it say what is measured), and before it items
        that name one engine each (a version may follow), back to the first, which may follow other words
        ("实测中 SGLang"); None unless two or more."""
        view = self.scopes[index].view
        items = _split(view, [sep.span() for sep in _LIST_SEP.finditer(view, a, end)], a, end)
        if len(items) < 2:
            return None
        pa, pb = items[-1]
        runs = _runs(self._named_part(index, pa, pb), pa, 1)
        if not runs or runs[0].engine not in _ENGINE_ALIASES or view[pa:runs[0].start].strip(" \t"):
            return None
        names = [runs[0]]
        for pa, pb in reversed(items[:-1]):
            runs = _runs(self._named_part(index, pa, pb), pa)
            run = runs[-1] if runs else None
            if run is None or run.engine not in _ENGINE_ALIASES or not _VERSIONS_ONLY.fullmatch(view, run.end, pb):
                break
            names.append(run)
            if view[pa:run.start].strip(" \t"):
                break  # the first of the list, after other words
        return names[::-1] if len(names) >= 2 else None

    def _value_in_parenthesis(self, index: int, pa: int, pb: int) -> tuple[re.Match[str], _Scope] | None:
        """The value a parenthesis in scope[pa:pb] holds first ("(~45 tok/s)"), with that parenthesis' scope."""
        scope = self.scopes[index]
        view = scope.view
        p = view.find(_BLANK, pa, pb)
        if p < 0:
            return None
        before = view[pa:p].rstrip(" \t")[-1:]
        if not (before.isascii() and before.isalnum()):
            return None  # no name ends right before it ("三接入点（…）"): never an engine's value (cheap to tell)
        at = scope.start + p
        if self._opened_at is None:
            self._opened_at = {sc.open_at: sc for sc in self.scopes}
        child = self._opened_at.get(at)
        if child is None:
            return None
        found = _value_matches(child.view, 0, len(child.view))
        if not found or not _unit_after(child.view, _value_end(found[0]), found[0].group("cur"))[0]:
            return None  # a bare number in parentheses ("VikingMem（… 2026）") is no engine's figure
        return found[0], child

    def _speedups(self, index: int, a: int, b: int, taken: _Spans) -> None:
        scope = self.scopes[index]
        view = scope.view
        matches = [m for m in _matches(_SPEEDUP_RE, _SPEEDUP_START, view, a, b)
                   if not taken.covers(m.start()) and not _gpu_count(view, m.end(), b)]
        if not matches:
            return
        items, starts = self.items(index, a, b)
        off = scope.start
        sentence = self.sentence(index, a, b)
        previous = previous_baseline = ""
        lead: str | None = None  # the baseline the clause's first item names alone, once read
        for m in matches:
            m_start, m_end = m.span()
            ia, ib = _item_of(items, starts, m_start, (a, b))
            # the runs of names of its item (they never cross an item separator): a clause's other items are
            # read only when the figure's own names nothing
            near = max(ia, m_start - _WINDOW)
            cut = _baseline_cut(view, near, m_start)
            if near == ia and m_end <= ib and view[m_end - 1] in "×倍" and not self._gpu:
                # Only the item up to the figure's end is read: the × or 倍 it ends with is in no word and is no
                # space, so no run goes on past it, and the first run read that far is the item's first run, or
                # there is none before the figure (one after it would end past `cut`). (Not after an "x", which
                # may end a word, "1.0-3x"; nor where a GPU name, blanked first, may hold the ×.)
                found = self._first_runs(index, ia, m_end, 1)
                run = found[0] if found and found[0].end <= cut else None
            else:
                run = self.runs(index, ia, ib).first(near, cut)
            engine = run.engine if run else ""
            in_item = run is not None  # whether its own item names a subject before the figure
            if run is not None and engine not in _ENGINE_ALIASES and _WHERE_AFTER.match(view, run.end, cut):
                # "DeepSeek V3 上 SGLang 快 3.1 倍": the run says where (a model), the known engine after it is the
                # subject, unless it runs on that engine ("DeepSeek V3 上 LiteKV 在 vLLM 上快 2 倍" is LiteKV's)
                known = self.runs(index, ia, ib).last_engine(run.end, cut)
                if known is not None and not _ON_BEFORE.search(view, max(run.end, known.start - 8), known.start):
                    engine = known.engine
            if engine not in _ENGINE_ALIASES:  # "… 2× faster with SGLang": the engine named after the figure
                w = _WITH_RE.search(view, m_end, min(ib, m_end + _WINDOW))
                if w is None:
                    named = None
                elif view[w.start() - 1] not in _WORD_CHARS:
                    # the first run of the item after "with " is the first of the rest of the item: no run nor GPU
                    # name holds a word that no word character is glued to ("H100with" is a name)
                    found = self._first_runs(index, w.end(), ib, 1)
                    named = found[0] if found else None
                else:
                    named = self.runs(index, ia, ib).first(w.end(), ib)
                engine = named.engine if named and named.engine in _ENGINE_ALIASES else engine
            engine = engine or previous
            if not engine and index == 0:  # inside parentheses, names outside the item are asides
                run = self.runs(index, a, b).first(a, min(_baseline_cut(view, a, b), m_start))
                engine = run.engine if run else ""
            engine = engine or self._parenthesis_subject(index, ia) or self._enclosing_subject(index) or self.lead_in
            if engine not in _ENGINE_ALIASES and not engine.startswith("arXiv:"):
                # "NVIDIA Dynamo 1.0：… KV Cache Manager 4× lower TTFT": a part of the engine the line is about
                whole, colon = self.lead_engine  # (not `lead`: that is the clause's lead-in baseline, below)
                engine = whole if whole and off + m_start > colon else engine
            baseline, lead = self._baseline_of(index, (a, b), (ia, ib), (m_start, m_end), cut, engine, in_item,
                                               (previous, previous_baseline), lead)
            previous, previous_baseline = engine, baseline
            if baseline == UNKNOWN_BASELINE:
                taken.add(m_start, m_end)  # (nor is it any other reader's figure)
                continue
            if _slower(view, max(ia, m_start - 6), m_start, m_end, ib):
                # "SGLang 比 vLLM 慢 2 倍", "2× slower than vLLM": the baseline is the faster one, by that much (read as
                # a speed-up of SGLang's, a reversed claim passed as the same figure); with no baseline named, none
                if not baseline:
                    continue
                engine, baseline = baseline, engine
            lo, hi, approx_text = m.group("lo", "hi", "approx")
            start = m.start("approx") if approx_text else m.start("lo")
            if not approx_text and view[start - 1:start] == "+":
                start -= 1
            approx = bool(approx_text) or _approx_around(view, max(ia, m_start - 24), m_start, m_end, ib)
            fv = FigureValue(engine, float(hi if hi else lo), approx, off + start + 1,
                             self.written[off + start:off + m_end].strip())
            hardware = self.hardware(index, ia, ib)
            if hardware is None and len(matches) == 1:
                hardware = self.hardware(index, a, b)
            hardware = hardware or self.lead_hardware(index, a)
            label = _measure(view[m_end:min(ib, m_end + 60)], view[max(ia, m_start - 60):m_start])
            if not label and ia > a and not in_item and cut < m_start:
                # "SGLang 吞吐 16.2k tok/s，是 vLLM 的 1.3 倍": an item naming only the baseline measures what the
                # item before it names (not "吞吐 +1.21×、可用性 +1.5×": its own word there is no measure we know)
                label = _measure("", view[max(a, ia - 60):ia])
            group = FigureGroup("speedup", "×", hardware, 0, [fv], sentence, "speedup", label, baseline)
            taken.add(m_start, m_end)
            self.groups.append((fv.column, group))
        self._last_speedup = (index, a, previous, previous_baseline)  # a change after it in the clause goes on

    def _changes(self, index: int, a: int, b: int, taken: _Spans) -> None:
        """Percentage changes in scope[a:b] ("SGLang 比 vLLM 延迟降低 40%", "throughput 30% higher than vLLM"): kind
        and metric "change", unit "%", the value signed (a fall negative), label the measure named ("" for plain
        "高 30%"), baseline the known engine it is against, found as a speed-up's are. Read only when its subject
        or its baseline is a known engine (LiteKV's "内存降低 75%" is a paper's claim about itself, no engine's);
        a percentage with no word saying which way ("命中率 92%", "占 40%") is no change."""
        scope = self.scopes[index]
        view = scope.view
        off = scope.start
        previous = previous_baseline = ""
        if self._last_speedup is not None and self._last_speedup[:2] == (index, a):
            _, _, previous, previous_baseline = self._last_speedup  # "SGLang 比 vLLM 快 2×，延迟降低 40%"
        lead: str | None = None
        # a change is kept only with a known engine as subject or baseline: named in the clause, or (inside
        # parentheses) outside it, else only in a parenthesis right after the figure ("（相对 vLLM）") or as the
        # lead-in's subject of a clause naming nothing before the figure (any run there would be its subject)
        named_here = index > 0 or _ENGINE_WORD_RE.search(view, a, b) is not None
        for m in _matches(_VALUE_RE, _VALUE_START, view, a, b):
            m_start = m.start()
            if taken.covers(m_start) or m.group("cur"):
                continue
            vend = _value_end(m)
            if "%" not in view[vend:vend + 2]:
                continue  # (what _unit_after tells of most values, without a call)
            unit, unit_end = _unit_after(view, vend, None)
            if unit != "%":
                continue
            if not named_here and not self._baseline_in_parenthesis(index, unit_end, b) and (
                    _LATIN.search(view, a, m_start) is not None or self.lead_in not in _ENGINE_ALIASES):
                continue  # (LiteKV's "内存降低 75%" on a line naming vLLM elsewhere)
            items, starts = self.items(index, a, b)
            ia, ib = _item_of(items, starts, m_start, (a, b))
            how = _CHANGE_BEFORE.search(view, max(ia, m_start - 12), m_start) or _CHANGE_AFTER.match(view, unit_end, ib)
            if how is None and _BY_BEFORE.search(view, max(ia, m_start - 8), m_start):
                for how in _CHANGE_VERB.finditer(view, max(ia, m_start - 60), m_start):
                    pass  # "cuts p99 latency by 40%": the last verb before "by"
            signed = how is None and _signed(view, ia, m_start)
            if how is None and not signed:
                continue
            down = view[m_start - 1] in "-−" if how is None else how.group("dir").lower() in _DOWN
            near = max(ia, m_start - _WINDOW)
            cut = _baseline_cut(view, near, m_start)
            run = self.runs(index, ia, ib).first(near, cut)
            in_item = run is not None
            engine = run.engine if run else previous
            if not engine and index == 0:  # inside parentheses, names outside the item are asides
                # the clause's first run before its baseline word and the figure, read from that part alone (no
                # run goes on into a value or a baseline word: they hold no name word, so it is the same run)
                found = self._first_runs(index, a, min(_baseline_cut(view, a, b), m_start), 1)
                engine = found[0].engine if found else ""
            engine = engine or self._parenthesis_subject(index, ia) or self._enclosing_subject(index) or self.lead_in
            baseline, lead = self._baseline_of(index, (a, b), (ia, ib), (m_start, unit_end), cut, engine, in_item,
                                               (previous, previous_baseline), lead, parenthesis=True)
            if not engine or (engine not in _ENGINE_ALIASES and not baseline) or baseline == UNKNOWN_BASELINE:
                continue
            label = _measure(view[unit_end:min(ib, unit_end + 60)], view[max(ia, m_start - 60):m_start])
            if signed and (engine not in _ENGINE_ALIASES or not label or not baseline
                           or baseline != self._speedup_baseline(index, ia, ib, cut, m_start, None if cut < m_start
                                                                 else _BASELINE_AFTER.search(view, unit_end, ib))):
                # "SGLang 比 vLLM 吞吐 +80%" is a change; a sign alone says so only beside its engine, a baseline
                # its item names (比 vLLM …, … vs vLLM) and the measure ("吞吐 +26%" in a list is no change)
                continue
            previous, previous_baseline = engine, baseline
            if not label and ia > a and not in_item and cut < m_start:
                label = _measure("", view[max(a, ia - 60):ia])  # "SGLang 吞吐 16.2k tok/s，比 vLLM 高 30%"
            number = _number(m)
            fv = FigureValue(engine, -number if down else number,  # (a sign, as a word, is the direction: "80")
                             bool(m.group("approx")) or _approx_around(view, max(ia, m_start - 24), m_start, unit_end, ib),
                             off + m_start + 1, self.written[off + m_start:off + vend])
            hardware = self.hardware(index, ia, ib) or self.hardware(index, a, b) or self.lead_hardware(index, a)
            taken.add(m_start, unit_end)
            self.groups.append((fv.column, FigureGroup("change", "%", hardware, 0, [fv], self.sentence(index, a, b),
                                                       "change", label, baseline)))

    def _baseline_of(self, index: int, clause: tuple[int, int], item: tuple[int, int], figure: tuple[int, int],
                     cut: int, engine: str, in_item: bool, previous: tuple[str, str], lead: str | None,
                     parenthesis: bool = False) -> tuple[str, str | None]:
        """The baseline of a speed-up or change (view[figure], in the item view[item] of the clause view[clause],
        its baseline word ending at `cut` < figure start if any, its subject `engine`; `in_item`: whether its item
        names a subject before it; `previous`: the clause's previous figure's (engine, baseline)), and the lead-in
        baseline `lead` (the caller's cache for the clause: None until read). The first found of:
        1. named in its item: before the figure after the baseline word ("比 vLLM 快 2×"), or right after
           "than/over/vs" after it ("3.1× faster than vLLM");
        2. with `parenthesis` (changes), in a parenthesis right after it: "吞吐提升 35%（相对 vLLM）";
        3. the previous figure's, when its item names no subject and its engine is the previous one's:
           "SGLang 比 vLLM 吞吐快 2×、TTFT 低 3×" (the same comparison goes on);
        4. in a later item, the one the clause's first item names alone: "相对 vLLM，SGLang TTFT 降低 4×".
        "" when none, or when it is `engine` itself."""
        a, _ = clause
        ia, ib = item
        m_start, end = figure
        w = None if cut < m_start else _BASELINE_AFTER.search(self.scopes[index].view, end, min(ib, end + _WINDOW))
        baseline = self._speedup_baseline(index, ia, ib, cut, m_start, w) if cut < m_start or w else ""
        if not baseline and cut < m_start:
            word = _BASELINE_RE.match(self.scopes[index].view, cut)
            pronoun = _PRONOUN.match(self.scopes[index].view, word.end()) if word is not None else None
            if pronoun is not None:  # "SGLang 比它快 1.65 倍": whom 它 names, else no guess
                return self._antecedent(index, cut, pronoun.group(1), engine), lead
        if not baseline and parenthesis:
            baseline = self._baseline_in_parenthesis(index, end, ib)
        if not baseline and not in_item and engine == previous[0]:
            baseline = previous[1]
        if not baseline and ia > a:
            if lead is None:  # (read once a clause)
                lead = self._lead_baseline(index, *clause)
            baseline = lead or self._item_before_baseline(index, clause, ia)
        return ("" if baseline == engine else baseline), lead

    def _antecedent(self, index: int, at: int, pronoun: str, subject: str) -> str:
        """The known engine a pronoun at view[at] (它, 之) names: the one engine, other than the figure's subject,
        named before it in its sentence ("TGI 9,800 tok/s，SGLang 比它快 1.65 倍": TGI); when its sentence names
        none, the one engine the sentence before it on the line names, when that is not the subject ("vLLM 在 H100
        上 12,500 tok/s。LMDeploy 比它快 3 倍。": vLLM); UNKNOWN_BASELINE when none or several are (or for 它们),
        rather than a guess."""
        if pronoun == "它们":
            return UNKNOWN_BASELINE
        start = _sentence_start(self.scopes[index].view, at)
        named = self._engines_named(index, start, at) - {subject}
        if not named and start > 0:
            before = self._engines_named(index, _sentence_start(self.scopes[index].view, start - 1), start - 1)
            named = before if subject not in before else set()
        return named.pop() if len(named) == 1 else UNKNOWN_BASELINE

    def _engines_named(self, index: int, a: int, b: int) -> set[str]:
        """The known engines (canonical names) named in scope[a:b]."""
        return {run.engine for run in _runs(self._named_part(index, a, b), a) if run.engine in _ENGINE_ALIASES}

    def _baseline_in_parenthesis(self, index: int, pos: int, end: int) -> str:
        """The known engine a parenthesis right after view[pos] names as a baseline alone ("（相对 vLLM）", "(vs
        vLLM)"); else ""."""
        view = self.scopes[index].view
        while pos < end and view[pos] in " \t":
            pos += 1
        if pos >= end or view[pos] != _BLANK:
            return ""
        if self._opened_at is None:
            self._opened_at = {sc.open_at: sc for sc in self.scopes}
        child = self._opened_at.get(self.scopes[index].start + pos)
        if child is None:
            return ""
        m = _LEAD_BASELINE.fullmatch(child.view)
        if m is None:
            return ""
        x, y = _lead_name(m)
        return _one_engine(_runs(child.view[x:y], 0, 2))

    def _speedup_baseline(self, index: int, ia: int, ib: int, cut: int, m_start: int,
                          w: re.Match[str] | None) -> str:
        """The known engine a speed-up in scope[ia:ib] is measured against, named in its item: the first known
        engine after the baseline word before it (`cut`: "比 vLLM 快 2×", "是 vLLM 的 1.3 倍", "vs ONNX Runtime Web …
        快 2.57×"), else the one right after "than/over/vs/…" after it (`w`, that word's match: "3.1× faster than
        vLLM"); "" when none."""
        if cut < m_start:
            # the runs between the baseline word and the figure: the item's there when they are read already, else
            # those of that part alone (the same: no run holds the word, 比, 是, than, vs … are no names)
            known = self._runs.get((index, ia, ib))
            if known is None:
                runs = _runs(self._named_part(index, cut, m_start), cut)
            else:
                runs = known.runs[bisect_left(known.starts, cut):]
            for run in runs:
                if run.end > m_start:
                    break
                if run.engine in _ENGINE_ALIASES:
                    return run.engine
            return ""
        if w is None:
            return ""
        named = self.runs(index, ia, ib).first(w.end(), ib)
        return named.engine if named is not None and named.start == w.end() and named.engine in _ENGINE_ALIASES else ""

    def _item_before_baseline(self, index: int, clause: tuple[int, int], ia: int) -> str:
        """The baseline the item right before a figure's item names alone, when it is not the clause's first ("TGI
        9,800 tok/s，与之相比，SGLang 快 1.65 倍", "…，与 vLLM 相比，SGLang 快 2 倍"); else ""."""
        items, starts = self.items(index, *clause)
        i = bisect_left(starts, ia) - 1
        if i < 1:
            return ""  # (the first item is the lead's, read already)
        x, y = items[i]
        view = self.scopes[index].view
        if view[x:x + 8].lstrip(" \t")[:1] not in _LEAD_FIRST:
            return ""
        return self._baseline_named_by(index, x, y)

    def _lead_baseline(self, index: int, a: int, b: int) -> str:
        """The baseline the first item of the clause scope[a:b] names alone ("相对 vLLM，SGLang TTFT 降低 4×", "Compared
        to vLLM, SGLang is 2× faster"): the baseline of the clause's later speed-ups that name none; else ""."""
        x, y = self.items(index, a, b)[0][0]
        view = self.scopes[index].view
        if view[x:x + 8].lstrip(" \t")[:1] not in _LEAD_FIRST:
            return ""  # (most first items: what _LEAD_BASELINE can start with, without a call)
        return self._baseline_named_by(index, x, y)

    def _baseline_named_by(self, index: int, x: int, y: int) -> str:
        """The known engine an item scope[x:y] that is only a baseline names ("相对 vLLM", "与之相比"); else ""."""
        view = self.scopes[index].view
        m = _LEAD_BASELINE.fullmatch(view, x, y)
        if m is None:
            return ""
        nx, ny = _lead_name(m)
        pronoun = _PRONOUN.fullmatch(view, nx, ny)
        if pronoun is not None:  # "与之相比，SGLang 快 2 倍": whom 之 names
            return self._antecedent(index, nx, pronoun.group(1), "")
        return _one_engine(self._first_runs(index, nx, ny, 2))

    def _system_named(self, index: int, ia: int, start: int) -> _Run | None:
        """The system no known engine names that a throughput or latency at view[start] is stated of, else None: the
        item's one run of names before it, at the item's start (a list's number aside), product-like (no model's
        name nor size: "Llama 3 70B 1,200 tok/s" is a model's, on some engine), with only the figure's own words
        between it and the value: 的, a percentile and its metric, a parenthesis, the GPU it ran on ("在 H100 上",
        "on H100"), a verb of being or reaching and the level a change started from ("TinyServe（arXiv:…）把 p99 TTFT
        从 2,400 ms 降到 850 ms"). Anything else there (a place: "ShareGPT 上", a count, another name) and the name
        is not taken for the value's owner."""
        runs = self.runs(index, ia, start)
        if len(runs.runs) != 1:
            return None
        run = runs.runs[0]
        view = self.scopes[index].view
        if _SUBJECT_LEAD.fullmatch(view, ia, run.start) is None or _model_named(run.engine):
            return None
        gap = self._named_part(index, run.end, start)  # (its GPUs blanked)
        if "从" in gap or "由" in gap or "rom" in gap:
            gap = _FROM_TO_GAP.sub(" ", gap, 1)
        return run if _OWNER_GAP.fullmatch(gap) is not None else None

    def _single_values(self, index: int, a: int, b: int, taken: _Spans) -> None:
        scope = self.scopes[index]
        view = scope.view
        known = _ENGINE_WORD_RE.search(view, a, b) is not None
        if not known and _CAPITAL.search(view, a, b) is None:
            return  # a one-value group needs a known engine, or a system's name (capitalised) owning it
        labels: dict[str, str] = {}  # metric -> the label of the clause's last value of it
        previous: tuple[str, str | None] | None = None  # the engine and hardware of the clause's last value
        # the groups given the clause's GPU though their item names none, and (engine, metric, GPU) of those whose
        # item or value names its own
        borrowed: list[int] = []
        own_gpu: set[tuple[str, str, str]] = set()
        for m in _value_matches(view, a, b):
            if taken.covers(m.start()):
                continue
            unit, unit_end = _unit_after(view, _value_end(m), m.group("cur"), m.start())
            if not unit and not m.group("cur") and view[unit_end:unit_end + 3].lstrip(" \t")[:1] in ("、", "/"):
                # "SGLang 16,200、vLLM 12,500 tok/s", "SGLang 16.2k / vLLM 12.5k tok/s": the unit written last
                unit = _listed_unit(view, unit_end, b)
            # (a price is told per million tokens, below, once the value is known to be an engine's: that changes
            # no currency's first character, and a currency comes with its sign or is "$" or "¥", so this test
            # gives the same answer before)
            if unit not in _ONE_VALUE_UNITS and not m.group("cur") and unit[:1] not in ("$", "¥"):
                continue
            items, starts = self.items(index, a, b)
            ia, ib = _item_of(items, starts, m.start(), (a, b))
            if _DIFFERENCE_BEFORE.search(view, max(ia, m.start() - 8), m.start()) \
                    or _DIFFERENCE_AFTER.match(view, unit_end, ib) or _moved_by(view, ia, m.start()):
                continue  # "比 vLLM 高 3,000 tok/s", "3,700 tok/s faster than vLLM", "latency down 8 ms": a difference
            if _changed_from(view, ia, m.start(), unit_end, ib):
                continue  # "从 850 ms 降到 320 ms", "from 850 ms to 320 ms": the level it left, not the engine's
            near = max(ia, m.start() - _WINDOW)
            named_before = _ENGINE_WORD_RE.search(view, near, m.start()) is not None
            follows = _FOR_RE.match(view, unit_end, ib)
            hardware = self._hardware_after(index, unit_end, ib) or self.hardware(index, ia, ib)
            run = None
            if named_before or follows is not None:
                runs = self.runs(index, ia, ib)  # its item's (runs never cross an item separator)
                run = runs.last(near, m.start()) if named_before else None
                after = _engine_named_after(view, runs, follows, ib)
                if run is None or _BASELINE_RE.search(view, run.end, m.start()):
                    # "SGLang reaches 16,200 tok/s, higher than 12,500 tok/s for vLLM": not SGLang's value
                    run = after
                elif after is not None and follows is not None and follows.group("owner"):
                    run = after  # "from $110,940/yr on NIM to $59,940/yr on vLLM": each its own, not the one before
            if run is None and not named_before and unit in _SYSTEM_UNITS:
                # no known engine before it: a system the item is about, named as the subject ("TinyServe 的 p99
                # TTFT 950 ms"), owns it as a speed-up of it is its own
                run = self._system_named(index, ia, m.start())
            elif run is not None and run.engine not in _ENGINE_ALIASES:
                continue
            if run is not None:
                engine = run.engine
            elif named_before or previous is None or hardware in (None, previous[1]) \
                    or not _ONLY_WHERE.fullmatch(self._named_part(index, ia, m.start())):
                continue  # no known engine written before it, nor one named right after it ("… for vLLM")
            else:
                # "H100 上 vLLM 为 12,500 tok/s，H200 上为 15,800 tok/s": an item that names only other hardware
                # before its value states the engine of the clause's value before it there
                engine = previous[0]
            unit = self._priced_per_token(index, a, b, unit)
            # "vLLM 的 p99 TTFT 为 58.9s，SGLang 为 54.2s": a label named once covers the clause's later values
            label = _label(view[max(ia, m.start() - 80):m.start()]) or _colon_label(view, a) \
                or labels.get(_METRIC_BY_UNIT.get(unit, unit), "")
            labels[_METRIC_BY_UNIT.get(unit, unit)] = label
            off = scope.start
            vend = _value_end(m)
            fv = FigureValue(engine=engine, value=_number(m), approx=bool(m.group("approx")) or _approx_after(view, unit_end),
                             column=off + m.start() + 1, text=self.written[off + m.start():off + vend])
            metric = _metric(unit, label)
            if hardware:
                own_gpu.add((engine, metric, hardware))
            else:
                hardware = self.hardware(index, a, b) or self.lead_hardware(index, a)
                if hardware:
                    borrowed.append(len(self.groups))
            previous = (engine, hardware)
            group = FigureGroup(metric=metric, unit=unit, hardware=hardware,
                                line=0, values=[fv], sentence=self.sentence(index, a, b), kind="value", label=label)
            taken.add(m.start(), unit_end)
            self.groups.append((fv.column, group))
        for k in borrowed:
            # "H100 上 Ollama 吞吐 95 tok/s，Mac Studio 上 Ollama 吞吐 40 tok/s": an item stating again the figure
            # another item states on that GPU is on other hardware, not on the GPU the clause names elsewhere
            column, group = self.groups[k]
            if (group.values[0].engine, group.metric, group.hardware) in own_gpu:
                self.groups[k] = (column, with_changes(group, hardware=None))


# "从 850 ms 降到 320 ms", "from 12,500 tok/s to 16,200 tok/s": after the value left, the word that leads to the new one
_TO_AFTER = re.compile(r"[ \t]*(?:[\u4e00-\u9fff]{0,4}?(?:到|至)|to(?![A-Za-z]))")


def _changed_from(view: str, item_start: int, start: int, unit_end: int, item_end: int) -> bool:
    """Whether the value at view[start] (its unit ending at `unit_end`) is the level a change starts from: after
    从/由/from, with 到/至/to after it ("从 850 ms 降到 320 ms" states 320 ms; "from 12,000 to 16,200 tok/s", whose
    first value has no unit, is read so by _ranged)."""
    before = view[max(item_start, start - 8):start]
    if "从" not in before and "rom" not in before and "由" not in before:
        return False  # (most values: a look at a few characters)
    return _FROM_BEFORE.search(view, max(item_start, start - 8), start) is not None \
        and _TO_AFTER.match(view, unit_end, item_end) is not None


# "SGLang 16,200、vLLM 12,500 tok/s": after a value with no unit, the next engine's value of a list
_LISTED_NEXT = re.compile(r"[ \t]*(?:、|/)[ \t]*(?:" + "|".join(
    re.escape(a) for a in sorted(KNOWN_ENGINES, key=longest_first)) + r")(?![A-Za-z0-9_])[ \t]*(?:为|是|:|：)?[ \t]*")


def _listed_unit(view: str, pos: int, end: int) -> str:
    """The unit written after the last value of a list of engines' values joined by 、 or /, each value after its
    engine's name ("SGLang 19,900、vLLM 12,500 tok/s", "SGLang 16.2k / vLLM 12.5k tok/s"), read from the value
    ending at `pos`; "" when the values do not go on so to one with a unit."""
    for _ in range(16):
        nxt = _LISTED_NEXT.match(view, pos, end)
        m = _VALUE_RE.match(view, nxt.end(), end) if nxt is not None else None
        if m is None or m.group("cur"):
            return ""
        unit, pos = _unit_after(view, _value_end(m), None)
        if unit:
            return unit if unit in _ONE_VALUE_UNITS else ""
    return ""


def _engine_named_after(view: str, runs: _Runs, m: re.Match[str] | None, end: int) -> _Run | None:
    """The known engine a value belongs to when it is named after it ("12,500 tok/s for vLLM"), `m` the match of
    _FOR_RE right after the value and its unit."""
    if m is None:
        return None
    run = runs.first(m.end(), end)
    return run if run is not None and run.start == m.end() and run.engine in _ENGINE_ALIASES else None


_APPROX_BEFORE = re.compile(r"约[为是合有]|大约|大概")  # "吞吐约为 vLLM 的 1.3 倍": not next to the figure
_APPROX_AFTER = re.compile(r"[ \t]?(?:左右|上下(?!文))|[ \t]?or so(?![A-Za-z])")  # "1.3 倍左右" (not "上下文")


_SLOWER_AFTER = re.compile(r"[ \t]*(?:slower|more slowly)\b", re.I)


def _moved_by(view: str, item_start: int, start: int) -> bool:
    """Whether the English before the value at `start` says it is a change ("latency down 8 ms", "drops by 8 ms",
    "cuts p99 latency by 20 ms"), as 降低/提升 before it do in Chinese."""
    near = max(item_start, start - 40)
    if _DIFFERENCE_BEFORE_EN.search(view, near, start):
        return True
    by = _BY_BEFORE_EN.search(view, near, start)
    return by is not None and _MOVED_WORD.search(view, max(item_start, by.start() - 60), by.start()) is not None


def _signed(view: str, item_start: int, start: int) -> bool:
    """Whether the percentage at view[start] is written with a sign, "+80%", "-8%", "−8%" (not "2-8%", "A+8%")."""
    if start - 1 < item_start or view[start - 1] not in _SIGNS:
        return False
    before = view[start - 2:start - 1] if start - 2 >= item_start else ""
    return not before or before in " \t" or not (before.isalnum() or before in ".,_")


def _slower(view: str, near: int, start: int, end: int, item_end: int) -> bool:
    """Whether the speed-up at view[start:end] says its subject is slower: "慢" right before the figure ("比 vLLM 慢
    2 倍") or "slower" right after it ("2× slower than vLLM")."""
    return "慢" in view[near:start] or _SLOWER_AFTER.match(view, end, item_end) is not None


def _approx_after(view: str, end: int) -> bool:
    """A value (its unit ending at view[end]) said to be approximate after it: "16,200 tok/s 左右"."""
    return view[end:end + 3].lstrip(" \t")[:1] in "左上o" and _APPROX_AFTER.match(view, end) is not None


def _approx_around(view: str, before: int, start: int, end: int, item_end: int) -> bool:
    """A speed-up said to be approximate by words around it rather than a "~" before it."""
    return (_APPROX_BEFORE.search(view, before, start) is not None
            or _APPROX_AFTER.match(view, end, item_end) is not None)


def _gpu_count(view: str, pos: int, end: int) -> bool:
    """True for "8× H100": the number counts GPUs."""
    while pos < end and view[pos] in " \t":
        pos += 1
    if pos >= end or view[pos] not in _HARDWARE_FIRST:
        return False  # (what _HARDWARE_RE's look-ahead tells, without a call)
    m = _HARDWARE_RE.match(view, pos, end)
    return m is not None and not m.group("count")


def _percent_of(between: str) -> str:
    """What a percentage measures, as written between the engine and the value ("的 KV cache 命中率 " -> "KV cache
    命中率"); "" when nothing (or too much to be a name) stands there."""
    words = " ".join(between.replace(_BLANK, " ").split()).strip("的之为是达约:：~≈ ")
    return words if 0 < len(words) <= 24 and not _DIGIT.search(words) else ""


def _colon_label(view: str, a: int) -> str:
    """The metric named in a lead-in that ends with a colon just before the clause ("p50 TTFT: vLLM …")."""
    if a == 0 or view[a - 1] not in ":：":
        return ""
    before = view[max(0, a - 60):a - 1]
    cut = max(before.rfind(c) for c in "；;。|·：:")
    return _label(before[cut + 1:])


def _metric(unit: str, label: str) -> str:
    if unit[:1] in "$¥€£" and unit:
        return "cost"
    if unit in _METRIC_BY_UNIT:
        return _METRIC_BY_UNIT[unit]
    for pattern, metric in _METRIC_BY_LABEL:
        if label and pattern.search(label):
            return metric
    return "percent" if unit == "%" else ""


# The words that name a metric itself, in either language, and the metric each names ("吞吐" is throughput): as a
# label they tell no figure apart (`quantity_label`), and a message names the metric in the engine's words.
GENERIC_LABELS = {"throughput": "throughput", "吞吐": "throughput", "吞吐量": "throughput", "latency": "latency",
                  "延迟": "latency", "时延": "latency", "cost": "cost", "成本": "cost", "memory": "memory",
                  "显存": "memory", "内存": "memory", "accuracy": "accuracy", "准确率": "accuracy"}
_GENERIC_LABEL = re.compile("|".join(map(re.escape, GENERIC_LABELS)), re.I)


def quantity_label(group: FigureGroup) -> str:
    """The label that tells figures of one metric apart: "p99 TTFT" does, "吞吐" or "cost" (the metric itself, as
    "成本 NIM $110,940 vs vLLM $59,940/年" names it) does not, so that statement is the same figure as an
    unlabelled one. A speed-up's label is what got faster ("throughput" is not plain "faster"), a change's what
    changed. "首字延迟" is TTFT."""
    label = group.label
    if group.metric not in ("speedup", "change") and _GENERIC_LABEL.fullmatch(label):
        return ""
    return label.replace("首字延迟", "TTFT")  # the same quantity in Chinese: "p99 首字延迟" is "p99 TTFT"


def figures_in_line(text: str) -> tuple[FigureGroup, ...]:
    """Every engine-figure group stated in one line, left to right, with line=0."""
    written = text
    first = _CUES_RE.search(text)
    if first is None and "％" not in text and "／" not in text and "￥" not in text:  # (the full-width cues: "降低 40％", "tok／s")
        return ()  # most lines hold no engine figure at all
    if "￥" in text:  # the yen sign a Chinese input method types (U+FFE5) is "¥", one character for one
        text = text.replace("￥", "¥")
        first = _CUES_RE.search(text)
    if FULL_WIDTH_ASCII.search(text) is not None:  # "１６，２００ tok/s", "降低 40％": a Chinese input method's
        text = text.translate(AS_ASCII)  # digits, letters and signs read as ASCII, one character for one
        first = _CUES_RE.search(text)
    while first is not None and text[first.start()] == "%" and not _may_be_change(text, first.start()):
        first = _CUES_RE.search(text, first.end())  # "4/6 = 67%", "占 40%": no change there, nor any cue
    if first is None:  # most lines hold no engine figure at all
        return ()
    read = thousands_read(text)  # "SGLang ~16，200 vs …": the thousands of a Chinese input method
    cues = _viable_cues(read, first.start())
    if not cues:  # a cue that cannot start a figure (a "×" after no number, "vs" inside a word)
        return ()
    return _LineReader(read, written if read is not written else None).read(cues)




_TIME_VALUE = re.compile(r"\d[ \t]?(?:ms|s|毫秒|秒)(?![A-Za-z])")


def _may_state_systems(read: str, cues: list[tuple[int, str | None]]) -> bool:
    """Whether a line naming no known engine may state a throughput or latency of a system (`_system_named`): a
    capital letter, and a rate ("/s") or a latency with a time after a digit (a change or a price is no system's)."""
    if _CAPITAL.search(read) is None:
        return False
    rate = lat = False
    for at, kind in cues:
        rate = rate or kind == "unit" and read[at] == "/"
        lat = lat or kind == "lat"
    return rate or lat and _TIME_VALUE.search(read) is not None


def _viable_cues(read: str, first: int) -> list[tuple[int, str | None]]:
    """The line's cues, left to right, less those no reader can use, so clauses that hold only those are never
    split out nor read (the result is the same: each dropped cue is one whose reader finds nothing there).

    - a "×"/"倍" a speed-up can end with: a digit right before it, or a digit and one space or tab (every
      speed-up ends with a digit and ×, 倍 or x; an "x"/"X" cue has its digit already);
    - a "vs" that is one for _VS_RE (not "vs" inside a word: every _VS_RE match starts where a cue does);
    - no unit or latency cue on a line that has no other cue left and names no known engine (a one-value group
      needs one in its clause, and the views of a line hold no letter the line does not), unless it may state a
      throughput or latency of a system no known engine names (`_may_state_systems`); with another cue the line is
      read anyway, and _single_values looks for the engine in the clause itself.
    Cues are found on the line as written; `read` has the same characters there but for thousands commas.
    """
    cues: list[tuple[int, str | None]] = []
    others = False  # whether a speed-up or comparison cue is kept
    for m in _CUES_RE.finditer(read, first):
        at = m.start()
        kind = _CUE_KIND[read[at]]
        if kind == "x":
            if read[at] in "×倍":
                before = read[at - 1:at]
                if not before.isdecimal() and not (before in (" ", "\t") and read[at - 2:at - 1].isdecimal()):
                    continue
            others = True
        elif kind == "vs":
            if _VS_RE.match(read, at) is None:
                continue
            others = True
        elif kind == "pct":  # a change needs a word saying which way: most percentages have none
            if not _may_be_change(read, at):
                continue
        elif kind == "resp":  # "分别" after a list of engines: one named shortly before it
            if _ENGINE_WORD_RE.search(read, max(0, at - 80), at) is None:
                continue
        cues.append((at, kind))
    if cues and not others and _ENGINE_WORD_RE.search(read) is None and not _may_state_systems(read, cues):
        return []
    return cues


# ---- a paragraph hard-wrapped over lines ---------------------------------------------------------------------------
# English Markdown is often wrapped at ~100 columns, so "… 2× faster than vLLM on" / "H100, and …" puts a figure's GPU
# on the next line. A line is read alone (figures_in_line is memoised by its text); `with_wrapped_gpus` then gives a
# figure naming no GPU the one its clause names on the next line, as the paragraph read whole would.
_WRAP_ENDS = frozenset("。．.！!？?；;：:|")  # a line ending so ends its sentence or clause (or is a table's row)
# a next line that starts a block of its own: a heading (Markdown's, "3.1 …", "三、…", "§…"), a table row, a quote, a
# list item, a fence, nothing
_OWN_BLOCK = re.compile(r"[ \t]*(?:#|\||>|§|[-*+][ \t]|\d{1,3}[.)、][ \t]|\d{1,3}(?:\.\d{1,3})+[ \t]|[(（]\d{1,3}[)）]"
                        r"|[一二三四五六七八九十]+、|```|~~~|$)")


def may_wrap_on(line: str) -> bool:
    """Whether a figure of `line` may take its GPU from the next line: the line holds a figure's digit and does not
    end its sentence or clause (a superset of `with_wrapped_gpus`' lines: which lines an edit of the next one may
    change)."""
    text = line.rstrip()
    return bool(text) and text[-1] not in _WRAP_ENDS and _DIGIT.search(text) is not None


def carries_on(line: str) -> bool:
    """Whether `line` may go on with the paragraph of the line before it (it starts no block of its own)."""
    return _OWN_BLOCK.match(line) is None


def with_wrapped_gpus(groups: tuple[FigureGroup, ...], line: str, next_line: str) -> tuple[FigureGroup, ...]:
    """`groups` (figures_in_line(line)) with the GPU each one naming none takes from `next_line` when the paragraph
    goes on there ("SGLang is 2× faster than vLLM on" / "H100, and the draft model …": on H100): the two lines are
    read as one, the first's figures keep their places, and one that names a GPU so takes it. The same groups
    (the same tuple) when none changes."""
    if not groups or not may_wrap_on(line) or not carries_on(next_line) or all(g.hardware for g in groups):
        return groups
    found = {(g.kind, g.metric, tuple(v.column for v in g.values)): g.hardware
             for g in figures_in_line(f"{line.rstrip()} {next_line.strip()}") if g.hardware}
    if not found:
        return groups
    out: list[FigureGroup] = []
    changed = False
    for g in groups:
        hardware = None if g.hardware else found.get((g.kind, g.metric, tuple(v.column for v in g.values)))
        if hardware:
            g = with_changes(g, hardware=hardware)
            changed = True
        out.append(g)
    return tuple(out) if changed else groups
