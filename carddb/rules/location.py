"""Where each character of a YAML string value sits in its file.

A rules-text finding must point at the exact word in the card file, but the text
the parser sees is the YAML value, not the file: a block scalar (`text: |`)
starts on the next line and is indented, a quoted scalar has quotes and escapes,
and a plain scalar may be folded over several lines. `value_positions` aligns the
value with the file's characters so any offset in the value maps to a line and
column.
"""

from __future__ import annotations

from carddb.findings.diagnostics import Span

SKIPPABLE = "\"'\\"  # quotes and escape backslashes appear in the file, not in the value
MAX_SKIP = 4


def value_positions(source: str, span: Span, value: str) -> list[tuple[int, int]]:
    """(line, col), 1-based, of every offset of `value` (plus one past the end)."""
    lines = source.splitlines()
    chars: list[tuple[str, int, int]] = []
    first_line = span.line
    start_col = span.col
    header = lines[first_line - 1][start_col - 1 :] if 0 < first_line <= len(lines) else ""
    if header.lstrip()[:1] in {"|", ">"}:
        first_line += 1  # a block scalar's content starts below its indicator line
        start_col = 1
    last_line = max(span.end_line, first_line)
    for number in range(first_line, min(last_line, len(lines)) + 1):
        text = lines[number - 1]
        begin = start_col - 1 if number == first_line else 0
        end = span.end_col - 1 if number == span.end_line and number != first_line - 1 else len(text)
        for col in range(begin, max(begin, min(end, len(text)))):
            chars.append((text[col], number, col + 1))
        chars.append(("\n", number, len(text) + 1))
    positions: list[tuple[int, int]] = []
    i = 0
    if chars and chars[0][0] in "\"'":
        i = 1
    fallback = (span.line, span.col)
    for index, char in enumerate(value):
        if i >= len(chars):
            positions.append(positions[-1] if positions else fallback)
            continue
        if char.isspace():
            positions.append((chars[i][1], chars[i][2]))
            if chars[i][0] == "\\" and i + 1 < len(chars) and chars[i + 1][0] in "ntr":
                i += 2  # an escape such as \n in a double-quoted scalar
                continue
            following = value[index + 1] if index + 1 < len(value) else ""
            if following and not following.isspace():
                while i < len(chars) and chars[i][0].isspace():
                    i += 1
            elif chars[i][0].isspace():
                i += 1
            continue
        j, skipped = i, 0
        # Indentation, line breaks, quotes and backslashes are in the file but not in the value.
        while j < len(chars) and chars[j][0] != char and skipped <= MAX_SKIP:
            if chars[j][0] in SKIPPABLE:
                skipped += 1
            elif not chars[j][0].isspace():
                break
            j += 1
        if j < len(chars) and chars[j][0] == char:
            i = j
        positions.append((chars[i][1], chars[i][2]))
        i += 1
    end = positions[-1] if positions else fallback
    positions.append((end[0], end[1] + 1) if positions else end)
    return positions


def span_of(positions: list[tuple[int, int]], start: int, end: int) -> Span:
    """The file span of value offsets [start, end); clipped to the first line it starts on."""
    start = max(0, min(start, len(positions) - 1))
    end = max(start + 1, min(end, len(positions) - 1))
    line, col = positions[start]
    last_line, last_col = positions[end - 1]
    if last_line != line:
        return Span.point(line, col, 1)
    return Span(line, col, line, last_col + 1)
