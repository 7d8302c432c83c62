"""The hostile-output corpus builds each hostile project once per test run (shared by xdist workers)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hostile_out_tools import (
    PAYLOADS,
    built_once,
    carddb,
    counting_server,
    game_dir,
    hostile_card,
    new_project,
    payload,
    shared_root,
    write_canary,
)


def _make_injection_project(folder: Path) -> dict[str, object]:
    """The LOE starter with a card per payload (name and flavour), and payloads in the set, deck,
    booster and rules prose; built with `carddb build` while a canary server counts requests."""
    project = new_project(folder / "project", "loe")
    data = game_dir(project)
    with counting_server() as (port, hits):
        canary = write_canary(folder / "canary", port)
        cards = [hostile_card(i + 1, name, payload(name, canary)) for i, name in enumerate(PAYLOADS)]
        (data / "cards" / "hostile.yaml").write_text(yaml.safe_dump(cards, allow_unicode=True), encoding="utf-8")
        sets = yaml.safe_load((data / "sets.yaml").read_text(encoding="utf-8"))
        sets[0]["name"] = "Starter " + payload("script-close", canary)
        (data / "sets.yaml").write_text(yaml.safe_dump(sets, allow_unicode=True), encoding="utf-8")
        deck = yaml.safe_load((data / "decks" / "shared-deck.yaml").read_text(encoding="utf-8"))
        deck["name"] = "Deck " + payload("img-onerror", canary)
        deck["description"] = payload("link-stylesheet-file", canary)
        (data / "decks" / "shared-deck.yaml").write_text(yaml.safe_dump(deck, allow_unicode=True), encoding="utf-8")
        boosters = yaml.safe_load((data / "boosters.yaml").read_text(encoding="utf-8"))
        boosters["boosters"]["deck"]["name"] = "Booster " + payload("svg-onload", canary)
        boosters["boosters"]["deck"]["description"] = payload("css-url-network", canary)
        (data / "boosters.yaml").write_text(yaml.safe_dump(boosters, allow_unicode=True), encoding="utf-8")
        prose = ["# Hostile prose", ""]
        for name in PAYLOADS:
            prose += [f"## {name} {payload(name, canary)}", "", payload(name, canary), ""]
        (data / "rulebook" / "02-hostile.md").write_text("\n".join(prose), encoding="utf-8")
        run = carddb("build", "--jobs", "1", "--project", str(project), timeout=600)
        recorded_hits = list(hits)
    return {
        "exit_code": run.exit_code,
        "output": run.output,
        "hits": recorded_hits,
        "token": canary.token,
        "canary": str(canary.folder),
        "port": canary.port,
    }


@pytest.fixture(scope="session")
def injection_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    folder, record = built_once(shared_root(tmp_path_factory), "injection", _make_injection_project)
    return folder / "project", record
