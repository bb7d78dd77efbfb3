"""The log formats behind one protocol (yakuset.riichi.logs.formats): each log of the test data is
sniffed as its own format, read by that format's reader, and written back by its writer where it
has one; a text of no format is refused naming every format."""

from __future__ import annotations

import pytest
from yakuset.riichi import LogError, read_log
from yakuset.riichi.logs.formats import LOG_FORMATS, format_of

from ...helpers import LOGS

#: The format of each folder of tests/data/logs, as the logs' own sites name them.
FOLDERS = {"tenhou-mjlog": "tenhou", "tenhou6": "tenhou6", "mjai": "mjai"}
SAMPLES = {
    "tenhou": LOGS / "tenhou-mjlog" / "first-example.mjlog",
    "tenhou6": next(iter(sorted((LOGS / "tenhou6").glob("*.json")))),
    "mjai": LOGS / "mjai" / "126_204_0_mjai.jsonl",
}


def _stripped(path):
    return path.read_bytes().lstrip(b"\xef\xbb\xbf \t\r\n")


@pytest.mark.parametrize(("folder", "name"), sorted(FOLDERS.items()))
def test_each_log_of_a_folder_is_sniffed_as_its_format(folder, name):
    paths = [p for p in sorted((LOGS / folder).iterdir()) if p.suffix in (".mjlog", ".json", ".jsonl")]
    assert paths
    for path in paths:
        found = format_of(_stripped(path))
        assert found is not None and found.name == name, path


def test_the_formats_are_named_once_and_each_reads_its_sample():
    assert [f.name for f in LOG_FORMATS] == ["tenhou", "mjai", "tenhou6"]
    for found in LOG_FORMATS:
        path = SAMPLES[found.name]
        assert found.read(_stripped(path), str(path)) == read_log(path)


def test_a_writer_writes_what_read_log_reads_back_as_the_same_format():
    game = read_log(SAMPLES["tenhou"])
    for found in LOG_FORMATS:
        if found.writer is None:
            with pytest.raises(ValueError, match="does not write them"):
                found.write(game)
            continue
        written = found.write(game).encode("utf-8")
        assert format_of(written) is found
        again = found.read(written, "<written>")
        kinds = [[[tile >> 2 for tile in dealt] for dealt in hand.dealt] for hand in again.hands]
        assert kinds == [[[tile >> 2 for tile in dealt] for dealt in hand.dealt] for hand in game.hands]
        # What every format keeps of a result (docs/rules/tenhou-logs.md §8): its kind and deltas.
        kept = [[(h.result.kind, h.result.deltas) for h in log.hands if h.result] for log in (again, game)]
        assert kept[0] == kept[1]


def test_a_text_of_no_format_is_refused_naming_every_format():
    with pytest.raises(LogError) as refused:
        read_log(b"[1, 2, 3]")
    for found in LOG_FORMATS:
        assert found.title in str(refused.value)
