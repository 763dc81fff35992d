"""Property tests on analyze(): any text analyses; counts of a concatenation are the sums of the parts."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor_app.core.analyze import Analyzer, analyze
from editor_app.core.rulepack import house_pack

PACK = house_pack()
ADDITIVE = ("cjk", "cautions", "bare_cautions", "lines", "chars")

survey_like = st.text(
    alphabet=st.sampled_from(list("一二三四五中文字⚠️\ufe0f§0123456789.、 \n#-|（）()+=/%arXiv:,实测处CJK≈约")),
    max_size=400,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=300), survey_like))
def test_any_text_analyses(text):
    a = analyze(text, PACK)
    assert a.metrics["lines"] == len(text.split("\n")) - (1 if text.endswith("\n") else 0) or text == ""
    a.to_dict()


@settings(max_examples=100, deadline=None)
@given(survey_like, survey_like)
def test_counts_of_a_concatenation_are_sums(a, b):
    a = a if a.endswith("\n") or not a else a + "\n"
    whole = analyze(a + b, PACK).metrics
    pa, pb = analyze(a, PACK).metrics, analyze(b, PACK).metrics
    for name in ADDITIVE:
        assert whole[name] == pa[name] + pb[name], name


@settings(max_examples=60, deadline=None)
@given(survey_like, st.integers(min_value=0, max_value=400), st.text(max_size=3))
def test_incremental_analyzer_matches_fresh(text, pos, insert):
    az = Analyzer(PACK)
    az.analyze(text)
    edited = text[:pos] + insert + text[pos:]
    assert az.analyze(edited).to_dict() == analyze(edited, PACK).to_dict()
