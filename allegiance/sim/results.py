"""Writing per-game results: JSON lines and CSV (and Parquet when pyarrow is installed)."""

from __future__ import annotations

import csv
import gzip
import json
from pathlib import Path
from typing import Any

from allegiance.sim.runner import GameResult

CSV_FIELDS = ("index", "seed", "game", "mode", "bots", "teams", "winners", "draw", "turns", "actions",
              "first_team", "turn_order", "error")


def replay_path(folder: Path, index: int) -> Path:
    """Where ``write_results`` puts game ``index``'s replay."""
    return folder / "replays" / f"game-{index:06d}.json.gz"


def write_results(folder: Path, summary: Any, results: list[GameResult]) -> None:
    """``games.jsonl`` (everything), ``games.csv`` (flat columns), ``summary.json`` (+ ``games.parquet``),
    and ``replays/game-NNNNNN.json.gz`` for each result that carries its replay (gzip-compressed replay files)."""
    folder.mkdir(parents=True, exist_ok=True)
    for r in results:
        if r.replay is not None:
            path = replay_path(folder, r.index)
            path.parent.mkdir(exist_ok=True)
            # mtime=0: the same run writes the same bytes
            with gzip.GzipFile(path, "wb", mtime=0) as f:
                f.write(json.dumps(r.replay).encode("utf-8"))
    with (folder / "games.jsonl").open("w", encoding="utf-8") as f:
        for r in results:
            f.write(json.dumps(r.to_json()) + "\n")
    with (folder / "games.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(CSV_FIELDS)
        for r in results:
            row = r.to_json()
            w.writerow([";".join(map(str, v)) if isinstance(v, list) else ("" if v is None else v)
                        for v in (row[k] for k in CSV_FIELDS)])
    (folder / "summary.json").write_text(json.dumps(summary.to_json(), indent=2), encoding="utf-8")
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return
    rows = [r.to_json() for r in results]
    table = pa.table({k: [json.dumps(row[k]) if isinstance(row[k], (list, dict)) else row[k] for row in rows]
                      for k in CSV_FIELDS})
    pq.write_table(table, folder / "games.parquet")


def read_results(folder: Path) -> list[dict[str, Any]]:
    """The per-game records written by :func:`write_results`."""
    path = folder / "games.jsonl"
    if not path.exists():
        raise FileNotFoundError(f"{folder} holds no games.jsonl (write one with `allegiance simulate --out`)")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
