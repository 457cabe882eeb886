"""Command-line argument forms the scripts share, with no third-party imports
(some scripts run without python-chess)."""


def name_value_pairs(pairs):
    """`NAME=VALUE` arguments (engine options) as (name, value) pairs, stripped;
    the value may itself contain `=`. Raises ValueError naming the first
    malformed one (no `=`, or an empty name); each script reports it its way."""
    parsed = []
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"an option must be NAME=VALUE, got {pair!r}")
        parsed.append((name.strip(), value.strip()))
    return parsed
