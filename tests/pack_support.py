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
