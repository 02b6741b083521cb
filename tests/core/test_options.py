"""Options are checked strictly against the game's declared specs (issue 10, item 3)."""

from __future__ import annotations

import math

import pytest
from typer.testing import CliRunner

from allegiance.cli import app
from allegiance.core.errors import AllegianceError
from allegiance.core.options import OptionError, OptionSpec, validate_options
from allegiance.games import get_game

SPECS = (
    OptionSpec("galaxy", "choice", default="beginner", choices=("beginner", "full")),
    OptionSpec("bases", "int", default=None, min=2, max=5),
    OptionSpec("turns", "int", default=200, min=1, max=10_000),
    OptionSpec("neutral", "bool", default=False),
)


@pytest.mark.parametrize("value", ["3", 2.9, 3.0, "1_000", 10**30, math.inf, -math.inf, math.nan, True, False,
                                   [3], {"a": 3}, 1, 6])
def test_an_int_option_takes_only_an_int_in_range(value: object) -> None:
    with pytest.raises(OptionError) as info:
        validate_options(SPECS, {"bases": value})
    message = str(info.value)
    assert "bases" in message and "integer from 2 to 5" in message and len(message) < 200


def test_a_bool_option_takes_only_a_json_boolean() -> None:
    for value in ("true", 1, 0, None, "yes"):
        with pytest.raises(OptionError, match="neutral must be true or false"):
            validate_options(SPECS, {"neutral": value})
    assert validate_options(SPECS, {"neutral": True}) == {"neutral": True}


def test_a_choice_takes_one_of_its_choices() -> None:
    for value in ("secret", 1, None, ["full"]):
        with pytest.raises(OptionError, match="galaxy must be one of beginner, full"):
            validate_options(SPECS, {"galaxy": value})


def test_unknown_options_and_non_objects_are_refused() -> None:
    with pytest.raises(OptionError, match="unknown option 'colour'; options: galaxy, bases, turns, neutral"):
        validate_options(SPECS, {"colour": "red"})
    with pytest.raises(OptionError, match="JSON object"):
        validate_options(SPECS, [["bases", 3]])


def test_deep_nesting_is_refused_with_a_short_message() -> None:
    deep: object = 1
    for _ in range(255):
        deep = [deep]
    with pytest.raises(OptionError) as info:
        validate_options(SPECS, {"neutral": deep})
    assert len(str(info.value)) < 120


def test_good_options_pass_and_null_means_the_rules_default() -> None:
    assert validate_options(SPECS, {"galaxy": "full", "bases": 2, "turns": 10_000, "neutral": False}) == \
        {"galaxy": "full", "bases": 2, "turns": 10_000, "neutral": False}
    assert validate_options(SPECS, {"bases": None}) == {}
    assert validate_options(SPECS, None) == {}


def test_swdbg_declares_its_specs_and_new_game_uses_them() -> None:
    game = get_game("swdbg")
    assert [s.name for s in game.option_specs] == ["galaxy", "bases_to_win", "pay_off_neutral", "max_turns"]
    for bad in ({"bases_to_win": "3"}, {"max_turns": 2.5}, {"pay_off_neutral": 1}, {"galaxy": "huge"},
                {"max_turns": 10**30}, {"colour": 1}, {"bases_to_win": True}):
        with pytest.raises(AllegianceError):
            game.new_game("1v1", 1, bad)
        with pytest.raises(OptionError):
            game.check_options(bad)
    assert game.new_game("1v1", 1, {"bases_to_win": 3, "pay_off_neutral": True}).config.bases_to_win == 3


@pytest.mark.parametrize("option", ["max_turns=1_000", "max_turns=2.5", "pay_off_neutral=1", "bases_to_win=\"3\"",
                                    "max_turns=1e400"])
def test_the_cli_refuses_bad_options_with_a_message(option: str) -> None:
    result = CliRunner().invoke(app, ["new", "swdbg", "-o", option])
    assert result.exit_code == 2, result.output
    assert "must be" in result.output and "Traceback" not in result.output


def test_an_option_says_whether_its_rule_is_sourced() -> None:
    """Rules options carry their source; a gap filled by the project is UNSOURCED; engine settings none."""
    from allegiance.core.options import UNSOURCED, OptionSpec
    rule = OptionSpec("bases_to_win", "int", default=3, source="SW-WIN-2")
    gap = OptionSpec("turns_per_planet", "int", default=2, source=UNSOURCED)
    engine = OptionSpec("max_turns", "int", default=200)
    assert (rule.rules_option, rule.sourced) == (True, True)
    assert (gap.rules_option, gap.sourced) == (True, False)
    assert (engine.rules_option, engine.sourced) == (False, False)
    assert rule.to_json()["source"] == "SW-WIN-2" and gap.to_json()["sourced"] is False
    for name in ("swdbg", "wakfu"):
        specs = {s.name: s for s in get_game(name).option_specs}
        assert specs["max_turns"].source == ""  # an engine setting, not a rule
    assert get_game("swdbg").option_specs[1].sourced and get_game("wakfu").option_specs[-1].source == "WK-DECK-2"


def test_the_rules_command_lists_each_option_with_its_source() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["rules", "wakfu", "--json"])
    assert done.exit_code == 0, done.output
    import json
    specs = {s["name"]: s for s in json.loads(done.output)["options"]}
    assert specs["team_uniques"]["source"] == "WK-DECK-2" and specs["team_uniques"]["sourced"] is True
    assert specs["max_turns"]["source"] == "" and specs["max_turns"]["sourced"] is False
    done = runner.invoke(app, ["rules", "swdbg", "--json"])
    specs = {s["name"]: s for s in json.loads(done.output)["options"]}
    assert specs["bases_to_win"]["source"] == "SW-WIN-1, SW-WIN-2" and specs["bases_to_win"]["sourced"] is True
    # the table for people (its width is the terminal's, so words may wrap: look for single words)
    done = runner.invoke(app, ["rules", "swdbg"])
    assert done.exit_code == 0 and "SW-WIN-1," in done.output and "engine" in done.output
    assert runner.invoke(app, ["rules", "nope"]).exit_code != 0
