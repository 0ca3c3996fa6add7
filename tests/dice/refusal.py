"""The one check of a refusal the dice tests share."""

import pytest

from larp.rules import RuleError


def refused(rule: str, call, *args, **kwargs) -> str:
    """`call(*args, **kwargs)` is refused by `rule`; its message."""
    with pytest.raises(RuleError) as error:
        call(*args, **kwargs)
    assert error.value.rule == rule
    return error.value.message
