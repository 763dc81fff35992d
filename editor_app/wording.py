"""What the engine and the rule pack say, in the user's language (the window's, the exported report's).

core/ speaks English: it is also the language of `survey-check`, of its JSON and of CI logs, which must not change
with a desktop's locale. The window speaks its user's language, so it translates the engine's sentences here, by
their templates (a template whose sentence the engine no longer writes simply never matches; the English stays
rather than anything wrong being shown), and the pack's own words (rule titles, counter labels, scope names) by
the pack's `[i18n.<language>]` table, and why a broken pack is refused (`PackErrorWords`). Numbers, ids, patterns
and the survey's own text pass through unchanged.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .core.rulepack import PackError, RulePack

# English template -> Simplified Chinese. {name} is any text; names in _WORDS are themselves translated (they are
# pack words or engine words such as a place, a counter label or a status); the others (numbers, patterns, ids,
# the survey's own text) are kept as written.
_ZH_CN: tuple[tuple[str, str], ...] = (
    ("[{rule}] {message}", "[{rule}] {message}"),  # the editor's tooltips: "[rule-id] message"
    # the editor's underline of a cited id (ui/problem_spans.py), before "{where} not found" would take it
    ("arXiv:{id} — {statuses}: {problem}", "arXiv:{id} — {statuses}：{problem}"),
    ("the survey's name {name} does not match arXiv's title {arxiv}", "综述中的名称 {name} 与 arXiv 的标题 {arxiv} 不符"),
    ("arXiv:{id} — {statuses}", "arXiv:{id} — {statuses}"),
    # a sub-section under a top section of another number (before "{title} (line {line})" would take it)
    ("{number} is numbered for §{top} but sits under §{holder} (line {line})",
     "{number} 的编号属于 §{top}，却位于 §{holder}（第 {line} 行）之下"),
    # a required section moved under another top section (before "{title} (line {line})" too)
    ("§{number} is missing: {stray} on line {line} sits under §{holder} (line {top_line})",
     "缺少 §{number}：第 {line} 行的 {stray} 位于 §{holder}（第 {top_line} 行）之下"),
    # claims audit
    ("{what} of {where}: stated {stated}, but there is no such place in the survey",
     "{where}的{what}：自报 {stated}，但综述中没有这个位置"),
    ("{what} of {where}: stated {stated}, measured {measured}, {hidden} of them in comment blocks",
     "{where}的{what}：自报 {stated}，实测 {measured}，其中 {hidden} 在注释块中"),
    ("{what} of {where}: stated {stated}, measured {measured}", "{where}的{what}：自报 {stated}，实测 {measured}"),
    ("{what} of {where}: stated {stated}, not measured: {places} not found",
     "{where}的{what}：自报 {stated}，未测量：未找到 {places}"),
    ("{what} of {where}: {n} figures stated for its {m} sections; {places} not checked",
     "{where}的{what}：只自报了 {n} 个数字，但它有 {m} 节；{places} 未核对"),
    ("{what} of {where}: no figure stated for {places}; not checked", "{where}的{what}：{places} 没有自报数字，未核对"),
    ("{what} of {where}: stated {stated}, not measured: {n} sections are numbered {number}, …",
     "{where}的{what}：自报 {stated}，未测量：{n} 节的编号都是 {number}，……"),
    ("{what} of {where}: stated {stated}, not measured: {n} sections are numbered {number}",
     "{where}的{what}：自报 {stated}，未测量：{n} 节的编号都是 {number}"),
    # a figure nothing measures (core/model.NotMeasured): why, after every other "not measured" above
    ("{what} of {where}: stated {stated}, not measured: no counter of the pack measures {metric}",
     "{where}的{what}：自报 {stated}，未测量：规则包中没有计数器测量 {metric}"),
    ("{what} of {where}: stated {stated}, not measured: there is no such place in the survey",
     "{where}的{what}：自报 {stated}，未测量：综述中没有这个位置"),
    ("{what} of {where}: stated {stated}, not measured: the pack has no verifiability rule",
     "{where}的{what}：自报 {stated}，未测量：规则包没有 verifiability 规则"),
    ("{what} of {where}: stated {stated}, not measured: {note}", "{where}的{what}：自报 {stated}，未测量：{note}"),
    ("{what} of {where} stated as {stated} here but as {other} later on line {line}",
     "{where}的{what}此处写作 {stated}，本行（第 {line} 行）后文写作 {other}"),
    ("{what} of {where} stated as {stated} here but as {other} earlier on line {line}",
     "{where}的{what}此处写作 {stated}，本行（第 {line} 行）前文写作 {other}"),
    ("{what} of {where} stated as {stated} here but as {other} on line {line}",
     "{where}的{what}此处写作 {stated}，第 {line} 行写作 {other}"),
    ("stated sum {stated} but the parts add up to {total}", "自报合计 {stated}，但各部分相加为 {total}"),
    ("{num}/{den} is {computed}%, not {stated}%", "{num}/{den} 是 {computed}%，不是 {stated}%"),
    ("division by zero", "除数为零"),
    ("{what} of {where}: {stated} is an estimate ({mark}): measure it", "{where}的{what}：{stated} 是估计值（{mark}）：请实测"),
    ("{what} of {where}: {stated} is a placeholder, not a figure: write the measured one",
     "{where}的{what}：{stated} 是占位符，不是数字：请填入实测值"),
    ("{claims} claim[s], {wrong} wrong, {findings} finding[s]; {quiet} suppressed inline",
     "{claims} 处自报数字，{wrong} 处有误，{findings} 条问题；{quiet} 条已行内豁免"),
    ("{claims} claim[s], {wrong} wrong, {findings} finding[s]", "{claims} 处自报数字，{wrong} 处有误，{findings} 条问题"),
    ("no self-reported figures found", "未找到自报数字"),
    # counts
    ("{where}: {value} > {limit} ({over} over; the limit is passed on line {line})",
     "{where}：{value} > {limit}（超出 {over}；第 {line} 行起超限）"),
    ("{where}: {value} < {limit} ({short} short; {hidden} more in comment blocks, not counted)",
     "{where}：{value} < {limit}（差 {short}；注释块中另有 {hidden}，不计入）"),
    ("{where}: {value} < {limit} ({short} short)", "{where}：{value} < {limit}（差 {short}）"),
    ("{n} units measured; {hidden} in comment blocks not counted", "测量了 {n} 个单元；注释块中的 {hidden} 不计入"),
    ("{n} items measured; {hidden} in comment blocks not counted", "测量了 {n} 个列表项；注释块中的 {hidden} 不计入"),
    ("{hidden} in comment blocks not counted", "注释块中的 {hidden} 不计入"),
    ("{n} units measured", "测量了 {n} 个单元"),
    ("{n} items measured", "测量了 {n} 个列表项"),
    ("item on line {line}", "第 {line} 行的列表项"),
    ("{title} (line {line})", "{title}（第 {line} 行）"),
    ("the heading on line {line}", "第 {line} 行的标题"),
    # scopes that matched nothing
    ("0 sections matched {what}", "没有匹配 {what} 的节"),
    ("0 list items in {where}", "{where}中没有列表项"),
    ("{title}: {where} not found; measured without it", "{title}：未找到{where}；测量时不含它"),
    ("{where} not found", "未找到{where}"),
    ("each list item of {where}", "{where}的每个列表项"),
    ("each of {where}", "{where}的每一个"),
    ("sections matching {pattern}", "标题匹配 {pattern} 的节"),
    # required sections and patterns
    ("§{number} exists but its heading does not match {pattern}", "§{number} 存在，但标题不匹配 {pattern}"),
    ("§{number} is missing: §{key} holds no section whose heading matches {pattern}",
     "缺少 §{number}：§{key} 下没有标题匹配 {pattern} 的节"),
    ("a section matches {pattern} (§{key}) but §{number} is missing", "有节匹配 {pattern}（§{key}），但缺少 §{number}"),
    ("no section §{number} with a heading matching {pattern}", "没有标题匹配 {pattern} 的 §{number}"),
    ("{label} is in the survey twice: lines {a} and {b}; keep one", "{label} 在综述中出现了两次：第 {a} 行和第 {b} 行；请只保留一处"),
    ("{label} is in the survey {n} times (lines {heading_lines}); keep one",
     "{label} 在综述中出现了 {n} 次（第 {heading_lines} 行）；请只保留一处"),
    ("present {n} times", "出现 {n} 次"),
    ("no section with a heading matching {pattern}", "没有标题匹配 {pattern} 的节"),
    ("§{number} heading ~ {pattern}", "§{number} 标题 ~ {pattern}"),
    ("heading ~ {pattern}", "标题 ~ {pattern}"),
    ("{where} lacks {patterns}", "{where}缺少 {patterns}"),
    ("all of {patterns}", "全部：{patterns}"),
    ("present", "存在"),
    ("missing", "缺失"),
    # forbidden patterns, privacy, suppression
    ('forbidden: "{text}"', "禁用：「{text}」"),  # the text a forbidden pattern found
    ("forbidden: {pattern}", "禁用：{pattern}"),
    ("private data ({dimension}): {masked}", "私域数据（{dimension}）：{masked}"),
    ("ip · secrets · names · paths · org codes", "IP · 密钥 · 人名 · 路径 · 组织代号"),
    ("only {dimensions} (not {unscanned})", "仅 {dimensions}（不扫描 {unscanned}）"),  # the pack's [privacy] dimensions
    ("no dimension", "不扫描任何维度"),
    ("the pack's [privacy] dimensions is empty: nothing is scanned", "规则包的 [privacy] dimensions 为空：什么也不扫描"),
    ("suppression refused: rule {rule} is unsuppressible", "豁免被拒绝：规则 {rule} 不可豁免"),
    ('unknown rule id {rule} in suppression comment; did you mean "{near}"?',
     '豁免注释中的规则 id {rule} 不存在；是否想写 "{near}"？'),
    ("unknown rule id {rule} in suppression comment", "豁免注释中的规则 id {rule} 不存在"),
    ("suppression comment not understood: write <!-- survey-check disable RULE -->, disable-next-line or enable, "
     "with rule ids, on one line",
     "无法识别的豁免注释：请在同一行写 <!-- survey-check disable 规则 id -->（或 disable-next-line、enable）"),
    # (before the next: the section-refs note that starts so holds a "; " of its own)
    ("{h} section number headed more than once; {note}", "{h} 个节号用在了多个标题上；{note}"),
    ("{h} section numbers headed more than once; {note}", "{h} 个节号用在了多个标题上；{note}"),
    ("{note}; {n} suppressed inline", "{note}；{n} 条已行内豁免"),
    ("{n} suppressed inline", "{n} 条已行内豁免"),
    ("bare ⚠ (U+26A0) is not counted as a caution marker; write ⚠️", "裸 ⚠（U+26A0）不算警示标记；请写 ⚠️"),
    # engine figures
    # a figure naming no GPU read on the one GPU the survey states it on (before the ratios' and the plain
    # disagreement: a speed-up's "…, which names no GPU (read as on …)" fits a ratio's template too)
    ("{engine} {what}: {value} at line {line} (no GPU named; read as on {hardware}, the only GPU the survey states "
     "it on) disagrees with {other} at line {other_line}",
     "{engine} {what}：第 {line} 行的 {value}（未写 GPU，按综述给出该数字的唯一 GPU {hardware} 理解）与第 {other_line} 行的 "
     "{other} 不一致"),
    ("{engine} {what}: {value} at line {line} disagrees with {other} at line {other_line}, which names no GPU (read "
     "as on {hardware}, the only GPU the survey states it on)",
     "{engine} {what}：第 {line} 行的 {value} 与第 {other_line} 行的 {other}（未写 GPU，按综述给出该数字的唯一 GPU "
     "{hardware} 理解）不一致"),
    # a speed-up or change against the two engines' figures stated side by side (before the plain disagreement),
    # on a GPU first (its "on H100" would be taken for a part of the baseline's name)
    ("{engine} {what} vs {baseline} on {hardware}: {value} at line {line} disagrees with {pair} at line {other_line} "
     "({implied})",
     "{hardware} 上 {engine} {what} 相对 {baseline}：第 {line} 行的 {value} 与第 {other_line} 行的 {pair} 不符（后者合 "
     "{implied}）"),
    ("{engine} {what} vs {baseline} on {hardware}: {pair} at line {line} make {implied}, not {value} as stated at line "
     "{other_line}",
     "{hardware} 上 {engine} {what} 相对 {baseline}：第 {line} 行的 {pair} 合 {implied}，而非第 {other_line} 行所说的 {value}"),
    ("{engine} {what} vs {baseline}: {value} at line {line} disagrees with {pair} at line {other_line} ({implied})",
     "{engine} {what} 相对 {baseline}：第 {line} 行的 {value} 与第 {other_line} 行的 {pair} 不符（后者合 {implied}）"),
    ("{engine} {what} vs {baseline}: {pair} at line {line} make {implied}, not {value} as stated at line {other_line}",
     "{engine} {what} 相对 {baseline}：第 {line} 行的 {pair} 合 {implied}，而非第 {other_line} 行所说的 {value}"),
    ("{engine} {what}: {value} at line {line} disagrees with {other} at line {other_line}",
     "{engine} {what}：第 {line} 行的 {value} 与第 {other_line} 行的 {other} 不一致"),
    ("{engine} {what} vs {baseline} on {hardware}: {value} at line {line} contradicts {other_engine} vs "
     "{other_baseline}: {other} at line {other_line} (each stated ahead of the other)",
     "{hardware} 上 {engine} {what} 相对 {baseline}：第 {line} 行的 {value} 与第 {other_line} 行 {other_engine} 相对 "
     "{other_baseline} 的 {other} 矛盾（两处说的快慢相反）"),
    ("{engine} {what} vs {baseline}: {value} at line {line} contradicts {other_engine} vs {other_baseline}: {other} "
     "at line {other_line} (each stated ahead of the other)",
     "{engine} {what} 相对 {baseline}：第 {line} 行的 {value} 与第 {other_line} 行 {other_engine} 相对 {other_baseline} 的 "
     "{other} 矛盾（两处说的快慢相反）"),
    ("{groups} figure group[s], {n} disagreeing", "{groups} 组引擎数字，{n} 处不一致"),
    ("{n} disagreeing", "{n} 处不一致"),
    # § references, and a section number headed more than once (a heading copied further down)
    ("section {number} is headed twice, on lines {a} and {b}", "第 {number} 节的标题出现了两次：第 {a} 行和第 {b} 行"),
    ("section {number} is headed {n} times (lines {heading_lines})",
     "第 {number} 节的标题出现了 {n} 次（第 {heading_lines} 行）"),
    ("{text} names no section of the survey ({stray} is on line {line}, under §{holder})",
     "{text} 不是综述中的任何一节（{stray} 在第 {line} 行，位于 §{holder} 之下）"),
    ("{text} names no section of the survey", "{text} 不是综述中的任何一节"),
    ("{text} is ambiguous: the sections at lines {a} and {b} have that number; measured the first only",
     "{text} 有歧义：第 {a} 行和第 {b} 行的节都是这个编号；只测量了第一节"),
    ("{text} is ambiguous: {n} sections have that number (lines {heading_lines}); measured the first only",
     "{text} 有歧义：{n} 节都是这个编号（第 {heading_lines} 行）；只测量了第一节"),
    ("{text} is ambiguous: the sections at lines {a} and {b} have that number",
     "{text} 有歧义：第 {a} 行和第 {b} 行的节都是这个编号"),
    ("{text} is ambiguous: {n} sections have that number (lines {heading_lines})",
     "{text} 有歧义：{n} 节都是这个编号（第 {heading_lines} 行）"),
    ("{n} § references, {k} naming no section, {j} ambiguous; {s} sub-sections under another section's number",
     "{n} 处 § 引用，{k} 处指向不存在的节，{j} 处有歧义；{s} 个小节位于别的节号之下"),
    ("{n} § references, {k} naming no section; {s} sub-sections under another section's number",
     "{n} 处 § 引用，{k} 处指向不存在的节；{s} 个小节位于别的节号之下"),
    ("{n} § references, {k} naming no section, {j} ambiguous", "{n} 处 § 引用，{k} 处指向不存在的节，{j} 处有歧义"),
    ("{n} § references, {k} naming no section", "{n} 处 § 引用，{k} 处指向不存在的节"),
    ("0 naming no section or more than one", "0 处指向不存在的节或多个节"),
    ("0 naming no section", "0 处指向不存在的节"),
    # references and verifiability
    ("{status} arXiv id {raw}: {problem}", "{status}的 arXiv id {raw}：{problem}"),
    ("{n} distinct id[s]", "{n} 个不同的 id"),
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
    # why an id is impossible or malformed (core/arxiv_ids.problem_with, explain_malformed)
    ("old-style ids run from 9107 to 0703; {yymm} is outside that range", "旧式 id 的范围是 9107 至 0703；{yymm} 不在其中"),
    ("new-style ids start in April 2007 (0704); {yymm} is earlier", "新式 id 始于 2007 年 4 月（0704）；{yymm} 早于此"),
    ("a 4-digit paper number is impossible after 1412 (from 1501 numbers have 5 digits): {id}",
     "1412 之后不可能有 4 位的论文编号（自 1501 起编号为 5 位）：{id}"),
    ("a 5-digit paper number is impossible before 1501 (until 1412 numbers have 4 digits): {id}",
     "1501 之前不可能有 5 位的论文编号（1412 及以前编号为 4 位）：{id}"),
    ("nothing follows 'arXiv:'", "“arXiv:”后面没有内容"),
    ("'{text}': the part before the dot must be 4 digits (YYMM), not {n}",
     "'{text}'：点号前应为 4 位数字（YYMM），而不是 {n} 位"),
    ("'{text}': the paper number must have 4 or 5 digits, not {n}", "'{text}'：论文编号应为 4 或 5 位数字，而不是 {n} 位"),
    ("'{text}': a version is 'v' followed by a number from 1", "'{text}'：版本号应为 v 加上从 1 开始的数字"),
    ("'{text}': '{archive}' is not an arXiv archive", "'{text}'：'{archive}' 不是 arXiv 的学科归档（archive）"),
    ("'{text}': old-style ids are archive/YYMMNNN (7 digits), not {n} digits",
     "'{text}'：旧式 id 的格式为 archive/YYMMNNN（7 位数字），而不是 {n} 位"),
    ("{text} is not an arXiv id (expected YYMM.NNNNN or archive/YYMMNNN)",
     "{text} 不是 arXiv id（应为 YYMM.NNNNN 或 archive/YYMMNNN）"),
    # a claim without a message (the editor's tooltip)
    ("{what}: claimed {stated}, measured {measured}", "{what}：自报 {stated}，实测 {measured}"),
    # arXiv verification (services/verification.py): "<head> (v2, just fetched): <note>; <note>."
    # (first: a verdict from the cache because asking again failed; its {message} is one of those below)
    ("{message} Asking arXiv again failed: {problem}", "{message}再次询问 arXiv 失败：{problem}"),
    ("{message} The earlier versions' titles could not be fetched: {problem}",
     "{message}未能获取较早版本的标题：{problem}"),
    ("{head} (v{latest}, {source}): {notes}.", "{head}（v{latest}，{source}）：{notes}。"),
    ("arXiv has no paper {id} (asked twice, the second time alone). It is a recent id: newly announced papers can "
     "lag in the index; try again later.", "arXiv 上没有论文 {id}（问了两次，第二次单独问）。这是新近的 id：新发布的论文可能"
     "尚未进入索引；请稍后再试。"),
    ("arXiv has no paper {id} (asked twice, the second time alone).", "arXiv 上没有论文 {id}（问了两次，第二次单独问）。"),
    ("the survey names it only in Chinese ({name}): compare that with the title by hand",
     "综述只用中文称呼它（{name}）：请人工将其与标题比对"),
    ("the survey's name {name} is too short to compare with the title: check by hand",
     "综述中的名称 {name} 太短，无法与标题比较：请人工核对"),
    ("the survey gives it no name to compare", "综述没有给出可比较的名称"),
    ("the survey's name {name} is the title of an earlier version's name {own} with words of the title",
     "综述中的名称 {name} 是较早版本标题中的名称 {own} 加上标题中的词"),
    ("the survey's name {name} is the title's name {own} with words of the title",
     "综述中的名称 {name} 是标题中的名称 {own} 加上标题中的词"),
    ("the survey's name {name} is made of words of the title of an earlier version",
     "综述中的名称 {name} 由较早版本标题中的词组成"),
    ("the survey's name {name} is made of words of the title", "综述中的名称 {name} 由标题中的词组成"),
    ("the survey's name {name} does not match the latest title (similarity {s}) but may match an earlier version's",
     "综述中的名称 {name} 与最新标题不符（相似度 {s}），但可能与较早版本的标题相符"),
    ("{names} do not match it either", "{names} 也与之不符"),
    ("{names} does not match it either", "{names} 也与之不符"),
    ("{names} differ from it too: check by hand", "{names} 也与之略有不同：请人工核对"),
    ("{names} differs from it too: check by hand", "{names} 也与之略有不同：请人工核对"),
    ("{names} match it", "{names} 与之相符"),
    ("{names} matches it", "{names} 与之相符"),
    ("the survey's name {name} appears in the title of an earlier version", "综述中的名称 {name} 出现在较早版本的标题中"),
    ("the survey's name {name} appears in the title", "综述中的名称 {name} 出现在标题中"),
    ("the survey's title matches arXiv's (similarity {s})", "综述中的标题与 arXiv 的一致（相似度 {s}）"),
    ("{name} differs slightly from the title (similarity {s})", "{name} 与标题略有不同（相似度 {s}）"),
    # a name found in the title that still does not identify the paper (verification._doubt): check by hand
    ("{name} is a common term in titles: it appears in the title but does not identify the paper (title similarity "
     "{s})", "{name} 是标题中常见的术语：它出现在标题中，但不足以确认就是这篇论文（标题相似度 {s}）"),
    ("{name} is what the title's {said} is about, not its name (perhaps a neighbouring id's paper) (title "
     "similarity {s})", "{name} 是标题中 {said} 所讨论的对象，而不是这篇论文的名称（可能是相邻 id 的论文；标题相似度 {s}）"),
    ("{name} is not the title's {other} (another version of the work) (title similarity {s})",
     "{name} 不是标题中的 {other}（那是该工作的另一个版本；标题相似度 {s}）"),
    ("{name} is not in the title but appears in the abstract (title similarity {s})",
     "{name} 不在标题中，但出现在摘要中（标题相似度 {s}）"),
    ("the survey's name {name} does not match any version's title (similarity {s})",
     "综述中的名称 {name} 与任何版本的标题都不符（相似度 {s}）"),
    ("the survey's name {name} does not match the title (similarity {s})", "综述中的名称 {name} 与标题不符（相似度 {s}）"),
    ("the survey cites {cited} but arXiv's latest version is v{latest}", "综述引用 {cited}，但 arXiv 最新版本是 v{latest}"),
    # a reference's status, a cited version at a time (core/reference_verdicts.py): "v3 not found (L13)"
    ("{version} not found ({lines})", "{version} 不存在（{lines}）"),
    ("{version} ✓ ({lines})", "{version} ✓（{lines}）"),
    ("heuristic: the latest version's comment reads {comment}", "启发式判断：最新版本的备注为 {comment}"),
    ("read the abstract page", "请阅读摘要页"),
    ("the survey says {stated}", "综述写的是 {stated}"),
    ("the id is from {month} and v1 appeared {date}", "该 id 属于 {month}，v1 发布于 {date}"),
    # (a day stated: "the survey says 2024-01-02; arXiv's v1 appeared …")
    ("arXiv's v1 appeared {date} and the latest version {updated}", "arXiv 上 v1 发布于 {date}，最新版本发布于 {updated}"),
    ("arXiv's v1 appeared {date}", "arXiv 上 v1 发布于 {date}"),
    ("arXiv files it under {category}", "arXiv 将其归入 {category}"),
    ("the survey's {stated} is a category arXiv cross-lists it in (its primary category is {primary})",
     "综述写的 {stated} 是 arXiv 交叉列入的分类（其主分类为 {primary}）"),
    # why arXiv gave no verdict (services/arxiv_client.py); arXiv's and the network's own words are kept as written
    ("{message} (stopped asking after three failed batches in a row)", "{message}（连续三批失败，已停止询问）"),
    ("{problem} (after {n} attempts; stopped asking: check the network connection)",
     "{problem}（尝试 {n} 次后；已停止询问：请检查网络连接）"),
    ("{problem} (after {n} attempts)", "{problem}（尝试 {n} 次后）"),
    ("{problem}; asking again in {s} s (attempt {n} of {m})", "{problem}；{s} 秒后再问（第 {n} 次，共 {m} 次）"),
    ("arXiv answered 429 'Rate exceeded' three times in a row; stopped asking. It did not say how long to wait: "
     "try again in a few minutes.", "arXiv 连续三次答复 429「Rate exceeded」，已停止询问。它没有说要等多久：请几分钟后再试。"),
    ("arXiv answered 429 'Rate exceeded' three times in a row; stopped asking. It asked to wait {n} s before asking "
     "again.", "arXiv 连续三次答复 429「Rate exceeded」，已停止询问。它要求等待 {n} 秒后再询问。"),
    ("arXiv answered 429 'Rate exceeded' three times in a row; stopped asking. It asked to wait {n} min before asking "
     "again.", "arXiv 连续三次答复 429「Rate exceeded」，已停止询问。它要求等待 {n} 分钟后再询问。"),
    ("arXiv answered 429 'Rate exceeded'", "arXiv 答复 429「Rate exceeded」"),
    ("{problem} and asked to wait {w} s before asking again, longer than a run waits ({limit} s): stopped asking "
     "after attempt {k} of {m}; try again once that wait is over.",
     "{problem}，并要求等待 {w} 秒后再询问，超过一次核验所等的时间（{limit} 秒）：第 {k} 次尝试后（共 {m} 次）已停止询问；"
     "请等过这段时间后再试。"),
    ("{problem} and asked to wait {w} min before asking again, longer than a run waits ({limit} s): stopped asking "
     "after attempt {k} of {m}; try again once that wait is over.",
     "{problem}，并要求等待 {w} 分钟后再询问，超过一次核验所等的时间（{limit} 秒）：第 {k} 次尝试后（共 {m} 次）已停止询问；"
     "请等过这段时间后再试。"),
    # a run started inside the wait an earlier answer asked for (kept in the database): nothing is asked
    ("{problem} earlier and asked to wait until {t} ({n} min from now); not asked again before then.",
     "此前 {problem}，并要求等到 {t}（还有 {n} 分钟）；在此之前不再询问。"),
    ("{problem} earlier and asked to wait until {t} ({n} s from now); not asked again before then.",
     "此前 {problem}，并要求等到 {t}（还有 {n} 秒）；在此之前不再询问。"),
    ("arXiv asked to wait until {t}; asking in {n} s", "arXiv 要求等到 {t}；{n} 秒后再问"),
    # a run started while a cancelled run's request is still in flight (services/arxiv_client._wait_for_the_line)
    ("waiting for arXiv to answer a request sent earlier (one request at a time)",
     "正在等待 arXiv 答复此前发出的请求（一次只发一个请求）"),
    # cached answers that could not be read (services/verification._drop_damaged)
    ("The arXiv cache in {file} held {n} damaged answer[s] ({ids}): dropped and asked again.",
     "{file} 中的 arXiv 缓存有 {n} 条已损坏的答复（{ids}）：已删除并重新询问 arXiv。"),
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
    ("{path} is not valid UTF-8 in {count} place(s) and has NUL bytes in {nuls} more, the first on line {line}: each "
     "is shown as \ufffd, and a save after an edit writes that character there.",
     "{path} 有 {count} 处不是有效的 UTF-8，另有 {nuls} 处 NUL 字节，第一处在第 {line} 行：每处显示为 \ufffd，"
     "编辑后保存时那里会写入这个字符。"),
    # (UTF-8, UTF-16-LE, GB18030 ...: the codec read, as the status bar names it)
    ("{path} is not valid {encoding} in {count} place(s), the first on line {line}: each is shown as \ufffd, and a "
     "save after an edit writes that character there.",
     "{path} 有 {count} 处不是有效的 {encoding}，第一处在第 {line} 行：每处显示为 \ufffd，编辑后保存时那里会写入这个字符。"),
    ("{path} is not UTF-8: it was read as {encoding}, an encoding guessed from its bytes. If letters look wrong, "
     "reopen it in its own encoding (File → Reopen in Another Encoding) before saving: a save writes the letters as shown.",
     "{path} 不是 UTF-8：已按 {encoding} 读取，这是根据其字节猜测的编码。如果字母显示不对，请在保存前用它本来的编码"
     "重新打开（文件 → 以其他编码重新打开）：保存时会按显示的样子写入。"),
    ("{path} has NUL bytes, which are no text, in {count} place(s), the first on line {line}: each is shown as "
     "\ufffd, and a save after an edit writes that character there.",
     "{path} 有 {count} 处 NUL 字节（文本中不应有），第一处在第 {line} 行：每处显示为 \ufffd，编辑后保存时那里会写入这个字符。"),
    ("{path} has {count} paragraph separator(s) (U+2029), the first at the end of line {line}: each is read as a line "
     "break, as the editor can only show it, and a save after an edit writes a line break there.",
     "{path} 含有 {count} 个段落分隔符（U+2029），第一个在第 {line} 行末：每个都按换行读取（编辑器只能这样显示它），"
     "编辑后保存时那里会写入换行。"),
    ("Unknown text encoding {encoding}.", "未知的文本编码 {encoding}。"),
    ("Not saved: {path} is a folder.", "未保存：{path} 是文件夹。"),
    ("Not saved: {path} is read-only. Save it under another name, or make it writable first. The file on disk was "
     "not changed.", "未保存：{path} 是只读文件。请另存为其他文件名，或先让它可写。磁盘上的文件没有改变。"),
    ("Not saved: can't write in {folder}: {error}.", "未保存：无法在 {folder} 中写入：{error}。"),
    ("Not saved: writing {path} failed: {error}. The file on disk was not changed.",
     "未保存：写入 {path} 失败：{error}。磁盘上的文件没有改变。"),
    # where an exported report can't go (ui/export.py, ui/pdf_export.py): the reason after "<file>: "
    ("it is a folder, not a file", "它是文件夹，不是文件"),
    ("there is no folder {folder}", "文件夹 {folder} 不存在"),
    ("the file is read-only (make it writable, or choose another name)", "该文件是只读的（请先让它可写，或另选文件名）"),
    ("the PDF was cut short while it was written (is the disk full?)", "PDF 在写入时被截断（磁盘满了吗？）"),
    ("the PDF writer could not start", "PDF 写入程序无法启动"),
    ("the report is too long for a PDF: about {pages} pages, and the PDF writer can lay out at most {limit}; export "
     "the HTML report instead", "报告太长，无法生成 PDF：约 {pages} 页，而 PDF 写入程序最多只能排版 {limit} 页；请改为导出 HTML 报告"),
    ("the report is too long for a PDF: more than {limit} pages, the most the PDF writer can lay out; export the "
     "HTML report instead", "报告太长，无法生成 PDF：超过 PDF 写入程序最多能排版的 {limit} 页；请改为导出 HTML 报告"),
    ("the PDF writer was stopped (signal {number})", "PDF 写入程序已被停止（信号 {number}）"),
    ("the PDF writer crashed ({what}, signal {number}); the HTML report can still be exported",
     "PDF 写入程序崩溃了（{what}，信号 {number}）；仍可导出 HTML 报告"),
    ("the PDF writer crashed (signal {number}); the HTML report can still be exported",
     "PDF 写入程序崩溃了（信号 {number}）；仍可导出 HTML 报告"),
    ("the PDF writer was killed by the system (signal {number}; out of memory?); the HTML report can still be "
     "exported", "PDF 写入程序被系统终止（信号 {number}；内存不足？）；仍可导出 HTML 报告"),
    # the history database (services/database.py)
    ("The history database {path} could not be read ({error}); it was moved to {moved} and a fresh one was created; "
     "no snapshot in it could be read.",
     "历史数据库 {path} 无法读取（{error}）；已将它移到 {moved}，并新建了一个；其中没有可读取的快照。"),
    ("The history database {path} was empty (0 bytes: cut short by a crash or a full disk, most likely); it was moved "
     "to {moved} and a fresh one was created.",
     "历史数据库 {path} 是空文件（0 字节：很可能是崩溃或磁盘已满时被截断的）；已将它移到 {moved}，并新建了一个。"),
    ("The history database {path} is damaged ({error}); it was moved to {moved} and a fresh one was created with the "
     "snapshots still readable in it: {kept} kept, {lost} lost (could not be read).",
     "历史数据库 {path} 已损坏（{error}）；已将它移到 {moved}，并用其中仍可读取的快照新建了一个：保留 {kept} 个，"
     "丢失 {lost} 个（无法读取）。"),
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
    ("History: {old} is no longer there; its snapshots follow the survey to {path}.",
     "历史：{old} 已不在原处；它的快照随这份综述转到 {path}。"),
    ("{path} is a folder, not a history database; it was left as it is and this session keeps its history in "
     "memory. Choose another database file.",
     "{path} 是文件夹，不是历史数据库；它保持原样，本次会话的历史只保存在内存中。请另选一个数据库文件。"),
    ("{path} is not a history database ({error}); it was left as it is and this session keeps its history in "
     "memory. Choose another database file.",
     "{path} 不是历史数据库（{error}）；它保持原样，本次会话的历史只保存在内存中。请另选一个数据库文件。"),
    # a rule whose scope matched nothing: "<rule title>: <note>" (last: it would take any "x: y")
    ("{title}: {note}", "{title}：{note}"),
    # a place counted in a stated list beyond the places the survey has: "counter-arguments #4" (the name translated)
    ("{where} #{n}", "{where} #{n}"),
    # what an engine-figure message names ("throughput on H100", "latency change vs vLLM"): last, after every
    # whole sentence, so that only a {what} falls through to them
    ("{what} on {hardware}", "{hardware} 上的{what}"),
    ("{what} change vs {baseline}", "相对 {baseline} 的{what}变化"),
    ("{what} vs {baseline}", "相对 {baseline} 的{what}"),
    ("{what} change", "{what}变化"),
)

# Words of the engine (places, labels, statuses) that a template's {name} may hold, and the privacy dimensions.
_WORDS_ZH_CN = {
    # why a PDF writer crashed (ui/pdf_export.py)
    "segmentation fault": "段错误", "aborted": "异常中止", "bus error": "总线错误", "illegal instruction": "非法指令",
    "arithmetic error": "算术错误",
    "document": "全文", "header": "文首", "footer": "文末签名", "here": "本节", "stated parts": "自报分项",
    "stated ratio": "自报比例", "stated sum": "自报合计", "sum of the parts": "各部分之和", "self-reported figures": "自报数字",
    "engine figures": "引擎数字", "§ references": "§ 引用", "arXiv ids": "arXiv id", "arXiv ids cited here": "此处引用的 arXiv id",
    "private-data hits": "私域命中", "verifiability %": "可验证性 %", "list items": "列表项",
    "GitHub verified (stated only)": "GitHub 已验（仅自报）", "malformed": "格式错误", "impossible": "不可能",
    "impossible id": "不可能的 id", "unverified": "未核验", "unavailable": "不可用", "rate limited": "被限流",
    "verified": "已核验", "name mismatch": "名称不符", "check by hand": "需人工核对", "name not compared": "名称未比对", "version not found": "版本不存在",
    "not found": "不存在", "withdrawn?": "可能已撤回", "Found on arXiv": "arXiv 上找到",
    "Found on arXiv, check by hand": "arXiv 上找到，需人工核对", "Found on arXiv, name not compared": "arXiv 上找到，名称未比对", "Found on arXiv, but the name does not match":
    "arXiv 上找到，但名称不符", "Version not found": "版本不存在", "Possibly withdrawn": "可能已撤回",
    "from the cache": "来自缓存", "just fetched": "刚刚获取",
    "Found on arXiv, but the name could not be checked": "arXiv 上找到，但名称未能核对",
    "the run was cancelled before arXiv gave them": "arXiv 给出之前本次核验已取消",
    "they are not in the cache, and judging again from the cache asks arXiv nothing: verify again":
        "缓存中没有它们，而按缓存重新判定不会询问 arXiv：请再次核验",
    "ip": "IP", "secret": "密钥", "name": "人名", "path": "路径", "org": "组织代号",
    "secrets": "密钥", "names": "人名", "paths": "路径", "org codes": "组织代号",  # (the privacy rule's scope)
    "throughput": "吞吐", "latency": "延迟", "cost": "成本", "memory": "显存", "speedup": "加速比",
    "accuracy": "准确率", "percent": "百分比", "request rate": "请求率", "build": "构建", "load": "加载",
    "change": "变化",
}
_TRANSLATED_NAMES = {"what", "where", "title", "note", "status", "dimension", "problem", "message", "head", "source"}
_LIST_NAMES = {"dimensions": (" · ", " · "), "unscanned": (" · ", " · "), "notes": ("; ", "；"), "statuses": (", ", "、"), "heading_lines": (", ", "、")}  # a list of sentences: each translated, joined the target language's way
_NAME = re.compile(r"\{(\w+)\}")
# What an engine-figure message says was measured ({what} after "{engine} ", core/figure_check._what): a measure
# word, maybe after its percentile ("p99 TTFT", "latency change", "speedup vs vLLM"). An engine's name may hold
# spaces ("MLC LLM", "ONNX Runtime Web"): {engine} runs up to the space before such a word, not to its first space
# ("MLC" of "MLC LLM speedup …"); when no such word follows at all (a measure not listed here), to its first space.
_MEASURE = re.compile(r"(?<= )(?i:p\d{2}(?:\.\d+)?[ \t]?)?(?i:TTFT|TPOT|ITL|E2E|latency|throughput|cost|memory|"
                      r"accuracy|speedup|change|percent|request rate|build|load|吞吐量?|首字延迟|延迟|时延|成本|显存|内存|准确率)"
                      r"(?![\w-])")


def _engine_whole(text: str, m: re.Match[str]) -> dict[str, str]:
    """The values of a template's match, its "{engine} {what}" split before the first measure word."""
    values = m.groupdict()
    both = text[m.start("engine"):m.end("what")]
    at = _MEASURE.search(both, m.end("engine") - m.start("engine") + 1)  # (never inside the engine's first word)
    if at is not None:
        values["engine"], values["what"] = both[:at.start() - 1], both[at.start():]
    return values


