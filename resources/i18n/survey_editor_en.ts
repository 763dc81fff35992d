<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>ReferencesPanel</name>
    <message numerus="yes">
        <location filename="../../editor_app/ui/references_panel.py" line="388"/>
        <source>Cancelled: %n reference(s) left unverified; their rows are as they were. arXiv&apos;s answer to a request already sent is still cached.</source>
        <translation>
            <numerusform>Cancelled: 1 reference left unverified; its row is as it was. arXiv&apos;s answer to a request already sent is still cached.</numerusform>
            <numerusform>Cancelled: %n references left unverified; their rows are as they were. arXiv&apos;s answer to a request already sent is still cached.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/references_panel.py" line="477"/>
        <source>arXiv could not be asked again about %n reference(s): their rows show its earlier answer. </source>
        <translation>
            <numerusform>arXiv could not be asked again about 1 reference: its row shows arXiv&apos;s earlier answer. </numerusform>
            <numerusform>arXiv could not be asked again about %n references: their rows show its earlier answer. </numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportActions</name>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="239"/>
        <source>%n error-level finding(s) fail, though their rules do not:</source>
        <translation>
            <numerusform>1 error-level finding fails, though its rule does not:</numerusform>
            <numerusform>%n error-level findings fail, though their rules do not:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="399"/>
        <source>Nothing to rewrite, but %n self-reported figure(s) still wrong, and the measured figure can&apos;t simply be written over them (stated sums or ratios, places the survey does not have, numbers not read whole): the self-check panel lists them and says why.</source>
        <translation>
            <numerusform>Nothing to rewrite, but 1 self-reported figure is still wrong, and the measured figure can&apos;t simply be written over it (a stated sum or ratio, a place the survey does not have, a number not read whole): the self-check panel lists it and says why.</numerusform>
            <numerusform>Nothing to rewrite, but %n self-reported figures are still wrong, and the measured figure can&apos;t simply be written over them (stated sums and ratios, places the survey does not have, numbers not read whole): the self-check panel lists them and says why.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="405"/>
        <source>Nothing to rewrite, but %n self-reported figure(s) still wrong: stated sums or ratios, whose parts only you can correct (the self-check panel lists them).</source>
        <translation>
            <numerusform>Nothing to rewrite, but 1 self-reported figure is still wrong: a stated sum or ratio, whose parts only you can correct (the self-check panel lists it).</numerusform>
            <numerusform>Nothing to rewrite, but %n self-reported figures are still wrong: stated sums and ratios, whose parts only you can correct (the self-check panel lists them).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="431"/>
        <source>%n self-check figure(s) updated (Undo restores them)</source>
        <translation>
            <numerusform>1 self-check figure updated (Undo restores it)</numerusform>
            <numerusform>%n self-check figures updated (Undo restores them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="471"/>
        <source>Not rewritten: the wrong stated sums and ratios (and figures the measured value can&apos;t simply replace) on %n line(s): {lines}. Only you can correct them; the self-check panel shows which are still wrong after the update.</source>
        <translation>
            <numerusform>Not rewritten: the wrong stated sums and ratios (and figures the measured value can&apos;t simply replace) on line {lines}. Only you can correct them; the self-check panel shows which are still wrong after the update.</numerusform>
            <numerusform>Not rewritten: the wrong stated sums and ratios (and figures the measured value can&apos;t simply replace) on lines {lines}. Only you can correct them; the self-check panel shows which are still wrong after the update.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="494"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="496"/>
        <source>Left as written: %n figure(s) in stated sums or ratios that are right now: with the measured value written in, they would no longer add up. Only you know which of their figures to correct; correct them together:</source>
        <translation>
            <numerusform>Left as written: 1 figure in a stated sum or ratio that is right now: with the measured value written in, it would no longer add up. Only you know which of its figures to correct; correct them together:</numerusform>
            <numerusform>Left as written: %n figures in stated sums or ratios that are right now: with the measured value written in, they would no longer add up. Only you know which of their figures to correct; correct them together:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SelfCheckDiffDialog</name>
    <message numerus="yes">
        <location filename="../../editor_app/ui/export_actions.py" line="606"/>
        <source>%n stated figure(s) will be replaced by the measured value:</source>
        <translation>
            <numerusform>1 stated figure will be replaced by the measured value:</numerusform>
            <numerusform>%n stated figures will be replaced by the measured value:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SelfCheckPanel</name>
    <message numerus="yes">
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="221"/>
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="415"/>
        <source>%n rule(s): %1 failing</source>
        <translation>
            <numerusform>1 rule: %1 failing</numerusform>
            <numerusform>%n rules: %1 failing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../editor_app/ui/selfcheck_panel.py" line="429"/>
        <source> (%n stated as an estimate)</source>
        <translation>
            <numerusform> (1 stated as an estimate)</numerusform>
            <numerusform> (%n stated as an estimate)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message numerus="yes">
        <location filename="../../editor_app/ui/settings_dialog.py" line="265"/>
        <source>The rule pack can be used, with %n warning(s):</source>
        <translation>
            <numerusform>The rule pack can be used, with 1 warning:</numerusform>
            <numerusform>The rule pack can be used, with %n warnings:</numerusform>
        </translation>
    </message>
</context>
</TS>
