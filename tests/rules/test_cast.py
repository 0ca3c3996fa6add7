"""A night's cast shares the states that did not change with the casts before it (larp.rules.cast)."""

from hypothesis import given
from hypothesis import strategies as st

from larp.rules.cast import Cast

IDS = [f"c{index}" for index in range(40)]
changes = st.lists(st.dictionaries(st.sampled_from(IDS + ["new"]), st.integers(), max_size=3), max_size=60)


@given(changes)
def test_a_cast_changed_again_and_again_reads_as_a_dict_updated_as_often(steps):
    casts, states = [Cast(dict.fromkeys(IDS, 0))], [dict.fromkeys(IDS, 0)]
    for changed in steps:
        casts.append(casts[-1].changing(changed))
        states.append({**states[-1], **changed})
    for cast, state in zip(casts, states):  # every cast before is as it was: a night is immutable
        assert dict(cast) == state and list(cast) == list(state) and len(cast) == len(state)
        assert all(cid in cast for cid in state) and "nobody" not in cast
        assert cast == state and dict(cast.items()) == state