def _compile(template: str) -> re.Pattern[str]:
    parts, pos = [], 0
    for m in _NAME.finditer(template):
        parts.append(re.escape(template[pos:m.start()]))
        parts.append(f"(?P<{m.group(1)}>.+?)")
        pos = m.end()
    parts.append(re.escape(template[pos:]))
    # "claim[s]": a noun after a count, singular for one ("1 claim", core/numbers.counted)
    return re.compile("".join(parts).replace(re.escape("[s]"), "s?") + r"\Z", re.S)


@lru_cache(maxsize=None)
def _templates(language: str, table: tuple[tuple[str, str], ...] = _ZH_CN) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((_compile(en), zh) for en, zh in table) if language == "zh_CN" else ()


# How a self-reported figure is named to a reader (display only: JSON keeps `label` "stated sum" and `scope`
# "stated parts"). A stated sum is checked by adding its parts, so its measured value is the sum of the parts: so it
# is called ("各部分之和"), and "stated parts" / "stated ratio", which name no part of the survey, are no place.
_NO_PLACE = frozenset({"stated parts", "stated ratio"})


def claim_figure(claim) -> str:
    """The figure a claim states, in English (`say` it for the reader's language): "sum of the parts" for a stated
    sum, else its label ("CJK", "stated ratio") or metric."""
    return "sum of the parts" if claim.kind == "sum" else claim.label or claim.metric


