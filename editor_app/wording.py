"""What the engine and the rule pack say, in the user's language (the window's, the exported report's).

core/ speaks English: it is also the language of `survey-check`, of its JSON and of CI logs, which must not change
with a desktop's locale. The window speaks its user's language, so it translates the engine's sentences here, by
their templates (a template whose sentence the engine no longer writes simply never matches; the English stays
rather than anything wrong being shown), and the pack's own words (rule titles, counter labels, scope names) by
the pack's `[i18n.<language>]` table. Numbers, ids, patterns and the survey's own text pass through unchanged.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .core.rulepack import RulePack

# English template -> Simplified Chinese. {name} is any text; names in _WORDS are themselves translated (they are
# pack words or engine words such as a place, a counter label or a status); the others (numbers, patterns, ids,
# the survey's own text) are kept as written.
_ZH_CN: tuple[tuple[str, str], ...] = (
    ("[{rule}] {message}", "[{rule}] {message}"),  # the editor's tooltips: "[rule-id] message"
    # claims audit
    ("{what} of {where}: stated {stated}, but there is no such place in the survey",
     "{where}的{what}：自报 {stated}，但综述中没有这个位置"),
    ("{what} of {where}: stated {stated}, measured {measured}", "{where}的{what}：自报 {stated}，实测 {measured}"),
    ("{what} of {where} stated as {stated} here but as {other} on line {line}",
     "{where}的{what}此处写作 {stated}，第 {line} 行写作 {other}"),
    ("stated sum {stated} but the parts add up to {total}", "自报合计 {stated}，但各部分相加为 {total}"),
    ("{num}/{den} is {computed}%, not {stated}%", "{num}/{den} 是 {computed}%，不是 {stated}%"),
    ("division by zero", "除数为零"),
    ("self-reported figure {stated} is an estimate (≈/约): measure it", "自报数字 {stated} 是估计值（≈/约）：请实测"),
    ("{claims} claims, {wrong} wrong, {findings} findings; {quiet} suppressed inline",
     "{claims} 处自报数字，{wrong} 处有误，{findings} 条问题；{quiet} 条已行内豁免"),
    ("{claims} claims, {wrong} wrong, {findings} findings", "{claims} 处自报数字，{wrong} 处有误，{findings} 条问题"),
    ("no self-reported figures found", "未找到自报数字"),
    # counts
    ("{where}: {value} > {limit} ({over} over; the limit is passed on line {line})",
     "{where}：{value} > {limit}（超出 {over}；第 {line} 行起超限）"),
    ("{where}: {value} < {limit} ({short} short)", "{where}：{value} < {limit}（差 {short}）"),
    ("{n} units measured", "测量了 {n} 个单元"),
    ("{n} items measured", "测量了 {n} 个列表项"),
    ("item on line {line}", "第 {line} 行的列表项"),
    ("{title} (line {line})", "{title}（第 {line} 行）"),
    ("the heading on line {line}", "第 {line} 行的标题"),
    # scopes that matched nothing
    ("0 sections matched {what}", "没有匹配 {what} 的节"),
    ("0 list items in {where}", "{where}中没有列表项"),
    ("{where} not found", "未找到{where}"),
    ("each list item of {where}", "{where}的每个列表项"),
    ("each of {where}", "{where}的每一个"),
    ("sections matching {pattern}", "标题匹配 {pattern} 的节"),
    # required sections and patterns
    ("§{number} exists but its heading does not match {pattern}", "§{number} 存在，但标题不匹配 {pattern}"),
    ("a section matches {pattern} (§{key}) but §{number} is missing", "有节匹配 {pattern}（§{key}），但缺少 §{number}"),
    ("no section §{number} with a heading matching {pattern}", "没有标题匹配 {pattern} 的 §{number}"),
    ("no section with a heading matching {pattern}", "没有标题匹配 {pattern} 的节"),
    ("§{number} heading ~ {pattern}", "§{number} 标题 ~ {pattern}"),
    ("heading ~ {pattern}", "标题 ~ {pattern}"),
    ("{where} lacks {patterns}", "{where}缺少 {patterns}"),
    ("all of {patterns}", "全部：{patterns}"),
    ("present", "存在"),
    ("missing", "缺失"),
    # forbidden patterns, privacy, suppression
    ("forbidden: {pattern}", "禁用：{pattern}"),
    ("private data ({dimension}): {masked}", "私域数据（{dimension}）：{masked}"),
    ("ip · secrets · names · paths · org codes", "IP · 密钥 · 人名 · 路径 · 组织代号"),
    ("suppression refused: rule {rule} is unsuppressible", "豁免被拒绝：规则 {rule} 不可豁免"),
    ('unknown rule id {rule} in suppression comment; did you mean "{near}"?',
     '豁免注释中的规则 id {rule} 不存在；是否想写 "{near}"？'),
    ("unknown rule id {rule} in suppression comment", "豁免注释中的规则 id {rule} 不存在"),
    ("suppression comment not understood: write <!-- survey-check disable RULE -->, disable-next-line or enable, "
     "with rule ids, on one line",
     "无法识别的豁免注释：请在同一行写 <!-- survey-check disable 规则 id -->（或 disable-next-line、enable）"),
    ("{note}; {n} suppressed inline", "{note}；{n} 条已行内豁免"),
    ("{n} suppressed inline", "{n} 条已行内豁免"),
    ("bare ⚠ (U+26A0) is not counted as a caution marker; write ⚠️", "裸 ⚠（U+26A0）不算警示标记；请写 ⚠️"),
    # engine figures
    ("{engine} {what}: {value} at line {line} disagrees with {other} at line {other_line}",
     "{engine} {what}：第 {line} 行的 {value} 与第 {other_line} 行的 {other} 不一致"),
    ("{groups} figure groups, {n} disagreeing", "{groups} 组引擎数字，{n} 处不一致"),
    ("{n} disagreeing", "{n} 处不一致"),
    # § references
    ("{text} names no section of the survey", "{text} 不是综述中的任何一节"),
    ("{n} § references, {k} naming no section", "{n} 处 § 引用，{k} 处指向不存在的节"),
    ("0 naming no section", "0 处指向不存在的节"),
    # references and verifiability
    ("{status} arXiv id {raw}: {problem}", "{status}的 arXiv id {raw}：{problem}"),
    ("{n} distinct ids", "{n} 个不同的 id"),
    ("{n} malformed", "{n} 个格式错误"),
    ("{n} findings", "{n} 条问题"),
    ("{n} main citations; run arXiv verification to measure", "{n} 篇主要引用；运行 arXiv 核验后才会测量"),
    ("arXiv gave no answer for the {n} main citations ({statuses}): not measured",
     "arXiv 未答复这 {n} 篇主要引用（{statuses}）：未测量"),
    ("{n} of {total} main citations could not be checked ({statuses}); verify again",
     "{total} 篇主要引用中有 {n} 篇无法核验（{statuses}）；请重新核验"),
    ("only {n} of {total} main citations verified ({share} < {limit})",
     "{total} 篇主要引用中仅 {n} 篇已核验（{share} < {limit}）"),
    ("no arXiv ids in {where}", "{where}中没有 arXiv id"),
    ("month {month} does not exist", "不存在 {month} 月"),
    ("{yymm} is later than this month ({now}): an id cannot be announced in the future",
     "{yymm} 晚于本月（{now}）：id 不可能在未来发布"),
    ("paper number {number} does not exist", "论文编号 {number} 不存在"),
    ("{text} is not an arXiv id (expected YYMM.NNNNN or archive/YYMMNNN)",
     "{text} 不是 arXiv id（应为 YYMM.NNNNN 或 archive/YYMMNNN）"),
    # a claim without a message (the editor's tooltip)
    ("{what}: claimed {stated}, measured {measured}", "{what}：自报 {stated}，实测 {measured}"),
    # arXiv verification (services/verification.py): "<head> (v2, just fetched): <note>; <note>."
    ("{head} (v{latest}, {source}): {notes}.", "{head}（v{latest}，{source}）：{notes}。"),
    ("arXiv has no paper {id} (asked twice, the second time alone). It is a recent id: newly announced papers can "
     "lag in the index; try again later.", "arXiv 上没有论文 {id}（问了两次，第二次单独问）。这是新近的 id：新发布的论文可能"
     "尚未进入索引；请稍后再试。"),
    ("arXiv has no paper {id} (asked twice, the second time alone).", "arXiv 上没有论文 {id}（问了两次，第二次单独问）。"),
    ("no Latin-script name in the survey to compare with the title", "综述中没有可与标题比较的拉丁字母名称"),
    ("the survey gives it no name to compare", "综述没有给出可比较的名称"),
    ("the survey's name {name} appears in the title of an earlier version", "综述中的名称 {name} 出现在较早版本的标题中"),
    ("the survey's name {name} appears in the title", "综述中的名称 {name} 出现在标题中"),
    ("the survey's title matches arXiv's (similarity {s})", "综述中的标题与 arXiv 的一致（相似度 {s}）"),
    ("{name} differs slightly from the title (similarity {s})", "{name} 与标题略有不同（相似度 {s}）"),
    ("{name} is not in the title but appears in the abstract (title similarity {s})",
     "{name} 不在标题中，但出现在摘要中（标题相似度 {s}）"),
    ("the survey's name {name} does not match any version's title (similarity {s})",
     "综述中的名称 {name} 与任何版本的标题都不符（相似度 {s}）"),
    ("the survey's name {name} does not match the title (similarity {s})", "综述中的名称 {name} 与标题不符（相似度 {s}）"),
    ("the survey cites {cited} but arXiv's latest version is v{latest}", "综述引用 {cited}，但 arXiv 最新版本是 v{latest}"),
    ("heuristic: the latest version's comment reads {comment}", "启发式判断：最新版本的备注为 {comment}"),
    ("read the abstract page", "请阅读摘要页"),
    ("the survey says {stated}", "综述写的是 {stated}"),
    ("the id is from {month} and v1 appeared {date}", "该 id 属于 {month}，v1 发布于 {date}"),
    ("arXiv files it under {category}", "arXiv 将其归入 {category}"),
    # why arXiv gave no verdict (services/arxiv_client.py); arXiv's and the network's own words are kept as written
    ("{message} (stopped asking after three failed batches in a row)", "{message}（连续三批失败，已停止询问）"),
    ("{problem} (after {n} attempts; stopped asking: check the network connection)",
     "{problem}（尝试 {n} 次后；已停止询问：请检查网络连接）"),
    ("{problem} (after {n} attempts)", "{problem}（尝试 {n} 次后）"),
    ("{problem}; asking again in {s} s (attempt {n} of {m})", "{problem}；{s} 秒后再问（第 {n} 次，共 {m} 次）"),
    ("arXiv answered 429 'Rate exceeded' three times in a row; stopped asking. Try again in a few minutes.",
     "arXiv 连续三次答复 429「Rate exceeded」，已停止询问。请几分钟后再试。"),
    ("arXiv answered 429 'Rate exceeded'", "arXiv 答复 429「Rate exceeded」"),
    ("arXiv asked to wait {s} s before asking again", "arXiv 要求等待 {s} 秒后再询问"),
    ("arXiv answered HTTP {status}", "arXiv 答复 HTTP {status}"),
    ("arXiv redirected the request (HTTP {status})", "arXiv 重定向了请求（HTTP {status}）"),
    ("arXiv did not answer within {s} s", "arXiv 在 {s} 秒内没有答复"),
    ("the connection to arXiv failed ({detail})", "连接 arXiv 失败（{detail}）"),
    ("the request to arXiv failed ({detail})", "向 arXiv 的请求失败（{detail}）"),
    ("the URL was too long (HTTP 414)", "URL 过长（HTTP 414）"),
    ("arXiv sent an empty body", "arXiv 返回了空内容"),
    ("arXiv sent an HTML page instead of an Atom feed", "arXiv 返回了 HTML 页面而不是 Atom feed"),
    ("arXiv's answer declared XML entities or a DTD and was refused ({name})",
     "arXiv 的答复声明了 XML 实体或 DTD，已拒绝（{name}）"),
    ("arXiv's answer is not well-formed XML ({detail})", "arXiv 的答复不是格式正确的 XML（{detail}）"),
    ("arXiv's answer is not an Atom feed (root element {tag})", "arXiv 的答复不是 Atom feed（根元素 {tag}）"),
    ("arXiv rejected the id: {detail}", "arXiv 拒绝了该 id：{detail}"),
    ("arXiv answered with an error instead of papers ({detail})", "arXiv 答复了错误而不是论文（{detail}）"),
    ("no answer", "没有答复"),
    ("'{id}' is not an arXiv id", "'{id}' 不是 arXiv id"),
    ("not a valid arXiv id", "不是有效的 arXiv id"),
    # opening and saving a survey (services/files.py); the system's own words ({error}) are kept as written
    # (before "{path} does not exist.", which would take "a.md is a link to b.md, which" for its path)
    ("{path} is a link to {target}, which does not exist.", "{path} 是指向 {target} 的链接，而 {target} 不存在。"),
    ("{path} does not exist.", "{path} 不存在。"),
    ("{path} can't be opened: {error}.", "无法打开 {path}：{error}。"),
    ("{path} is a folder, not a file.", "{path} 是文件夹，不是文件。"),
    ("{path} is not a regular file.", "{path} 不是普通文件。"),
    ("{path} is {size} MB; files over {limit} MB are not opened (a survey is a few dozen KB).",
     "{path} 有 {size} MB；超过 {limit} MB 的文件不会打开（一篇综述只有几十 KB）。"),
    ("{path} can't be read: permission denied.", "无法读取 {path}：没有权限。"),
    ("{path} can't be read: {error}.", "无法读取 {path}：{error}。"),
    ("{path} starts with a {bom} byte-order mark but is not valid {encoding}.",
     "{path} 以 {bom} 字节顺序标记开头，但不是有效的 {encoding}。"),
    ("{path} looks like a binary file (it contains NUL bytes), not a text file.",
     "{path} 看起来是二进制文件（含有 NUL 字节），不是文本文件。"),
    ("{path} looks like a binary file (it is full of control characters), not a text file.",
     "{path} 看起来是二进制文件（满是控制字符），不是文本文件。"),
    ("{path} is not a text file this program can read (no text encoding fits its bytes).",
     "{path} 不是本程序能读取的文本文件（没有适合其字节的文本编码）。"),
    ("Not saved: the character {ch} ({name}, {code}) on line {line}, column {column} can't be written in "
     "{encoding}, the file's encoding. Remove it, or save the file as UTF-8. The file on disk was not changed.",
     "未保存：第 {line} 行第 {column} 列的字符 {ch}（{name}，{code}）无法用文件的编码 {encoding} 写入。请删除它，"
     "或将文件另存为 UTF-8。磁盘上的文件没有改变。"),
    ("{path} is not valid UTF-8 in {count} place(s), the first on line {line}: each is shown as \ufffd, and a save "
     "after an edit writes that character there.",
     "{path} 有 {count} 处不是有效的 UTF-8，第一处在第 {line} 行：每处显示为 \ufffd，编辑后保存时那里会写入这个字符。"),
    ("Unknown text encoding {encoding}.", "未知的文本编码 {encoding}。"),
    ("Not saved: {path} is a folder.", "未保存：{path} 是文件夹。"),
    ("Not saved: {path} is read-only. Save it under another name, or make it writable first. The file on disk was "
     "not changed.", "未保存：{path} 是只读文件。请另存为其他文件名，或先让它可写。磁盘上的文件没有改变。"),
    ("Not saved: can't write in {folder}: {error}.", "未保存：无法在 {folder} 中写入：{error}。"),
    ("Not saved: writing {path} failed: {error}. The file on disk was not changed.",
     "未保存：写入 {path} 失败：{error}。磁盘上的文件没有改变。"),
    # the history database (services/database.py)
    ("The history database {path} could not be read ({error}); it was moved to {moved} and a fresh one was created.",
     "历史数据库 {path} 无法读取（{error}）；已将它移到 {moved}，并新建了一个。"),
    ("The history database {path} is locked by another program ({error}); this session keeps its history in memory.",
     "历史数据库 {path} 被其他程序锁定（{error}）；本次会话的历史只保存在内存中。"),
    ("The history database {path} can't be used ({error}); it was left as it is and this session keeps its history "
     "in memory.",
     "历史数据库 {path} 无法使用（{error}）；它保持原样，本次会话的历史只保存在内存中。"),
    ("The history database {path} was made by a newer version of Survey Editor (schema {found}; this version knows "
     "up to {known}); it was left as it is and this session keeps its history in memory. Update Survey Editor, or "
     "choose another database file.",
     "历史数据库 {path} 由更新版本的 Survey Editor 创建（数据库版本 {found}；本版本最高支持 {known}）；它保持原样，本次会话的历史只保存在内存中。"
     "请更新 Survey Editor，或另选一个数据库文件。"),
    ("The history database {path} could not be read ({error}) nor moved aside ({moved}); this session keeps its "
     "history in memory.",
     "历史数据库 {path} 无法读取（{error}），也无法移开（{moved}）；本次会话的历史只保存在内存中。"),
    ("{path} is a folder, not a history database; it was left as it is and this session keeps its history in "
     "memory. Choose another database file.",
     "{path} 是文件夹，不是历史数据库；它保持原样，本次会话的历史只保存在内存中。请另选一个数据库文件。"),
    ("{path} is not a history database ({error}); it was left as it is and this session keeps its history in "
     "memory. Choose another database file.",
     "{path} 不是历史数据库（{error}）；它保持原样，本次会话的历史只保存在内存中。请另选一个数据库文件。"),
    # a rule whose scope matched nothing: "<rule title>: <note>" (last: it would take any "x: y")
    ("{title}: {note}", "{title}：{note}"),
)

# Words of the engine (places, labels, statuses) that a template's {name} may hold, and the privacy dimensions.
_WORDS_ZH_CN = {
    "document": "全文", "header": "文首", "footer": "文末签名", "here": "本节", "stated parts": "自报分项",
    "stated ratio": "自报比例", "stated sum": "自报合计", "self-reported figures": "自报数字",
    "engine figures": "引擎数字", "§ references": "§ 引用", "arXiv ids": "arXiv id", "arXiv ids cited here": "此处引用的 arXiv id",
    "private-data hits": "私域命中", "verifiability %": "可验证性 %", "list items": "列表项",
    "GitHub verified (stated only)": "GitHub 已验（仅自报）", "malformed": "格式错误", "impossible": "不可能",
    "impossible id": "不可能的 id", "unverified": "未核验", "unavailable": "不可用", "rate limited": "被限流",
    "verified": "已核验", "name mismatch": "名称不符", "check by hand": "需人工核对", "version not found": "版本不存在",
    "not found": "不存在", "withdrawn?": "可能已撤回", "Found on arXiv": "arXiv 上找到",
    "Found on arXiv, check by hand": "arXiv 上找到，需人工核对", "Found on arXiv, but the name does not match":
    "arXiv 上找到，但名称不符", "Version not found": "版本不存在", "Possibly withdrawn": "可能已撤回",
    "from the cache": "来自缓存", "just fetched": "刚刚获取",
    "ip": "IP", "secret": "密钥", "name": "人名", "path": "路径", "org": "组织代号",
    "throughput": "吞吐", "latency": "延迟", "cost": "成本", "memory": "显存", "speedup": "加速比",
    "accuracy": "准确率", "percent": "百分比",
}
_TRANSLATED_NAMES = {"what", "where", "title", "note", "status", "dimension", "problem", "message", "head", "source"}
_LIST_NAMES = {"notes": ("; ", "；"), "statuses": (", ", "、")}  # a list of sentences: each translated, joined the target language's way
_NAME = re.compile(r"\{(\w+)\}")


def _compile(template: str) -> re.Pattern[str]:
    parts, pos = [], 0
    for m in _NAME.finditer(template):
        parts.append(re.escape(template[pos:m.start()]))
        parts.append(f"(?P<{m.group(1)}>.+?)")
        pos = m.end()
    parts.append(re.escape(template[pos:]))
    return re.compile("".join(parts) + r"\Z", re.S)


@lru_cache(maxsize=None)
def _templates(language: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    table = _ZH_CN if language == "zh_CN" else ()
    return tuple((_compile(en), zh) for en, zh in table)


class EngineText:
    """`text(s)`: s in the window's language. Built once per (language, pack); remembers what it translated."""

    def __init__(self, language: str, pack: RulePack | None = None):
        self.language = language
        self.words = {**(_WORDS_ZH_CN if language == "zh_CN" else {}),
                      **((getattr(pack, "translations", None) or {}).get(language) or {})}
        self.templates = _templates(language)
        self._done: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        if not text or (not self.templates and not self.words):
            return text
        got = self._done.get(text)
        if got is None:
            if len(self._done) > 20_000:
                self._done.clear()
            got = self._done[text] = self._translate(text, 0)
        return got

    def _translate(self, text: str, depth: int) -> str:
        word = self.words.get(text)
        if word is not None:
            return word
        if depth > 3:
            return text
        for rx, target in self.templates:
            m = rx.match(text)
            if m is not None:
                values = {k: (self._translate(v, depth + 1) if k in _TRANSLATED_NAMES else
                              self._translate_list(v, *_LIST_NAMES[k], depth) if k in _LIST_NAMES else v)
                          for k, v in m.groupdict().items()}
                return target.format(**values)
        return text

    def _translate_list(self, text: str, sep: str, joiner: str, depth: int) -> str:
        return joiner.join(self._translate(part, depth + 1) for part in text.split(sep))


