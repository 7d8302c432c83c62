"""A game's sets (data/<game>/sets.yaml): code, name, release date and stage."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, ValidationError

from carddb.files.project import Project
from carddb.files.validation import Validated, validation_findings
from carddb.files.yamlsource import Located, load_yaml
from carddb.findings.diagnostics import Finding, Report
from carddb.findings.valuewords import describe
from carddb.packs.card import StrictModel
from carddb.packs.pack import GamePack

SET_CODE = r"^[A-Z0-9]{2,5}$"
SET_PATTERNS = {SET_CODE: "2 to 5 capital letters or digits, e.g. 'BASE'"}


class CardSetInfo(StrictModel):
    code: Annotated[str, Field(pattern=SET_CODE)]
    name: Annotated[str, Field(min_length=1)]
    release: date | None = None
    # Playtest sets are printed with generated placeholder art, so missing art
    # is only worth a warning once a set is headed for release.
    stage: Literal["playtest", "release"] = "release"


def load_sets(
    project: Project, pack: GamePack, report: Report, sources: dict[str, Located] | None = None
) -> dict[str, CardSetInfo]:
    path = project.data_dir(pack) / "sets.yaml"
    if not path.exists() and not path.is_symlink():
        return {}
    docs, findings = load_yaml(path, inside=project.root)
    report.extend(findings)
    sets: dict[str, CardSetInfo] = {}
    adapter = TypeAdapter(CardSetInfo)
    for doc in docs:
        entries = doc.value if isinstance(doc.value, list) else [doc.value] if doc.value else []
        for index, entry in enumerate(entries):
            item = doc.sub(index) if isinstance(doc.value, list) else doc
            if not isinstance(entry, dict):
                report.add(
                    Finding(
                        "E-YAML-SHAPE",
                        f"a set is a mapping with code, name and release, not {describe(entry)}",
                        path,
                        item.span,
                    )
                )
                continue
            try:
                info = adapter.validate_python(entry)
            except ValidationError as exc:
                errors = exc.errors(include_url=False)
                report.extend(
                    validation_findings(errors, item, Validated("set", CardSetInfo, patterns=SET_PATTERNS), data=entry)
                )
                continue
            if info.code in sets:
                first = sources[info.code].value_span(("code",)).line if sources and info.code in sources else None
                report.add(
                    Finding(
                        "E-DUPLICATE-SET",
                        f"set '{info.code}' is defined twice" + (f" (first on line {first})" if first else ""),
                        path,
                        item.value_span(("code",)),
                    )
                )
                continue
            sets[info.code] = info
            if sources is not None:
                sources[info.code] = item
    return sets