def claim_place(claim) -> str:
    """The part of the survey a claim's figure is about ("元信息", "document"), "" when its scope names none."""
    return "" if claim.scope in _NO_PLACE else claim.scope


class EngineText:
    """`text(s)`: s in the window's language. Built once per (language, pack); remembers what it translated."""

    translated_names = _TRANSLATED_NAMES  # the {names} whose text is itself translated
    list_names = _LIST_NAMES

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
                found = _engine_whole(text, m) if "engine" in rx.groupindex else m.groupdict()
                values = {k: (self._translate(v, depth + 1) if k in self.translated_names else
                              self._translate_list(v, *self.list_names[k], depth) if k in self.list_names else v)
                          for k, v in found.items()}
                return target.format(**values)
        return text

    def _translate_list(self, text: str, sep: str, joiner: str, depth: int) -> str:
        return joiner.join(self._translate(part, depth + 1) for part in text.split(sep))


# A broken rule pack's reasons (core/rulepack.py's PackError.message, core/privacy.py's [privacy] errors): English
# template -> Chinese. The file, line and key stay as written (the author looks them up in the pack), and so do the
# pack's own values, Python's regex and TOML parsers' words ({detail}) and the system's ({error}).
_PACK_ZH_CN: tuple[tuple[str, str], ...] = (
    # reading and parsing the file
    ("rule pack file not found", "找不到规则包文件"),
    ("rule pack is a folder, not a file", "规则包是文件夹，不是文件"),
    ("rule pack is not UTF-8 text", "规则包不是 UTF-8 文本"),
    ("cannot read rule pack ({error})", "无法读取规则包（{error}）"),
    ("TOML syntax error: the multi-line string opened with {delim} on line {line} is never closed",
     "TOML 语法错误：第 {line} 行以 {delim} 开始的多行字符串一直没有结束"),
    ("TOML syntax error: {detail}", "TOML 语法错误：{detail}"),
    # the top level and [document]
    ("missing; the pack starts with schema = {n}", "缺失；规则包以 schema = {n} 开头"),
    ("schema must be {n} (found {found})", "schema 必须是 {n}（实为 {found}）"),
    ("schema {found} is of a newer Survey Editor than this one (it reads schema {n}): update the program",
     "schema {found} 属于比本程序更新的版本（本程序读取 schema {n}）：请更新程序"),
    ("a pack needs a name", "规则包需要名称（name）"),
    ('must be a list of "numbered" and/or "markdown"', '必须是由 "numbered" 和/或 "markdown" 组成的列表'),
    ('unknown heading style {name}; did you mean "{near}"?', '未知的标题样式 {name}；是否想写 "{near}"？'),
    ('unknown claim zone {name}; did you mean "{near}"?', '未知的自报区域 {name}；是否想写 "{near}"？'),
    ('unknown builtin counter {name}; did you mean "{near}"?', '未知的内置计数器 {name}；是否想写 "{near}"？'),
    ('must be a list of "header", "sections", "footer"', '必须是由 "header"、"sections"、"footer" 组成的列表'),
    ("must be a table", "必须是表"),
    # keys a table does not take
    ('unknown key; did you mean "{near}"?', '未知的键；是否想写 "{near}"？'),
    ("unknown key ({what} takes {known})", "未知的键（{what}可用的键：{known}）"),
    ("unknown key (known: {known})", "未知的键（可用的键：{known}）"),
    ("{what} does not use it (it takes {known})", "{what}用不到这个键（它可用的键：{known}）"),
    # counters
    ("a pack needs at least one counter", "规则包至少需要一个计数器（[counters.名称]）"),
    ("a counter is a table with regex, literal or builtin", "计数器是一个表，写 regex、literal 或 builtin"),
    ("a counter takes one of regex, literal or builtin, not {keys}",
     "计数器只取 regex、literal、builtin 之一，不能同时写 {keys}"),
    ("must be a non-empty string", "必须是非空字符串"),
    ("a counter needs regex, literal or builtin = one of {known} (found {found})",
     "计数器需要 regex、literal 或 builtin = {known} 之一（实为 {found}）"),
    ("a counter needs regex, literal or builtin = one of {known}", "计数器需要 regex、literal 或 builtin = {known} 之一"),
    # scopes
    ('"{name}" is a scope of its own ({known}); give this one another name',
     '"{name}" 是内置的范围（{known}）；请给这个范围另起一个名字'),
    ('unknown scope {name}; did you mean "{near}"?', '未知的范围 {name}；是否想写 "{near}"？'),
    ("unknown scope {name} (one of {known}, or a table)", "未知的范围 {name}（应为 {known} 之一，或一个表）"),
    ("a scope is a name or a table", "范围是一个名字或一个表"),
    ("a scope table takes one of section, sections, parts or heading, not {keys}",
     "范围表只取 section、sections、parts、heading 之一，不能同时写 {keys}"),
    ('must be a list, e.g. {key} = ["1", "2"] (found {found})', '必须是列表，例如 {key} = ["1", "2"]（实为 {found}）'),
    ('a section number goes in quotes, "4.10" not 4.10: TOML reads 4.10 as the number 4.1, another section '
     "(found {found})", '节号要加引号，写 "4.10" 而不是 4.10：TOML 把 4.10 读作数字 4.1，那是另一节（实为 {found}）'),
    ('must be a section number in quotes, e.g. "4.4" (found {found})', '必须是加引号的节号，例如 "4.4"（实为 {found}）'),
    ("scope table needs section, sections, parts or heading", "范围表需要 section、sections、parts 或 heading"),
    ('unknown part {name}; did you mean "{near}"?', '未知的部分 {name}；是否想写 "{near}"？'),
    ('unknown section {name}; did you mean "{near}"?', '未知的节 {name}；是否想写 "{near}"？'),
    ('{name} names no section: a section is named by its number ("2", "3.1"), and "header", "footer" and the names '
     "of [scopes] are places too; to find a section by its heading, write heading = {pattern}",
     '{name} 不指任何节：节以编号指称（"2"、"3.1"），"header"、"footer" 和 [scopes] 中的名字也可以；'
     "要按标题找节，请写 heading = {pattern}"),
    # rules
    ("must be an array of tables ([[rules]])", "必须是表数组（[[rules]]）"),
    ("must be an array of tables: write [[{table}]], with two brackets", "必须是表数组：请写 [[{table}]]，两层方括号"),
    ("a pack needs at least one [[rules]] table: with none, nothing is checked",
     "规则包至少需要一个 [[rules]] 表：没有规则，就什么也不检查"),
    ("each rule is a table", "每条规则是一个表"),
    ("a rule needs an id made of letters, digits, '-', '_' or '.'", "规则需要一个由字母、数字、'-'、'_' 或 '.' 组成的 id"),
    ("rule id {id} is used twice (first at line {line})", "规则 id {id} 用了两次（第一次在第 {line} 行）"),
    ("rule id {id} is used twice", "规则 id {id} 用了两次"),
    ("missing; a rule needs kind = one of {known}", "缺失；规则需要 kind = {known} 之一"),
    ('unknown kind {name}; did you mean "{near}"?', '未知的规则种类 {name}；是否想写 "{near}"？'),
    ("unknown kind {name} (one of {known})", "未知的规则种类 {name}（应为 {known} 之一）"),
    ('unknown level {name}; did you mean "{near}"?', '未知的级别 {name}；是否想写 "{near}"？'),
    ("unknown level {name} (one of {known})", "未知的级别 {name}（应为 {known} 之一）"),
    ('"here" is where a claim stands, for claim patterns; a rule takes "document", "header", "footer", a named scope '
     "or a table", '"here" 指自报数字所在之处，只用于自报数字模式；规则的范围写 "document"、"header"、"footer"、'
     "命名的范围或一个表"),
    ("must be true or false, without quotes (found {found})", "必须是 true 或 false，不加引号（实为 {found}）"),
    ("must be a number (found {found})", "必须是数字（实为 {found}）"),
    ("must be text in quotes (found {found})", "必须是加引号的文字（实为 {found}）"),
    ("a count is a whole number from 0 up, not {found}", "计数是从 0 起的整数，不能是 {found}"),
    ("too large: at most {limit} (found {found})", "太大：最多 {limit}（实为 {found}）"),
    ("a rule takes pattern (one) or patterns (a list), not both", "规则写 pattern（一个）或 patterns（列表），不能两个都写"),
    ("must be a list of regular expressions", "必须是正则表达式的列表"),
    ("missing; a count rule needs counter = one of {known}", "缺失；count 规则需要 counter = {known} 之一"),
    ('unknown counter {name}; did you mean "{near}"? (that is its label)', '未知的计数器 {name}；是否想写 "{near}"？（那是它的标签）'),
    ('unknown counter {name}; did you mean "{near}"?', '未知的计数器 {name}；是否想写 "{near}"？'),
    ("unknown counter {name} (one of {known})", "未知的计数器 {name}（应为 {known} 之一）"),
    ("unknown counter {name}", "未知的计数器 {name}"),
    ("a count rule needs min and/or max", "count 规则需要 min 和/或 max"),
    ("min {mn} is above max {mx}: the rule could never pass", "min {mn} 大于 max {mx}：这条规则永远不会通过"),
    ("a {kind} rule needs pattern or patterns", "{kind} 规则需要 pattern 或 patterns"),
    ("empty: a {kind} rule needs at least one pattern", "为空：{kind} 规则至少需要一个模式"),
    ("a required-section rule needs heading (regex) and/or number", "required-section 规则需要 heading（正则表达式）和/或 number"),
    ("a verifiability rule needs min (a share, e.g. 0.2)", "verifiability 规则需要 min（比例，例如 0.2）"),
    ("a share from 0 to 1 (20% is 0.2), not {found}", "应为 0 到 1 之间的比例（20% 写作 0.2），不能是 {found}"),
    # regular expressions
    ("must be a string (a regular expression)", "必须是字符串（正则表达式）"),
    ("invalid regular expression: {detail}", "正则表达式无效：{detail}"),
    ('a heading is matched without its # marks ("4 Limitations", "Limitations"), so {pattern} matches no heading: '
     "write {meant}", '标题匹配时不含开头的 # 号（"4 Limitations"、"Limitations"），所以 {pattern} 匹配不到任何标题：'
     "请写 {meant}"),
    ('"\\b" in double quotes is a backspace in TOML, not a word boundary: write it in single quotes, {meant}',
     '双引号中的 "\\b" 在 TOML 里是退格符，不是单词边界：请改用单引号，{meant}'),
    ("{pattern} matches an empty text: {why}", "{pattern} 能匹配空文本：{why}"),
    # a pattern that would backtrack for ever (core/regex_runaway.py, core/regex_trial.py)
    ("{part} can run for ever: its text can be split among its repetitions in more than one way (a quantifier "
     "inside a quantifier, or alternatives that match the same text), and every way is tried on a line the pattern "
     "doesn't match; write it so a repetition can match a text only one way (e.g. {example})",
     "{part} 可能永远算不完：它匹配的文字能以不止一种方式分给各次重复（量词套量词，或几个分支能匹配同样的文字），"
     "遇到不匹配的行时每种方式都会被试一遍；请改写成每次重复只能以一种方式匹配文字（例如 {example}）"),
    ("{pattern} is too slow: it took over {seconds} s on a test line of {length} characters ({sample}), and a survey "
     "line like it would hold the checking up; write {part} so a repetition can match a text only one way",
     "{pattern} 太慢：在一行 {length} 个字符的测试文字（{sample}）上用了 {seconds} 秒以上，综述里有这样的一行就会让"
     "检查停住；请改写 {part}，让每次重复只能以一种方式匹配文字"),
    # claims
    ("missing: a claim pattern needs metric and pattern", "缺失：自报数字模式需要 metric 和 pattern"),
    ("each claim pattern is a table with metric and pattern", "每个自报数字模式是一个含 metric 和 pattern 的表"),
    ('unknown metric {name}; did you mean "{near}"? (a metric that is no counter is only listed as stated, never '
     "measured)", '未知的指标 {name}；是否想写 "{near}"？（不是计数器的指标只列出自报值，从不实测）'),
    ('unknown metric {name}; did you mean "{near}"? (that is its label)', '未知的指标 {name}；是否想写 "{near}"？（那是它的标签）'),
    ('unused: no rule audits self-reported figures; add a [[rules]] table with kind = "claims" (id = "claims", '
     'title = "Self-reported figures"), or leave [claims] out',
     '未使用：没有规则审计自报数字；请添加一个 kind = "claims" 的 [[rules]] 表（id = "claims"，title = "自报数字"），'
     "或删去 [claims]"),
    ('unused: no rule judges the private-data scan; add a [[rules]] table with kind = "privacy" (id = "privacy", '
     'title = "No private data"), or leave [privacy] out',
     '未使用：没有规则评判私域数据扫描；请添加一个 kind = "privacy" 的 [[rules]] 表（id = "privacy"，'
     'title = "无私域数据"），或删去 [privacy]'),
    ("needs a (?P<value>…) or (?P<values>…) group", "需要 (?P<value>…) 或 (?P<values>…) 分组"),
    ('must be text in quotes, e.g. "CJK" (found {found})', '必须是加引号的文字，例如 "CJK"（实为 {found}）'),
    ("sum_context only says where sum_metric applies: without sum_metric it does nothing",
     "sum_context 只说明 sum_metric 用在哪些行：没有 sum_metric 它什么也不做"),
    ('is plain text a line must contain as written (e.g. "words"), not a regular expression: {pattern} would be '
     "looked for letter by letter", '是一行里必须原样出现的文字（例如 "words"），不是正则表达式：{pattern} 会被逐字查找'),
    # [i18n]
    ('a language of [i18n] is a table: "English text" = "translation"', '[i18n] 下的每种语言是一个表："原文" = "译文"'),
    ("unknown language; write [i18n.{lang}] (the window speaks {langs})", "未知的语言；请写 [i18n.{lang}]（窗口使用 {langs}）"),
    ("a translation must be a string", "译文必须是字符串"),
    ('unused: the pack has no rule, counter, scope, label or message written so; did you mean "{near}"?',
     '未使用：规则包中没有这样写的规则、计数器、范围、标签或消息；是否想写 "{near}"？'),
    ("unused: the pack has no rule, counter, scope, label or message written so (a key is the pack's text as "
     "written, e.g. a rule's title)",
     "未使用：规则包中没有这样写的规则、计数器、范围、标签或消息（键须与规则包中的原文完全一致，例如规则的 title）"),
    # [privacy] (core/privacy.py)
    ("must be a non-empty regex string, got {found}", "必须是非空的正则表达式字符串，实为 {found}"),
    ("must be a list of strings, found {found}", "必须是字符串列表，其中有 {found}"),
    ("must be a list of strings", "必须是字符串列表"),
    ("must be a path or 'builtin:NAME'", "必须是路径或 'builtin:名称'"),
    ("unknown builtin {name} (known: {known})", "未知的内置名单 {name}（可用：{known}）"),
    ("cannot read builtin {name}: {error}", "无法读取内置名单 {name}：{error}"),
    ("cannot read {path}: it is not UTF-8 text", "无法读取 {path}：它不是 UTF-8 文本"),
    ("cannot read {path}: {error}", "无法读取 {path}：{error}"),
    ("empty name", "空的人名"),
    ("not an address or network {found}: {detail}", "{found} 不是地址或网段：{detail}"),
    ("{found} does not appear to be an IPv4 or IPv6 network", "{found} 不像是 IPv4 或 IPv6 的地址或网段"),
    ("empty keyword", "空的关键词"),
    ("must be a positive integer, got {found}", "必须是正整数，实为 {found}"),
    ("must be a number >= 0, got {found}", "必须是 >= 0 的数字，实为 {found}"),
    ("unknown dimension {name} (known: {known})", "未知的维度 {name}（可用：{known}）"),
    # an allow pattern letting a whole kind through (core/privacy_allow.py)
    ("{pattern} would let every hit through (it matches {examples}): the privacy rule would pass a survey full of "
     "private data", "{pattern} 会放过所有命中（它能匹配 {examples}）：满篇私域数据的综述也能通过私域规则"),
    ("{pattern} would let every {kinds} through (it matches {examples}): the privacy rule would pass a survey full "
     "of them; allow the texts themselves, or leave a kind out with dimensions",
     "{pattern} 会放过所有{kinds}（它能匹配 {examples}）：满篇这类数据的综述也能通过私域规则；请只允许具体的文字，"
     "或在 dimensions 中去掉这一类"),
)
# What a reason's {what} and {why} hold.
_PACK_WORDS_ZH_CN = {
    # why a PDF writer crashed (ui/pdf_export.py)
    "segmentation fault": "段错误", "aborted": "异常中止", "bus error": "总线错误", "illegal instruction": "非法指令",
    "arithmetic error": "算术错误",
    "a pack": "规则包", "a counter": "计数器", "a scope table": "范围表", "a rule": "规则",
    "a claim pattern": "自报数字模式",
    "it would count every position of the text": "它会把文本的每个位置都算一次",
    "a forbidden pattern would be found everywhere": "禁用的模式会处处被找到",
    "a required pattern would always be found": "必需的模式总会被找到",
    "an allow pattern is matched against a hit's whole text, and no hit is empty": "允许模式要与命中的整段文字匹配，而命中从不为空",
    # the kinds of private data an allow pattern may let through (core/privacy_allow.py, {kinds})
    "IPv4 address": "IPv4 地址", "IPv6 address": "IPv6 地址", "key": "密钥", "password": "密码", "local path": "本地路径",
    "name": "人名", "org code": "组织代号",
}
_PACK_KIND_ZH_CN = (("a {kind} rule", "{kind} 规则"),)  # "a count rule": a {what}, after the words above
# What Python's TOML reader and regex compiler say ({detail}): the common ones; another stays as written.
_PARSER_ZH_CN: tuple[tuple[str, str], ...] = (
    ("{detail} (at line {line}, column {column})", "{detail}（第 {line} 行第 {column} 列）"),
    ("{detail} (at end of document)", "{detail}（在文件末尾）"),
    ("{detail} at position {pos} (line {line}, column {column})", "{detail}（位置 {pos}，第 {line} 行第 {column} 列）"),
    ("{detail} at position {pos}", "{detail}（位置 {pos}）"),
    ("Illegal character '\\n'", "字符串在行末还没有结束引号"),
    ("Illegal character {char}", "非法字符 {char}"),
    ("Invalid value", "无效的值"),
    ("Invalid statement", "无效的语句"),
    ("Unterminated string", "字符串没有结束引号"),
    ("Unclosed array", "数组没有闭合（缺少 ]）"),
    ("Unclosed inline table", "内联表没有闭合（缺少 }）"),
    ("Cannot overwrite a value", "不能覆盖已有的值"),
    ("Cannot declare {key} twice", "不能两次声明 {key}"),
    ("Expected '=' after a key in a key/value pair", "键后面应有 '='"),
    ("Expected newline or end of document after a statement", "语句后面应换行"),
    ("Expected ']' at the end of a table declaration", "表头末尾应有 ']'"),
    ("Expected ']]' at the end of an array declaration", "表数组头末尾应有 ']]'"),
    ("Invalid initial character for a key part", "键的第一个字符无效"),
    ("Unescaped '\\' in a string", "字符串中有未转义的 '\\'"),
    ("missing ), unterminated subpattern", "缺少 )，子模式没有结束"),
    ("unbalanced parenthesis", "括号不配对"),
    ("unterminated character set", "字符集没有结束（缺少 ]）"),
    ("nothing to repeat", "没有可重复的内容"),
    ("multiple repeat", "重复符号连用"),
    ("bad escape {escape}", "错误的转义 {escape}"),
    ("bad character range {range}", "错误的字符范围 {range}"),
    ("look-behind requires fixed-width pattern", "后行断言（look-behind）需要固定宽度的模式"),
    ("missing group name", "缺少分组名"),
    ("missing >, unterminated name", "缺少 >，分组名没有结束"),
    ("unknown extension {ext}", "未知的扩展 {ext}"),
)