# The exported report's own sentences (services/report.py, ui/charts_render.py): English template -> Chinese.
_REPORT_ZH_CN = {
    "Survey report · rule pack {pack} · generated {when}": "综述报告 · 规则包 {pack} · 生成于 {when}",
    "Contents": "目录",
    "Appendix": "附录",
    "A. Self-check (every rule)": "A. 自检（全部规则）",
    "B. Claims audit": "B. 自报数字审计",
    "C. References and verification": "C. 引用与核验",
    "D. Engine figures": "D. 引擎数字",
    "E. Private-data scan": "E. 私域数据扫描",
    "F. Rule pack and generation": "F. 规则包与生成信息",
    # the first page's verdict
    "Rules: {passed} pass · {failed} fail ({errors} error, {warnings} warning)":
        "规则：{passed} 条通过 · {failed} 条未通过（{errors} 条错误，{warnings} 条警告）",
    " · {n} note": " · {n} 条提示",
    " · {unmeasured} not measured · {nomatch} no match. ": " · {unmeasured} 条未测量 · {nomatch} 条无匹配。",
    "Self-stated figures: {agree} agree, {wrong} disagree": "自报数字：{agree} 处一致，{wrong} 处不一致",
    ", {n} disagree but are silenced inline": "，{n} 处不一致但已行内豁免",
    ". ": "。",
    "References: {n} ({verified} verified).": "引用：{n} 篇（{verified} 篇已核验）。",
    "Not fully checked.": "未完全检查。",
    "No error-level rule fails and the private-data scan found nothing, but {n} error-level rules could not be "
    "measured:": "没有错误级规则未通过，私域数据扫描也未发现问题，但有 {n} 条错误级规则无法测量：",
    "No error-level rule fails and the private-data scan found nothing, but {n} error-level rule could not be "
    "measured:": "没有错误级规则未通过，私域数据扫描也未发现问题，但有 {n} 条错误级规则无法测量：",
    "Clean.": "可以发布。",
    "Every error-level rule passes and the private-data scan found nothing.": "所有错误级规则均通过，私域数据扫描未发现问题。",
    "{n} error-level rules fail:": "{n} 条错误级规则未通过：",
    "{n} error-level rule fails:": "{n} 条错误级规则未通过：",
    "{title}: nothing to check — {why}": "{title}：没有可检查的内容 — {why}",
    "{title}: measured {measured}, limit {limit}{where}": "{title}：实测 {measured}，限值 {limit}{where}",
    " (line {line})": "（第 {line} 行）",
    "{n} private-data hits:": "{n} 处私域数据：",
    "{n} private-data hit:": "{n} 处私域数据：",
    "{dimension} at line {line}:{column}": "{dimension}，第 {line} 行第 {column} 列",
    "Not ready to publish.": "尚不能发布。",
    "The survey breaks its own rules:": "综述未满足自身的规则：",
    # the appendix
    "Rule": "规则", "Measured": "实测", "Limit": "限值", "Status": "状态", "Line": "行", "Lines": "行",
    "The rule pack has no rules.": "规则包中没有规则。",
    "error": "错误", "warning": "警告", "info": "提示",
    "✓ pass": "✓ 通过", "ℹ note": "ℹ 提示", "✗ fail": "✗ 未通过", "not-measured": "未测量", "no-match": "无匹配",
    "agrees": "一致", "disagrees": "不一致", "not measured": "未测量", "(silenced inline)": "（已行内豁免）",
    "value": "数值", "sum": "合计", "ratio": "比例",
    "Metric": "指标", "As written": "原文", "Claimed": "自报", "Verdict": "结论", "Note": "说明",
    "The survey states no figures about itself.": "综述没有关于自身的数字。",
    "Name in survey": "综述中的名称", "Stated": "自报", "Details": "详情",
    "No arXiv references found.": "未找到 arXiv 引用。",
    "title": "标题", "authors": "作者", "published": "发表", "updated": "更新", "primary_category": "主分类",
    "latest_version": "最新版本", "checked_at": "核验时间", "cached": "来自缓存", "abs_url": "摘要页",
    "pdf_url": "PDF", "doi": "DOI", "journal_ref": "期刊", "comment": "备注", "categories": "分类",
    "similarity": "名称相似度", "message": "说明", "fetched": "获取时间", "fetched_at": "获取时间", "source": "来源",
    "Unit": "单位", "Hardware": "硬件", "Values": "数值",
    "The survey states no engine figures.": "综述未给出引擎数字。",
    "No hits in any dimension (IP, secret, name, path, organisation).": "各维度（IP、密钥、人名、路径、组织代号）均无命中。",
    "Dimension": "维度", "Where": "位置", "Masked": "遮盖后",
    "(the pack's source is not available)": "（规则包的源文件不可用）",
    "Survey file: ": "综述文件：",
    "Rule pack: {pack} · generated {when}": "规则包：{pack} · 生成于 {when}",
    "yes": "是", "no": "否", ": ": "：",
    # charts
    "Stated speed-ups (×)": "自报加速比（×）", "speed-up (×)": "加速比（×）",
    " on {hardware}": " · {hardware}", ", approximate": "，近似值",
    "line {lines}": "第 {lines} 行", "lines {lines}": "第 {lines} 行",
    "{what}{unit}{where}{approx}: {lines}": "{what}{unit}{where}{approx}：{lines}",
}


# The report's English names for arXiv's fields (the table showed "primary_category: cs.LG", "fetched_at: …").
_REPORT_EN = {
    "primary_category": "primary category", "latest_version": "latest version", "checked_at": "checked",
    "fetched_at": "fetched", "abs_url": "abstract page", "pdf_url": "PDF", "journal_ref": "journal", "doi": "DOI",
}


class ReportWords:
    """The exported report in one language: `say(template, **values)` for its own sentences, `say.engine(text)` for
    what the engine and the pack wrote (rule titles, notes, messages, statuses). English is the default."""

    def __init__(self, language: str = "en", pack: RulePack | None = None):
        self.language = language if language == "zh_CN" else "en"
        self.table = _REPORT_ZH_CN if self.language == "zh_CN" else _REPORT_EN
        self.engine = EngineText(self.language, pack)

    def __call__(self, template: str, **values: object) -> str:
        text = self.table.get(template, template)
        return text.format(**values) if values else text
