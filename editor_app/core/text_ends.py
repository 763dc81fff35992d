"""How much two texts share at their start and at their end, found at memcmp speed: a slice compared per 32K
step, then a binary search in the last step (a character loop over an 8 MB survey takes half a second)."""

from __future__ import annotations

_STEP = 1 << 15


def common_prefix(a: str, b: str, n: int) -> int:
    """Length of the common start of a and b, at most n."""
    i = 0
    while i + _STEP <= n and b.startswith(a[i:i + _STEP], i):  # one slice copied per step, not two
        i += _STEP
    lo, hi = i, min(i + _STEP, n)
    while lo < hi:  # a[:lo] == b[:lo]; the first difference is before hi
        mid = (lo + hi) // 2
        if b.startswith(a[lo:mid + 1], lo):
            lo = mid + 1
        else:
            hi = mid
    return lo


def common_suffix(a: str, b: str, n: int) -> int:
    """Length of the common end of a and b, at most n."""
    la, lb = len(a), len(b)
    i = 0
    while i + _STEP <= n and b.endswith(a[la - i - _STEP:la - i], 0, lb - i):
        i += _STEP
    lo, hi = i, min(i + _STEP, n)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if b.endswith(a[la - mid:la - lo], 0, lb - lo):
            lo = mid
        else:
            hi = mid - 1
    return lo


def changed_span(old: str, new: str) -> tuple[int, int, int]:
    """Where two texts differ, as (start, old_end, new_end): old[:start] == new[:start], old[old_end:] ==
    new[new_end:], and replacing old[start:old_end] by new[start:new_end] makes `new`."""
    n = min(len(old), len(new))
    start = common_prefix(old, new, n)
    suffix = common_suffix(old, new, n - start)  # the common end never overlaps the common beginning
    return start, len(old) - suffix, len(new) - suffix
