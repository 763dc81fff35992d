"""A smallest usable rule pack, for tests that add one key to it and read what the loader says."""

MINIMAL = '''schema = 1
name = "t"
[counters.cjk]
regex = '[一-鿿]'
[[rules]]
id = "cjk"
kind = "count"
counter = "cjk"
max = 10
'''

# A Markdown team's pack with a line budget of 10 and one more rule appended (`lines_pack(rule)`): what the CLI tests
# check files against.
LINES_PACK = '''schema = 1
name = "mini"
[document]
heading_styles = ["markdown"]
[counters.lines]
builtin = "lines"
[[rules]]
id = "line-budget"
kind = "count"
counter = "lines"
scope = "document"
max = 10
'''


def lines_pack(rule: str) -> str:
    """LINES_PACK with `rule` (a `[[rules]]` table's text) after its own."""
    return LINES_PACK + "[[rules]]\n" + rule