class PackErrorWords(EngineText):
    """A broken rule pack's error in the window's language (`error(exc)`): the file, line and key as written, which
    the author looks up in the pack, and the reason translated."""

    translated_names = frozenset({"what", "why", "detail"})
    # (two names as near a misspelt one: 'did you mean "header" or "here"?')
    list_names = {"keys": (" and ", " 和 "), "langs": (" and ", " 和 "), "kinds": (", ", "、"),
                  "near": ('" or "', '" 或 "')}

    def __init__(self, language: str):
        super().__init__(language)
        self.words = _PACK_WORDS_ZH_CN if language == "zh_CN" else {}
        self.templates = _templates(language, _PACK_ZH_CN + _PACK_KIND_ZH_CN + _PARSER_ZH_CN)

    def error(self, exc: PackError) -> str:
        if not self.templates:
            return str(exc)
        where = f"{exc.path}:{exc.line}" if exc.line else exc.path
        return "：".join(part for part in (where, exc.key, self(exc.message)) if part)


# The exported report's own sentences (services/report.py, ui/charts_render.py): English template -> Chinese.
_REPORT_ZH_CN = {
    "Survey report · rule pack {pack} · generated {when}": "综述报告 · 规则包 {pack} · 生成于 {when}",
    "Survey report": "综述报告",
    "Contents": "目录",
    "Appendix": "附录",
    "A. Self-check (every rule)": "A. 自检（全部规则）",
    "B. Claims audit": "B. 自报数字审计",
    "C. References and verification": "C. 引用与核验",
    "D. Engine figures": "D. 引擎数字",
    "E. Private-data scan": "E. 私域数据扫描",
    "F. Rule pack and generation": "F. 规则包与生成信息",
    # the first page's verdict
    "Rules: {passed} pass · {failed} fail · {warnings} warning": "规则：{passed} 条通过 · {failed} 条未通过 · {warnings} 条警告",
    " · {n} note": " · {n} 条提示",
    " · {unmeasured} not measured · {nomatch} no match. ": " · {unmeasured} 条未测量 · {nomatch} 条无匹配。",
    "Self-stated figures: {agree} agree, {wrong} disagree": "自报数字：{agree} 处一致，{wrong} 处不一致",
    ", {n} disagree but are silenced inline": "，{n} 处不一致但已行内豁免",
    " ({n} stated as estimates)": "（其中 {n} 处为估计值）",
    ", {n} stated otherwise elsewhere": "，{n} 处与别处所写不同",
    ", {n} ambiguous (about a section number two headings share)": "，{n} 处有歧义（所指节号有两个标题共用）",
    ", {n} ambiguous (about a section number two headings share, or a place that lost a part)":
        "，{n} 处有歧义（所指节号有两个标题共用，或所指位置缺了一部分）",
    ", {n} not measured (a part of the place they are about is missing)": "，{n} 处未测量（所指位置缺了一部分）",
    # figures nothing measured (services/report.py _not_measured_clause): which, how many, why
    ", {n} not measured ({why})": "，{n} 处未测量（{why}）",
    "{figure} ×{n}: {why}": "{figure} ×{n}：{why}",
    "{figure}: {why}": "{figure}：{why}",
    "the rule pack has no verifiability rule": "规则包没有 verifiability 规则",
    "the verifiability rule measured nothing": "verifiability 规则未测出结果",
    "no counter of the rule pack measures it": "规则包中没有计数器测量它",
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
    "{n} error-level findings fail, though their rules do not:": "{n} 条错误级问题未通过（所属规则本身并未判为未通过）：",
    "{n} error-level finding fails, though its rule does not:": "{n} 条错误级问题未通过（所属规则本身并未判为未通过）：",
    "{n} warning-level rules fail (warnings: they do not block publishing):": "{n} 条警告级规则未通过（警告，不妨碍发布）：",
    "{n} warning-level rule fails (a warning: it does not block publishing):": "{n} 条警告级规则未通过（警告，不妨碍发布）：",
    "{title}: nothing to check — {why}": "{title}：没有可检查的内容 — {why}",
    "{title}: measured {measured}, limit {limit}{where}": "{title}：实测 {measured}，限值 {limit}{where}",
    " (line {line})": "（第 {line} 行）",
    " — ": " — ", "{n} places:": "{n} 处：", "{n} more: ": "另有 {n} 处：",  # a rule failing in several places
    "{n} private-data hits:": "{n} 处私域数据：",
    "{n} private-data hit:": "{n} 处私域数据：",
    "{dimension} at line {line}:{column}": "{dimension}，第 {line} 行第 {column} 列",
    "Not ready to publish.": "尚不能发布。",
    "No private data found": "未发现私域数据",
    " (IP, secret, name, path, organisation).": "（IP、密钥、人名、路径、组织代号）。",
    "{n} self-reported figures are wrong:": "{n} 处自报数字与实测不符：",
    "{n} self-reported figure is wrong:": "{n} 处自报数字与实测不符：",
    "{n} self-reported figures are stated otherwise elsewhere:": "{n} 处自报数字与别处所写不同：",
    "{n} self-reported figure is stated otherwise elsewhere:": "{n} 处自报数字与别处所写不同：",
    "arXiv contradicts {n} citations:": "arXiv 与 {n} 处引用不符：",
    "arXiv contradicts {n} citation:": "arXiv 与 {n} 处引用不符：",
    "{status}: {id}{name} ({lines})": "{status}：{id}{name}（{lines}）",
    "{n} error-level rules could not be measured:": "{n} 条错误级规则无法测量：",
    "{n} error-level rule could not be measured:": "{n} 条错误级规则无法测量：",
    "line {line}": "第 {line} 行",
    " · {section}": " · {section}",
    " (": "（", ")": "）",
    "header": "文首", "footer": "文末签名",
    "Figure": "数字",
    "p. {n}": "第 {n} 页",
    "The survey breaks its own rules:": "综述未满足自身的规则：",
    # the appendix
    "Rule": "规则", "Measured": "实测", "Limit": "限值", "Status": "状态", "Line": "行", "Lines": "行",
    "The rule pack has no rules.": "规则包中没有规则。",
    "error": "错误", "warning": "警告", "info": "提示",
    "✓ pass": "✓ 通过", "ℹ note": "ℹ 提示", "✗ fail": "✗ 未通过", "⚠ warning": "⚠ 警告", "not-measured": "未测量", "no-match": "无匹配",
    "agrees": "一致", "disagrees": "不一致", "not measured": "未测量", "ambiguous": "有歧义", "estimate": "估计值", "(silenced inline)": "（已行内豁免）",
    "stated otherwise": "与别处不同",
    "value": "数值", "sum": "合计", "ratio": "比例",
    "Metric": "指标", "As written": "原文", "Claimed": "自报", "Verdict": "结论", "Note": "说明",
    "The survey states no figures about itself.": "综述没有关于自身的数字。",
    "Name in survey": "综述中的名称", "Stated": "自报", "On arXiv": "arXiv 记录",
    "{names} et al.": "{names} 等", "updated {day}": "{day} 更新",
    "{primary}, cross-listed in {others}": "{primary}，交叉列入 {others}",
    "No arXiv references found.": "未找到 arXiv 引用。",
    "Unit": "单位", "Hardware": "硬件", "Values": "数值", "Figures that disagree ({n}):": "不一致的数字（{n} 处）：",
    "The survey states no engine figures.": "综述未给出引擎数字。",
    "No hits in any dimension (IP, secret, name, path, organisation).": "各维度（IP、密钥、人名、路径、组织代号）均无命中。",
    "Dimension": "维度", "Where": "位置", "Masked": "遮盖后",
    "(the pack's source is not available)": "（规则包的源文件不可用）",
    "Survey file: ": "综述文件：",
    # which file the rule pack was read from, when not the bundled one (core/pack_origin.py)
    "{file} beside the survey": "综述旁的 {file}",
    "{file} beside the survey, a hidden file": "综述旁的隐藏文件 {file}",
    "from {file}": "来自 {file}",
    "; not the bundled pack of that name": "；并非同名的内置规则包",
    # private data in a file name the report prints (core/file_name_privacy.py)
    "The file name holds private data ({dimensions}):": "文件名含私域数据（{dimensions}）：",
    "The rule pack's file name holds private data ({dimensions}):": "规则包的文件名含私域数据（{dimensions}）：",
    "the file name": "文件名", "the rule pack's file name": "规则包的文件名",
    "Rule pack: {pack} · generated {when}": "规则包：{pack} · 生成于 {when}",
    "yes": "是", "no": "否", ": ": "：",
    # charts
    "Stated speed-ups (×)": "自报加速比（×）", "speed-up (×)": "加速比（×）",
    " on {hardware}": " · {hardware}", ", approximate": "，近似值", " vs {baseline}": "（相对 {baseline}）",
    "line {lines}": "第 {lines} 行", "lines {lines}": "第 {lines} 行",
    "{what}{unit}{where}{approx}: {lines}": "{what}{unit}{where}{approx}：{lines}",
    "; {n} more statements not drawn ({lines})": "；另有 {n} 处表述未画出（{lines}）",
    "; {n} more statement not drawn ({lines})": "；另有 {n} 处表述未画出（{lines}）",
    "; {n} more speed-ups not drawn ({lines})": "；另有 {n} 个加速比未画出（{lines}）",
    "; {n} more speed-up not drawn ({lines})": "；另有 {n} 个加速比未画出（{lines}）",
    "{n} more charts not drawn (none of them holds a figure that disagrees): {names}":
        "另有 {n} 张图未画出（其中没有不一致的数字）：{names}",
    "{n} more chart not drawn (it holds no figure that disagrees): {names}":
        "另有 {n} 张图未画出（其中没有不一致的数字）：{names}",
}


_REPORT_EN: dict[str, str] = {}  # English is how the report's sentences are written


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
