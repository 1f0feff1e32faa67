"""The messages of ``monstertrick serve``'s page, parsed (``monstertrick.net.transports.serve``): plain
functions, no server."""

from __future__ import annotations

import pytest

from monstertrick.net.guards import MAX_COLUMNS, MAX_ROWS
from monstertrick.net.transports.serve import Focus, Ping, Resize, Stdin, parse_message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('["stdin", "a"]', Stdin("a")),
        ('["resize", {"width": 100, "height": 30}]', Resize(100, 30)),
        ('["resize", {"width": "100", "height": "30"}]', Resize(100, 30)),
        ('["resize", {"width": -5, "height": 0}]', Resize(1, 1)),
        ('["resize", {"width": 1500, "height": 1000}]', Resize(MAX_COLUMNS, MAX_ROWS)),
        ('["ping", "1712345678901"]', Ping("1712345678901")),
        ('["focus"]', Focus(True)),
        ('["blur"]', Focus(False)),
        ('["resize", {"width": "a", "height": 1}]', None),
        ('["resize", {"width": 1.5, "height": 1}]', None),
        ('["resize", {"width": true, "height": 1}]', None),
        ('["resize", {"width": 80}]', None),
        ('["resize", [80, 24]]', None),
        ('["resize"]', None),
        ('["stdin", 5]', None),
        ('["stdin"]', None),
        ('["ping", {"a": 1}]', None),
        ('["ping", "' + "9" * 65 + '"]', None),
        ('["quit"]', None),
        ("[]", None),
        ('{"stdin": "a"}', None),
        ('"stdin"', None),
        ("not json", None),
        ("[" * 100000, None),
        ("", None),
    ],
)
def test_the_pages_messages_are_parsed_and_anything_else_is_none(
    text: str, message: object
) -> None:
    assert parse_message(text) == message
