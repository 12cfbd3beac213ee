"""Whole-number query parameters: the value, the default, or an error naming the parameter."""

import pytest

from web.params import MAX_QUERY_INT, BadParameter, whole_number


def test_a_whole_number_in_range_is_read():
    assert whole_number({"seq": "17"}, "seq") == 17
    assert whole_number({"seq": str(MAX_QUERY_INT)}, "seq") == MAX_QUERY_INT


@pytest.mark.parametrize("params", [{}, {"seq": ""}])
def test_an_absent_parameter_takes_the_default(params):
    assert whole_number(params, "seq", default=3) == 3


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("seven", "seq must be a whole number, not 'seven'"),
        ("²", "seq must be a whole number, not '²'"),
        ("٠", "seq must be a whole number, not '٠'"),
        ("1_0", "seq must be a whole number, not '1_0'"),
        ("1.5", "seq must be a whole number, not '1.5'"),
        ("0", "seq must be a whole number from 1 to 10"),
        ("11", "seq must be a whole number from 1 to 10"),
        ("9" * 5000, "seq must be a whole number, not '99999999999999999999…'"),
    ],
)
def test_anything_else_is_refused_naming_the_parameter(raw, message):
    with pytest.raises(BadParameter) as caught:
        whole_number({"seq": raw}, "seq", low=1, high=10)
    assert (caught.value.name, caught.value.message) == ("seq", message)
