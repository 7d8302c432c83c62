"""The shared card backs of a game's single-sided kinds: one single-page PDF each."""

from __future__ import annotations

from pathlib import Path

from carddb.cards.database import CardDatabase
from carddb.findings.diagnostics import Report
from carddb.findings.errors import RenderError
from carddb.render.cache import FaceCache, digest, face_cache_folder
from carddb.render.faces.results import FIRST, RENDER_BACKS, TemplateFailure, bleed_mm
from carddb.render.faces.templates import FaceResources, located_message
from carddb.render.jobs import BackJob
from carddb.render.wholefile import reusable
from carddb.render.workers import RenderWorkers, import_renderer


def render_backs(
    db: CardDatabase, report: Report | None = None, *, pool: RenderWorkers | None = None
) -> dict[str, Path]:
    """Render each back the game's kinds use; back id -> single-page PDF (cached like faces)."""
    resources = FaceResources(db)
    problems = resources.check_fonts()
    try:
        if problems:
            raise TemplateFailure(
                problems[0].message, problems[0].path, problems[0].span.line if problems[0].span else None
            )
        head, tail = resources.page_parts(preview=False)
        backs = list(db.pack.shared_backs)
        fragments = {
            back: resources.render(
                resources.back_template_name(back),
                {
                    "back_id": back,
                    "back_label": back_label(back),
                    "game_name": db.pack.name,
                    "preview": False,
                },
            )
            for back in backs
        }
    except TemplateFailure as exc:
        if report is None:
            raise RenderError(located_message(exc)) from exc
        report.add(exc.finding())
        return {}
    shared = resources.digest()
    cache = FaceCache(face_cache_folder(db, "backs"))
    titles = {back: back_title(db, back) for back in backs}
    keys = {back: digest([shared, fragment, head, titles[back]]) for back, fragment in fragments.items()}
    missing = [back for back in backs if not reusable(cache.pdf_path(keys[back]))]
    cache.sweep_older(set(keys.values()))  # backs of older looks
    if missing:
        job = BackJob(
            documents=tuple((cache.pdf_path(keys[back]), head + fragments[back] + tail) for back in missing),
            fetch_roots=resources.fetch_roots,
            trim_mm=db.pack.card_size_mm,
            bleed_mm=bleed_mm(db.pack),
            titles=tuple(titles[back] for back in missing),
        )
        if pool is not None:
            pool.map(RENDER_BACKS, [job], priority=FIRST, label="card backs")
        else:
            import_renderer()
            from carddb.render.layout import render_backs_job

            render_backs_job(job)
    return {back: cache.pdf_path(keys[back]) for back in backs}


def back_title(db: CardDatabase, back: str) -> str:
    """A card back's PDF title: 'Lords of Estraven: card back (Council)'."""
    label = back_label(back)
    return f"{db.pack.name}: card back" + (f" ({label})" if label else "")


def back_label(back: str) -> str:
    """The word a back prints above its emblem: its id ('Market'), none for the one back of a game."""
    return "" if back == "default" else back.replace("-", " ").title()


def back_html(db: CardDatabase, back: str, *, preview: bool = True) -> str:
    """The HTML document of one card back (for previews)."""
    resources = FaceResources(db)
    try:
        head, tail = resources.page_parts(preview)
        fragment = resources.render(
            resources.back_template_name(back),
            {
                "back_id": back,
                "back_label": back_label(back),
                "game_name": db.pack.name,
                "preview": preview,
                "corner_guide": preview,
            },
        )
    except TemplateFailure as exc:
        raise RenderError(located_message(exc)) from exc
    return head + fragment + tail
