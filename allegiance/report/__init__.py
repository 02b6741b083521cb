"""Balance reports from simulation results (optional extra ``report``: matplotlib).

    allegiance simulate swdbg --games 2000 --alternate --out results/
    allegiance report results/ --html report.html
"""

from __future__ import annotations

from pathlib import Path

from allegiance.report.stats import ReportData, build
from allegiance.sim.results import read_results


def load(folder: Path) -> ReportData:
    """The report's numbers for the results in ``folder`` (``games.jsonl``)."""
    return build(read_results(folder))


def write_html(data: ReportData, path: Path, source: str = "") -> Path:
    """Write the report page to ``path``."""
    from allegiance.report.html import render_html
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_html(data, source), encoding="utf-8")
    return path


__all__ = ["ReportData", "build", "load", "write_html"]
