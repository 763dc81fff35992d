<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>About</name>
    <message>
        <location filename="../../editor_app/ui/about.py" line="46"/>
        <source>History database</source>
        <translation>历史数据库</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="47"/>
        <source>Settings file</source>
        <translation>设置文件</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="48"/>
        <source>Rule pack</source>
        <translation>规则包</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="49"/>
        <source>Bundled resources</source>
        <translation>内置资源</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="62"/>
        <source>Write short technical surveys and check them against their house rules.</source>
        <translation>撰写简短的技术综述，并按本组规则自检。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="63"/>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="90"/>
        <source>About %s</source>
        <translation>关于 %s</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="117"/>
        <source>Getting started</source>
        <translation>入门</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="172"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="174"/>
        <source>&amp;Getting Started</source>
        <translation>入门(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="178"/>
        <source>&amp;About %s</source>
        <translation>关于 %s(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="185"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/about.py" line="186"/>
        <source>S&amp;ettings…</source>
        <translation>设置(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>FiguresPanel</name>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="392"/>
        <source>Loading the charts…</source>
        <translation>正在加载图表…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="239"/>
        <source>stated on %1</source>
        <translation>出现在 %1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="128"/>
        <source>%n more charts not drawn (none of them holds a figure that disagrees): %1</source>
        <translation>另有 %n 张图未画出（其中没有不一致的数字）：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="132"/>
        <source>1 more chart not drawn (it holds no figure that disagrees): %1</source>
        <translation>另有 1 张图未画出（其中没有不一致的数字）：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="241"/>
        <location filename="../../editor_app/ui/figures_panel.py" line="295"/>
        <source>stippled: approximate (~)</source>
        <translation>点状填充：近似值（~）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="245"/>
        <source>1 more statement not drawn (%1)</source>
        <translation>另有 1 处表述未画出（%1）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="246"/>
        <source>%n more statements not drawn (%1)</source>
        <translation>另有 %n 处表述未画出（%1）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="300"/>
        <source>1 more speed-up not drawn (%1)</source>
        <translation>另有 1 个加速比未画出（%1）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="301"/>
        <source>%n more speed-ups not drawn (%1)</source>
        <translation>另有 %n 个加速比未画出（%1）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="302"/>
        <source>Ratios and speed-ups (×)</source>
        <translation>倍数与加速比（×）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="380"/>
        <source>Engine figures as charts</source>
        <translation>引擎数字图表</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/figures_panel.py" line="390"/>
        <source>No engine figures found yet (e.g. “SGLang ~16,200 vs vLLM ~12,500 tok/s on H100”).</source>
        <translation>尚未发现引擎数字（例如「SGLang ~16,200 vs vLLM ~12,500 tok/s on H100」）。</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="69"/>
        <location filename="../../editor_app/ui/find_bar.py" line="71"/>
        <source>Find in the survey</source>
        <translation>在综述中查找</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="72"/>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="73"/>
        <source>Match whole number/word</source>
        <translation>全字/整数匹配</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="74"/>
        <source>Only a match not glued to a digit, a letter or a &quot;.&quot; on either side: &quot;5.1&quot; is not found in &quot;2605.19537&quot; or &quot;v0.5.19&quot;</source>
        <translation>只找两侧不紧挨数字、字母或“.”的匹配：“5.1”不会在“2605.19537”或“v0.5.19”中被找到</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="76"/>
        <source>Regular expression</source>
        <translation>正则表达式</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="77"/>
        <source>Find the text as a regular expression; in the replacement, \1 is the first group in parentheses (\0 the whole match)</source>
        <translation>按正则表达式查找；替换内容中 \1 表示第一个括号分组（\0 表示整个匹配）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="81"/>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="82"/>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="85"/>
        <source>Previous match (Shift+Enter, Shift+F3)</source>
        <translation>上一个匹配（Shift+Enter、Shift+F3）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="86"/>
        <source>Next match (Enter, F3)</source>
        <translation>下一个匹配（Enter、F3）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="90"/>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="91"/>
        <source>Close the find bar</source>
        <translation>关闭查找栏</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="97"/>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="136"/>
        <location filename="../../editor_app/ui/find_bar.py" line="137"/>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="138"/>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="139"/>
        <source>Replace this match and find the next (Enter)</source>
        <translation>替换此处匹配并查找下一个（Enter）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="140"/>
        <source>Replace &amp;All</source>
        <translation>全部替换(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="141"/>
        <source>Replace every match in the survey (one Undo brings them back)</source>
        <translation>替换综述中的所有匹配（撤销一次即可全部还原）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="200"/>
        <source>Invalid regular expression: %1</source>
        <translation>正则表达式无效：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="265"/>
        <source>%1 found, each already reads so: nothing changed</source>
        <translation>找到 %1 处，均已是替换后的文字：未作改动</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="267"/>
        <location filename="../../editor_app/ui/find_bar.py" line="287"/>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/find_bar.py" line="263"/>
        <source>%1 replaced</source>
        <translation>已替换 %1 处</translation>
    </message>
</context>
<context>
    <name>Headline</name>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="29"/>
        <source>%n rules failing</source>
        <translation>%n 条规则未通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="28"/>
        <source>1 rule failing</source>
        <translation>1 条规则未通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="31"/>
        <source>, 1 rule warning</source>
        <translation>，1 条规则警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="33"/>
        <source>, %n rules warning</source>
        <translation>，%n 条规则警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="38"/>
        <source>, %n not measured</source>
        <translation>，%n 条未测量</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="42"/>
        <source>no rule fails, %n not measured</source>
        <translation>没有规则未通过，%n 条未测量</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="43"/>
        <source>all rules pass</source>
        <translation>全部规则通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="47"/>
        <source>1 wrong self-reported figure</source>
        <translation>1 处自报数字有误</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="49"/>
        <source>%n wrong self-reported figures</source>
        <translation>%n 处自报数字有误</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="52"/>
        <source>1 private-data hit</source>
        <translation>1 处私域命中</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="54"/>
        <source>%n private-data hits</source>
        <translation>%n 处私域命中</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="62"/>
        <source>, 1 %1 finding failing</source>
        <translation>，1 条 %1 问题未通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/headline.py" line="63"/>
        <source>, %n %1 findings failing</source>
        <translation>，%n 条 %1 问题未通过</translation>
    </message>
</context>
<context>
    <name>HistoryController</name>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="97"/>
        <source>CJK characters</source>
        <translation>CJK 字符数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="98"/>
        <source>⚠️ markers</source>
        <translation>⚠️ 标记数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="99"/>
        <source>Lines</source>
        <translation>行数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="100"/>
        <source>Failing rules</source>
        <translation>未通过的规则数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="101"/>
        <source>Failing error-level rules</source>
        <translation>未通过的错误级规则数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1788"/>
        <source>History can&apos;t be written to {path} now ({error}); this session&apos;s snapshots are kept in memory.</source>
        <translation>历史目前无法写入 {path}（{error}）；本次会话的快照暂时保存在内存中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1326"/>
        <source>⚠ History not saved to disk</source>
        <translation>⚠ 历史未写入磁盘</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1328"/>
        <source>History not saved to disk</source>
        <translation>历史未写入磁盘</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1531"/>
        <source>It is tried again at every save, and every {seconds} s; the snapshots kept in memory meanwhile are then stored in it.</source>
        <translation>每次保存时以及每 {seconds} 秒会再试一次；届时，期间保存在内存中的快照会存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1678"/>
        <source>Tried again: {error}.</source>
        <translation>已再试一次：{error}。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1713"/>
        <source>History is written to {path} again; 1 snapshot kept in memory meanwhile is stored there.</source>
        <translation>历史重新写入 {path}；期间保存在内存中的 1 个快照已存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1715"/>
        <source>History is written to {path} again; {count} snapshots kept in memory meanwhile are stored there.</source>
        <translation>历史重新写入 {path}；期间保存在内存中的 {count} 个快照已存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1611"/>
        <location filename="../../editor_app/ui/history_panel.py" line="1768"/>
        <location filename="../../editor_app/ui/history_panel.py" line="1938"/>
        <source>History: {what} failed ({error}); editing is not affected.</source>
        <translation>历史：{what} 失败（{error}）；编辑不受影响。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1433"/>
        <source>Upgrading history… {path} was written by an older version of Survey Editor and is being brought up to date; the saves and autosaves made meanwhile are kept, and stored in it once it is done.</source>
        <translation>正在升级历史… {path} 由旧版 Survey Editor 写入，正在更新到当前版本；期间的保存和自动保存都会保留，升级完成后存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1436"/>
        <source>Opening history… {path} is being opened and checked; the saves and autosaves made meanwhile are kept, and stored in it once it is open.</source>
        <translation>正在打开历史… 正在打开并检查 {path}；期间的保存和自动保存都会保留，打开后存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1535"/>
        <source>The snapshots already in it are still listed (read only), to compare and restore.</source>
        <translation>其中已有的快照仍会列出（只读），可以比较和恢复。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1538"/>
        <source>The snapshots already in it are listed read only, as far as this version reads them, to compare and restore; nothing is written to it, and this session&apos;s snapshots are not kept once the program quits.</source>
        <translation>其中已有的快照以只读方式列出（以本版本能读取的为限），可以比较和恢复；不会向其中写入任何内容，本次会话的快照在程序退出后不会保留。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1542"/>
        <source>This version can&apos;t read its snapshots: none is listed, and nothing is written to it.</source>
        <translation>本版本无法读取其中的快照：不列出任何快照，也不会向其中写入任何内容。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1702"/>
        <source>History opened: 1 snapshot kept in memory while {path} was being opened is stored there.</source>
        <translation>历史已打开：打开 {path} 期间保存在内存中的 1 个快照已存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1704"/>
        <source>History opened: {count} snapshots kept in memory while {path} was being opened are stored there.</source>
        <translation>历史已打开：打开 {path} 期间保存在内存中的 {count} 个快照已存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1707"/>
        <source>History upgraded: {path} is up to date.</source>
        <translation>历史已升级：{path} 已更新到当前版本。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1708"/>
        <source>History upgraded: {path} is up to date; 1 snapshot kept in memory meanwhile is stored there.</source>
        <translation>历史已升级：{path} 已更新到当前版本；期间保存在内存中的 1 个快照已存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1710"/>
        <source>History upgraded: {path} is up to date; {count} snapshots kept in memory meanwhile are stored there.</source>
        <translation>历史已升级：{path} 已更新到当前版本；期间保存在内存中的 {count} 个快照已存入其中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1904"/>
        <source>History: snapshots stored while measuring with the rule pack “{saved}” are measured with “{now}”: “{saved}” can&apos;t be read again ({error}).</source>
        <translation>历史：以规则包“{saved}”存下、尚在测量的快照改用“{now}”测量：“{saved}”已无法再次读取（{error}）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1939"/>
        <source>recording a snapshot</source>
        <translation>正在记录快照</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2147"/>
        <source>No autosave of an untitled survey is waiting to be recovered.</source>
        <translation>没有待恢复的未命名综述自动保存。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2151"/>
        <source>No autosave newer than the survey&apos;s last save.</source>
        <translation>没有比综述上次保存更新的自动保存。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2207"/>
        <source>Restored the untitled survey autosaved at {when}. Save to keep it.</source>
        <translation>已恢复 {when} 自动保存的未命名综述。保存后才会写入文件。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2250"/>
        <source>Restored the autosave from {when}. Save to keep it.</source>
        <translation>已恢复 {when} 的自动保存。保存后才会写入文件。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2266"/>
        <source>Untitled survey: its history starts with its first save.</source>
        <translation>未命名综述：首次保存后开始记录历史。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2298"/>
        <source>{name}: {count} snapshots</source>
        <translation>{name}：{count} 个快照</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2298"/>
        <source>{name}: 1 snapshot</source>
        <translation>{name}：1 个快照</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2433"/>
        <source>Opening history…</source>
        <translation>正在打开历史…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2437"/>
        <source>The snapshots&apos; figures are still being measured.</source>
        <translation>快照的各项数字仍在测量中。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2438"/>
        <source>“%1” was not measured in these snapshots.</source>
        <translation>这些快照没有测量“%1”。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2480"/>
        <source>editor</source>
        <translation>编辑器</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2562"/>
        <source>Restored snapshot #{id} into the editor; the text before it is kept in History as an autosave (Undo brings it back too).</source>
        <translation>已将快照 #{id} 恢复到编辑器；恢复前的文本已作为自动保存留在“历史”中（撤销也可取回）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2565"/>
        <source>Restored snapshot #{id} into the editor (Undo brings the previous text back).</source>
        <translation>已将快照 #{id} 恢复到编辑器（撤销可取回之前的文本）。</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="450"/>
        <source>Loading the chart…</source>
        <translation>正在加载图表…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="418"/>
        <source>No document open.</source>
        <translation>没有打开的文档。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="114"/>
        <source>save</source>
        <translation>保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="115"/>
        <source>autosave</source>
        <translation>自动保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="116"/>
        <source>cli</source>
        <translation>命令行</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="142"/>
        <source>%1 + 1 warning</source>
        <translation>%1 + 1 条警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="143"/>
        <source>%1 + %2 warnings</source>
        <translation>%1 + %2 条警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="420"/>
        <source>Figure the chart shows</source>
        <translation>图表显示的数字</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="421"/>
        <source>Autosaves</source>
        <translation>自动保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="422"/>
        <source>List the autosaves too, not only the saves</source>
        <translation>也列出自动保存，不只是保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="426"/>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="456"/>
        <location filename="../../editor_app/ui/history_panel.py" line="585"/>
        <source>No snapshots yet: each save and autosave adds a point to this chart.</source>
        <translation>还没有快照：每次保存和自动保存都会在此图中添加一个点。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="468"/>
        <source>Snapshots: every save and autosave</source>
        <translation>快照：每次保存和自动保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="483"/>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="484"/>
        <source>Unified</source>
        <translation>统一</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="487"/>
        <source>How the differences are shown</source>
        <translation>差异的显示方式</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="488"/>
        <source>Select a snapshot to compare it with the editor, or two to compare them; Return puts the keys in the comparison.</source>
        <translation>选择一个快照与编辑器比较，或选择两个快照互相比较；按回车把键盘焦点移到比较结果。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="492"/>
        <source>Restore into editor</source>
        <translation>恢复到编辑器</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="494"/>
        <source>Replace the editor&apos;s text with the selected snapshot (Undo brings it back)</source>
        <translation>用所选快照替换编辑器文本（可撤销）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="499"/>
        <source>Previous change</source>
        <translation>上一处改动</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="500"/>
        <source>Scroll the comparison to the change before (Shift+F7)</source>
        <translation>滚动到上一处改动（Shift+F7）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="503"/>
        <source>Next change</source>
        <translation>下一处改动</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="504"/>
        <source>Scroll the comparison to the change after (F7)</source>
        <translation>滚动到下一处改动（F7）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="523"/>
        <source>Differences between the snapshots compared</source>
        <translation>所比较快照之间的差异</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="636"/>
        <location filename="../../editor_app/ui/history_panel.py" line="941"/>
        <source>No differences.</source>
        <translation>没有差异。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="679"/>
        <source>{old} → {new}  (comparing…)</source>
        <translation>{old} → {new}（比较中…）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="691"/>
        <source>Trend of the chosen figure over the snapshots</source>
        <translation>所选数字在各快照中的走势</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="789"/>
        <source>limit %1</source>
        <translation>限值 %1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="803"/>
        <source>limit %1 is far below every point</source>
        <translation>限值 %1 远低于所有数据点</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="804"/>
        <source>limit %1 is far above every point</source>
        <translation>限值 %1 远高于所有数据点</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="898"/>
        <source>{figure}: {value}</source>
        <translation>{figure}：{value}</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="942"/>
        <source>… {n} more rows not shown.</source>
        <translation>…… 另有 {n} 行未显示。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1150"/>
        <source>+{added} −{removed} lines</source>
        <translation>+{added} −{removed} 行</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2612"/>
        <source>&amp;History</source>
        <translation>历史(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2631"/>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="2635"/>
        <source>Recover &amp;Unsaved Changes…</source>
        <translation>恢复未保存的修改(&amp;U)…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="75"/>
        <source>Surveys (*.md *.markdown *.txt);;All files (*)</source>
        <translation>综述 (*.md *.markdown *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="138"/>
        <source>Outline</source>
        <translation>大纲</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="148"/>
        <location filename="../../editor_app/ui/main_window.py" line="149"/>
        <source>Panels</source>
        <translation>面板</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="157"/>
        <source>Self-check</source>
        <translation>自检</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="158"/>
        <source>References</source>
        <translation>引用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="159"/>
        <source>Figures</source>
        <translation>数字图表</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="160"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="717"/>
        <source>Reopened %1 as %2</source>
        <translation>已按 %2 重新打开 %1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1027"/>
        <source>⚠ Rule pack broken: %1</source>
        <translation>⚠ 规则包已损坏：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1028"/>
        <source>Until it is fixed the survey is checked with the last good version of that file.</source>
        <translation>修好之前，综述按该文件上次可用的版本检查。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1029"/>
        <source>Until it is fixed the survey is checked with the rule pack %1.</source>
        <translation>修好之前，综述按规则包 %1 检查。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1031"/>
        <source>Broken since %1:</source>
        <translation>自 %1 起损坏：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1048"/>
        <source>Analysing…</source>
        <translation>分析中…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="200"/>
        <source>analysing…</source>
        <translation>分析中…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="239"/>
        <source>Settings not usable</source>
        <translation>设置不可用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="240"/>
        <source>These settings can&apos;t be used, so the defaults are used instead: %1. Edit → Settings says where each is set.</source>
        <translation>以下设置无法使用，已改用默认值：%1。“编辑 → 设置”会说明每一项设在哪里。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="316"/>
        <location filename="../../editor_app/ui/main_window.py" line="329"/>
        <location filename="../../editor_app/ui/main_window.py" line="351"/>
        <location filename="../../editor_app/ui/main_window.py" line="369"/>
        <location filename="../../editor_app/ui/main_window.py" line="714"/>
        <source>Can&apos;t open the file</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="331"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="554"/>
        <source>The survey has unsaved changes. Save them first?</source>
        <translation>综述有未保存的修改。先保存吗？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="565"/>
        <source>%1 was changed by another program.</source>
        <translation>%1 已被其他程序修改。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="566"/>
        <source>Reload it from disk (your edits can be undone), or keep your version?</source>
        <translation>从磁盘重新载入（可撤销），还是保留你的版本？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="568"/>
        <source>Reload it from disk, or keep the version shown here?</source>
        <translation>从磁盘重新载入，还是保留当前显示的版本？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="569"/>
        <source>Reload from disk</source>
        <translation>从磁盘重新载入</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="570"/>
        <source>Keep my version</source>
        <translation>保留我的版本</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="577"/>
        <source>Save the file as UTF-8 instead?</source>
        <translation>改为以 UTF-8 保存此文件？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="584"/>
        <source>%1 was changed by another program since it was opened. Overwrite it with your version?</source>
        <translation>%1 在打开后已被其他程序修改。用你的版本覆盖它吗？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="590"/>
        <source>Open survey</source>
        <translation>打开综述</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="595"/>
        <source>Save survey as</source>
        <translation>综述另存为</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="633"/>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="681"/>
        <source>%1 was only guessed from the file&apos;s bytes. If letters look wrong, cancel and reopen the file in its own encoding (File → Reopen in Another Encoding): a save as UTF-8 writes the letters as shown.</source>
        <translation>%1 只是根据文件的字节猜测的编码。如果字母显示不对，请取消，并用文件本来的编码重新打开（文件 → 以其他编码重新打开）：另存为 UTF-8 会按显示的样子写入这些字母。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="690"/>
        <location filename="../../editor_app/ui/main_window.py" line="693"/>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="663"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="121"/>
        <source>Survey text</source>
        <translation>综述正文</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="753"/>
        <source>Can&apos;t reload the file</source>
        <translation>无法重新载入文件</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="770"/>
        <source>%1 was deleted or moved by another program; Save writes it again.</source>
        <translation>%1 已被其他程序删除或移走；保存会重新写入。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="790"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="792"/>
        <source>(sample)</source>
        <translation>（示例）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="819"/>
        <source>Checking goes on with the rule pack in use (%1) until the file is fixed.</source>
        <translation>在该文件修好之前，检查继续使用当前规则包（%1）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="858"/>
        <location filename="../../editor_app/ui/main_window.py" line="885"/>
        <source>Rule pack not usable</source>
        <translation>规则包不可用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="871"/>
        <location filename="../../editor_app/ui/main_window.py" line="886"/>
        <source>Rule pack warning</source>
        <translation>规则包警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="951"/>
        <source>Rule pack %1 in use: the survey is checked with it (%2)</source>
        <translation>规则包 %1 已启用：按它检查本综述（%2）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="933"/>
        <source>Rule pack %1 reloaded: the survey is checked with it (%2)</source>
        <translation>规则包 %1 已重新载入：按它检查本综述（%2）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="935"/>
        <source>Rule pack %1 removed: the survey is checked with %2</source>
        <translation>规则包 %1 已被删除：改按 %2 检查本综述</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="821"/>
        <source>The bundled house pack is used instead.</source>
        <translation>改用内置的本组规则包。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="964"/>
        <source>The window will be in %1 from the next start.</source>
        <translation>下次启动时窗口将使用%1。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="994"/>
        <source>analysed in %1 ms</source>
        <translation>分析用时 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1036"/>
        <source>Analysis failed: %1</source>
        <translation>分析失败：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1054"/>
        <source>Ln %1, Col %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1101"/>
        <source>Go to line</source>
        <translation>跳到行</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/main_window.py" line="1101"/>
        <source>Line:</source>
        <translation>行：</translation>
    </message>
</context>
<context>
    <name>OutlinePanel</name>
    <message>
        <location filename="../../editor_app/ui/outline_panel.py" line="92"/>
        <source>Outline: the survey&apos;s sections</source>
        <translation>大纲：综述的各节</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/outline_panel.py" line="180"/>
        <source>numbered for %1</source>
        <translation>编号属于 %1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/outline_panel.py" line="183"/>
        <source>number repeated</source>
        <translation>编号重复</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/outline_panel.py" line="202"/>
        <source>Numbered for %1 but under §%2 (line %3): renumber it, or move it under %1.</source>
        <translation>编号属于 %1，却位于 §%2（第 %3 行）之下：请改编号，或把它移到 %1 之下。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/outline_panel.py" line="194"/>
        <source>%1 headings have this number (lines %2): a § reference to it is ambiguous.</source>
        <translation>%1 个标题都是这个编号（第 %2 行）：引用它的 § 有歧义。</translation>
    </message>
</context>
<context>
    <name>PreviewPanel</name>
    <message>
        <location filename="../../editor_app/ui/preview_panel.py" line="140"/>
        <source>Preview of the survey</source>
        <translation>综述预览</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/preview_panel.py" line="180"/>
        <source>*Long document: showing lines %1–%2 around the cursor.*</source>
        <translation>*长文档：显示光标附近第 %1–%2 行。*</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../editor_app/ui/qt_own_words.py" line="14"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/qt_own_words.py" line="15"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>RecoveryDialog</name>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1211"/>
        <source>comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1212"/>
        <source>Comparing the autosave with the file on disk…</source>
        <translation>正在比较自动保存与磁盘上的文件…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1189"/>
        <source>Recover unsaved changes?</source>
        <translation>恢复未保存的修改？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1200"/>
        <source>Discard it</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1224"/>
        <source>{name} has unsaved changes from {when} that were autosaved before the program stopped ({summary}).</source>
        <translation>{name} 有 {when} 的未保存修改，在程序停止前已自动保存（{summary}）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1226"/>
        <source>The file on disk was changed after this autosave, by another program or a copy: compare them before you restore.</source>
        <translation>磁盘上的文件在这次自动保存之后被其他程序或复制改动过：恢复前请先比较两者。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1229"/>
        <source>Restore it as a new untitled survey? It is kept in a file once you save it.</source>
        <translation>恢复为一篇新的未命名综述？保存后才会写入文件。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1230"/>
        <source>Restore them into the editor? The file on disk stays as it is until you save.</source>
        <translation>恢复到编辑器吗？在你保存之前磁盘上的文件保持不变。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1192"/>
        <source>file on disk</source>
        <translation>磁盘上的文件</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1192"/>
        <source>autosave</source>
        <translation>自动保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1192"/>
        <source>empty</source>
        <translation>空白</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1193"/>
        <source>An untitled survey</source>
        <translation>一篇未命名综述</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1199"/>
        <source>Restore autosave</source>
        <translation>恢复自动保存</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="1200"/>
        <source>Keep the file</source>
        <translation>保留文件</translation>
    </message>
</context>
<context>
    <name>ReferencesPanel</name>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="82"/>
        <source>Cited arXiv references</source>
        <translation>引用的 arXiv 文献</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="89"/>
        <source>Verify all</source>
        <translation>全部核验</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="90"/>
        <source>Ask arXiv about every cited id (cached answers are reused)</source>
        <translation>向 arXiv 查询每个引用编号（复用缓存结果）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="99"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="101"/>
        <source>Stop asking arXiv (what it answered stays cached)</source>
        <translation>停止向 arXiv 查询（已得到的答复保留在缓存中）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="106"/>
        <source>Only problems</source>
        <translation>只看问题</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="108"/>
        <source>List only the references arXiv did not confirm</source>
        <translation>只列出 arXiv 未确认的引用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="110"/>
        <source>Filter…</source>
        <translation>筛选…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="112"/>
        <source>Filter the references</source>
        <translation>筛选引用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="199"/>
        <source>arXiv id</source>
        <translation>arXiv 编号</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="202"/>
        <source>Name in the survey</source>
        <translation>综述中的名称</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="207"/>
        <source>Occurrences</source>
        <translation>出现位置</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="209"/>
        <source>Click again to go to the next occurrence</source>
        <translation>再次点击跳到下一处</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="206"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="94"/>
        <source>Verify all again</source>
        <translation>全部重新核验</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="96"/>
        <source>Ask arXiv again about every cited id, ignoring cached answers (one batched request, as survey-check --force-refresh)</source>
        <translation>不用缓存的答复，就每个引用的 id 重新询问 arXiv（一次批量请求，同 survey-check --force-refresh）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="195"/>
        <source>arXiv&apos;s title: %1</source>
        <translation>arXiv 上的标题：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="205"/>
        <source>Title on arXiv</source>
        <translation>arXiv 标题</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="210"/>
        <source>Authors</source>
        <translation>作者</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="211"/>
        <source>Published</source>
        <translation>发表日期</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="212"/>
        <source>Similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="214"/>
        <source>Fetched</source>
        <translation>获取时间</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="298"/>
        <source>&amp;Re-verify this reference</source>
        <translation>重新核验此引用(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="301"/>
        <source>&amp;Open on arXiv</source>
        <translation>在 arXiv 上打开(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="303"/>
        <source>&amp;Copy id</source>
        <translation>复制编号(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="306"/>
        <source>Copy &amp;title</source>
        <translation>复制标题(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="323"/>
        <source>No arXiv ids in this survey.</source>
        <translation>本综述没有 arXiv 编号。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="353"/>
        <source>Verifying %v of %m…</source>
        <translation>正在核验 %v / %m…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="359"/>
        <location filename="../../editor_app/ui/references_panel.py" line="446"/>
        <location filename="../../editor_app/ui/references_panel.py" line="451"/>
        <source>Asking arXiv (one request every few seconds, as its terms require)…</source>
        <translation>正在询问 arXiv（按其条款每隔几秒一次请求）…</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/references_panel.py" line="388"/>
        <source>Cancelled: %n reference(s) left unverified; their rows are as they were. arXiv&apos;s answer to a request already sent is still cached.</source>
        <translation>
            <numerusform>已取消：有 %n 篇引用未核验，其所在行保持原样。arXiv 对已发出请求的答复仍会存入缓存。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="389"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="429"/>
        <source>(%1 references: one with several statuses counts under each)</source>
        <translation>（共 %1 篇引用：有几个状态的引用在每个状态下各计一次）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="431"/>
        <source>(1 reference: counted under each of its statuses)</source>
        <translation>（共 1 篇引用：在它的每个状态下各计一次）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/references_panel.py" line="477"/>
        <source>arXiv could not be asked again about %n reference(s): their rows show its earlier answer. </source>
        <translation>
            <numerusform>有 %n 篇引用未能再次询问 arXiv：其所在行显示的是 arXiv 之前的答复。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="480"/>
        <source>Asking again failed: %1. </source>
        <translation>再次询问失败：%1。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="482"/>
        <source>arXiv gave no answer: %1. </source>
        <translation>arXiv 没有答复：%1。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="486"/>
        <source>That wait is over at %1. </source>
        <translation>这段等待在 %1 结束。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/references_panel.py" line="490"/>
        <source>Verification failed: %1</source>
        <translation>核验失败：%1</translation>
    </message>
</context>
<context>
    <name>ReportActions</name>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="48"/>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="49"/>
        <source>PDF report (*.pdf)</source>
        <translation>PDF 报告 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="85"/>
        <source>no permission to write there</source>
        <translation>没有在该位置写入的权限</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="87"/>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="89"/>
        <source>the disk quota is used up</source>
        <translation>磁盘配额已用完</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="91"/>
        <source>the disk or folder is read-only</source>
        <translation>磁盘或文件夹是只读的</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="93"/>
        <source>the folder does not exist</source>
        <translation>文件夹不存在</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="107"/>
        <source>{why} ({system})</source>
        <translation>{why}（系统信息：{system}）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="192"/>
        <source>&amp;Export Report (HTML/PDF)…</source>
        <translation>导出报告（HTML/PDF）(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="195"/>
        <source>Write the survey with its self-check appendix as HTML or PDF</source>
        <translation>将综述连同自检附录导出为 HTML 或 PDF</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="197"/>
        <source>&amp;Update Self-check Figures…</source>
        <translation>更新自检数字(&amp;U)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="200"/>
        <source>Write the measured values over the figures the survey states</source>
        <translation>用实测值替换综述中自报的数字</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="224"/>
        <location filename="../../editor_app/ui/export_actions.py" line="253"/>
        <location filename="../../editor_app/ui/export_actions.py" line="262"/>
        <location filename="../../editor_app/ui/export_actions.py" line="329"/>
        <location filename="../../editor_app/ui/export_actions.py" line="373"/>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="224"/>
        <location filename="../../editor_app/ui/export_actions.py" line="280"/>
        <location filename="../../editor_app/ui/export_actions.py" line="383"/>
        <source>The survey has not been analysed yet.</source>
        <translation>综述尚未分析。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="232"/>
        <source>The survey is not ready to publish:</source>
        <translation>综述尚不能发布：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="235"/>
        <source>1 error-level rule fails:</source>
        <translation>1 条错误级规则未通过：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="236"/>
        <source>{n} error-level rules fail:</source>
        <translation>{n} 条错误级规则未通过：</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="239"/>
        <source>%n error-level finding(s) fail, though their rules do not:</source>
        <translation>
            <numerusform>%n 条错误级问题未通过（所属规则本身并未判为未通过）：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="244"/>
        <source>1 private-data hit ({dims}).</source>
        <translation>1 处私域命中（{dims}）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="245"/>
        <source>{n} private-data hits ({dims}).</source>
        <translation>{n} 处私域命中（{dims}）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="247"/>
        <source>The file name holds private data ({dims}).</source>
        <translation>文件名含私域数据（{dims}）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="248"/>
        <source>The rule pack&apos;s file name holds private data ({dims}).</source>
        <translation>规则包的文件名含私域数据（{dims}）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="250"/>
        <source>The report will list them on its first page. Export anyway?</source>
        <translation>报告会在首页列出这些问题。仍要导出吗？</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="285"/>
        <source>Exporting report to {path}…</source>
        <translation>正在导出报告到 {path}…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="298"/>
        <source>Charts left out: {error}</source>
        <translation>未包含图表：{error}</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="330"/>
        <source>Writing the PDF report {name}…
A long survey&apos;s report takes minutes.</source>
        <translation>正在写入 PDF 报告 {name}…
长篇综述的报告需要几分钟。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="332"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="346"/>
        <source>Cancelling the export…</source>
        <translation>正在取消导出…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="362"/>
        <source>Report written: {path}</source>
        <translation>报告已写入：{path}</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="304"/>
        <location filename="../../editor_app/ui/export_actions.py" line="368"/>
        <source>Export cancelled</source>
        <translation>导出已取消</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="371"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="373"/>
        <source>The report could not be written:
{error}</source>
        <translation>无法写入报告：
{error}</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="381"/>
        <source>Update self-check figures</source>
        <translation>更新自检数字</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="399"/>
        <source>Nothing to rewrite, but %n self-reported figure(s) still wrong, and the measured figure can&apos;t simply be written over them (stated sums or ratios, places the survey does not have, numbers not read whole): the self-check panel lists them and says why.</source>
        <translation>
            <numerusform>没有可改写的数字，但仍有 %n 处自报数字有误，且无法直接用实测值改写（声明的加和或比例、综述中没有的位置、未被完整读出的数字）：自检面板列出了它们并说明原因。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="405"/>
        <source>Nothing to rewrite, but %n self-reported figure(s) still wrong: stated sums or ratios, whose parts only you can correct (the self-check panel lists them).</source>
        <translation>
            <numerusform>没有可改写的数字，但仍有 %n 处自报数字有误：它们是声明的加和或比例，其各部分只能由你修正（自检面板列出了它们）。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="416"/>
        <source>%1 (stated)</source>
        <translation>%1（自报）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="416"/>
        <source>%1 (measured)</source>
        <translation>%1（实测）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="431"/>
        <source>%n self-check figure(s) updated (Undo restores them)</source>
        <translation>
            <numerusform>已更新 %n 处自检数字（撤销可还原）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="471"/>
        <source>Not rewritten: the wrong stated sums and ratios (and figures the measured value can&apos;t simply replace) on %n line(s): {lines}. Only you can correct them; the self-check panel shows which are still wrong after the update.</source>
        <translation>
            <numerusform>不改写：第 {lines} 行有误的声明加和与比例（以及不能直接以实测值替换的数字）。它们只能由你修正；更新后自检面板会列出仍然有误的。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="487"/>
        <source>{figure}, a term of the stated ratio {stated} (line {stated_line})</source>
        <translation>{figure}，是第 {stated_line} 行声明的比例 {stated} 中的一项</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="489"/>
        <source>{figure}, the total of the stated sum {stated}</source>
        <translation>{figure}，是声明的加和 {stated} 的总数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="491"/>
        <source>{figure}, a part of the stated sum {stated} (line {stated_line})</source>
        <translation>{figure}，是第 {stated_line} 行声明的加和 {stated} 的一部分</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="494"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>…… 另有 %n 处</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="496"/>
        <source>Left as written: %n figure(s) in stated sums or ratios that are right now: with the measured value written in, they would no longer add up. Only you know which of their figures to correct; correct them together:</source>
        <translation>
            <numerusform>保留原样：%n 处数字属于目前正确的声明加和或比例，写入实测值后将不再相符。哪个数字该改只有你知道，请一并修正：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="404"/>
        <source>Every figure the survey states about itself matches what is measured.</source>
        <translation>综述自报的数字全部与实测一致。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="412"/>
        <location filename="../../editor_app/ui/export_actions.py" line="484"/>
        <source>line {line}: {metric} {old} → {new}</source>
        <translation>第 {line} 行：{metric} {old} → {new}</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="427"/>
        <source>The survey changed while the update was on screen: nothing was rewritten. Ask for the update again to see the figures of the survey as it is now.</source>
        <translation>显示更新期间综述已被改动：未改写任何数字。请重新执行更新，查看综述当前的数字。</translation>
    </message>
</context>
<context>
    <name>SelfCheckDiffDialog</name>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="603"/>
        <source>Update self-check figures</source>
        <translation>更新自检数字</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="606"/>
        <source>%n stated figure(s) will be replaced by the measured value:</source>
        <translation>
            <numerusform>%n 处自报数字将替换为实测值：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/export_actions.py" line="636"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
</context>
<context>
    <name>SelfCheckPanel</name>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="108"/>
        <source>Waiting for the first analysis…</source>
        <translation>等待首次分析…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="143"/>
        <source>Rules</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="144"/>
        <source>Claims audit: what the survey states about itself</source>
        <translation>自报数字审计：综述对自身的陈述</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="145"/>
        <source>Counters per section</source>
        <translation>各节计数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="170"/>
        <source>pass</source>
        <translation>通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="171"/>
        <source>fail</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="172"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="212"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="173"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="174"/>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="175"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="289"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="480"/>
        <source>suppressed</source>
        <translation>已豁免</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="176"/>
        <source>note</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="186"/>
        <source>count</source>
        <comment>rule kind</comment>
        <translation>计数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="187"/>
        <source>required-section</source>
        <comment>rule kind</comment>
        <translation>必需章节</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="188"/>
        <source>forbidden-pattern</source>
        <comment>rule kind</comment>
        <translation>禁用模式</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="189"/>
        <source>required-pattern</source>
        <comment>rule kind</comment>
        <translation>必需模式</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="190"/>
        <source>claims</source>
        <comment>rule kind</comment>
        <translation>自报数字</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="191"/>
        <source>privacy</source>
        <comment>rule kind</comment>
        <translation>私域数据</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="192"/>
        <source>verifiability</source>
        <comment>rule kind</comment>
        <translation>可验证性</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="193"/>
        <source>references</source>
        <comment>rule kind</comment>
        <translation>引用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="194"/>
        <source>figures</source>
        <comment>rule kind</comment>
        <translation>数字一致性</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="195"/>
        <source>section-refs</source>
        <comment>rule kind</comment>
        <translation>章节引用</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="212"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="212"/>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="215"/>
        <source>%1 (%2, %3)</source>
        <comment>rule id (kind, level)</comment>
        <translation>%1（%2，%3）</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="221"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>…… 另有 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="241"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="243"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="244"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="303"/>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="246"/>
        <source>Limit</source>
        <translation>限值</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="247"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="249"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="305"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="291"/>
        <source>estimate</source>
        <comment>a self-reported figure stated as an estimate</comment>
        <translation>估计值</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="297"/>
        <source>OK</source>
        <translation>正确</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="332"/>
        <source>Rule pack %1: %2 beside the survey, a hidden file</source>
        <translation>规则包 %1：综述旁的隐藏文件 %2</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="333"/>
        <source>Rule pack %1: %2 beside the survey</source>
        <translation>规则包 %1：综述旁的 %2</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="335"/>
        <source>Rule pack %1: from %2</source>
        <translation>规则包 %1：来自 %2</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="338"/>
        <source>; not the bundled pack of that name</source>
        <translation>；并非同名的内置规则包</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="355"/>
        <source>⚠ %1 is broken since %2 (%3): these results come from its last good version until the file is fixed.</source>
        <translation>⚠ %1 自 %2 起已损坏（%3）：修好之前，这里的结果来自它上次可用的版本。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="358"/>
        <source>⚠ %1 is broken since %2 (%3): these results come from the bundled rule pack %4 until the file is fixed.</source>
        <translation>⚠ %1 自 %2 起已损坏（%3）：修好之前，这里的结果来自内置规则包 %4。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="361"/>
        <source>⚠ %1 is broken since %2 (%3): these results come from the rule pack %4 until the file is fixed.</source>
        <translation>⚠ %1 自 %2 起已损坏（%3）：修好之前，这里的结果来自规则包 %4。</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="415"/>
        <source>%n rule(s): %1 failing</source>
        <translation>
            <numerusform>%n 条规则：%1 条未通过</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="289"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="480"/>
        <source>ok</source>
        <translation>正确</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="289"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="480"/>
        <source>wrong</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="290"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="480"/>
        <source>disagrees</source>
        <translation>不一致</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="290"/>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="481"/>
        <source>ambiguous</source>
        <translation>有歧义</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="300"/>
        <source>Figure</source>
        <translation>数字</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="301"/>
        <source>Claimed</source>
        <translation>自报</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="306"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="307"/>
        <source>Text</source>
        <translation>原文</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="314"/>
        <source>Section</source>
        <translation>节</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="316"/>
        <source>Line range</source>
        <translation>行范围</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="417"/>
        <source>, %1 warning</source>
        <translation>，%1 条警告</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="419"/>
        <source> (%1 of them match nothing)</source>
        <translation>（其中 %1 条无匹配）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="423"/>
        <source>, %1 not measured</source>
        <translation>，%1 条未测量</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="424"/>
        <source>%1 of %2 self-reported figures wrong</source>
        <translation>%2 处自报数字中 %1 处有误</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="429"/>
        <source> (%n stated as an estimate)</source>
        <translation>
            <numerusform>（其中 %n 处为估计值）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="431"/>
        <source>, %1 stated otherwise elsewhere</source>
        <translation>，%1 处与别处所写不同</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="438"/>
        <source>, %1 ambiguous (a section number two headings share)</source>
        <translation>，%1 处有歧义（所指节号有两个标题共用）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="440"/>
        <source>, %1 ambiguous (a section number two headings share, or a place that lost a part)</source>
        <translation>，%1 处有歧义（所指节号有两个标题共用，或所指位置缺了一部分）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="442"/>
        <source>, %1 not measured (a part of the place they are about is missing)</source>
        <translation>，%1 处未测量（所指位置缺了一部分）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="447"/>
        <source>verifiability is measured once the references are verified (References → Verify all)</source>
        <translation>可验证性在核验引用后才会测量（引用 → 全部核验）</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="48"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="51"/>
        <source>Beside the survey, else the bundled house pack</source>
        <translation>综述旁边的规则包，否则用内置的本组规则包</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="52"/>
        <location filename="../../editor_app/ui/settings_dialog.py" line="70"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="63"/>
        <source>you@example.org (sent to arXiv with each request)</source>
        <translation>you@example.org（随每次请求发送给 arXiv）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="65"/>
        <location filename="../../editor_app/ui/settings_dialog.py" line="68"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="71"/>
        <source>Automatic (the first Chinese-capable font installed)</source>
        <translation>自动（第一个已安装的中文字体）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="82"/>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="94"/>
        <source>Rule pack:</source>
        <translation>规则包：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="97"/>
        <source>arXiv API URL:</source>
        <translation>arXiv API 地址：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="98"/>
        <source>Contact address:</source>
        <translation>联系地址：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="99"/>
        <source>Time between arXiv requests:</source>
        <translation>arXiv 请求间隔：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="101"/>
        <source>Autosave every:</source>
        <translation>自动保存间隔：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="102"/>
        <source>History database:</source>
        <translation>历史数据库：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="103"/>
        <source>Editor font:</source>
        <translation>编辑器字体：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="106"/>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="115"/>
        <source>Reset to defaults</source>
        <translation>恢复默认</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="221"/>
        <source>The rule pack can&apos;t be used: %1</source>
        <translation>规则包无法使用：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="247"/>
        <source>Choose a rule pack</source>
        <translation>选择规则包</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="247"/>
        <source>Rule packs (*.toml)</source>
        <translation>规则包 (*.toml)</translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/settings_dialog.py" line="265"/>
        <source>The rule pack can be used, with %n warning(s):</source>
        <translation>
            <numerusform>规则包可以使用，但有 %n 条警告：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="278"/>
        <source>In use now: the bundled pack %1 (%2), read when the program starts: an edit to that file applies at the next start. A survey-rules.toml beside the survey, or a pack chosen here, applies at once, and so does each edit saved to it.</source>
        <translation>当前使用：内置规则包 %1（%2），在程序启动时读取：对该文件的修改在下次启动时生效。综述旁的 survey-rules.toml 或在此选择的规则包则立即生效，保存对它的每次修改也立即生效。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="282"/>
        <source>In use now: %1 from the file beside the survey (%2); each edit saved to it applies at once.</source>
        <translation>当前使用：%1，来自综述旁的文件（%2）；保存对它的每次修改都立即生效。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="285"/>
        <source>In use now: %1 from %2; each edit saved to it applies at once.</source>
        <translation>当前使用：%1，来自 %2；保存对它的每次修改都立即生效。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="306"/>
        <source>History database</source>
        <translation>历史数据库</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="308"/>
        <source>SQLite databases (*.db)</source>
        <translation>SQLite 数据库 (*.db)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="320"/>
        <source>At least %s s for the real arXiv API (arXiv&apos;s terms of use).</source>
        <translation>真实 arXiv API 至少间隔 %s 秒（arXiv 使用条款）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="323"/>
        <source>A test or mirror server: any spacing is allowed.</source>
        <translation>测试或镜像服务器：间隔不限。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="336"/>
        <source>SURVEY_EDITOR_LANG=%1 is set in the environment: it wins over the language chosen here.</source>
        <translation>环境变量中设置了 SURVEY_EDITOR_LANG=%1：它优先于此处选择的语言。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="339"/>
        <source>From the next time the program starts, the window is in %2; until then it stays in %1.</source>
        <translation>下次启动程序时，窗口将改为 %2；在此之前仍为 %1。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="343"/>
        <source>A new language takes effect the next time the program starts.</source>
        <translation>更改的语言将在下次启动程序时生效。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="352"/>
        <source>Given on the command line, these win over what is saved here until you quit: %s</source>
        <translation>命令行指定，在退出前优先于此处保存的设置：%s</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="355"/>
        <source>Set in the environment, these win over what is saved here: %s</source>
        <translation>以下环境变量优先于此处保存的值：%s</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="357"/>
        <source>Set in the environment but not usable, so what is saved here is used instead: %s</source>
        <translation>环境变量中的设置无法使用，因此改用此处保存的设置：%s</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="361"/>
        <source>Saved in %1 but not usable, so the default is used instead until you save here: %2</source>
        <translation>%1 中保存的设置无法使用，因此在此处保存之前改用默认值：%2</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="224"/>
        <source>The arXiv API URL “%1” is not a web address: it must start with https:// (or http:// for a test server) and name a host.</source>
        <translation>arXiv API 地址“%1”不是网址：应以 https:// 开头（测试服务器可用 http://），并写明主机名。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="226"/>
        <source>arXiv&apos;s own API is reached with https://, not http:// (“%1”).</source>
        <translation>arXiv 官方 API 须用 https:// 访问，不能用 http://（“%1”）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="227"/>
        <source>The contact address “%1” is not an email address (name@example.org); arXiv asks for one it can reach you at.</source>
        <translation>联系地址“%1”不是电子邮箱地址（如 name@example.org）；arXiv 要求提供能联系到你的邮箱。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="229"/>
        <source>The history database “%1” is a folder: add a file name, e.g. history.db.</source>
        <translation>历史数据库“%1”是一个文件夹：请加上文件名，例如 history.db。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="230"/>
        <source>“%1” is not a history database (another kind of file); it is left as it is. Choose another file name.</source>
        <translation>“%1”不是历史数据库（是别的文件）；该文件保持原样。请另选一个文件名。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="232"/>
        <source>The history database “%1” can&apos;t be read.</source>
        <translation>历史数据库“%1”无法读取。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="233"/>
        <source>The history database “%1” can&apos;t be written there (read-only).</source>
        <translation>历史数据库“%1”无法写入（只读）。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="234"/>
        <source>The history database “%1” can&apos;t be made: a folder on its way is a file.</source>
        <translation>无法创建历史数据库“%1”：路径中的某个文件夹其实是文件。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="235"/>
        <source>The folder for the history database “%1” can&apos;t be made.</source>
        <translation>无法创建历史数据库“%1”所在的文件夹。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="222"/>
        <location filename="../../editor_app/ui/settings_dialog.py" line="237"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/settings_dialog.py" line="156"/>
        <source>“%1” is not installed on this computer; the editor uses %2 instead.</source>
        <translation>本机未安装“%1”；编辑器改用 %2。</translation>
    </message>
</context>
<context>
    <name>SnapshotModel</name>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="296"/>
        <location filename="../../editor_app/ui/history_panel.py" line="309"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="296"/>
        <location filename="../../editor_app/ui/history_panel.py" line="309"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="109"/>
        <source>CJK</source>
        <translation>CJK</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="111"/>
        <source>Lines</source>
        <translation>行数</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="297"/>
        <location filename="../../editor_app/ui/history_panel.py" line="309"/>
        <source>Failing</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="361"/>
        <source>measuring…</source>
        <translation>测量中…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="375"/>
        <source>{kind} · {time} · {chars} characters · sha256 {hash}</source>
        <translation>{kind} · {time} · {chars} 个字符 · sha256 {hash}</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="386"/>
        <source>“%1” was not measured in this snapshot: it was checked with the rule pack %2.</source>
        <translation>此快照没有测量“%1”：它是按规则包 %2 检查的。</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/history_panel.py" line="388"/>
        <source>“%1” was not measured in this snapshot.</source>
        <translation>此快照没有测量“%1”。</translation>
    </message>
</context>
<context>
    <name>TimeAxis</name>
    <message>
        <location filename="../../editor_app/ui/time_axis.py" line="30"/>
        <source>MMM d</source>
        <comment>a day on the History chart&apos;s time axis (Qt date format)</comment>
        <translation>M月d日</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/time_axis.py" line="34"/>
        <source>MMM d HH:mm</source>
        <comment>a day and time on the History chart&apos;s time axis (Qt date format)</comment>
        <translation>M月d日 HH:mm</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/time_axis.py" line="39"/>
        <source>MMM</source>
        <comment>a month on the History chart&apos;s time axis (Qt date format)</comment>
        <translation>M月</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/time_axis.py" line="43"/>
        <source>yyyy</source>
        <comment>a year on the History chart&apos;s time axis (Qt date format)</comment>
        <translation>yyyy年</translation>
    </message>
</context>
<context>
    <name>WindowMenus</name>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="36"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="37"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="38"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="39"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="40"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="46"/>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="47"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="48"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="50"/>
        <source>Open the Sa&amp;mple Survey</source>
        <translation>打开示例综述(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="55"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="56"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="59"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="62"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="63"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="65"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="66"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="67"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="68"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="70"/>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="72"/>
        <source>Rep&amp;lace…</source>
        <translation>替换(&amp;L)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="74"/>
        <source>Find &amp;Next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="75"/>
        <source>Find Pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="76"/>
        <source>&amp;Go to Line…</source>
        <translation>跳到行(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="80"/>
        <source>Show Ou&amp;tline</source>
        <translation>显示大纲(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="80"/>
        <source>Show &amp;Panels</source>
        <translation>显示面板(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="85"/>
        <source>O&amp;utline</source>
        <translation>大纲(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="86"/>
        <source>&amp;Self-check</source>
        <translation>自检(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="86"/>
        <source>&amp;References</source>
        <translation>引用(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="86"/>
        <source>&amp;Figures</source>
        <translation>数字图表(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="86"/>
        <source>Pre&amp;view</source>
        <translation>预览(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="91"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="92"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="95"/>
        <source>Re-&amp;analyse Now</source>
        <translation>立即重新分析(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="96"/>
        <source>&amp;Verify All References</source>
        <translation>核验全部引用(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="99"/>
        <source>Next &amp;Problem</source>
        <translation>下一个问题(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="100"/>
        <source>Previous Pro&amp;blem</source>
        <translation>上一个问题(&amp;B)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="105"/>
        <source>Reopen in Another Enco&amp;ding</source>
        <translation>以其他编码重新打开(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="107"/>
        <source>&amp;UTF-8</source>
        <translation>&amp;UTF-8</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="107"/>
        <source>&amp;GB18030 (Chinese)</source>
        <translation>GB18030（简体中文）(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="107"/>
        <source>UTF-&amp;16</source>
        <translation>UTF-&amp;16</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="108"/>
        <source>&amp;Windows-1252 (Western European)</source>
        <translation>Windows-1252（西欧）(&amp;W)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="108"/>
        <source>&amp;Latin-1 (ISO 8859-1)</source>
        <translation>Latin-1（ISO 8859-1）(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../editor_app/ui/menus.py" line="139"/>
        <source>&amp;Clear List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
</context>
</TS>
