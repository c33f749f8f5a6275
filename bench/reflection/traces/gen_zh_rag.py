"""zh-rag: 周子涵 (Zhou Zihan), backend / retrieval engineer at 知澜科技 (Zhilan Tech, Hangzhou).

Stack: an enterprise knowledge-base question answering (RAG) service `kbqa`: Python 3.11 FastAPI service managed
with pdm, pymilvus 2.4 (MilvusClient) against Milvus 2.4 (standalone in docker compose locally, a cluster in the
k8s namespace kbqa-staging), Elasticsearch 8.15 with the IK analyzer for keyword recall (TLS + basic auth on, also
locally), bge-m3 dense embeddings and bge-reranker-v2-m3 served with TEI plus a FlagEmbedding service for bge-m3
sparse weights, Qwen2.5-72B-Instruct-AWQ behind vLLM's OpenAI-compatible API on the GPU box gpu-a800-02 (ssh),
PDF/Word/Excel parsing with PyMuPDF / python-docx / openpyxl, a home-made offline evaluation (recall@k, MRR,
nDCG, LLM-judged answer hit), pytest (+ respx), ruff, mypy, Alembic on PostgreSQL for metadata, GitLab merge
requests with glab. Prompts and replies in Chinese; tool output as the tools print it.
cwd /home/zhouzh/work/kbqa.

Written blind for fresh/; measured once held out (round 21), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_zh_rag.py && python3 check.py && python3 fresh/check_fresh.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "zhouzh"
R = "/home/zhouzh/work/kbqa"
MODEL = "claude-opus-4-6"
GITLAB = "gitlab.zhilan-tech.com"
REPO_URL = f"https://{GITLAB}/ai-platform/kbqa"
GPU = "gpu-a800-02"
NS = "kbqa-staging"
VENV = f"{R}/.venv/lib/python3.11/site-packages"
CA = "deploy/local/certs/http_ca.crt"
ES_AUTH = "-u \"elastic:$(sed -n 's/^KBQA_ES_PASSWORD=//p' .env)\""

SIG1 = "collection not loaded"
SIG2 = "strict_dynamic_mapping_exception"
SIG3 = "curl: (52) Empty reply from server"

_rng = [random.Random(20261012)]


def hx(n):
    return "".join(_rng[0].choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def local(d, secs=0):
    """Local wall clock (UTC+8) of the fake clock, shifted by secs."""
    t = d.clock + _dt.timedelta(hours=8, seconds=secs)
    return t.strftime("%Y-%m-%d %H:%M:%S")


def utc(d, secs=0, fmt="%m-%d %H:%M:%S"):
    t = d.clock + _dt.timedelta(seconds=secs)
    return t.strftime(fmt)


# ---------------------------------------------------------------- output helpers
def progress(statuses):
    """pytest -q progress lines for a string of result characters."""
    n = len(statuses)
    out = []
    for i in range(0, n, 72):
        seg = statuses[i:i + 72]
        pct = (i + len(seg)) * 100 // n
        out.append(f"{seg:<72} [{pct:3d}%]")
    return "\n".join(out)


def pytest_ok(n, secs, extra=""):
    s = progress("." * n) + f"\n{n} passed{extra} in {secs:.2f}s"
    return s


def slog(d, secs, level, event, **kv):
    kvs = " ".join(f"{k}={v}" for k, v in sorted(kv.items()))
    return f"{local(d, secs)} [{level:<9}] {event:<30} {kvs}".rstrip()


def commit_out(branch, msg, nfiles, ins, dels=0, creates=()):
    s = f"[{branch} {hx(7)}] {msg}\n {nfiles} file{'s' if nfiles > 1 else ''} changed, {ins} insertions(+)"
    if dels:
        s += f", {dels} deletions(-)"
    for c in creates:
        s += f"\n create mode 100644 {c}"
    return s


def push_out(branch, objs):
    return (f"Enumerating objects: {objs + 13}, done.\nCounting objects: 100% ({objs + 13}/{objs + 13}), done.\n"
            f"Delta compression using up to 16 threads\nCompressing objects: 100% ({objs}/{objs}), done.\n"
            f"Writing objects: 100% ({objs + 1}/{objs + 1}), {objs * 0.37:.2f} KiB | {objs * 0.41:.2f} MiB/s, done.\n"
            f"Total {objs + 1} (delta {objs - 5}), reused 0 (delta 0), pack-reused 0\n"
            "remote: \n"
            f"remote: To create a merge request for {branch}, visit:\n"
            f"remote:   {REPO_URL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={branch.replace('/', '%2F')}\n"
            "remote: \n"
            f"To {REPO_URL}.git\n"
            f" * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def mr_out(branch, iid, title):
    return (f"\nCreating merge request for {branch} into develop in ai-platform/kbqa\n\n"
            f"!{iid} {title} ({branch})\n {REPO_URL}/-/merge_requests/{iid}\n")


def alembic_head():
    return ("INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\n"
            "INFO  [alembic.runtime.migration] Will assume transactional DDL.")


def curl_cmd(path_q, method=None, body=None, https=False, pretty_json=True):
    parts = ["curl -sS"]
    if https:
        parts.append(f"--cacert {CA} {ES_AUTH}")
    if method:
        parts.append(f"-X {method}")
    host = "https://localhost:9200" if https else "localhost:9200"
    parts.append(f"'{host}{path_q}'")
    if body:
        parts.append(f"-H 'Content-Type: application/json' -d '{body}'")
    return " ".join(parts)


def ik_tokens(toks):
    """_analyze?pretty output for [(token, start, end, type, pos)]."""
    items = []
    for tok, s, e, typ, pos in toks:
        items.append('    {\n'
                     f'      "token" : "{tok}",\n'
                     f'      "start_offset" : {s},\n'
                     f'      "end_offset" : {e},\n'
                     f'      "type" : "{typ}",\n'
                     f'      "position" : {pos}\n'
                     '    }')
    return '{\n  "tokens" : [\n' + ",\n".join(items) + "\n  ]\n}"


def milvus_tb(d, kind, entry, frames, cid, extra_tail="", venv=VENV):
    """pymilvus 2.4 decorator log line + Python traceback ending in MilvusException 101."""
    rpc = "search" if kind == "search" else "query"
    msg = f"<MilvusException: (code=101, message=failed to {rpc}: {SIG1}[collection={cid}])>"
    t0 = (d.clock + _dt.timedelta(hours=8, seconds=3))
    start = t0.strftime("%Y-%m-%d %H:%M:%S.") + f"{t0.microsecond:06d}"
    t1 = t0 + _dt.timedelta(microseconds=13211)
    err = t1.strftime("%Y-%m-%d %H:%M:%S.") + f"{t1.microsecond:06d}"
    head = (f"{t1.strftime('%Y-%m-%d %H:%M:%S')},{t1.microsecond // 1000:03d} [ERROR][handler]: RPC error: [{rpc}], {msg}, "
            f"<Time:{{'RPC start': '{start}', 'RPC error': '{err}'}}> (decorators.py:140)")
    lines = [head, "Traceback (most recent call last):"] + entry + frames
    if kind == "search":
        lines += [
            f'  File "{venv}/pymilvus/milvus_client/milvus_client.py", line 316, in search',
            "    raise ex from ex",
            f'  File "{venv}/pymilvus/milvus_client/milvus_client.py", line 303, in search',
            "    res = conn.search(",
            "          ^^^^^^^^^^^^",
        ]
    else:
        lines += [
            f'  File "{venv}/pymilvus/milvus_client/milvus_client.py", line 454, in query',
            "    raise ex from ex",
            f'  File "{venv}/pymilvus/milvus_client/milvus_client.py", line 441, in query',
            "    res = conn.query(",
            "          ^^^^^^^^^^^",
        ]
    lines += [
        f'  File "{venv}/pymilvus/decorators.py", line 141, in handler',
        "    raise e from e",
        f'  File "{venv}/pymilvus/decorators.py", line 137, in handler',
        "    return func(*args, **kwargs)",
        "           ^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{venv}/pymilvus/decorators.py", line 176, in handler',
        "    return func(self, *args, **kwargs)",
        "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        f'  File "{venv}/pymilvus/decorators.py", line 116, in handler',
        "    raise e from e",
        f'  File "{venv}/pymilvus/decorators.py", line 86, in handler',
        "    return func(*args, **kwargs)",
        "           ^^^^^^^^^^^^^^^^^^^^^",
    ]
    if kind == "search":
        lines += [
            f'  File "{venv}/pymilvus/client/grpc_handler.py", line 786, in search',
            "    return self._execute_search(request, timeout, round_decimal=round_decimal, **kwargs)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{venv}/pymilvus/client/grpc_handler.py", line 738, in _execute_search',
            "    raise e from e",
            f'  File "{venv}/pymilvus/client/grpc_handler.py", line 727, in _execute_search',
            "    check_status(response.status)",
        ]
    else:
        lines += [
            f'  File "{venv}/pymilvus/client/grpc_handler.py", line 1592, in query',
            "    check_status(response.status)",
        ]
    lines += [
        f'  File "{venv}/pymilvus/client/utils.py", line 63, in check_status',
        "    raise MilvusException(status.code, status.reason, status.error_code)",
        f"pymilvus.exceptions.MilvusException: {msg}",
    ]
    return "\n".join(lines) + extra_tail


# ---------------------------------------------------------------- virtual files
SETTINGS = P("kbqa/settings.py")
PIPELINE = P("kbqa/retrieval/pipeline.py")
MILVUS = P("kbqa/retrieval/milvus_store.py")
ES_STORE = P("kbqa/retrieval/es_store.py")
TYPES = P("kbqa/ingest/types.py")
INGEST = P("kbqa/ingest/pipeline.py")
CHUNKER = P("kbqa/ingest/chunker.py")
BASE = P("kbqa/ingest/parsers/base.py")
PDF = P("kbqa/ingest/parsers/pdf.py")
DOCX = P("kbqa/ingest/parsers/docx.py")
XLSX = P("kbqa/ingest/parsers/xlsx.py")
LLM = P("kbqa/llm/client.py")
REWRITE = P("kbqa/llm/query_rewrite.py")
SPARSE = P("kbqa/embed/sparse.py")
MODELS = P("kbqa/db/models.py")
CLI = P("kbqa/cli.py")
DEPS = P("kbqa/deps.py")
MAPPING = P("es/mappings/kb_chunks.json")
T_CHUNKER = P("tests/unit/test_chunker.py")
T_PIPELINE = P("tests/unit/test_pipeline.py")
T_LLM = P("tests/unit/test_llm_client.py")
T_REWRITE = P("tests/unit/test_query_rewrite.py")
T_ES = P("tests/integration/test_es_store.py")
T_E2E = P("tests/integration/test_ingest_e2e.py")
IK_CFG = P("deploy/local/es/ik/IKAnalyzer.cfg.xml")
IK_DIC = P("deploy/local/es/ik/custom/kbqa.dic")
SYN = P("deploy/local/es/analysis/kb_synonyms.txt")
MIG_DIR = "migrations/versions"

SETTINGS_TXT = '''"""Runtime configuration (pydantic-settings, env prefix KBQA_)."""
from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KBQA_", env_file=".env", extra="ignore")

    # storage
    milvus_uri: str = "http://localhost:19530"
    milvus_collection: str = "kb_chunks_v2"
    es_hosts: list[str] = ["https://localhost:9200"]
    es_ca_certs: str = "deploy/local/certs/http_ca.crt"
    es_username: str = "elastic"
    es_password: str = ""
    es_index: str = "kb_chunks_v2"
    database_url: str = "postgresql+psycopg://kbqa:kbqa@localhost:5432/kbqa"

    # model services on gpu-a800-02
    tei_embed_url: str = "http://10.20.8.32:8080"
    m3_sparse_url: str = "http://10.20.8.32:8090"
    tei_rerank_url: str = "http://10.20.8.32:8081"
    llm_base_url: str = "http://10.20.8.32:8000/v1"
    llm_model: str = "qwen2.5-72b-instruct"

    # retrieval
    dense_top_k: int = 50
    bm25_top_k: int = 50
    rrf_k: int = 60
    fuse_keep: int = 30


settings = Settings()
'''

PIPELINE_TXT = '''"""Hybrid retrieval: Milvus dense + ES BM25 -> RRF -> rerank."""
from __future__ import annotations

from typing import Any

from kbqa.rerank.client import RerankClient
from kbqa.retrieval.es_store import EsStore
from kbqa.retrieval.milvus_store import MilvusStore
from kbqa.retrieval.types import Hit
from kbqa.settings import settings


def rrf_fuse(result_lists: list[list[Hit]], k: int) -> list[Hit]:
    """Reciprocal rank fusion: score(d) = sum(1 / (k + rank_i(d)))."""
    scores: dict[str, float] = {}
    first: dict[str, Hit] = {}
    for hits in result_lists:
        for rank, h in enumerate(hits, start=1):
            scores[h.chunk_id] = scores.get(h.chunk_id, 0.0) + 1.0 / (k + rank)
            first.setdefault(h.chunk_id, h)
    ordered = sorted(scores, key=lambda cid: scores[cid], reverse=True)
    return [first[cid].with_score(scores[cid]) for cid in ordered]


class RetrievalPipeline:
    def __init__(self, milvus: MilvusStore, es: EsStore, reranker: RerankClient) -> None:
        self.milvus = milvus
        self.es = es
        self.reranker = reranker

    def retrieve(self, query: str, kb: str, filters: dict[str, Any] | None = None) -> list[Hit]:
        dense = self.milvus.search_dense(query, kb=kb, top_k=settings.dense_top_k, filters=filters)
        bm25 = self.es.search_bm25(query, kb=kb, top_k=settings.bm25_top_k, filters=filters)
        fused = rrf_fuse([dense, bm25], k=settings.rrf_k)[: settings.fuse_keep]
        reranked = self.reranker.rerank(query, fused)
        return [h for h in reranked if h.score >= 0.35][:5]
'''

MILVUS_TXT = '''"""Milvus access through the pymilvus 2.4 MilvusClient."""
from __future__ import annotations

from typing import Any

from pymilvus import DataType, MilvusClient

from kbqa.embed.client import EmbedClient
from kbqa.ingest.types import Chunk
from kbqa.retrieval.types import Hit
from kbqa.settings import settings

OUTPUT_FIELDS = ["chunk_id", "doc_id", "kb", "title", "text"]


class MilvusStore:
    def __init__(self, embed: EmbedClient, collection: str | None = None) -> None:
        self.client = MilvusClient(uri=settings.milvus_uri)
        self.collection = collection or settings.milvus_collection
        self.embed = embed

    def create_collection(self, name: str, dim: int = 1024) -> None:
        schema = MilvusClient.create_schema(auto_id=False, enable_dynamic_field=False)
        schema.add_field("chunk_id", DataType.VARCHAR, is_primary=True, max_length=64)
        schema.add_field("doc_id", DataType.VARCHAR, max_length=64)
        schema.add_field("kb", DataType.VARCHAR, max_length=64)
        schema.add_field("title", DataType.VARCHAR, max_length=512)
        schema.add_field("text", DataType.VARCHAR, max_length=8192)
        schema.add_field("dense", DataType.FLOAT_VECTOR, dim=dim)
        # No index_params here on purpose: MilvusClient would create the index and load right away.
        # Bulk ingest runs against an unloaded collection; load it once the data is in.
        self.client.create_collection(name, schema=schema)

    def build_index(self, name: str) -> None:
        index = self.client.prepare_index_params()
        index.add_index("dense", index_type="HNSW", metric_type="IP", params={"M": 16, "efConstruction": 200})
        self.client.create_index(name, index)

    def insert(self, chunks: list[Chunk], vectors: list[list[float]]) -> int:
        rows = [{**c.to_milvus(), "dense": v} for c, v in zip(chunks, vectors, strict=True)]
        res = self.client.insert(self.collection, rows)
        return int(res["insert_count"])

    def count(self, kb: str) -> int:
        res = self.client.query(self.collection, filter=f'kb == "{kb}"', output_fields=["count(*)"])
        return int(res[0]["count(*)"])

    def search_dense(self, query: str, kb: str, top_k: int, filters: dict[str, Any] | None = None) -> list[Hit]:
        vec = self.embed.embed_query(query)
        res = self.client.search(
            self.collection,
            data=[vec],
            anns_field="dense",
            limit=top_k,
            filter=self._expr(kb, filters),
            output_fields=OUTPUT_FIELDS,
            search_params={"metric_type": "IP", "params": {"ef": 128}},
        )
        return [Hit.from_milvus(r, source="dense") for r in res[0]]

    @staticmethod
    def _expr(kb: str, filters: dict[str, Any] | None) -> str:
        parts = [] if kb == "all" else [f'kb == "{kb}"']
        for key, val in (filters or {}).items():
            parts.append(f'{key} == "{val}"')
        return " and ".join(parts)
'''

ES_STORE_TXT = '''"""Elasticsearch 8 keyword recall (IK analyzer)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from elasticsearch import Elasticsearch, helpers

from kbqa.ingest.types import Chunk
from kbqa.retrieval.types import Hit
from kbqa.settings import settings


class IndexingError(RuntimeError):
    pass


def make_client() -> Elasticsearch:
    return Elasticsearch(
        settings.es_hosts,
        ca_certs=settings.es_ca_certs,
        basic_auth=(settings.es_username, settings.es_password),
        request_timeout=30,
    )


class EsStore:
    def __init__(self, index: str | None = None, es: Elasticsearch | None = None) -> None:
        self.es = es or make_client()
        self.index = index or settings.es_index

    def create_index_from_mapping(self, mapping_file: Path) -> None:
        body = json.loads(mapping_file.read_text(encoding="utf-8"))
        self.es.indices.create(index=self.index, settings=body["settings"], mappings=body["mappings"])

    def upsert_chunk(self, chunk: Chunk) -> None:
        self.es.index(index=self.index, id=chunk.chunk_id, document=chunk.to_es(), refresh="wait_for")

    def index_chunks(self, chunks: list[Chunk]) -> int:
        actions = ({"_index": self.index, "_id": c.chunk_id, "_source": c.to_es()} for c in chunks)
        try:
            ok, _ = helpers.bulk(self.es, actions, chunk_size=500, refresh="wait_for")
        except helpers.BulkIndexError as e:
            first = e.errors[0]["index"]["error"]
            raise IndexingError(f"{len(e.errors)} chunk(s) failed to index, first error: {first}") from e
        return ok

    def search_bm25(self, query: str, kb: str, top_k: int, filters: dict[str, Any] | None = None) -> list[Hit]:
        must: list[dict[str, Any]] = [{"multi_match": {"query": query, "fields": ["title^3", "text"]}}]
        flt: list[dict[str, Any]] = [] if kb == "all" else [{"term": {"kb": kb}}]
        for key, val in (filters or {}).items():
            flt.append({"term": {key: val}})
        res = self.es.search(index=self.index, query={"bool": {"must": must, "filter": flt}}, size=top_k)
        return [Hit.from_es(h, source="bm25") for h in res["hits"]["hits"]]
'''

TYPES_TXT = '''"""Chunk model shared by ingest, Milvus and ES."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass
class Chunk:
    chunk_id: str
    doc_id: str
    kb: str
    title: str
    text: str
    page: int | None = None
    updated_at: datetime = field(default_factory=datetime.now)

    def to_es(self) -> dict[str, Any]:
        return {
            "chunk_id": self.chunk_id,
            "doc_id": self.doc_id,
            "kb": self.kb,
            "title": self.title,
            "text": self.text,
            "page": self.page,
            "updated_at": self.updated_at.isoformat(),
        }

    def to_milvus(self) -> dict[str, Any]:
        return {
            "chunk_id": self.chunk_id,
            "doc_id": self.doc_id,
            "kb": self.kb,
            "title": self.title,
            "text": self.text,
        }
'''

INGEST_TXT = '''"""Ingest: parse -> chunk -> embed -> Milvus + ES."""
from __future__ import annotations

from pathlib import Path

import structlog

from kbqa.embed.client import EmbedClient
from kbqa.ingest.chunker import split_chunks
from kbqa.ingest.parsers import parse_file
from kbqa.ingest.types import Chunk
from kbqa.retrieval.es_store import EsStore
from kbqa.retrieval.milvus_store import MilvusStore

log = structlog.get_logger()


class IngestPipeline:
    def __init__(self, embed: EmbedClient, milvus: MilvusStore, es: EsStore) -> None:
        self.embed = embed
        self.milvus = milvus
        self.es = es

    def ingest_file(self, path: Path, kb: str) -> int:
        doc = parse_file(path)
        chunks = [
            Chunk(
                chunk_id=f"{doc.doc_id}-{i:04d}",
                doc_id=doc.doc_id,
                kb=kb,
                title=doc.title,
                text=span.text,
                page=span.page,
            )
            for i, span in enumerate(doc.spans(split_chunks))
        ]
        if not chunks:
            log.warning("ingest.empty", path=str(path))
            return 0
        texts = [c.text for c in chunks]
        vectors = self.embed.embed_documents(texts)
        self.milvus.insert(chunks, vectors)
        self.es.index_chunks(chunks)
        log.info("ingest.file", path=str(path), chunks=len(chunks))
        return len(chunks)
'''

CHUNKER_TXT = '''"""Split parsed document text into chunks."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class TextSpan:
    text: str
    start: int
    end: int


def split_chunks(text: str, max_chars: int = 512, overlap: int = 64) -> list[TextSpan]:
    """Fixed-size character windows with overlap."""
    spans: list[TextSpan] = []
    step = max_chars - overlap
    for start in range(0, max(len(text) - overlap, 1), step):
        end = min(start + max_chars, len(text))
        spans.append(TextSpan(text[start:end], start, end))
    return spans
'''

BASE_TXT = '''"""Parser output types."""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol


class _Span(Protocol):
    text: str


@dataclass
class PageText:
    page: int
    text: str


@dataclass
class ChunkSpan:
    text: str
    page: int


@dataclass
class ParsedDoc:
    doc_id: str
    title: str
    pages: list[PageText]

    def spans(self, splitter: Callable[[str], Sequence[_Span]]) -> list[ChunkSpan]:
        return [ChunkSpan(s.text, p.page) for p in self.pages for s in splitter(p.text)]


def doc_id_for(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:24]
'''

PDF_TXT = '''"""PDF parsing with PyMuPDF."""
from __future__ import annotations

from pathlib import Path

import pymupdf

from kbqa.ingest.parsers.base import PageText, ParsedDoc, doc_id_for


def parse_pdf(path: Path) -> ParsedDoc:
    pages: list[PageText] = []
    with pymupdf.open(path) as doc:
        title = doc.metadata.get("title") or path.stem
        for pno, page in enumerate(doc, start=1):
            text = page.get_text("text", sort=True)
            if not text.strip():
                continue  # image-only page (scans): no text layer
            pages.append(PageText(page=pno, text=text))
    return ParsedDoc(doc_id=doc_id_for(path), title=title, pages=pages)
'''

DOCX_TXT = '''"""Word (.docx) parsing with python-docx."""
from __future__ import annotations

from pathlib import Path

import docx

from kbqa.ingest.parsers.base import PageText, ParsedDoc, doc_id_for


def parse_docx(path: Path) -> ParsedDoc:
    d = docx.Document(str(path))
    title = d.core_properties.title or path.stem
    lines = [p.text for p in d.paragraphs if p.text.strip()]
    # .docx has no pages; the whole body is page 1
    return ParsedDoc(doc_id=doc_id_for(path), title=title, pages=[PageText(page=1, text="\\n".join(lines))])
'''

XLSX_TXT = '''"""Excel (.xlsx) parsing with openpyxl: one line per row, cells joined by " | "."""
from __future__ import annotations

from pathlib import Path

import openpyxl

from kbqa.ingest.parsers.base import PageText, ParsedDoc, doc_id_for


def parse_xlsx(path: Path) -> ParsedDoc:
    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    ws = wb.active
    rows = [" | ".join(str(c) for c in row if c is not None) for row in ws.iter_rows(values_only=True)]
    text = "\\n".join(r for r in rows if r.strip())
    return ParsedDoc(doc_id=doc_id_for(path), title=path.stem, pages=[PageText(page=1, text=text)])
'''

LLM_TXT = '''"""OpenAI-compatible client for the vLLM server (Qwen2.5)."""
from __future__ import annotations

from openai import OpenAI

from kbqa.settings import settings


class LlmClient:
    def __init__(self, base_url: str | None = None, model: str | None = None) -> None:
        self.client = OpenAI(base_url=base_url or settings.llm_base_url, api_key="EMPTY")
        self.model = model or settings.llm_model

    def chat(self, messages: list[dict[str, str]], temperature: float = 0.1, max_tokens: int = 1024) -> str:
        resp = self.client.chat.completions.create(
            model=self.model,
            messages=messages,  # type: ignore[arg-type]
            temperature=temperature,
            max_tokens=max_tokens,
        )
        return resp.choices[0].message.content or ""
'''

REWRITE_TXT = '''"""Rewrite follow-up questions into standalone queries before retrieval."""
from __future__ import annotations

from kbqa.llm.client import LlmClient

REWRITE_PROMPT = """你是企业知识库的检索助手。根据对话历史，把用户最后一个问题改写成一个独立、完整的检索问题。
只输出改写后的问题，不要解释。

对话历史：
{history}

用户问题：{question}"""


def rewrite_query(llm: LlmClient, history: list[tuple[str, str]], question: str) -> str:
    if not history:
        return question
    hist = "\\n".join(f"{role}: {text}" for role, text in history[-6:])
    out = llm.chat(
        [{"role": "user", "content": REWRITE_PROMPT.format(history=hist, question=question)}],
        temperature=0.0,
        max_tokens=128,
    )
    return out.strip() or question
'''

MODELS_TXT = '''"""Metadata tables (PostgreSQL)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class KnowledgeBase(Base):
    __tablename__ = "knowledge_bases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class Document(Base):
    __tablename__ = "documents"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kb_id: Mapped[int] = mapped_column(ForeignKey("knowledge_bases.id"))
    doc_id: Mapped[str] = mapped_column(String(64), unique=True)
    filename: Mapped[str] = mapped_column(String(512))
    sha256: Mapped[str] = mapped_column(String(64))
    acl: Mapped[list[str]] = mapped_column(JSONB, server_default="[]")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
'''

CLI_TXT = '''"""kbqa command line (typer)."""
from __future__ import annotations

import time
from pathlib import Path

import typer
from pymilvus import MilvusClient

from kbqa.deps import build_ingest, build_qa
from kbqa.settings import settings

app = typer.Typer(pretty_exceptions_enable=False, no_args_is_help=True)
milvus_app = typer.Typer(help="Milvus collection admin.")
app.add_typer(milvus_app, name="milvus")


@app.command()
def ingest(
    src: Path,
    kb: str = "all",
    collection: str | None = None,
    es_index: str | None = None,
    create: bool = typer.Option(False, help="create the collection / index first (from es/mappings)"),
    es_only: bool = False,
) -> None:
    """Parse, chunk, embed and index every file under SRC."""
    build_ingest(collection=collection, es_index=es_index, create=create, es_only=es_only).run(src, kb=kb)


@app.command()
def ask(question: str, kb: str = "all", collection: str | None = None, es_index: str | None = None) -> None:
    """Retrieve + generate an answer on the command line (debugging)."""
    build_qa(collection=collection, es_index=es_index).answer_cli(question, kb=kb)


@milvus_app.command("load")
def milvus_load(name: str, replicas: int = 1) -> None:
    """Load a collection into the query nodes and wait until it is fully loaded."""
    client = MilvusClient(uri=settings.milvus_uri)
    t0 = time.monotonic()
    typer.echo(f"loading {name} (replica_number={replicas}) ...")
    client.load_collection(name, replica_number=replicas)
    rows = client.get_collection_stats(name)["row_count"]
    state = client.get_load_state(name)["state"]
    typer.echo(f"{name}: {state.name} (rows={rows}, replicas={replicas}) in {time.monotonic() - t0:.1f}s")


@milvus_app.command("stats")
def milvus_stats(name: str) -> None:
    client = MilvusClient(uri=settings.milvus_uri)
    typer.echo(client.describe_collection(name))
    typer.echo(client.get_collection_stats(name))
    typer.echo(client.get_load_state(name))
'''

DEPS_TXT = '''"""Wiring shared by the CLI, the API and the eval scripts."""
from __future__ import annotations

from kbqa.embed.client import EmbedClient
from kbqa.ingest.pipeline import IngestPipeline
from kbqa.ingest.runner import IngestRunner
from kbqa.llm.client import LlmClient
from kbqa.qa import QaService
from kbqa.rerank.client import RerankClient
from kbqa.retrieval.es_store import EsStore
from kbqa.retrieval.milvus_store import MilvusStore
from kbqa.retrieval.pipeline import RetrievalPipeline


def build_pipeline(collection: str | None = None, es_index: str | None = None) -> RetrievalPipeline:
    embed = EmbedClient()
    return RetrievalPipeline(MilvusStore(embed, collection), EsStore(es_index), RerankClient())


def build_qa(collection: str | None = None, es_index: str | None = None) -> QaService:
    return QaService(build_pipeline(collection, es_index), LlmClient())


def build_ingest(
    collection: str | None = None, es_index: str | None = None, create: bool = False, es_only: bool = False
) -> IngestRunner:
    embed = EmbedClient()
    milvus = MilvusStore(embed, collection)
    es = EsStore(es_index)
    return IngestRunner(IngestPipeline(embed, milvus, es), create=create, es_only=es_only)
'''

MAPPING_TXT = '''{
  "settings": {
    "number_of_shards": 1,
    "number_of_replicas": 0,
    "analysis": {
      "filter": {
        "kb_synonyms": {
          "type": "synonym_graph",
          "synonyms_path": "analysis/kb_synonyms.txt",
          "updateable": true
        }
      },
      "analyzer": {
        "ik_index": {"type": "custom", "tokenizer": "ik_max_word"},
        "ik_search": {"type": "custom", "tokenizer": "ik_smart", "filter": ["kb_synonyms"]}
      }
    }
  },
  "mappings": {
    "dynamic": "strict",
    "properties": {
      "chunk_id": {"type": "keyword"},
      "doc_id": {"type": "keyword"},
      "kb": {"type": "keyword"},
      "title": {"type": "text", "analyzer": "ik_index", "search_analyzer": "ik_search"},
      "text": {"type": "text", "analyzer": "ik_index", "search_analyzer": "ik_search"},
      "page": {"type": "integer"},
      "updated_at": {"type": "date"}
    }
  }
}
'''

T_CHUNKER_TXT = '''from kbqa.ingest.chunker import split_chunks


def test_short_text_single_chunk() -> None:
    chunks = split_chunks("只有一句话。", max_chars=512)
    assert [c.text for c in chunks] == ["只有一句话。"]


def test_windows_cover_text() -> None:
    text = "甲" * 1200
    chunks = split_chunks(text, max_chars=512, overlap=64)
    assert chunks[0].start == 0 and chunks[-1].end == 1200
'''

T_PIPELINE_TXT = '''from kbqa.retrieval.pipeline import rrf_fuse
from kbqa.retrieval.types import Hit


def _h(cid: str, score: float = 0.0) -> Hit:
    return Hit(chunk_id=cid, doc_id="d", title="", text="", score=score, source="t")


def test_rrf_prefers_items_in_both_lists() -> None:
    fused = rrf_fuse([[_h("a"), _h("b")], [_h("b"), _h("c")]], k=60)
    assert fused[0].chunk_id == "b"


def test_rrf_keeps_first_payload() -> None:
    fused = rrf_fuse([[_h("a", 0.9)], [_h("a", 0.1)]], k=60)
    assert len(fused) == 1 and fused[0].score == 2 / 61
'''

T_ES_TXT = '''import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kbqa.ingest.types import Chunk
from kbqa.retrieval.es_store import EsStore

MAPPING = Path(__file__).parents[2] / "es" / "mappings" / "kb_chunks.json"


@pytest.fixture(scope="module")
def store() -> Iterator[EsStore]:
    s = EsStore(index=f"kb_chunks_test_{uuid.uuid4().hex[:8]}")
    s.create_index_from_mapping(MAPPING)
    yield s
    s.es.indices.delete(index=s.index)


def make_chunk(i: int, text: str, kb: str = "it", **kw: Any) -> Chunk:
    return Chunk(chunk_id=f"c{i}", doc_id=f"d{i}", kb=kb, title=f"文档{i}", text=text, **kw)


def test_upsert_and_search(store: EsStore) -> None:
    store.upsert_chunk(make_chunk(1, "VPN 客户端安装后无法连接，请检查证书是否过期"))
    hits = store.search_bm25("VPN 连不上", kb="it", top_k=5)
    assert hits and hits[0].chunk_id == "c1"


def test_kb_filter(store: EsStore) -> None:
    store.upsert_chunk(make_chunk(2, "报销单需要部门负责人审批", kb="finance"))
    hits = store.search_bm25("审批", kb="it", top_k=5)
    assert all(h.chunk_id != "c2" for h in hits)


def test_bulk_index(store: EsStore) -> None:
    n = store.index_chunks([make_chunk(10 + i, f"第{i}条 测试内容") for i in range(20)])
    assert n == 20
'''

T_E2E_TXT = '''"""End-to-end ingest of the sample documents into a throwaway ES index (embeddings mocked)."""
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kbqa.ingest.pipeline import IngestPipeline
from kbqa.retrieval.es_store import EsStore

FIXTURES = Path(__file__).parents[1] / "fixtures" / "docs"
MAPPING = Path(__file__).parents[2] / "es" / "mappings" / "kb_chunks.json"


class _NullMilvus:
    def insert(self, *args: Any, **kwargs: Any) -> int:
        return 0


class _FakeEmbed:
    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [[0.0] * 1024 for _ in texts]


@pytest.fixture()
def es_store() -> Iterator[EsStore]:
    s = EsStore(index=f"kb_ingest_test_{uuid.uuid4().hex[:8]}")
    s.create_index_from_mapping(MAPPING)
    yield s
    s.es.indices.delete(index=s.index)


def test_ingest_handbook_docx(es_store: EsStore) -> None:
    p = IngestPipeline(_FakeEmbed(), _NullMilvus(), es_store)  # type: ignore[arg-type]
    assert p.ingest_file(FIXTURES / "员工手册_节选.docx", kb="hr") > 0
    assert es_store.search_bm25("试用期", kb="hr", top_k=3)


def test_ingest_manual_pdf(es_store: EsStore) -> None:
    p = IngestPipeline(_FakeEmbed(), _NullMilvus(), es_store)  # type: ignore[arg-type]
    assert p.ingest_file(FIXTURES / "知澜云枢_部署手册_节选.pdf", kb="product") > 0
'''

IK_CFG_TXT = '''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">
<properties>
	<comment>IK Analyzer 扩展配置</comment>
	<entry key="ext_dict">custom/kbqa.dic</entry>
	<entry key="ext_stopwords">custom/kbqa_stop.dic</entry>
</properties>
'''

IK_DIC_TXT = '''企业微信
钉钉
飞书
OA审批
年休假
带薪年假
医疗期
私有化部署
'''

SYN_TXT = '''# kbqa synonyms v5 2026-10-20
# staging/prod: infra 仓库 es/configmaps/kbqa-es-synonyms.yaml，改完 POST <index>/_reload_search_analyzers
年假, 年休假, 带薪年假
病假, 医疗期
产假, 生育假
报销, 费用报销
VPN, 虚拟专用网
OA, 办公自动化, 协同办公
工牌, 门禁卡
'''

FILES = {
    SETTINGS: SETTINGS_TXT, PIPELINE: PIPELINE_TXT, MILVUS: MILVUS_TXT, ES_STORE: ES_STORE_TXT, TYPES: TYPES_TXT,
    INGEST: INGEST_TXT, CHUNKER: CHUNKER_TXT, BASE: BASE_TXT, PDF: PDF_TXT, DOCX: DOCX_TXT, XLSX: XLSX_TXT,
    LLM: LLM_TXT, REWRITE: REWRITE_TXT, MODELS: MODELS_TXT, CLI: CLI_TXT, DEPS: DEPS_TXT, MAPPING: MAPPING_TXT,
    T_CHUNKER: T_CHUNKER_TXT, T_PIPELINE: T_PIPELINE_TXT, T_ES: T_ES_TXT, T_E2E: T_E2E_TXT,
    IK_CFG: IK_CFG_TXT, IK_DIC: IK_DIC_TXT, SYN: SYN_TXT,
}


# ---------------------------------------------------------------- eval / ingest outputs
GOLDEN = "data/eval/golden_v2.jsonl"
V2 = [("recall@5", 0.801), ("recall@10", 0.872), ("mrr@10", 0.688), ("ndcg@10", 0.727), ("answer_hit", 0.763)]
V3 = [("recall@5", 0.847), ("recall@10", 0.905), ("mrr@10", 0.721), ("ndcg@10", 0.764), ("answer_hit", 0.791)]
CATS = ["hr_policy", "it_support", "finance", "product_doc", "legal"]
CAT_N = [96, 88, 71, 102, 55]


def eval_head(coll, es_index, retr="dense+sparse+bm25", n=412, dataset=GOLDEN):
    return (f"[eval] dataset={dataset} queries={n} collection={coll} es_index={es_index}\n"
            f"[eval] retrievers={retr} -> rrf(k=60) -> rerank(bge-reranker-v2-m3) top_n=5")


def eval_ok(coll, es_index, metrics, out, secs, retr="dense+sparse+bm25", n=412, judge=True, dataset=GOLDEN):
    lines = [eval_head(coll, es_index, retr, n, dataset)]
    for i in (100, 200, 300, 400):
        if i < n:
            lines.append(f"[eval] {i}/{n}")
    lines.append(f"[eval] {n}/{n} in {secs:.1f}s")
    lines.append("metric        value")
    for k, v in metrics:
        if k == "answer_hit":
            if judge:
                lines.append(f"{k:<13} {v:.3f}   (judge=qwen2.5-72b-instruct, n={n})")
        else:
            lines.append(f"{k:<13} {v:.3f}")
    lines.append(f"[eval] wrote {out}")
    return "\n".join(lines)


def compare_out(bname, nname, base, new, cats_base, cats_new, diff_file, improved, worse, extra=""):
    lines = [f"metric        {bname:<16} {nname:<16} delta"]
    for (k, b), (_, n) in zip(base, new):
        lines.append(f"{k:<13} {b:<16.3f} {n:<16.3f} {n - b:+.3f}")
    lines += ["", "recall@5 by category", f"{'category':<14} {'n':>4}   {'baseline':<9} {'new':<9} delta"]
    for c, cnt, b, n in zip(CATS, CAT_N, cats_base, cats_new):
        lines.append(f"{c:<14} {cnt:>4}   {b:<9.3f} {n:<9.3f} {n - b:+.3f}")
    lines += ["", f"changed queries: {improved} improved, {worse} worse ({diff_file})"]
    if extra:
        lines.append(extra)
    return "\n".join(lines)


def ingest_out(d, coll, es_index, files, chunks, create=True, es_only=False, skipped=(), kb="all", src="data/corpus"):
    t = 0
    lines = [slog(d, t, "info", "ingest.start", collection=coll if not es_only else "-", create=create,
                  es_index=es_index, files=files, kb=kb, src=src)]
    if create and not es_only:
        t += 1
        lines.append(slog(d, t, "info", "milvus.create_collection", name=coll))
    if create:
        t += 1
        lines.append(slog(d, t, "info", "es.create_index", index=es_index, mapping="es/mappings/kb_chunks.json"))
    step = 100 if files > 150 else max(10, files // 3)
    done = 0
    while done < files:
        done = min(files, done + step)
        t += int(160 * step / 100) if not es_only else int(40 * step / 100)
        for sp in skipped:
            if sp[0] <= done and sp[0] > done - step:
                lines.append(slog(d, t - 3, "warning", "ingest.empty", path=sp[1]))
        lines.append(slog(d, t, "info", "ingest.progress", chunks=int(chunks * done / files), files=f"{done}/{files}"))
    if not es_only:
        t += 2
        lines.append(slog(d, t, "info", "milvus.flush", collection=coll, rows=chunks))
        t += 15
        lines.append(slog(d, t, "info", "milvus.create_index", collection=coll,
                          fields="['dense', 'sparse']" if coll != "kb_chunks_v2" else "['dense']"))
    t += 1
    lines.append(slog(d, t, "info", "ingest.done", chunks=chunks, elapsed_s=f"{t + 0.4:.1f}", files=files,
                      skipped=len(skipped)))
    return "\n".join(lines)


# ---------------------------------------------------------------- sessions
def s1(d):
    with d.session("2026-10-12T01:40:00", R, branch="develop", version="2.1.128"):
        t = d.task("我刚从推荐组转过来接 kbqa，带我过一遍检索链路：一个问题进来之后 Milvus、ES、rerank 各自在哪、"
                   "参数在哪配", tags=["noise"])
        t.glob("kbqa/**/*.py", [P(x) for x in [
            "kbqa/__init__.py", "kbqa/api/main.py", "kbqa/api/routes/admin.py", "kbqa/api/routes/ask.py", "kbqa/cli.py",
            "kbqa/db/models.py", "kbqa/db/session.py", "kbqa/deps.py", "kbqa/embed/client.py", "kbqa/eval/compare.py",
            "kbqa/eval/metrics.py", "kbqa/eval/run.py", "kbqa/ingest/chunker.py", "kbqa/ingest/parsers/__init__.py",
            "kbqa/ingest/parsers/base.py", "kbqa/ingest/parsers/docx.py", "kbqa/ingest/parsers/pdf.py",
            "kbqa/ingest/parsers/xlsx.py", "kbqa/ingest/pipeline.py", "kbqa/ingest/runner.py", "kbqa/ingest/types.py",
            "kbqa/llm/client.py", "kbqa/llm/prompts.py", "kbqa/llm/query_rewrite.py", "kbqa/qa.py",
            "kbqa/rerank/client.py", "kbqa/retrieval/es_store.py", "kbqa/retrieval/milvus_store.py",
            "kbqa/retrieval/pipeline.py", "kbqa/retrieval/types.py", "kbqa/settings.py"]], path=R)
        t.read(SETTINGS)
        t.read(PIPELINE)
        t.read(MILVUS)
        t.read(ES_STORE)
        t.read(DEPS)
        t.read(CLI)
        t.done("""检索链路（`kbqa/qa.py` → `RetrievalPipeline.retrieve`）：

1. **query 改写**：多轮对话先过 `llm/query_rewrite.py`，用 Qwen2.5 把追问改写成独立问题
2. **dense 召回**：`retrieval/milvus_store.py`，pymilvus 2.4 的 `MilvusClient`，query 经 TEI（bge-m3，`tei_embed_url`）向量化，HNSW/IP，`ef=128`，取 `dense_top_k=50`
3. **关键词召回**：`retrieval/es_store.py`，ES 8 + IK，`multi_match`（`title^3`, `text`），取 `bm25_top_k=50`；索引结构在 `es/mappings/kb_chunks.json`（`dynamic: strict`，索引用 `ik_max_word`，查询用 `ik_smart` + 同义词）
4. **融合**：`pipeline.rrf_fuse`，RRF `k=60`，保留前 `fuse_keep=30`
5. **rerank**：`rerank/client.py` 调 TEI 的 bge-reranker-v2-m3，然后 `score >= 0.35` 过滤、取前 5 —— 这两个数是写死在 `pipeline.py` 里的
6. **生成**：`llm/client.py`，OpenAI 兼容接口连 gpu-a800-02 上的 vLLM（`qwen2.5-72b-instruct`）

**参数**都在 `kbqa/settings.py`（pydantic-settings，环境变量前缀 `KBQA_`，读 `.env`）：Milvus/ES/PG 地址、GPU 机上各服务地址、各路 top_k。注意本地 ES 也是 `https://localhost:9200`，走 `deploy/local/certs/http_ca.crt` 和 elastic 账号。

**组装**在 `kbqa/deps.py`；`kbqa/cli.py` 是调试入口：`kbqa ingest`（解析→切块→向量化→写 Milvus+ES）、`kbqa ask`、`kbqa milvus load/stats`。另外 `MilvusStore.create_collection` 故意不带 `index_params` 建表（否则 MilvusClient 会立刻 load），灌完数据要单独 load。""")

        t = d.task("rerank 之后取 top 5 现在是写死在 pipeline 里的，挪到 Settings 里，默认还是 5，能用环境变量改就行",
                   tags=["pref:P1"])
        t.edit(SETTINGS, "    fuse_keep: int = 30\n", "    fuse_keep: int = 30\n    rerank_top_n: int = 5\n")
        t.edit(PIPELINE, "        return [h for h in reranked if h.score >= 0.35][:5]\n",
               "        return [h for h in reranked if h.score >= 0.35][: settings.rerank_top_n]\n")
        t.bash("pdm run pytest tests/unit -q", "跑单元测试", out=pytest_ok(38, 3.12))
        t.bash("pdm run ruff check kbqa/settings.py kbqa/retrieval/pipeline.py", "ruff 检查改动文件", out="All checks passed!")
        t.done("""改好了：

- `settings.py` 新增 `rerank_top_n: int = 5`，可用 `KBQA_RERANK_TOP_N` 覆盖
- `pipeline.py` 里 `[:5]` 换成 `[: settings.rerank_top_n]`
- 单测 38 个全过，ruff 通过""")

        t = d.task("问个事，bge-m3 的 sparse 向量跟 ES 的 BM25 比有啥区别？我们已经有 ES 了，sparse 还值得存进 Milvus 吗",
                   tags=["no_tools"])
        t.done("""区别主要在"词的权重从哪来"：

- **BM25**：按 IK 分出来的词，用 TF-IDF 类统计算分，词表和分词器决定上限；"年假/年休假"这类同义、口语问法只能靠同义词表和词典补
- **bge-m3 sparse**：模型给每个 token 学一个权重（lexical weight），本质上也是词匹配，但权重是语义相关的——停用词、无关词权重接近 0，关键词权重高；用的是 XLM-R 的 subword 词表，不依赖 IK 分词，产品名被切碎的问题小很多

值不值得存：
1. 有 ES 的前提下 sparse 是**补充**不是替代：ES 还负责过滤、高亮、精确短语、运维可观测，这些 Milvus 做不了
2. 收益一般体现在 IK 切词差的地方（新产品名、中英混写、型号）和短 query 上，公开评测里 dense+sparse 比 dense 单路通常有几个点的 recall 提升，再叠 BM25 会小一些
3. 成本：每个 chunk 多存一个稀疏向量（bge-m3 平均几十到一百多个非零项），要多一路检索和一个 FlagEmbedding 服务

建议直接用离线评测说话：建个带 sparse 的新 collection，dense+sparse+BM25 三路 RRF 跟现在的 dense+BM25 比 recall@5 和分类别结果，涨得不明显就不上。""")


def s2(d):
    with d.session("2026-10-14T02:15:00", R, branch="feat/bge-m3-sparse", version="2.1.129"):
        t = d.task("chunker 现在是按 512 字符硬切的，经常把一句话切成两半。改成先按中文句末标点（。！？；）和换行切句，"
                   "再按 max_chars 拼 chunk，相邻 chunk 重叠最后一句。docstring 用中文写，组里都是中国人",
                   tags=["pref:P3", "oneoff:O1"])
        t.read(CHUNKER)
        t.grep("split_chunks", path=P("kbqa"), filenames=[CHUNKER, BASE, INGEST])
        t.read(T_CHUNKER)
        t.write(CHUNKER, '''"""文档切块：先按中文句末标点切句，再按字符预算拼成 chunk。"""
from __future__ import annotations

import re
from dataclasses import dataclass

_SENT_RE = re.compile(r"[^。！？；\\n]*[。！？；\\n]")


@dataclass
class TextSpan:
    text: str
    start: int
    end: int


def split_sentences(text: str) -> list[TextSpan]:
    """按 。！？； 和换行切句，保留标点，返回每句在原文中的位置。"""
    return [TextSpan(m.group(), m.start(), m.end()) for m in _SENT_RE.finditer(text) if m.group().strip()]


def split_chunks(text: str, max_chars: int = 512, overlap_sentences: int = 1) -> list[TextSpan]:
    """把句子按 max_chars 预算拼成 chunk，相邻 chunk 重叠最后 overlap_sentences 句。

    单句超过 max_chars 时单独成块，不在句中硬切。
    """
    sents = split_sentences(text)
    chunks: list[TextSpan] = []
    cur: list[TextSpan] = []
    for s in sents:
        if cur and sum(len(x.text) for x in cur) + len(s.text) > max_chars:
            chunks.append(_join(cur))
            cur = cur[-overlap_sentences:] if overlap_sentences else []
        cur.append(s)
    if cur:
        chunks.append(_join(cur))
    return chunks


def _join(sents: list[TextSpan]) -> TextSpan:
    return TextSpan("".join(s.text for s in sents), sents[0].start, sents[-1].end)
''')
        t.write(T_CHUNKER, '''from kbqa.ingest.chunker import split_chunks


def test_short_text_single_chunk() -> None:
    chunks = split_chunks("只有一句话。", max_chars=512)
    assert [c.text for c in chunks] == ["只有一句话。"]


def test_never_cuts_inside_sentence() -> None:
    text = "第一句话比较长一些。第二句！第三句？第四句；" * 20
    chunks = split_chunks(text, max_chars=60)
    assert all(c.text[-1] in "。！？；" for c in chunks)


def test_overlap_last_sentence() -> None:
    chunks = split_chunks("甲甲甲。乙乙乙。丙丙丙。", max_chars=8, overlap_sentences=1)
    assert [c.text for c in chunks] == ["甲甲甲。乙乙乙。", "乙乙乙。丙丙丙。"]


def test_long_sentence_kept_whole() -> None:
    text = "长" * 600 + "。短句。"
    chunks = split_chunks(text, max_chars=512)
    assert chunks[0].text == "长" * 600 + "。"


def test_tail_without_punctuation_kept() -> None:
    text = "第一条 总则。第二条 适用范围。附则 本制度自发布之日起施行"
    chunks = split_chunks(text, max_chars=16, overlap_sentences=1)
    assert chunks[-1].text.endswith("本制度自发布之日起施行")
''')
        t.fail("pdm run pytest tests/unit/test_chunker.py -q", "跑 chunker 单测", """....F                                                                    [100%]
=================================== FAILURES ===================================
______________________ test_tail_without_punctuation_kept ______________________

    def test_tail_without_punctuation_kept() -> None:
        text = "第一条 总则。第二条 适用范围。附则 本制度自发布之日起施行"
        chunks = split_chunks(text, max_chars=16, overlap_sentences=1)
>       assert chunks[-1].text.endswith("本制度自发布之日起施行")
E       AssertionError: assert False
E        +  where False = <built-in method endswith of str object at 0x7f3a1c2e9b70>('本制度自发布之日起施行')
E        +    where <built-in method endswith of str object at 0x7f3a1c2e9b70> = '第一条 总则。第二条 适用范围。'.endswith
E        +      where '第一条 总则。第二条 适用范围。' = TextSpan(text='第一条 总则。第二条 适用范围。', start=0, end=16).text

tests/unit/test_chunker.py:29: AssertionError
=========================== short test summary info ============================
FAILED tests/unit/test_chunker.py::test_tail_without_punctuation_kept - AssertionError: assert False
1 failed, 4 passed in 0.09s""")
        t.say("最后一段没有句末标点，`_SENT_RE` 要求每句以标点结尾，尾巴整段被丢了（制度文件的落款、附则经常这样）。正则改成允许以文本结尾：")
        t.edit(CHUNKER, '_SENT_RE = re.compile(r"[^。！？；\\n]*[。！？；\\n]")',
               '_SENT_RE = re.compile(r"[^。！？；\\n]+(?:[。！？；\\n]|$)")')
        t.bash("pdm run pytest tests/unit/test_chunker.py -q", "跑 chunker 单测", out=pytest_ok(5, 0.07))
        t.bash("pdm run pytest tests/unit -q", "跑全部单元测试", out=pytest_ok(41, 3.31))
        t.done("""chunker 已改成按句切：

- `split_sentences`：按 `。！？；` 和换行切句，保留标点和原文位置
- `split_chunks(text, max_chars=512, overlap_sentences=1)`：句子拼到 `max_chars` 上限，相邻 chunk 重叠最后一句；单句超长时整句单独成块，不再在句中截断
- docstring 都是中文

第一次跑单测挂了 1 个：结尾没有标点的最后一段被正则漏掉（比如"附则 本制度自发布之日起施行"），正则改成 `[^。！？；\\n]+(?:[。！？；\\n]|$)` 后 5 个测试全过，全量单测 41 个通过。

注意切块方式变了，chunk 边界和 chunk_id 都会变，现有 collection 要重灌才能用上。""")

        t = d.task("bge-m3 的 sparse 也用起来：Milvus 里加 sparse 字段（sparse 从 gpu 机 8090 那个 FlagEmbedding 服务拿），"
                   "建个 kb_chunks_v3 把 data/corpus 重灌一遍，然后跑离线评测跟 v2 的 baseline 比，看 hybird 能涨多少",
                   tags=["mistake:M1", "workflow:W1"])
        t.read(MILVUS)
        t.read(INGEST)
        t.read(DEPS)
        t.read(PIPELINE)
        t.write(SPARSE, '''"""Client for the bge-m3 sparse (lexical weight) service on gpu-a800-02 (FlagEmbedding BGEM3FlagModel)."""
from __future__ import annotations

import httpx

from kbqa.settings import settings


class SparseClient:
    def __init__(self, base_url: str | None = None, timeout: float = 30.0) -> None:
        self.http = httpx.Client(base_url=base_url or settings.m3_sparse_url, timeout=timeout)

    def encode(self, texts: list[str]) -> list[dict[int, float]]:
        resp = self.http.post("/encode_sparse", json={"texts": texts})
        resp.raise_for_status()
        return [{int(k): float(v) for k, v in item.items()} for item in resp.json()["lexical_weights"]]
''')
        t.edit(MILVUS, "from kbqa.embed.client import EmbedClient\n",
               "from kbqa.embed.client import EmbedClient\nfrom kbqa.embed.sparse import SparseClient\n")
        t.edit(MILVUS, """    def __init__(self, embed: EmbedClient, collection: str | None = None) -> None:
        self.client = MilvusClient(uri=settings.milvus_uri)
        self.collection = collection or settings.milvus_collection
        self.embed = embed
""", """    def __init__(
        self, embed: EmbedClient, collection: str | None = None, sparse: SparseClient | None = None
    ) -> None:
        self.client = MilvusClient(uri=settings.milvus_uri)
        self.collection = collection or settings.milvus_collection
        self.embed = embed
        self.sparse = sparse or SparseClient()
""")
        t.edit(MILVUS, '        schema.add_field("dense", DataType.FLOAT_VECTOR, dim=dim)\n',
               '        schema.add_field("dense", DataType.FLOAT_VECTOR, dim=dim)\n'
               '        schema.add_field("sparse", DataType.SPARSE_FLOAT_VECTOR)\n')
        t.edit(MILVUS, """params={"M": 16, "efConstruction": 200})
        self.client.create_index(name, index)""", """params={"M": 16, "efConstruction": 200})
        index.add_index(
            "sparse", index_type="SPARSE_INVERTED_INDEX", metric_type="IP", params={"drop_ratio_build": 0.2}
        )
        self.client.create_index(name, index)""")
        t.edit(MILVUS, """    def insert(self, chunks: list[Chunk], vectors: list[list[float]]) -> int:
        rows = [{**c.to_milvus(), "dense": v} for c, v in zip(chunks, vectors, strict=True)]
""", """    def insert(
        self, chunks: list[Chunk], vectors: list[list[float]], sparse: list[dict[int, float]] | None = None
    ) -> int:
        rows = [{**c.to_milvus(), "dense": v} for c, v in zip(chunks, vectors, strict=True)]
        if sparse is not None:
            for row, sv in zip(rows, sparse, strict=True):
                row["sparse"] = sv
""")
        t.edit(MILVUS, """        return [Hit.from_milvus(r, source="dense") for r in res[0]]
""", """        return [Hit.from_milvus(r, source="dense") for r in res[0]]

    def search_sparse(self, query: str, kb: str, top_k: int, filters: dict[str, Any] | None = None) -> list[Hit]:
        vec = self.sparse.encode([query])[0]
        res = self.client.search(
            self.collection,
            data=[vec],
            anns_field="sparse",
            limit=top_k,
            filter=self._expr(kb, filters),
            output_fields=OUTPUT_FIELDS,
            search_params={"metric_type": "IP", "params": {"drop_ratio_search": 0.2}},
        )
        return [Hit.from_milvus(r, source="sparse") for r in res[0]]
""")
        t.edit(INGEST, "from kbqa.embed.client import EmbedClient\n",
               "from kbqa.embed.client import EmbedClient\nfrom kbqa.embed.sparse import SparseClient\n")
        t.edit(INGEST, """    def __init__(self, embed: EmbedClient, milvus: MilvusStore, es: EsStore) -> None:
        self.embed = embed
        self.milvus = milvus
        self.es = es
""", """    def __init__(
        self, embed: EmbedClient, milvus: MilvusStore, es: EsStore, sparse: SparseClient | None = None
    ) -> None:
        self.embed = embed
        self.milvus = milvus
        self.es = es
        self.sparse = sparse
""")
        t.edit(INGEST, """        vectors = self.embed.embed_documents(texts)
        self.milvus.insert(chunks, vectors)
""", """        vectors = self.embed.embed_documents(texts)
        sparse = self.sparse.encode(texts) if self.sparse else None
        self.milvus.insert(chunks, vectors, sparse)
""")
        t.edit(DEPS, "from kbqa.embed.client import EmbedClient\n",
               "from kbqa.embed.client import EmbedClient\nfrom kbqa.embed.sparse import SparseClient\n")
        t.edit(DEPS, "    return RetrievalPipeline(MilvusStore(embed, collection), EsStore(es_index), RerankClient())\n",
               "    milvus = MilvusStore(embed, collection, sparse=SparseClient())\n"
               "    return RetrievalPipeline(milvus, EsStore(es_index), RerankClient())\n")
        t.edit(DEPS, """    milvus = MilvusStore(embed, collection)
    es = EsStore(es_index)
    return IngestRunner(IngestPipeline(embed, milvus, es), create=create, es_only=es_only)""",
               """    sparse = SparseClient()
    milvus = MilvusStore(embed, collection, sparse=sparse)
    es = EsStore(es_index)
    return IngestRunner(IngestPipeline(embed, milvus, es, sparse=sparse), create=create, es_only=es_only)""")
        t.edit(PIPELINE, '"""Hybrid retrieval: Milvus dense + ES BM25 -> RRF -> rerank."""',
               '"""Hybrid retrieval: Milvus dense + sparse, ES BM25 -> RRF -> rerank."""')
        t.edit(PIPELINE, """        bm25 = self.es.search_bm25(query, kb=kb, top_k=settings.bm25_top_k, filters=filters)
        fused = rrf_fuse([dense, bm25], k=settings.rrf_k)[: settings.fuse_keep]""",
               """        sparse = self.milvus.search_sparse(query, kb=kb, top_k=settings.sparse_top_k, filters=filters)
        bm25 = self.es.search_bm25(query, kb=kb, top_k=settings.bm25_top_k, filters=filters)
        fused = rrf_fuse([dense, sparse, bm25], k=settings.rrf_k)[: settings.fuse_keep]""")
        t.read(SETTINGS)
        t.edit(SETTINGS, "    dense_top_k: int = 50\n", "    dense_top_k: int = 50\n    sparse_top_k: int = 50\n")
        t.bash("pdm run pytest tests/unit -q", "跑单元测试", out=pytest_ok(41, 3.28))
        t.bash(f"ssh {GPU} 'curl -s localhost:8090/encode_sparse -H \"Content-Type: application/json\" "
               "-d \"{\\\"texts\\\": [\\\"年假怎么请\\\"]}\"'", "确认 sparse 服务可用",
               out='{"lexical_weights":[{"6":0.0213,"36399":0.2771,"27286":0.2415,"38741":0.1897}]}')
        t.bash("pdm run kbqa ingest data/corpus --collection kb_chunks_v3 --es-index kb_chunks_v3 --create",
               "灌数据到新 collection kb_chunks_v3",
               out=ingest_out(d, "kb_chunks_v3", "kb_chunks_v3", 286, 18204,
                              skipped=[(260, "data/corpus/it/机房巡检记录表_扫描件.pdf")]), timeout=1800000)
        cmd = (f"pdm run python -m kbqa.eval.run --dataset {GOLDEN} --collection kb_chunks_v3 --es-index kb_chunks_v3 "
               "--out reports/eval_20261014_v3_hybrid.json")
        entry = [
            '  File "<frozen runpy>", line 198, in _run_module_as_main',
            '  File "<frozen runpy>", line 88, in _run_code',
            f'  File "{R}/kbqa/eval/run.py", line 141, in <module>',
            "    main()",
            f'  File "{R}/kbqa/eval/run.py", line 112, in main',
            "    hits = pipeline.retrieve(q.query, kb=q.kb)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ]
        frames = [
            f'  File "{R}/kbqa/retrieval/pipeline.py", line 32, in retrieve',
            "    dense = self.milvus.search_dense(query, kb=kb, top_k=settings.dense_top_k, filters=filters)",
            "            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{R}/kbqa/retrieval/milvus_store.py", line 67, in search_dense',
            "    res = self.client.search(",
            "          ^^^^^^^^^^^^^^^^^^^",
        ]
        t.fail(cmd, "跑离线评测（v3 hybrid）",
               eval_head("kb_chunks_v3", "kb_chunks_v3") + "\n" + milvus_tb(d, "search", entry, frames, "453120778512360451"))
        t.say("新建的 kb_chunks_v3 只建了索引、还没 load（`create_collection` 故意不带 `index_params`，灌库期间不占 querynode 内存），"
              "所以搜索直接报 collection not loaded。先 load 再跑：")
        t.bash("pdm run kbqa milvus load kb_chunks_v3", "load kb_chunks_v3",
               out="loading kb_chunks_v3 (replica_number=1) ...\nkb_chunks_v3: Loaded (rows=18204, replicas=1) in 6.8s")
        t.bash(cmd, "跑离线评测（v3 hybrid）",
               out=eval_ok("kb_chunks_v3", "kb_chunks_v3", V3, "reports/eval_20261014_v3_hybrid.json", 118.6),
               timeout=1200000)
        t.bash("pdm run python -m kbqa.eval.compare reports/baseline_v2.json reports/eval_20261014_v3_hybrid.json",
               "和 v2 baseline 对比",
               out=compare_out("baseline(v2)", "v3_hybrid", V2, V3, [0.823, 0.784, 0.803, 0.794, 0.800],
                               [0.854, 0.852, 0.831, 0.863, 0.818], "reports/diff_v2_vs_v3_hybrid.tsv", 41, 13))
        t.done("""v3（dense + sparse + BM25 三路 RRF）比 v2 baseline（dense + BM25）整体提升明显：

| 指标 | v2 | v3 | 变化 |
|---|---|---|---|
| recall@5 | 0.801 | 0.847 | +4.6 pt |
| recall@10 | 0.872 | 0.905 | +3.3 pt |
| MRR@10 | 0.688 | 0.721 | +3.3 pt |
| nDCG@10 | 0.727 | 0.764 | +3.7 pt |
| answer_hit（LLM 判） | 0.763 | 0.791 | +2.8 pt |

**分类别看（recall@5）**
- 涨得最多的是 `product_doc`（+6.9）和 `it_support`（+6.8）：这两类问题里产品名、型号、英文缩写多，IK 切得碎，sparse 按 subword 权重匹配正好补上
- `hr_policy` +3.1、`finance` +2.8：这两类本来 BM25 + 同义词就不错
- `legal` 只 +1.8：法务条款长、问题也长，主要靠 dense

**逐条看**：41 条变好、13 条变差，明细在 `reports/diff_v2_vs_v3_hybrid.tsv`。变差的大多是 sparse 把"通用词多"的长 chunk 排上来挤掉了正确答案，可以后面试试给三路不同的 top_k 或者 RRF 加权。

**改动**
- `embed/sparse.py`：调 gpu-a800-02:8090 的 FlagEmbedding 服务拿 lexical weights
- `milvus_store.py`：schema 加 `sparse`（`SPARSE_FLOAT_VECTOR`，`SPARSE_INVERTED_INDEX`，`drop_ratio_build=0.2`），新增 `search_sparse`，`insert` 带上稀疏向量
- `ingest/pipeline.py`、`deps.py`：接上 `SparseClient`；`pipeline.py` 三路融合；`settings.sparse_top_k=50`

**过程中的一个问题**：新 collection 灌完直接跑评测报 `collection not loaded`，`kbqa milvus load kb_chunks_v3` 之后正常（18204 行，6.8s）。另外灌库时跳过了 1 个扫描件（`机房巡检记录表_扫描件.pdf`，没有文字层）。

**成本**：评测 412 条耗时 118.6s，比 v2 多一次 sparse 编码和一路检索，单 query 多约 40ms。""")

        t = d.task("fetch 下 develop，看看这周别人都合了些啥", tags=["flaky:F1", "noise", "long_output"])
        t.fail("git fetch origin", "拉取远端",
               f"fatal: unable to access '{REPO_URL}.git/': Failed to connect to {GITLAB} port 443 after 21043 ms: "
               "Couldn't connect to server", code=128)
        t.bash("git fetch origin", "拉取远端",
               err=f"From {REPO_URL}\n   8c1f2e4..b7d9a03  develop    -> origin/develop\n"
                   " * [new branch]      feat/xlsx-merged-cells -> origin/feat/xlsx-merged-cells\n"
                   " * [new branch]      fix/sse-heartbeat -> origin/fix/sse-heartbeat")
        log = """b7d9a03 2026-10-13 刘畅      ci: staging 部署 job 改用 harbor robot 账号拉镜像
a41e9c2 2026-10-13 陈嘉怡    feat(api): /ask 流式返回加 SSE 心跳，15s 一次 (!138)
6d02f7b 2026-10-13 陈嘉怡    fix(api): 客户端断开后取消生成请求
f3c8a15 2026-10-12 王浩      feat(ingest): pptx 解析，按幻灯片分页 (!137)
0e7b4d9 2026-10-12 王浩      test(ingest): pptx fixtures
92ab3e1 2026-10-11 刘畅      chore(deploy): staging milvus querynode 内存 16Gi -> 32Gi
c5d1f08 2026-10-11 李文博    chore: eval 报告加 per-category 表
7f40c6a 2026-10-10 李文博    feat(rerank): TEI 超时 3s + 降级为 RRF 结果 (!135)
1b9e3d2 2026-10-10 李文博    test(rerank): respx mock TEI
e83a7c0 2026-10-10 王浩      fix(parsers): docx 表格单元格合并时重复文本
58c2f94 2026-10-09 陈嘉怡    feat(api): 引用里返回页码和高亮片段 (!134)
d07a6b1 2026-10-09 陈嘉怡    refactor(api): ask 路由拆 service 层
4be19f3 2026-10-09 刘畅      chore(deps): pymilvus 2.4.8 -> 2.4.9
aa2c7e5 2026-10-08 李文博    feat(llm): 生成 prompt 加"不知道就说不知道"约束
3f61d80 2026-10-08 李文博    eval: golden_v2 新增 legal 类 55 条
c9e0b24 2026-10-08 王浩      fix(ingest): 文件名带空格时 doc_id 不稳定
71d5a3e 2026-10-08 刘畅      ci: mypy 加到 MR pipeline
e2f4c87 2026-10-07 陈嘉怡    feat(admin): 知识库文档列表分页
0a9b6f1 2026-10-07 陈嘉怡    fix(admin): 删除文档时同步删 ES / Milvus
5d3c2e9 2026-10-07 李文博    perf(retrieval): dense 检索 ef 64 -> 128
8c1f2e4 2026-10-07 刘畅      chore: ruff 0.6.9，开 SIM/UP 规则"""
        t.bash("git log --no-merges --date=short --format='%h %ad %<(8)%an %s' origin/develop --since=2026-10-07",
               "看这周 develop 上的提交", out=log)
        t.done("""develop 这周（10-07 起）合了 21 个非 merge 提交，按人归一下：

- **陈嘉怡（API）**：`/ask` 流式返回加 SSE 心跳（15s）、客户端断开后取消生成；引用里返回页码和高亮片段；ask 路由拆出 service 层；管理端文档列表分页，删文档同步删 ES/Milvus
- **王浩（解析）**：新增 pptx 解析（按幻灯片分页）；docx 合并单元格重复文本修复；文件名带空格时 doc_id 不稳定的修复
- **李文博（rerank/LLM/评测）**：TEI rerank 3s 超时 + 降级为 RRF 结果；生成 prompt 加"不知道就说不知道"；dense `ef` 64→128；golden_v2 新增 55 条 legal；eval 报告加了 per-category 表
- **刘畅（运维/CI）**：staging 部署改用 harbor robot 账号；staging querynode 内存 16Gi→32Gi；pymilvus 2.4.9；MR pipeline 加 mypy；ruff 0.6.9 开了 SIM/UP

和你当前分支（sparse）相关的：pymilvus 已经是 2.4.9，`ef=128` 也已在 develop 上；rerank 降级逻辑会影响评测时 TEI 超时的表现，rebase 后评测前留意一下。另外远端新开了 `feat/xlsx-merged-cells` 和 `fix/sse-heartbeat` 两个分支。第一次 fetch 连不上 GitLab（21s 超时），重试一次就好了。""")


def s3(d):
    with d.session("2026-10-16T06:05:00", R, branch="feat/doc-type-filter", version="2.1.130"):
        t = d.task("chunk 加个 doc_type 字段（pdf/docx/xlsx/pptx，按扩展名来），ES 和 Milvus 都存上，检索支持按 doc_type 过滤。"
                   "ES 集成测试跑一下", tags=["mistake:M2"])
        t.read(TYPES)
        t.edit(TYPES, "    page: int | None = None\n", "    page: int | None = None\n    doc_type: str = \"unknown\"\n")
        t.edit(TYPES, '            "page": self.page,\n', '            "page": self.page,\n            "doc_type": self.doc_type,\n')
        t.edit(TYPES, '            "text": self.text,\n        }\n',
               '            "text": self.text,\n            "doc_type": self.doc_type,\n        }\n')
        t.read(INGEST)
        t.edit(INGEST, "                page=span.page,\n",
               "                page=span.page,\n                doc_type=path.suffix.lstrip(\".\").lower(),\n")
        t.read(MILVUS)
        t.edit(MILVUS, '        schema.add_field("text", DataType.VARCHAR, max_length=8192)\n',
               '        schema.add_field("text", DataType.VARCHAR, max_length=8192)\n'
               '        schema.add_field("doc_type", DataType.VARCHAR, max_length=16)\n')
        t.read(ES_STORE)
        t.read(T_ES)
        t.edit(T_ES, "    assert n == 20\n", """    assert n == 20


def test_doc_type_filter(store: EsStore) -> None:
    store.upsert_chunk(make_chunk(3, "差旅报销标准见附表", kb="finance", doc_type="xlsx"))
    store.upsert_chunk(make_chunk(4, "差旅报销流程说明", kb="finance", doc_type="pdf"))
    hits = store.search_bm25("差旅报销", kb="finance", top_k=5, filters={"doc_type": "xlsx"})
    assert [h.chunk_id for h in hits] == ["c3"]
""")
        es_client = f"{VENV}/elasticsearch/_sync/client"
        reason = "mapping set to strict, dynamic introduction of [doc_type] within [_doc] is not allowed"
        bre = lambda pos: f"elasticsearch.BadRequestError: BadRequestError(400, '{SIG2}', '[1:{pos}] {reason}')"  # noqa: E731
        bulk_err = ("kbqa.retrieval.es_store.IndexingError: 20 chunk(s) failed to index, first error: "
                    f"{{'type': '{SIG2}', 'reason': '[1:118] {reason}'}}")
        t.fail("pdm run pytest tests/integration/test_es_store.py -q", "跑 ES 集成测试", f"""FFFF                                                                     [100%]
=================================== FAILURES ===================================
____________________________ test_upsert_and_search ____________________________

store = <kbqa.retrieval.es_store.EsStore object at 0x7f2d5c3a1e90>

    def test_upsert_and_search(store: EsStore) -> None:
>       store.upsert_chunk(make_chunk(1, "VPN 客户端安装后无法连接，请检查证书是否过期"))

tests/integration/test_es_store.py:26: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
kbqa/retrieval/es_store.py:38: in upsert_chunk
    self.es.index(index=self.index, id=chunk.chunk_id, document=chunk.to_es(), refresh="wait_for")
.venv/lib/python3.11/site-packages/elasticsearch/_sync/client/utils.py:455: in wrapped
    return api(*args, **kwargs)
.venv/lib/python3.11/site-packages/elasticsearch/_sync/client/__init__.py:2407: in index
    return self.perform_request(  # type: ignore[return-value]
.venv/lib/python3.11/site-packages/elasticsearch/_sync/client/_base.py:271: in perform_request
    response = self._perform_request(
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = <Elasticsearch(['https://localhost:9200'])>, method = 'PUT'
path = '/kb_chunks_test_3f9a21c7/_doc/c1'
params = {{'refresh': 'wait_for'}}
headers = {{'accept': 'application/vnd.elasticsearch+json; compatible-with=8', 'content-type': 'application/vnd.elasticsearch+json; compatible-with=8'}}
body = {{'chunk_id': 'c1', 'doc_id': 'd1', 'doc_type': 'unknown', 'kb': 'it', ...}}

    def _perform_request(
        self,
        method: str,
        path: str,
        *,
        params: Optional[Mapping[str, Any]] = None,
        headers: Optional[Mapping[str, str]] = None,
        body: Optional[Any] = None,
        otel_span: OpenTelemetrySpan,
    ) -> ApiResponse[Any]:
        ...
            if meta.status in (401, 403) or ...:
                ...
>           raise HTTP_EXCEPTIONS.get(meta.status, ApiError)(
                message=message, meta=meta, body=resp_body
            )
E           {bre(153)}

.venv/lib/python3.11/site-packages/elasticsearch/_sync/client/_base.py:352: BadRequestError
________________________________ test_kb_filter ________________________________
tests/integration/test_es_store.py:32: in test_kb_filter
    store.upsert_chunk(make_chunk(2, "报销单需要部门负责人审批", kb="finance"))
kbqa/retrieval/es_store.py:38: in upsert_chunk
    self.es.index(index=self.index, id=chunk.chunk_id, document=chunk.to_es(), refresh="wait_for")
.venv/lib/python3.11/site-packages/elasticsearch/_sync/client/_base.py:352: in _perform_request
    raise HTTP_EXCEPTIONS.get(meta.status, ApiError)(
E   {bre(139)}
_______________________________ test_bulk_index ________________________________
tests/integration/test_es_store.py:38: in test_bulk_index
    n = store.index_chunks([make_chunk(10 + i, f"第{{i}}条 测试内容") for i in range(20)])
kbqa/retrieval/es_store.py:46: in index_chunks
    raise IndexingError(f"{{len(e.errors)}} chunk(s) failed to index, first error: {{first}}") from e
E   {bulk_err}
_____________________________ test_doc_type_filter _____________________________
tests/integration/test_es_store.py:43: in test_doc_type_filter
    store.upsert_chunk(make_chunk(3, "差旅报销标准见附表", kb="finance", doc_type="xlsx"))
kbqa/retrieval/es_store.py:38: in upsert_chunk
    self.es.index(index=self.index, id=chunk.chunk_id, document=chunk.to_es(), refresh="wait_for")
.venv/lib/python3.11/site-packages/elasticsearch/_sync/client/_base.py:352: in _perform_request
    raise HTTP_EXCEPTIONS.get(meta.status, ApiError)(
E   {bre(147)}
=========================== short test summary info ============================
FAILED tests/integration/test_es_store.py::test_upsert_and_search - {bre(153)}
FAILED tests/integration/test_es_store.py::test_kb_filter - {bre(139)}
FAILED tests/integration/test_es_store.py::test_bulk_index - {bulk_err}
FAILED tests/integration/test_es_store.py::test_doc_type_filter - {bre(147)}
4 failed in 2.41s""")
        t.say("索引 mapping 是 `dynamic: strict`，测试用的临时索引按 `es/mappings/kb_chunks.json` 建，新字段 `doc_type` 没声明就写不进去。"
              "在 mapping 里加上（keyword，用来做 term 过滤）：")
        t.read(MAPPING)
        t.edit(MAPPING, '      "page": {"type": "integer"},\n',
               '      "page": {"type": "integer"},\n      "doc_type": {"type": "keyword"},\n')
        t.bash("pdm run pytest tests/integration/test_es_store.py -q", "跑 ES 集成测试", out=pytest_ok(4, 2.18))
        t.bash("pdm run pytest tests/unit -q", "跑单元测试", out=pytest_ok(41, 3.35))
        t.done("""`doc_type` 已加上：

- `Chunk.doc_type`（默认 `unknown`），ingest 时按扩展名填（`pdf`/`docx`/`xlsx`/`pptx`），`to_es` / `to_milvus` 都带上
- ES 检索的 `filters` 本来就是通用 term 过滤，`filters={"doc_type": "xlsx"}` 直接可用，加了集成测试 `test_doc_type_filter`
- Milvus schema 加了 `doc_type`（VARCHAR 16），`_expr` 也是通用的

ES 集成测试第一次 4 个全挂：`strict_dynamic_mapping_exception`，mapping 是 strict 的，新字段没声明。`es/mappings/kb_chunks.json` 加了 `"doc_type": {"type": "keyword"}` 后 4 个全过，单测 41 个也过。

注意：现有的 `kb_chunks_v3`（ES 和 Milvus）是按旧结构建的，没有这个字段，要按 doc_type 过滤得重灌，或者 ES 侧先 `PUT _mapping` 加字段再 update_by_query 回填。""")

        t = d.task("documents 表加个解析状态 status（pending/parsed/failed，默认 pending）和 parsed_at，先把表结构和 migration 搞定，"
                   "migration 老流程：autogenerate、upgrade、downgrade 再 upgrade 验一遍", tags=["workflow:W3", "oneoff:O2"])
        t.read(MODELS)
        t.edit(MODELS, "from datetime import datetime\n", "import enum\nfrom datetime import datetime\n")
        t.edit(MODELS, "from sqlalchemy import DateTime, ForeignKey, Integer, String, func\n",
               "from sqlalchemy import DateTime, Enum, ForeignKey, Integer, String, func\n")
        t.edit(MODELS, """class Base(DeclarativeBase):
    pass
""", """class Base(DeclarativeBase):
    pass


class DocStatus(enum.Enum):
    pending = "pending"
    parsed = "parsed"
    failed = "failed"
""")
        t.edit(MODELS, '    acl: Mapped[list[str]] = mapped_column(JSONB, server_default="[]")\n',
               '    acl: Mapped[list[str]] = mapped_column(JSONB, server_default="[]")\n'
               '    status: Mapped[DocStatus] = mapped_column(\n'
               '        Enum(DocStatus, name="doc_status"), server_default=DocStatus.pending.value\n'
               '    )\n'
               '    parsed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))\n')
        mig = P(f"{MIG_DIR}/20261016_c4f2a81e6b07_documents_status.py")
        t.bash('pdm run alembic revision --autogenerate -m "documents status"', "生成 migration",
               out=alembic_head() + "\nINFO  [alembic.autogenerate.compare] Detected added column 'documents.status'\n"
                   "INFO  [alembic.autogenerate.compare] Detected added column 'documents.parsed_at'\n"
                   f"  Generating {mig} ...  done")
        d.files[mig] = '''"""documents status

Revision ID: c4f2a81e6b07
Revises: 5b1e0c7a2d93
Create Date: 2026-10-16 14:13:37.402115

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = 'c4f2a81e6b07'
down_revision: Union[str, None] = '5b1e0c7a2d93'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.add_column('documents', sa.Column('status', sa.Enum('pending', 'parsed', 'failed', name='doc_status'), server_default='pending', nullable=False))
    op.add_column('documents', sa.Column('parsed_at', sa.DateTime(timezone=True), nullable=True))
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_column('documents', 'parsed_at')
    op.drop_column('documents', 'status')
    # ### end Alembic commands ###
'''
        t.read(mig)
        sql = "ALTER TABLE documents ADD COLUMN status doc_status DEFAULT 'pending' NOT NULL"
        t.fail("pdm run alembic upgrade head", "执行 migration", alembic_head() + f"""
INFO  [alembic.runtime.migration] Running upgrade 5b1e0c7a2d93 -> c4f2a81e6b07, documents status
Traceback (most recent call last):
  File "{VENV}/sqlalchemy/engine/base.py", line 1967, in _exec_single_context
    self.dialect.do_execute(
  File "{VENV}/sqlalchemy/engine/default.py", line 941, in do_execute
    cursor.execute(statement, parameters)
  File "{VENV}/psycopg/cursor.py", line 97, in execute
    raise ex.with_traceback(None)
psycopg.errors.UndefinedObject: type "doc_status" does not exist
LINE 1: ALTER TABLE documents ADD COLUMN status doc_status DEFAULT '...
                                                ^

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "{R}/.venv/bin/alembic", line 8, in <module>
    sys.exit(main())
             ^^^^^^
  File "{VENV}/alembic/config.py", line 636, in main
    CommandLine(prog=prog).main(argv=argv)
  File "{VENV}/alembic/config.py", line 626, in main
    self.run_cmd(cfg, options)
  File "{VENV}/alembic/config.py", line 603, in run_cmd
    fn(
  File "{VENV}/alembic/command.py", line 406, in upgrade
    script.run_env()
  File "{VENV}/alembic/script/base.py", line 586, in run_env
    util.load_python_file(self.dir, "env.py")
  File "{VENV}/alembic/util/pyfiles.py", line 95, in load_python_file
    module = load_module_py(module_id, path)
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{R}/migrations/env.py", line 71, in <module>
    run_migrations_online()
  File "{R}/migrations/env.py", line 65, in run_migrations_online
    context.run_migrations()
  File "{VENV}/alembic/runtime/migration.py", line 623, in run_migrations
    step.migration_fn(**kw)
  File "{mig}", line 24, in upgrade
    op.add_column('documents', sa.Column('status', sa.Enum('pending', 'parsed', 'failed', name='doc_status'), server_default='pending', nullable=False))
  File "<string>", line 8, in add_column
  File "{VENV}/alembic/operations/ops.py", line 2063, in add_column
    return operations.invoke(op)
           ^^^^^^^^^^^^^^^^^^^^^
  File "{VENV}/sqlalchemy/engine/default.py", line 941, in do_execute
    cursor.execute(statement, parameters)
  File "{VENV}/psycopg/cursor.py", line 97, in execute
    raise ex.with_traceback(None)
sqlalchemy.exc.ProgrammingError: (psycopg.errors.UndefinedObject) type "doc_status" does not exist
LINE 1: ALTER TABLE documents ADD COLUMN status doc_status DEFAULT '...
                                                ^
[SQL: {sql}]
(Background on this error at: https://sqlalche.me/e/20/f405)""")
        t.say("Alembic 的 `add_column` 不会替 PostgreSQL 建 enum 类型（只有 `create_table` 会），autogenerate 的结果要手动补 "
              "`CREATE TYPE`，downgrade 里也要把类型删掉。事务是回滚了的，直接改脚本重跑：")
        t.edit(mig, "from alembic import op\nimport sqlalchemy as sa\n",
               "from alembic import op\nimport sqlalchemy as sa\nfrom sqlalchemy.dialects import postgresql\n")
        t.edit(mig, """    op.add_column('documents', sa.Column('status', sa.Enum('pending', 'parsed', 'failed', name='doc_status'), server_default='pending', nullable=False))""",
               """    doc_status = postgresql.ENUM('pending', 'parsed', 'failed', name='doc_status')
    doc_status.create(op.get_bind(), checkfirst=True)
    op.add_column('documents', sa.Column('status', doc_status, server_default='pending', nullable=False))""")
        t.edit(mig, """    op.drop_column('documents', 'status')
    # ### end Alembic commands ###""", """    op.drop_column('documents', 'status')
    postgresql.ENUM(name='doc_status').drop(op.get_bind(), checkfirst=True)
    # ### end Alembic commands ###""")
        t.bash("pdm run alembic upgrade head", "执行 migration",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running upgrade 5b1e0c7a2d93 -> c4f2a81e6b07, documents status")
        t.bash("pdm run alembic downgrade -1", "回滚一步验证 downgrade",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running downgrade c4f2a81e6b07 -> 5b1e0c7a2d93, documents status")
        t.bash("pdm run alembic upgrade head && pdm run alembic current", "再升级到 head",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running upgrade 5b1e0c7a2d93 -> c4f2a81e6b07, documents status\n"
                   + alembic_head() + "\nc4f2a81e6b07 (head)")
        t.bash("docker compose -f deploy/local/docker-compose.yml exec -T postgres psql -U kbqa -d kbqa -c '\\d documents'",
               "确认表结构", out="""                                     Table "public.documents"
   Column   |           Type           | Collation | Nullable |                Default                
------------+--------------------------+-----------+----------+---------------------------------------
 id         | integer                  |           | not null | nextval('documents_id_seq'::regclass)
 kb_id      | integer                  |           | not null | 
 doc_id     | character varying(64)    |           | not null | 
 filename   | character varying(512)   |           | not null | 
 sha256     | character varying(64)    |           | not null | 
 acl        | jsonb                    |           | not null | '[]'::jsonb
 created_at | timestamp with time zone |           | not null | now()
 status     | doc_status               |           | not null | 'pending'::doc_status
 parsed_at  | timestamp with time zone |           |          | 
Indexes:
    "documents_pkey" PRIMARY KEY, btree (id)
    "documents_doc_id_key" UNIQUE CONSTRAINT, btree (doc_id)
Foreign-key constraints:
    "documents_kb_id_fkey" FOREIGN KEY (kb_id) REFERENCES knowledge_bases(id)""")
        t.done("""表结构和 migration 好了：

- `models.py`：`DocStatus` 枚举（pending/parsed/failed），`Document.status`（PG enum `doc_status`，默认 `pending`）和 `parsed_at`
- migration `c4f2a81e6b07_documents_status.py`

第一次 `upgrade` 报 `type "doc_status" does not exist`：autogenerate 对已有表 `add_column` 不会生成 `CREATE TYPE`。脚本里补了 `postgresql.ENUM(...).create(checkfirst=True)`，downgrade 里对应 drop 类型。之后 upgrade → downgrade -1 → upgrade 都通过，`\\d documents` 确认新列和默认值正确。""")

        t = d.task("这俩改动一起提个 MR 到 develop。ruff mypy pytest 都过了再推", tags=["workflow:W2"])
        t.bash("pdm run ruff check . && pdm run ruff format --check .", "ruff 检查和格式",
               out="All checks passed!\n67 files already formatted")
        t.bash("pdm run mypy kbqa", "类型检查", out="Success: no issues found in 45 source files")
        t.bash("pdm run pytest -q", "全量测试", out=pytest_ok(50, 14.62), timeout=600000)
        t.bash("git status --short", "看改动", out=""" M es/mappings/kb_chunks.json
 M kbqa/db/models.py
 M kbqa/ingest/pipeline.py
 M kbqa/ingest/types.py
 M kbqa/retrieval/milvus_store.py
 M tests/integration/test_es_store.py
?? migrations/versions/20261016_c4f2a81e6b07_documents_status.py""")
        t.bash('git add -A && git commit -m "feat: chunk 增加 doc_type 过滤，documents 增加解析状态" '
               '-m "- doc_type 按扩展名写入 ES / Milvus，检索 filters 支持 doc_type" '
               '-m "- documents.status (pending/parsed/failed) + parsed_at，migration c4f2a81e6b07"',
               "提交", out=commit_out("feat/doc-type-filter", "feat: chunk 增加 doc_type 过滤，documents 增加解析状态", 7, 61, 3,
                                      creates=["migrations/versions/20261016_c4f2a81e6b07_documents_status.py"]))
        t.bash("git push -u origin feat/doc-type-filter", "推送分支", err=push_out("feat/doc-type-filter", 18))
        t.bash('glab mr create --source-branch feat/doc-type-filter --target-branch develop '
               '--title "feat: chunk 增加 doc_type 过滤，documents 增加解析状态" '
               '--description "- chunk 增加 doc_type（按扩展名），ES mapping 同步增加字段；检索 filters 支持 doc_type\n'
               '- documents 增加 status / parsed_at，migration 手动补了 enum 类型的创建和删除\n'
               '- 测试：ruff / mypy / pytest 全过（50 passed）\n\n注意：现有 v3 索引没有 doc_type，过滤需要重灌" '
               '--remove-source-branch --yes', "创建 MR",
               out=mr_out("feat/doc-type-filter", 142, "feat: chunk 增加 doc_type 过滤，documents 增加解析状态"))
        t.done(f"""MR 已创建：{REPO_URL}/-/merge_requests/142

- ruff check / format、mypy（45 个文件）、pytest 全量 50 个都通过
- 一个提交，包含 doc_type 和 documents 解析状态两部分，描述里写了 v3 索引需要重灌""")


def s4(d):
    with d.session("2026-10-19T01:50:00", R, branch="feat/ik-dict", version="2.1.131", permission_mode="acceptEdits"):
        t = d.task("IK 把'知澜云枢'切得稀碎（知/澜/云/枢），搜产品名召回一堆噪音。先在本地 ES 上 _analyze 看下 ik_max_word 和 "
                   "ik_smart 到底怎么切的，再把我们的产品名加进 IK 自定义词典", tags=["mistake:M3"])
        body_max = '{"tokenizer": "ik_max_word", "text": "知澜云枢私有化部署手册"}'
        body_smart = '{"tokenizer": "ik_smart", "text": "知澜云枢私有化部署手册"}'
        t.fail(curl_cmd("/_analyze?pretty", "POST", body_max), "看 ik_max_word 分词结果", SIG3, code=52)
        t.say("本地 ES 开着安全认证，HTTP 层是 TLS（settings 里 `es_hosts` 是 `https://localhost:9200`，CA 在 "
              "`deploy/local/certs/http_ca.crt`），明文 http 请求会被直接断开，所以是 Empty reply。换成 https + CA + elastic 账号：")
        before_max = [("知", 0, 1, "CN_CHAR", 0), ("澜", 1, 2, "CN_CHAR", 1), ("云", 2, 3, "CN_CHAR", 2), ("枢", 3, 4, "CN_CHAR", 3),
                      ("私有化部署", 4, 9, "CN_WORD", 4), ("私有化", 4, 7, "CN_WORD", 5), ("私有", 4, 6, "CN_WORD", 6),
                      ("化", 6, 7, "CN_CHAR", 7), ("部署", 7, 9, "CN_WORD", 8), ("手册", 9, 11, "CN_WORD", 9)]
        before_smart = [("知", 0, 1, "CN_CHAR", 0), ("澜", 1, 2, "CN_CHAR", 1), ("云", 2, 3, "CN_CHAR", 2), ("枢", 3, 4, "CN_CHAR", 3),
                        ("私有化部署", 4, 9, "CN_WORD", 4), ("手册", 9, 11, "CN_WORD", 5)]
        t.bash(curl_cmd("/_analyze?pretty", "POST", body_max, https=True), "看 ik_max_word 分词结果", out=ik_tokens(before_max))
        t.bash(curl_cmd("/_analyze?pretty", "POST", body_smart, https=True), "看 ik_smart 分词结果", out=ik_tokens(before_smart))
        t.read(IK_CFG)
        t.read(IK_DIC)
        t.edit(IK_DIC, "私有化部署\n", "私有化部署\n知澜\n知澜云枢\n云枢\n知澜智答\n")
        t.bash("docker compose -f deploy/local/docker-compose.yml restart es01", "重启本地 ES 加载新词典",
               err=" Container kbqa-es01  Restarting\n Container kbqa-es01  Started")
        t.bash(f"sleep 15 && curl -sS --cacert {CA} {ES_AUTH} "
               "'https://localhost:9200/_cluster/health?wait_for_status=yellow&timeout=60s&pretty'", "等 ES 恢复",
               out='''{
  "cluster_name" : "kbqa-local",
  "status" : "green",
  "timed_out" : false,
  "number_of_nodes" : 1,
  "number_of_data_nodes" : 1,
  "active_primary_shards" : 9,
  "active_shards" : 9,
  "relocating_shards" : 0,
  "initializing_shards" : 0,
  "unassigned_shards" : 0,
  "delayed_unassigned_shards" : 0,
  "number_of_pending_tasks" : 0,
  "number_of_in_flight_fetch" : 0,
  "task_max_waiting_in_queue_millis" : 0,
  "active_shards_percent_as_number" : 100.0
}''', timeout=120000)
        after_max = [("知澜云枢", 0, 4, "CN_WORD", 0), ("知澜", 0, 2, "CN_WORD", 1), ("云枢", 2, 4, "CN_WORD", 2),
                     ("私有化部署", 4, 9, "CN_WORD", 3), ("私有化", 4, 7, "CN_WORD", 4), ("私有", 4, 6, "CN_WORD", 5),
                     ("化", 6, 7, "CN_CHAR", 6), ("部署", 7, 9, "CN_WORD", 7), ("手册", 9, 11, "CN_WORD", 8)]
        t.bash(curl_cmd("/_analyze?pretty", "POST", body_max, https=True), "再看 ik_max_word 分词结果", out=ik_tokens(after_max))
        t.bash(f"curl -sS --cacert {CA} {ES_AUTH} -X POST "
               "'https://localhost:9200/kb_chunks_v3/_update_by_query?conflicts=proceed&wait_for_completion=true&filter_path=took,total,updated,failures'",
               "按新词典重建 kb_chunks_v3 的倒排", out='{"took":41873,"total":18204,"updated":18204,"failures":[]}',
               timeout=600000)
        t.done("""结果：

- 改之前：`ik_max_word` 和 `ik_smart` 都把"知澜云枢"切成 知/澜/云/枢 四个单字（`CN_CHAR`），所以搜产品名会命中所有带"云""知"的文档
- `deploy/local/es/ik/custom/kbqa.dic`（`IKAnalyzer.cfg.xml` 里的 `ext_dict`）加了：知澜、知澜云枢、云枢、知澜智答
- 重启 es01 后 `ik_max_word` 输出 `知澜云枢` / `知澜` / `云枢`（`ik_smart` 用的是同一套词典，会整体切出 `知澜云枢`）
- 词典只影响之后分析的文本，已有文档用 `_update_by_query` 重新索引了一遍（kb_chunks_v3，18204 条，42s）

另外，刚开始用 `http://localhost:9200` 直接请求返回 `Empty reply from server`：本地 ES 开着 TLS，要 `https` + `--cacert deploy/local/certs/http_ca.crt` + elastic 账号（密码在 `.env` 的 `KBQA_ES_PASSWORD`）。

staging 的 IK 词典在 infra 仓库里，要同步的话得一起改，改完同样需要重启 ES 节点和 update_by_query。""")

        t = d.task("pipeline 里 rerank 分数阈值那个 0.35 也是 magic number，一样挪进配置，默认不变，顺手补个单测", tags=["pref:P1"])
        t.read(SETTINGS)
        t.edit(SETTINGS, "    rerank_top_n: int = 5\n", "    rerank_top_n: int = 5\n    rerank_min_score: float = 0.35\n")
        t.read(PIPELINE)
        t.edit(PIPELINE, "if h.score >= 0.35][: settings.rerank_top_n]", "if h.score >= settings.rerank_min_score][: settings.rerank_top_n]")
        t.read(T_PIPELINE)
        t.edit(T_PIPELINE, "from kbqa.retrieval.pipeline import rrf_fuse\nfrom kbqa.retrieval.types import Hit\n",
               "import pytest\n\nfrom kbqa.retrieval.pipeline import RetrievalPipeline, rrf_fuse\n"
               "from kbqa.retrieval.types import Hit\nfrom kbqa.settings import settings\n")
        t.edit(T_PIPELINE, "    assert len(fused) == 1 and fused[0].score == 2 / 61\n", '''    assert len(fused) == 1 and fused[0].score == 2 / 61


class _Fake:
    """同时充当 Milvus / ES / reranker 的假实现。"""

    def __init__(self, hits: list[Hit]) -> None:
        self.hits = hits

    def search_dense(self, *args: object, **kwargs: object) -> list[Hit]:
        return self.hits

    search_sparse = search_dense
    search_bm25 = search_dense

    def rerank(self, query: str, hits: list[Hit]) -> list[Hit]:
        return [h.with_score(s) for h, s in zip(hits, [0.9, 0.5, 0.2], strict=False)]


def test_min_score_from_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "rerank_min_score", 0.6)
    fake = _Fake([_h("a"), _h("b"), _h("c")])
    p = RetrievalPipeline(fake, fake, fake)  # type: ignore[arg-type]
    assert [h.chunk_id for h in p.retrieve("q", kb="all")] == ["a"]
''')
        t.bash("pdm run pytest tests/unit/test_pipeline.py -q", "跑 pipeline 单测", out=pytest_ok(3, 0.21))
        t.bash("pdm run ruff check kbqa tests/unit && pdm run mypy kbqa/retrieval/pipeline.py", "ruff + mypy",
               out="All checks passed!\nSuccess: no issues found in 1 source file")
        t.done("""改好了：

- `settings.rerank_min_score: float = 0.35`（`KBQA_RERANK_MIN_SCORE` 可覆盖）
- `pipeline.py` 改成 `h.score >= settings.rerank_min_score`
- `tests/unit/test_pipeline.py` 加了 `test_min_score_from_settings`：monkeypatch 成 0.6，只剩 0.9 分那条；3 个测试通过，ruff/mypy 干净""")

        t = d.task("Milvus 2.4 自带的 RRFRanker 的 k 默认是多少？跟我们自己写的 rrf_fuse 算法一样吗，查下官方文档", tags=["noise", "webfetch"])
        t.webfetch("https://milvus.io/docs/v2.4.x/reranking.md",
                   "RRFRanker 的公式、参数 k 的默认值和取值范围；WeightedRanker 的归一化方式",
                   """Reranking (Milvus 2.4). Milvus hybrid search (hybrid_search with several AnnSearchRequest objects) supports two reranking strategies.
WeightedRanker(w1, w2, ...): scores of each path are normalized (scores of different metric types are mapped into [0,1], e.g. arctan-based normalization for IP/L2) and combined as a weighted sum; weights are in [0,1], one per AnnSearchRequest.
RRFRanker(k): Reciprocal Rank Fusion. score = sum over paths of 1 / (k + rank_i), where rank_i is the rank of the entity in path i. k is a smoothing parameter; the default is 60 and the value range is (0, 16384). RRF only uses ranks, so it does not need score normalization and is suitable when the paths' scores are not comparable.
Example: ranker = RRFRanker(100); res = collection.hybrid_search([req_dense, req_sparse], rerank=ranker, limit=10).""")
        t.done("""文档结论：

- `RRFRanker(k)`：score = Σ 1/(k + rank_i)，**k 默认 60**，取值范围 (0, 16384)，只看排名不看分数
- 我们的 `rrf_fuse` 是同一个公式（`1.0 / (k + rank)`，rank 从 1 开始），`settings.rrf_k=60` 也和默认值一致

区别在于融合的范围：Milvus 的 `hybrid_search` 只能融合 Milvus 内部的多路（dense + sparse），我们需要把 ES 的 BM25 也放进来，所以在应用层自己做三路 RRF 是对的。如果将来想把 dense+sparse 先在 Milvus 里融合（少一次往返），再和 BM25 做第二层 RRF，排名会和现在的单层三路 RRF 略有不同，要用评测确认。

另一个选项 `WeightedRanker` 是分数归一化后加权，适合各路分数可比的情况；我们 BM25 分数和向量相似度不可比，RRF 更合适。""")

        t = d.task("vLLM 的 --enable-prefix-caching 对我们这种 RAG 有用吗？system prompt 是固定的，但每次检索回来的 chunk 都不一样",
                   tags=["no_tools"])
        t.done("""有用，但收益主要在固定前缀部分：

- prefix caching 按 block（默认 16 token）对**从开头起完全相同**的前缀做 KV 复用。我们的 prompt 结构是 `system prompt + 检索到的 chunk + 问题`，固定的 system prompt（约 600 token）每次都能命中，省掉这部分 prefill
- chunk 每次不同，从第一个 chunk 开始就不命中了；所以单轮问答的收益 ≈ system prompt 占总 prompt 的比例，我们一般 5 个 chunk 3~4k token，大概省 15% 左右的 prefill
- **多轮对话**收益更大：同一会话第二轮的 prompt 前缀（system + 上一轮的上下文）和上一轮相同，可以整段复用
- 副作用很小：命中判断开销可以忽略，缓存占用的是空闲 KV block，显存紧张时会被淘汰；V1 引擎默认就是开的

想多吃一点收益的话：把 prompt 里固定的部分（system、格式要求、few-shot）都放在最前面，动态内容（chunk、问题、时间）放后面；chunk 按 doc_id 排序而不是按分数排序，同一篇文档的 chunk 在相邻问题里更容易形成相同前缀——不过这个会影响生成质量，需要评测确认。""")


def s5(d):
    with d.session("2026-10-22T02:30:00", R, branch="feat/hr-kb", version="2.1.132"):
        t = d.task("HR 给了 2026 版制度文件，在 ~/Downloads/hr_2026 下面。建个单独的知识库 hr_2026 灌进去（HR 的要单独 collection，"
                   "权限隔离），灌完问两个问题看看效果", tags=["mistake:M1"])
        t.bash("ls ~/Downloads/hr_2026 | head -n 8; ls ~/Downloads/hr_2026 | wc -l", "看看文件",
               out="""员工休假管理制度（2026版）.pdf
员工福利手册（2026版）.pdf
考勤管理办法（2026修订）.pdf
差旅及费用报销管理办法（2026版）.pdf
员工手册（2026版）.docx
绩效考核管理办法（2026版）.pdf
试用期管理规定.pdf
培训管理制度（2026版）.pdf
37""")
        t.bash("pdm run kbqa ingest ~/Downloads/hr_2026 --kb hr_2026 --collection kb_hr_2026 --es-index kb_hr_2026 --create",
               "灌 hr_2026 知识库",
               out=ingest_out(d, "kb_hr_2026", "kb_hr_2026", 37, 1284, kb="hr_2026", src="/home/zhouzh/Downloads/hr_2026"),
               timeout=1800000)
        ask1 = 'pdm run kbqa ask --kb hr_2026 --collection kb_hr_2026 --es-index kb_hr_2026 "工作满10年年假有几天"'
        tp = f"{VENV}"
        entry = [
            f'  File "{R}/.venv/bin/kbqa", line 8, in <module>',
            "    sys.exit(app())",
            "             ^^^^^",
            f'  File "{tp}/typer/main.py", line 339, in __call__',
            "    raise e",
            f'  File "{tp}/typer/main.py", line 322, in __call__',
            "    return get_command(self)(*args, **kwargs)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{tp}/click/core.py", line 1157, in __call__',
            "    return self.main(*args, **kwargs)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{tp}/typer/core.py", line 740, in main',
            "    return _main(",
            "           ^^^^^^",
            f'  File "{tp}/typer/core.py", line 195, in _main',
            "    rv = self.invoke(ctx)",
            "         ^^^^^^^^^^^^^^^^",
            f'  File "{tp}/click/core.py", line 1688, in invoke',
            "    return _process_result(sub_ctx.command.invoke(sub_ctx))",
            "                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{tp}/click/core.py", line 1434, in invoke',
            "    return ctx.invoke(self.callback, **ctx.params)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{tp}/click/core.py", line 783, in invoke',
            "    return __callback(*args, **kwargs)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{tp}/typer/main.py", line 697, in wrapper',
            "    return callback(**use_params)",
            "           ^^^^^^^^^^^^^^^^^^^^^^",
            f'  File "{R}/kbqa/cli.py", line 38, in ask',
            "    build_qa(collection=collection, es_index=es_index).answer_cli(question, kb=kb)",
            f'  File "{R}/kbqa/qa.py", line 61, in answer_cli',
            "    if self.pipeline.milvus.count(kb) == 0:",
            "       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ]
        frames = [
            f'  File "{R}/kbqa/retrieval/milvus_store.py", line 60, in count',
            "    res = self.client.query(self.collection, filter=f'kb == \"{kb}\"', output_fields=[\"count(*)\"])",
            "          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ]
        t.fail(ask1, "试问一个问题", milvus_tb(d, "query", entry, frames, "453302178900816534"))
        t.say("和上次 v3 一样：新建的 kb_hr_2026 灌完只建了索引，还没 load 到 querynode，连 count 查询都过不去。先 load：")
        t.bash("pdm run kbqa milvus load kb_hr_2026", "load kb_hr_2026",
               out="loading kb_hr_2026 (replica_number=1) ...\nkb_hr_2026: Loaded (rows=1284, replicas=1) in 2.1s")
        t.bash(ask1, "试问一个问题", out="""问：工作满10年年假有几天
答：按《员工休假管理制度（2026版）》第十二条，累计工作已满10年不满20年的，每年法定年休假为10天[1]。另外公司设有司龄福利假：在本公司连续工作满5年起每年增加1天，最多5天[2]，与法定年休假合并使用。
引用：
  [1] 员工休假管理制度（2026版）.pdf p.4  rerank=0.93
  [2] 员工福利手册（2026版）.pdf p.11  rerank=0.71
检索：dense 50 / sparse 50 / bm25 50 -> rrf 30 -> rerank 5  (1.38s)  生成 3.91s""")
        t.bash('pdm run kbqa ask --kb hr_2026 --collection kb_hr_2026 --es-index kb_hr_2026 "哺乳假怎么请，每天几个小时"',
               "再问一个", out="""问：哺乳假怎么请，每天几个小时
答：婴儿未满1周岁的女员工，每天可享受1小时哺乳时间（多胞胎每多一个婴儿增加1小时）[1]，可以合并使用或分上下午各半小时。需在产假结束返岗前通过 OA 提交《哺乳期申请表》并附出生证明，经部门负责人和 HRBP 审批[1][2]。
引用：
  [1] 员工休假管理制度（2026版）.pdf p.9  rerank=0.88
  [2] 考勤管理办法（2026修订）.pdf p.6  rerank=0.64
检索：dense 50 / sparse 50 / bm25 50 -> rrf 30 -> rerank 5  (1.29s)  生成 3.47s""")
        t.done("""hr_2026 已上线本地：

- 37 个文件（36 PDF + 1 docx）→ 1284 个 chunk，写入 Milvus `kb_hr_2026` 和 ES `kb_hr_2026`
- 第一次提问报 `collection not loaded`（新 collection 灌完还没 load），`kbqa milvus load kb_hr_2026` 之后正常
- 两个问题都答对并给了引用：满 10 年年假 10 天 + 司龄福利假；哺乳假每天 1 小时、OA 申请流程

引用都落在 2026 版文件上，说明单独 collection 的隔离是生效的（没有混进旧版制度）。""")

        t = d.task("llm client 加个超时和重试：连不上、超时、5xx 重试 2 次，退避。单测别真连 vLLM，用 respx 把 httpx mock 掉",
                   tags=["pref:P2"])
        t.read(LLM)
        t.edit(LLM, """class LlmClient:
    def __init__(self, base_url: str | None = None, model: str | None = None) -> None:
        self.client = OpenAI(base_url=base_url or settings.llm_base_url, api_key="EMPTY")
        self.model = model or settings.llm_model

    def chat(self, messages: list[dict[str, str]], temperature: float = 0.1, max_tokens: int = 1024) -> str:
""", """class LlmClient:
    \"\"\"vLLM（OpenAI 兼容接口）客户端。

    超时和重试交给 openai SDK：连接错误、超时、408/409/429/5xx 自动重试，指数退避（0.5s 起，带抖动）。
    \"\"\"

    def __init__(self, base_url: str | None = None, model: str | None = None) -> None:
        self.client = OpenAI(
            base_url=base_url or settings.llm_base_url,
            api_key="EMPTY",
            timeout=settings.llm_timeout_s,
            max_retries=settings.llm_max_retries,
        )
        self.model = model or settings.llm_model

    def chat(self, messages: list[dict[str, str]], temperature: float = 0.1, max_tokens: int = 1024) -> str:
        \"\"\"单轮调用，返回第一个 choice 的文本；重试用尽后抛 openai.APIError 的子类。\"\"\"
""")
        t.read(SETTINGS)
        t.edit(SETTINGS, '    llm_model: str = "qwen2.5-72b-instruct"\n',
               '    llm_model: str = "qwen2.5-72b-instruct"\n    llm_timeout_s: float = 30.0\n    llm_max_retries: int = 2\n')
        t.write(T_LLM, '''import httpx
import openai
import pytest
import respx

from kbqa.llm.client import LlmClient

BASE = "http://vllm.test/v1"
MSG = [{"role": "user", "content": "你好"}]


def _ok(content: str) -> httpx.Response:
    choice = {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    body = {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "qwen2.5-72b-instruct"}
    return httpx.Response(200, json={**body, "choices": [choice], "usage": usage})


@respx.mock
def test_retries_on_503() -> None:
    route = respx.post(f"{BASE}/chat/completions").mock(side_effect=[httpx.Response(503), _ok("好的")])
    assert LlmClient(base_url=BASE).chat(MSG) == "好的"
    assert route.call_count == 2


@respx.mock
def test_retries_on_connect_timeout() -> None:
    route = respx.post(f"{BASE}/chat/completions").mock(side_effect=[httpx.ConnectTimeout("timeout"), _ok("嗯")])
    assert LlmClient(base_url=BASE).chat(MSG) == "嗯"
    assert route.call_count == 2


@respx.mock
def test_gives_up_after_max_retries() -> None:
    route = respx.post(f"{BASE}/chat/completions").mock(return_value=httpx.Response(502))
    with pytest.raises(openai.InternalServerError):
        LlmClient(base_url=BASE).chat(MSG)
    assert route.call_count == 3
''')
        t.bash("pdm run pytest tests/unit/test_llm_client.py -q", "跑 llm client 单测", out=pytest_ok(3, 2.64))
        t.bash("pdm run ruff check kbqa/llm tests/unit/test_llm_client.py && pdm run mypy kbqa/llm", "ruff + mypy",
               out="All checks passed!\nSuccess: no issues found in 4 source files")
        t.done("""超时和重试加好了，没有自己写重试循环，用的是 openai SDK 自带的：

- `OpenAI(timeout=settings.llm_timeout_s, max_retries=settings.llm_max_retries)`，默认 30s、重试 2 次；SDK 对连接错误、超时、408/409/429/5xx 自动重试，指数退避带抖动
- 新配置 `llm_timeout_s`、`llm_max_retries`，可用 `KBQA_LLM_TIMEOUT_S` / `KBQA_LLM_MAX_RETRIES` 覆盖
- docstring 用中文写了重试行为

单测 `tests/unit/test_llm_client.py` 用 respx mock 掉 vLLM 的 `/chat/completions`：503 后成功、ConnectTimeout 后成功、一直 502 时共请求 3 次后抛 `InternalServerError`，3 个都过。测试会真实等待 SDK 的退避（整个文件约 2.6s）。""")

        d.clock += _dt.timedelta(hours=5, minutes=4)  # back from lunch and meetings
        t = d.task("下午问答接口全超时了，估计 gpu 机上的 vLLM 又挂了，ssh 上去看看，能拉起来就拉起来", tags=["unfixed:U1"])
        t.fail(f"ssh {GPU} 'curl -sS -m 5 localhost:8000/v1/models'", "检查 vLLM 接口",
               "curl: (7) Failed to connect to localhost port 8000 after 0 ms: Couldn't connect to server", code=7)
        t.bash(f"ssh {GPU} 'docker ps -a --format \"table {{{{.Names}}}}\\t{{{{.Status}}}}\\t{{{{.Image}}}}\"'", "看容器状态",
               out="""NAMES          STATUS                      IMAGE
vllm-qwen72b   Exited (1) 38 minutes ago   vllm/vllm-openai:v0.10.1.1
tei-reranker   Up 12 days                  ghcr.io/huggingface/text-embeddings-inference:1.5
tei-bge-m3     Up 12 days                  ghcr.io/huggingface/text-embeddings-inference:1.5
m3-sparse      Up 12 days                  harbor.zhilan-tech.com/ai-platform/m3-sparse:0.3.1""")
        fin = (d.clock - _dt.timedelta(minutes=38)).strftime("%Y-%m-%dT%H:%M:%S.") + "318407912Z"
        t.bash(f"ssh {GPU} 'docker inspect -f \"{{{{.RestartCount}}}} {{{{.State.ExitCode}}}} {{{{.State.FinishedAt}}}} "
               "{{.HostConfig.RestartPolicy.Name}}:{{.HostConfig.RestartPolicy.MaximumRetryCount}}\" vllm-qwen72b'",
               "看重启次数和退出时间", out=f"3 1 {fin} on-failure:3")
        lt = utc(d, -38 * 60 - 52)
        lt2 = utc(d, -38 * 60 - 31)
        lt3 = utc(d, -38 * 60 - 2)
        t.bash(f"ssh {GPU} 'docker logs --tail 16 vllm-qwen72b 2>&1'", "看 vLLM 最后的日志", out=f"""INFO {lt} [__init__.py:241] Automatically detected platform cuda.
(APIServer pid=1) INFO {lt} [api_server.py:1805] vLLM API server version 0.10.1.1
(APIServer pid=1) INFO {lt} [utils.py:326] non-default args: {{'model': '/models/Qwen2.5-72B-Instruct-AWQ', 'served_model_name': ['qwen2.5-72b-instruct'], 'tensor_parallel_size': 2, 'max_model_len': 32768, 'gpu_memory_utilization': 0.9, 'enable_prefix_caching': True}}
(APIServer pid=1) INFO {lt2} [config.py:726] This model supports multiple tasks: {{'generate', 'classify', 'embed', 'reward'}}. Defaulting to 'generate'.
(APIServer pid=1) INFO {lt2} [awq_marlin.py:116] The model is convertible to awq_marlin during runtime. Using awq_marlin kernel.
(EngineCore_0 pid=142) INFO {lt2} [core.py:654] Waiting for init message from front-end.
(EngineCore_0 pid=142) INFO {lt2} [multiproc_executor.py:509] Started 2 workers for tensor parallel size 2
(VllmWorker TP0 pid=211) INFO {lt3} [parallel_state.py:1134] rank 0 in world size 2 is assigned as DP rank 0, PP rank 0, TP rank 0, EP rank 0
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559] WorkerProc failed to start.
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559] Traceback (most recent call last):
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559]   File "/usr/local/lib/python3.12/dist-packages/vllm/worker/worker_base.py", line 604, in init_device
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559]     self.worker.init_device()  # type: ignore
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_worker.py", line 172, in init_device
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559]     raise ValueError(
(VllmWorker TP0 pid=211) ERROR {lt3} [multiproc_executor.py:559] ValueError: Free memory on device (21.37/79.33 GiB) on startup is less than desired GPU memory utilization (0.9, 71.4 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.
RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {{}}""")
        t.bash(f"ssh {GPU} nvidia-smi --query-gpu=index,memory.used,memory.total,utilization.gpu --format=csv",
               "看显存占用", out="""index, memory.used [MiB], memory.total [MiB], utilization.gpu [%]
0, 59312 MiB, 81920 MiB, 98 %
1, 59188 MiB, 81920 MiB, 97 %
2, 6120 MiB, 81920 MiB, 3 %
3, 9874 MiB, 81920 MiB, 5 %
4, 74410 MiB, 81920 MiB, 100 %
5, 74398 MiB, 81920 MiB, 100 %
6, 74402 MiB, 81920 MiB, 100 %
7, 74391 MiB, 81920 MiB, 100 %""")
        t.bash(f"ssh {GPU} 'nvidia-smi --query-compute-apps=gpu_bus_id,pid,used_memory --format=csv,noheader; "
               "ps -o user,pid,lstart,args --no-headers -p $(nvidia-smi --query-compute-apps=pid --format=csv,noheader | paste -sd,)'",
               "看是谁占着 GPU 0/1", out="""00000000:18:00.0, 3188412, 59290 MiB
00000000:2A:00.0, 3188413, 59166 MiB
00000000:3A:00.0, 2011734, 6098 MiB
00000000:5D:00.0, 2011802, 4102 MiB
00000000:5D:00.0, 2013377, 5750 MiB
00000000:9A:00.0, 2991055, 74388 MiB
00000000:AB:00.0, 2991056, 74376 MiB
00000000:BA:00.0, 2991057, 74380 MiB
00000000:DB:00.0, 2991058, 74369 MiB
root     2011734 Sat Oct 10 10:12:33 2026 text-embeddings-router --model-id /models/bge-m3 --port 80
root     2011802 Sat Oct 10 10:12:41 2026 text-embeddings-router --model-id /models/bge-reranker-v2-m3 --port 80
root     2013377 Sat Oct 10 10:13:05 2026 python -m m3_sparse.server --port 8090
lihua    2991055 Tue Oct 20 19:40:12 2026 /home/lihua/venvs/ds/bin/python -u train_embed.py --deepspeed ds_z2.json
lihua    2991056 Tue Oct 20 19:40:12 2026 /home/lihua/venvs/ds/bin/python -u train_embed.py --deepspeed ds_z2.json
lihua    2991057 Tue Oct 20 19:40:12 2026 /home/lihua/venvs/ds/bin/python -u train_embed.py --deepspeed ds_z2.json
lihua    2991058 Tue Oct 20 19:40:12 2026 /home/lihua/venvs/ds/bin/python -u train_embed.py --deepspeed ds_z2.json
wangjie  3188412 Thu Oct 22 14:58:47 2026 /home/wangjie/miniconda3/envs/sft/bin/python -u -m torch.distributed.run --nproc_per_node 2 sft_qwen.py --config configs/cs_sft_v3.yaml
wangjie  3188413 Thu Oct 22 14:58:47 2026 /home/wangjie/miniconda3/envs/sft/bin/python -u -m torch.distributed.run --nproc_per_node 2 sft_qwen.py --config configs/cs_sft_v3.yaml""")
        t.done("""vLLM 拉不起来，原因不在我们这边，我没有动任何东西：

- `vllm-qwen72b` 容器已退出（restart policy `on-failure:3`，3 次都失败了）。最后的日志：`ValueError: Free memory on device (21.37/79.33 GiB) on startup is less than desired GPU memory utilization (0.9, 71.4 GiB)`
- GPU 0/1（vLLM 的两张卡）现在被 **wangjie** 的 SFT 训练占着，每张约 58GB，14:58 启动（`sft_qwen.py --config configs/cs_sft_v3.yaml`，torchrun 2 卡）。看时间应该是 vLLM 因为别的原因挂了一次、两张卡空出来的间隙被训练任务拿走了，之后 3 次自动重启都因为显存不够失败
- GPU 4–7 是 lihua 的 embedding 训练（满载），GPU 2/3 是 TEI 和 m3-sparse，整台机器没有两张空卡可以换

现在直接 `docker start` 也会同样失败；降 `gpu_memory_utilization` 到 0.25 左右 72B-AWQ 也放不下 KV cache，不现实。杀别人的训练进程不合适。

需要你这边协调：
1. 找王杰确认 SFT 什么时候结束，或者让他换到别的机器/卡上；结束后 `docker start vllm-qwen72b` 就行
2. 临时让问答可用：把本地 `.env` 的 `KBQA_LLM_BASE_URL` 指到 staging 的 vLLM（如果网络通）
3. 长期：gpu-a800-02 的 GPU 0/1 在算力平台上给在线服务做个预留，避免再被训练任务抢占""")


def s6(d):
    with d.session("2026-10-26T01:45:00", R, branch="feat/acl-filter", version="2.1.133"):
        t = d.task("做按部门的权限过滤：chunk 带上 dept_ids（文档可见的部门列表，来自 documents.acl，空列表就是全员可见），"
                   "检索时按当前用户的部门过滤，ES 和 Milvus 两边都要。先把存储层和测试弄好", tags=["mistake:M2"])
        t.read(TYPES)
        t.edit(TYPES, '    doc_type: str = "unknown"\n',
               '    doc_type: str = "unknown"\n    dept_ids: list[str] = field(default_factory=list)\n')
        t.edit(TYPES, '            "page": self.page,\n            "doc_type": self.doc_type,\n',
               '            "page": self.page,\n            "doc_type": self.doc_type,\n            "dept_ids": self.dept_ids,\n')
        t.edit(TYPES, '            "doc_type": self.doc_type,\n        }\n',
               '            "doc_type": self.doc_type,\n            "dept_ids": self.dept_ids,\n        }\n')
        t.read(INGEST)
        t.edit(INGEST, "    def ingest_file(self, path: Path, kb: str) -> int:\n",
                       "    def ingest_file(self, path: Path, kb: str, dept_ids: list[str] | None = None) -> int:\n")
        t.edit(INGEST, '                doc_type=path.suffix.lstrip(".").lower(),\n',
               '                doc_type=path.suffix.lstrip(".").lower(),\n                dept_ids=list(dept_ids or []),\n')
        t.read(ES_STORE)
        t.edit(ES_STORE, """        for key, val in (filters or {}).items():
            flt.append({"term": {key: val}})
""", """        for key, val in (filters or {}).items():
            if key == "dept_ids":
                # ACL：命中用户任一部门，或文档没有 dept_ids（全员可见）
                visible_to_all = {"bool": {"must_not": {"exists": {"field": "dept_ids"}}}}
                acl = [{"terms": {"dept_ids": list(val)}}, visible_to_all]
                flt.append({"bool": {"should": acl, "minimum_should_match": 1}})
            else:
                flt.append({"term": {key: val}})
""")
        t.read(MILVUS)
        t.edit(MILVUS, "from typing import Any\n", "import json\nfrom typing import Any\n")
        t.edit(MILVUS, '        schema.add_field("doc_type", DataType.VARCHAR, max_length=16)\n',
               '        schema.add_field("doc_type", DataType.VARCHAR, max_length=16)\n'
               '        schema.add_field(\n'
               '            "dept_ids", DataType.ARRAY, element_type=DataType.VARCHAR, max_capacity=64, max_length=32\n'
               '        )\n')
        t.edit(MILVUS, """        for key, val in (filters or {}).items():
            parts.append(f'{key} == "{val}"')
""", """        for key, val in (filters or {}).items():
            if key == "dept_ids":
                # ACL：命中用户任一部门，或文档没有 dept_ids（全员可见）
                depts = json.dumps(list(val), ensure_ascii=False)
                parts.append(f"(array_contains_any(dept_ids, {depts}) or array_length(dept_ids) == 0)")
            else:
                parts.append(f'{key} == "{val}"')
""")
        t.read(T_ES)
        t.edit(T_ES, '    assert [h.chunk_id for h in hits] == ["c3"]\n', '''    assert [h.chunk_id for h in hits] == ["c3"]


def test_dept_filter(store: EsStore) -> None:
    store.index_chunks(
        [
            make_chunk(50, "研发部 服务器采购审批流程", dept_ids=["rd"]),
            make_chunk(51, "销售部 服务器采购报价模板", dept_ids=["sales"]),
            make_chunk(52, "全员 服务器采购须知"),
        ]
    )
    hits = store.search_bm25("服务器采购", kb="it", top_k=10, filters={"dept_ids": ["rd"]})
    assert {h.chunk_id for h in hits} == {"c50", "c52"}
''')
        err = (f"{{'type': '{SIG2}', 'reason': '[1:203] mapping set to strict, dynamic introduction of [dept_ids] "
               "within [_doc] is not allowed'}")
        t.fail("pdm run pytest tests/integration/test_es_store.py -q -k dept", "只跑新加的 ACL 测试", f"""F                                                                        [100%]
=================================== FAILURES ===================================
_______________________________ test_dept_filter _______________________________

self = <kbqa.retrieval.es_store.EsStore object at 0x7f4e1b2c7d10>
chunks = [Chunk(chunk_id='c50', doc_id='d50', kb='it', title='文档50', text='研发部 服务器采购审批流程', page=None, doc_type='unknown', dept_ids=['rd'], ...), Chunk(chunk_id='c51', doc_id='d51', kb='it', title='文档51', text='销售部 服务器采购报价模板', page=None, doc_type='unknown', dept_ids=['sales'], ...), Chunk(chunk_id='c52', doc_id='d52', kb='it', title='文档52', text='全员 服务器采购须知', page=None, doc_type='unknown', dept_ids=[], ...)]

    def index_chunks(self, chunks: list[Chunk]) -> int:
        actions = ({{"_index": self.index, "_id": c.chunk_id, "_source": c.to_es()}} for c in chunks)
        try:
            ok, _ = helpers.bulk(self.es, actions, chunk_size=500, refresh="wait_for")
        except helpers.BulkIndexError as e:
            first = e.errors[0]["index"]["error"]
>           raise IndexingError(f"{{len(e.errors)}} chunk(s) failed to index, first error: {{first}}") from e
E           kbqa.retrieval.es_store.IndexingError: 3 chunk(s) failed to index, first error: {err}

kbqa/retrieval/es_store.py:46: IndexingError
=========================== short test summary info ============================
FAILED tests/integration/test_es_store.py::test_dept_filter - kbqa.retrieval.es_store.IndexingError: 3 chunk(s) failed to index, first error: {err}
1 failed, 4 deselected in 1.87s""")
        t.say("又是 strict mapping：ES 索引按 `es/mappings/kb_chunks.json` 建，`dept_ids` 没声明。加成 keyword（数组字段不需要单独声明数组类型）：")
        t.read(MAPPING)
        t.edit(MAPPING, '      "doc_type": {"type": "keyword"},\n',
               '      "doc_type": {"type": "keyword"},\n      "dept_ids": {"type": "keyword"},\n')
        t.bash("pdm run pytest tests/integration/test_es_store.py -q -k dept", "只跑新加的 ACL 测试",
               out=progress(".") + "\n1 passed, 4 deselected in 1.52s")
        t.bash("pdm run pytest tests/integration/test_es_store.py -q && pdm run pytest tests/unit -q", "ES 集成测试全量 + 单测",
               out=pytest_ok(5, 2.33) + "\n" + pytest_ok(45, 5.92))
        t.done("""存储层的部门过滤好了：

- `Chunk.dept_ids: list[str]`（空列表 = 全员可见），`ingest_file(..., dept_ids=...)` 透传，写 ES 和 Milvus
- ES：`filters={"dept_ids": [...]}` 时生成 `bool.should`：`terms dept_ids` 命中任一部门，或 `dept_ids` 不存在（空数组在 ES 里等于不存在）
- Milvus：schema 加 `dept_ids`（`ARRAY<VARCHAR>`，最多 64 个），过滤表达式 `array_contains_any(dept_ids, [...]) or array_length(dept_ids) == 0`
- 新测试 `test_dept_filter`：rd 用户能看到 rd 的和全员的，看不到 sales 的

第一次跑测试报 `strict_dynamic_mapping_exception`（`dept_ids` 不在 mapping 里），`es/mappings/kb_chunks.json` 加上 `"dept_ids": {"type": "keyword"}` 后通过；ES 集成 5 个、单测 45 个全过。

还没做的：API 层从当前用户取部门传 `filters`；现有 v3 数据没有 `dept_ids`，要走新 schema 重灌（Milvus 的 ARRAY 字段不能加到已有 collection 上）。""")

        t = d.task("ACL 过滤加上之后跑一遍评测，确认不带部门过滤时召回没变（golden 集都是全员可见的文档）。vLLM 周五已经恢复了",
                   tags=["workflow:W1"])
        t.bash("pdm run pytest tests/unit -q", "跑单元测试", out=pytest_ok(45, 5.87))
        v3b = [("recall@5", 0.847), ("recall@10", 0.905), ("mrr@10", 0.721), ("ndcg@10", 0.764), ("answer_hit", 0.789)]
        t.bash(f"pdm run python -m kbqa.eval.run --dataset {GOLDEN} --collection kb_chunks_v3 --es-index kb_chunks_v3 "
               "--out reports/eval_20261026_acl.json", "跑离线评测",
               out=eval_ok("kb_chunks_v3", "kb_chunks_v3", v3b, "reports/eval_20261026_acl.json", 121.3), timeout=1200000)
        t.bash("pdm run python -m kbqa.eval.compare reports/eval_20261014_v3_hybrid.json reports/eval_20261026_acl.json",
               "和 v3 hybrid 那次对比",
               out=compare_out("v3_hybrid", "acl", V3, v3b, [0.854, 0.852, 0.831, 0.863, 0.818],
                               [0.854, 0.852, 0.831, 0.863, 0.818], "reports/diff_v3_hybrid_vs_acl.tsv", 0, 0,
                               extra="answer_hit differs on 3 queries (judge): q0147 q0288 q0391"))
        t.done("""评测结果和加 ACL 之前一致：

| 指标 | v3 hybrid（10-14） | 加 ACL 后 |
|---|---|---|
| recall@5 | 0.847 | 0.847 |
| recall@10 | 0.905 | 0.905 |
| MRR@10 | 0.721 | 0.721 |
| nDCG@10 | 0.764 | 0.764 |
| answer_hit | 0.791 | 0.789 |

检索相关的指标和分类别 recall@5 完全不变，没有任何 query 的排序变化，说明不传部门时 ACL 分支不影响召回。answer_hit 差 0.002 是 LLM 判分的波动：有 3 条（q0147、q0288、q0391）两次判分不一致，检索结果是一样的。

说明：这次评测没有带部门过滤（评测用户不传 `dept_ids`），ACL 本身的正确性由 `test_dept_filter` 覆盖；v3 数据里也还没有 `dept_ids`，等新 schema 重灌后可以再按部门抽样评一次。""")

        d.precompact("""Summary of the session so far:
- Branch feat/acl-filter in /home/zhouzh/work/kbqa. Added department ACL to the storage layer: Chunk.dept_ids (empty = visible to all), ingest_file(dept_ids=...), ES filter (terms on dept_ids OR field missing), Milvus ARRAY<VARCHAR> dept_ids with array_contains_any/array_length expression.
- ES integration test test_dept_filter first failed with strict_dynamic_mapping_exception (dept_ids missing in es/mappings/kb_chunks.json); added "dept_ids": {"type": "keyword"}, all 5 ES tests and 45 unit tests pass.
- Offline eval (kb_chunks_v3, golden_v2, 412 queries) after the ACL change: recall@5 0.847, recall@10 0.905, MRR@10 0.721, nDCG@10 0.764 unchanged vs the 10-14 v3 hybrid run; answer_hit 0.789 vs 0.791 (judge noise on q0147, q0288, q0391). Report reports/eval_20261026_acl.json.
- Pending: API layer passing the user's departments; re-ingest with the new schema.""")

        t = d.task("上次 hybrid 那次评测你写的总结太长了，我往周报里贴的时候自己 cut half 才塞进去。以后评测结论 5 行以内，"
                   "先给数字再说原因。刚才 ACL 这次的结论按这个要求重写一下", tags=["feedback", "no_tools"],
                   feedback="上次 hybrid 那次评测你写的总结太长了，我往周报里贴的时候自己 cut half 才塞进去。以后评测结论 5 行以内，先给数字再说原因")
        t.done("""- 加 ACL 后评测（v3，412 条）：recall@5 0.847、recall@10 0.905、MRR 0.721、nDCG 0.764，与 10-14 完全一致
- answer_hit 0.791 → 0.789，3 条 LLM 判分波动，检索结果相同
- 结论：不传部门时 ACL 不影响召回；按部门过滤的正确性由集成测试覆盖，待新 schema 重灌后再抽样评测""")

        t = d.task("再加张 kb_acl 表：kb_id、dept_id、granted_by、created_at，(kb_id, dept_id) 唯一，dept_id 要能按部门查。"
                   "migration 老规矩走一遍", tags=["workflow:W3"])
        t.read(MODELS)
        t.edit(MODELS, "from sqlalchemy import DateTime, Enum, ForeignKey, Integer, String, func\n",
               "from sqlalchemy import DateTime, Enum, ForeignKey, Integer, String, UniqueConstraint, func\n")
        t.edit(MODELS, """    parsed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
""", """    parsed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class KbAcl(Base):
    \"\"\"知识库按部门授权：一行 = 某部门可以检索某知识库。\"\"\"

    __tablename__ = "kb_acl"
    __table_args__ = (UniqueConstraint("kb_id", "dept_id", name="uq_kb_acl_kb_dept"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kb_id: Mapped[int] = mapped_column(ForeignKey("knowledge_bases.id", ondelete="CASCADE"))
    dept_id: Mapped[str] = mapped_column(String(32), index=True)
    granted_by: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
""")
        mig = P(f"{MIG_DIR}/20261026_9d3e6f1a0b52_kb_acl.py")
        t.bash('pdm run alembic revision --autogenerate -m "kb_acl"', "生成 migration",
               out=alembic_head() + "\nINFO  [alembic.autogenerate.compare] Detected added table 'kb_acl'\n"
                   "INFO  [alembic.autogenerate.compare] Detected added index 'ix_kb_acl_dept_id' on '('dept_id',)'\n"
                   f"  Generating {mig} ...  done")
        d.files[mig] = '''"""kb_acl

Revision ID: 9d3e6f1a0b52
Revises: c4f2a81e6b07
Create Date: 2026-10-26 09:58:41.918203

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '9d3e6f1a0b52'
down_revision: Union[str, None] = 'c4f2a81e6b07'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.create_table('kb_acl',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kb_id', sa.Integer(), nullable=False),
    sa.Column('dept_id', sa.String(length=32), nullable=False),
    sa.Column('granted_by', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['kb_id'], ['knowledge_bases.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('kb_id', 'dept_id', name='uq_kb_acl_kb_dept')
    )
    op.create_index(op.f('ix_kb_acl_dept_id'), 'kb_acl', ['dept_id'], unique=False)
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_index(op.f('ix_kb_acl_dept_id'), table_name='kb_acl')
    op.drop_table('kb_acl')
    # ### end Alembic commands ###
'''
        t.read(mig)
        t.bash("pdm run alembic upgrade head", "执行 migration",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running upgrade c4f2a81e6b07 -> 9d3e6f1a0b52, kb_acl")
        t.bash("pdm run alembic downgrade -1", "回滚一步",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running downgrade 9d3e6f1a0b52 -> c4f2a81e6b07, kb_acl")
        t.bash("pdm run alembic upgrade head && pdm run alembic current", "再升到 head",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running upgrade c4f2a81e6b07 -> 9d3e6f1a0b52, kb_acl\n"
                   + alembic_head() + "\n9d3e6f1a0b52 (head)")
        t.done("""`kb_acl` 表好了（migration `9d3e6f1a0b52`）：

- 字段：`kb_id`（FK → knowledge_bases，级联删除）、`dept_id`（带索引 `ix_kb_acl_dept_id`）、`granted_by`、`created_at`
- 唯一约束 `uq_kb_acl_kb_dept (kb_id, dept_id)`，在模型里显式命名了，autogenerate 生成的脚本直接可用，没改
- upgrade → downgrade -1 → upgrade 都通过，当前 head `9d3e6f1a0b52`""")


def s7(d):
    with d.session("2026-10-29T06:20:00", R, branch="chore/docstring-en", version="2.1.134", end_reason="other"):
        t = d.task("docstring 还是改回英文吧，下个月新加坡那边的同事要一起维护这个仓库，之前说用中文写的那条作废。"
                   "先把 chunker、llm client 里的中文 docstring 改成英文，注释也一样", tags=["reversal:P3"])
        t.read(CHUNKER)
        t.edit(CHUNKER, '"""文档切块：先按中文句末标点切句，再按字符预算拼成 chunk。"""',
               '"""Chunking: split into sentences on Chinese sentence-final punctuation, then pack them into chunks."""')
        t.edit(CHUNKER, '    """按 。！？； 和换行切句，保留标点，返回每句在原文中的位置。"""',
               '    """Split on 。！？； and newlines, keeping the punctuation and each sentence\'s offsets in the text."""')
        t.edit(CHUNKER, '''    """把句子按 max_chars 预算拼成 chunk，相邻 chunk 重叠最后 overlap_sentences 句。

    单句超过 max_chars 时单独成块，不在句中硬切。
    """''', '''    """Pack sentences into chunks of at most max_chars; neighbours share the last overlap_sentences.

    A single sentence longer than max_chars becomes its own chunk; sentences are never cut.
    """''')
        t.read(LLM)
        t.edit(LLM, '''    """vLLM（OpenAI 兼容接口）客户端。

    超时和重试交给 openai SDK：连接错误、超时、408/409/429/5xx 自动重试，指数退避（0.5s 起，带抖动）。
    """''', '''    """Client for the vLLM server (OpenAI-compatible API).

    Timeouts and retries are left to the openai SDK: connection errors, timeouts and 408/409/429/5xx are
    retried with exponential backoff (starting at 0.5s, with jitter).
    """''')
        t.edit(LLM, '        """单轮调用，返回第一个 choice 的文本；重试用尽后抛 openai.APIError 的子类。"""',
               '        """One chat completion; returns the first choice\'s text.\n\n'
               '        Raises an openai.APIError subclass once retries are exhausted.\n'
               '        """')
        t.grep(r'^\s*(#|""").*\p{Han}', path=P("kbqa"), output_mode="content", n=True,
               content=f"""{R}/kbqa/retrieval/es_store.py:51:                # ACL：命中用户任一部门，或文档没有 dept_ids（全员可见）
{R}/kbqa/retrieval/milvus_store.py:88:                # ACL：命中用户任一部门，或文档没有 dept_ids（全员可见）
{R}/kbqa/db/models.py:39:    \"\"\"知识库按部门授权：一行 = 某部门可以检索某知识库。\"\"\"""")
        t.read(ES_STORE)
        t.edit(ES_STORE, "                # ACL：命中用户任一部门，或文档没有 dept_ids（全员可见）\n",
               "                # ACL: any of the user's departments, or no dept_ids at all (visible to everyone)\n")
        t.read(MILVUS)
        t.edit(MILVUS, "                # ACL：命中用户任一部门，或文档没有 dept_ids（全员可见）\n",
               "                # ACL: any of the user's departments, or no dept_ids at all (visible to everyone)\n")
        t.read(MODELS)
        t.edit(MODELS, '    """知识库按部门授权：一行 = 某部门可以检索某知识库。"""',
               '    """Per-department access to a knowledge base: one row = one department may search one KB."""')
        t.grep(r'^\s*(#|""").*\p{Han}', path=P("kbqa"), output_mode="content", n=True, content="")
        t.bash("pdm run ruff check kbqa && pdm run ruff format --check kbqa", "ruff",
               out="All checks passed!\n46 files already formatted")
        t.done("""好的，以后 docstring 和注释都写英文。已改：

- `ingest/chunker.py`：模块、`split_sentences`、`split_chunks` 三处 docstring
- `llm/client.py`：`LlmClient` 和 `chat` 的 docstring
- 顺手 grep 了 `kbqa/` 下所有以 `#` 或 `\"\"\"` 开头、含中文的行，还有 3 处（`es_store.py`、`milvus_store.py` 的 ACL 注释，`models.py` 的 `KbAcl` docstring）也改成了英文，现在 grep 为空

没动的：`query_rewrite.py` 和 `llm/prompts.py` 里的中文 prompt 是给模型的输入，不是注释，保持中文。ruff check / format 通过。""")

        t = d.task("staging 反馈搜'年假'搜不到写着'年休假'的条款，同义词表里明明有这组啊。本地先 _analyze 看下 ik_search 对"
                   "'年假怎么请'出什么词，对一下 staging 的同义词文件", tags=["mistake:M3"])
        t.read(SYN)
        body = '{"analyzer": "ik_search", "text": "年假怎么请"}'
        t.fail(curl_cmd("/kb_chunks_v3/_analyze?pretty", "POST", body).replace("'localhost:9200", "'http://localhost:9200"),
               "本地看 ik_search 的分析结果", SIG3, code=52)
        t.say("还是 http 明文打到了开着 TLS 的本地 ES 上。改 https，带 CA 和账号：")
        syn_toks = [("年假", 0, 2, "CN_WORD", 0), ("年休假", 0, 2, "SYNONYM", 0), ("带薪年假", 0, 2, "SYNONYM", 0),
                    ("怎么", 2, 4, "CN_WORD", 1), ("请", 4, 5, "CN_CHAR", 2)]
        t.bash(curl_cmd("/kb_chunks_v3/_analyze?pretty", "POST", body, https=True), "本地看 ik_search 的分析结果",
               out=ik_tokens(syn_toks))
        t.bash(f"kubectl -n {NS} exec kbqa-es-default-0 -c elasticsearch -- head -n 4 config/analysis/kb_synonyms.txt",
               "看 staging ES 上的同义词文件", out="# kbqa synonyms v3 2026-09-18\n病假, 医疗期\n报销, 费用报销\nVPN, 虚拟专用网")
        t.bash(f"kubectl -n {NS} exec kbqa-es-default-0 -c elasticsearch -- sh -c "
               "'wc -l config/analysis/kb_synonyms.txt; grep -c 年假 config/analysis/kb_synonyms.txt || true'",
               "确认 staging 同义词里有没有年假", out="9 config/analysis/kb_synonyms.txt\n0")
        t.done("""原因找到了：**staging 的同义词文件是旧版**。

- 本地（v5，10-20）：`ik_search` 分析"年假怎么请"得到 `年假` + 同位置的 `年休假`、`带薪年假`（type `SYNONYM`）+ `怎么` + `请`，同义词生效
- staging ES 上的 `config/analysis/kb_synonyms.txt` 还是 **v3（09-18）**，9 行，没有"年假, 年休假, 带薪年假"这一组（v4/v5 加的都没同步过去）

处理方法（文件头注释里写了）：
1. 改 infra 仓库的 `es/configmaps/kbqa-es-synonyms.yaml`，内容换成 v5，走 infra 的 MR 发到 staging（ECK 会把 ConfigMap 挂进 `config/analysis/`）
2. 文件更新到所有节点后执行 `POST kb_chunks_v3/_reload_search_analyzers`：同义词是 `updateable` 的 search-time filter，只重载查询分析器，**不需要重建索引**

要我去 infra 仓库提这个 MR 吗？

另：第一次 curl 用了 `http://`，本地 ES 开着 TLS，返回 Empty reply，换成 `https` + `--cacert` + elastic 账号就好了。""")

        t = d.task("docstring 这个改动单独提个 MR，标题用 chore 开头", tags=["workflow:W2"])
        t.bash("pdm run ruff check . && pdm run ruff format --check .", "ruff", out="All checks passed!\n71 files already formatted")
        t.bash("pdm run mypy kbqa", "mypy", out="Success: no issues found in 46 source files")
        t.bash("pdm run pytest -q", "全量测试", out=pytest_ok(55, 16.08), timeout=600000)
        t.bash('git add -A && git commit -m "chore: docstrings and comments back to English"', "提交",
               out=commit_out("chore/docstring-en", "chore: docstrings and comments back to English", 5, 14, 12))
        t.bash("git push -u origin chore/docstring-en", "推送", err=push_out("chore/docstring-en", 11))
        t.bash('glab mr create --source-branch chore/docstring-en --target-branch develop '
               '--title "chore: docstrings and comments back to English" '
               '--description "Singapore team joins next month; docstrings/comments in kbqa/ are English again. '
               'LLM prompts stay Chinese. No behaviour change." --remove-source-branch --yes', "创建 MR",
               out=mr_out("chore/docstring-en", 151, "chore: docstrings and comments back to English"))
        t.done(f"""MR：{REPO_URL}/-/merge_requests/151

ruff、mypy（46 个文件）、pytest 全量 55 个通过；一个提交，5 个文件，只改 docstring 和注释。""")


def s8(d):
    with d.session("2026-11-02T02:00:00", R, branch="feat/rewrite-settings", version="2.1.135"):
        t = d.task("nightly 的重建 job 昨晚第一次按新 schema 建了 kb_chunks_v4（带 doc_type、新的切块，alias 还指着 v3）。"
                   "在 staging 上拿 v4 跑一遍 golden 评测，跟 v3 那次比一下", tags=["mistake:M1"])
        t.bash(f"kubectl -n {NS} get pods -l app=kbqa-api", "看 staging 的 api pod",
               out="NAME                        READY   STATUS    RESTARTS   AGE\n"
                   "kbqa-api-6d8f7c9b54-7wq2m   1/1     Running   0          6d4h\n"
                   "kbqa-api-6d8f7c9b54-jx4tn   1/1     Running   0          6d4h")
        sv = "/app/.venv/lib/python3.11/site-packages"
        cmd = (f"kubectl -n {NS} exec deploy/kbqa-api -- python -m kbqa.eval.run --dataset /data/eval/golden_v2.jsonl "
               "--collection kb_chunks_v4 --es-index kb_chunks_v4 --out /tmp/eval_v4.json")
        entry = [
            '  File "<frozen runpy>", line 198, in _run_module_as_main',
            '  File "<frozen runpy>", line 88, in _run_code',
            '  File "/app/kbqa/eval/run.py", line 141, in <module>',
            "    main()",
            '  File "/app/kbqa/eval/run.py", line 112, in main',
            "    hits = pipeline.retrieve(q.query, kb=q.kb)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ]
        frames = [
            '  File "/app/kbqa/retrieval/pipeline.py", line 32, in retrieve',
            "    dense = self.milvus.search_dense(query, kb=kb, top_k=settings.dense_top_k, filters=filters)",
            "            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            '  File "/app/kbqa/retrieval/milvus_store.py", line 70, in search_dense',
            "    res = self.client.search(",
            "          ^^^^^^^^^^^^^^^^^^^",
        ]
        t.fail(cmd, "staging 上用 v4 跑评测",
               eval_head("kb_chunks_v4", "kb_chunks_v4", dataset="/data/eval/golden_v2.jsonl") + "\n" +
               milvus_tb(d, "search", entry, frames, "453511062087213605", venv=sv,
                         extra_tail="\ncommand terminated with exit code 1"))
        t.say("v4 是重建 job 新建的 collection，alias 还没切过去，job 只在切 alias 之前才 load，所以现在是 not loaded。"
              "先看一眼 querynode 内存够不够同时放 v3 和 v4：")
        t.bash(f"kubectl -n {NS} top pods -l app.kubernetes.io/instance=milvus-kbqa,app.kubernetes.io/component=querynode",
               "看 querynode 内存", out="NAME                                  CPU(cores)   MEMORY(bytes)   \n"
                                       "milvus-kbqa-querynode-5c6b8d7f9-2lq8d   214m         10873Mi         \n"
                                       "milvus-kbqa-querynode-5c6b8d7f9-vx7pk   198m         10611Mi         ")
        t.bash(f"kubectl -n {NS} exec deploy/kbqa-api -- kbqa milvus load kb_chunks_v4", "load kb_chunks_v4",
               out="loading kb_chunks_v4 (replica_number=1) ...\nkb_chunks_v4: Loaded (rows=61208, replicas=1) in 41.3s",
               timeout=600000)
        s3m = [("recall@5", 0.839), ("recall@10", 0.898), ("mrr@10", 0.716), ("ndcg@10", 0.757), ("answer_hit", 0.785)]
        s4m = [("recall@5", 0.851), ("recall@10", 0.907), ("mrr@10", 0.729), ("ndcg@10", 0.769), ("answer_hit", 0.792)]
        t.bash(cmd, "staging 上用 v4 跑评测",
               out=eval_ok("kb_chunks_v4", "kb_chunks_v4", s4m, "/tmp/eval_v4.json", 142.7, dataset="/data/eval/golden_v2.jsonl"),
               timeout=1200000)
        t.bash(f"kubectl -n {NS} exec deploy/kbqa-api -- python -m kbqa.eval.compare "
               "/data/eval/reports/staging_v3_20261026.json /tmp/eval_v4.json", "和 staging v3 对比",
               out=compare_out("staging_v3", "staging_v4", s3m, s4m, [0.844, 0.841, 0.826, 0.852, 0.815],
                               [0.854, 0.859, 0.831, 0.871, 0.818], "/tmp/diff_staging_v3_vs_staging_v4.tsv", 19, 7))
        t.done("""- staging v4 vs v3：recall@5 0.839 → 0.851（+1.2），MRR@10 0.716 → 0.729，answer_hit 0.785 → 0.792；19 条变好、7 条变差
- 提升主要在 `product_doc`（+1.9）和 `it_support`（+1.8），应该是新切块 + IK 词典的作用
- 第一次跑报 `collection not loaded`：v4 是 job 新建的，切 alias 前不会 load；querynode 各用约 10.6Gi/32Gi，`kbqa milvus load kb_chunks_v4` 后重跑（61208 行，41s）
- 现在 v3、v4 都在内存里；alias 按 job 流程切，这周不切的话记得让运维释放 v4""")

        t = d.task("query rewrite 里 temperature、max_tokens、保留几轮历史这几个还是硬编码的，老规矩：全部进 settings，"
                   "能用 KBQA_ 环境变量覆盖。测试也补一下", tags=["pref:P1"])
        t.read(REWRITE)
        t.read(SETTINGS)
        t.edit(SETTINGS, "    llm_max_retries: int = 2\n",
               "    llm_max_retries: int = 2\n    rewrite_temperature: float = 0.0\n    rewrite_max_tokens: int = 128\n"
               "    rewrite_history_turns: int = 6\n")
        t.edit(REWRITE, "from kbqa.llm.client import LlmClient\n",
               "from kbqa.llm.client import LlmClient\nfrom kbqa.settings import settings\n")
        t.edit(REWRITE, """    hist = "\\n".join(f"{role}: {text}" for role, text in history[-6:])
    out = llm.chat(
        [{"role": "user", "content": REWRITE_PROMPT.format(history=hist, question=question)}],
        temperature=0.0,
        max_tokens=128,
    )""", """    turns = history[-settings.rewrite_history_turns :]
    hist = "\\n".join(f"{role}: {text}" for role, text in turns)
    out = llm.chat(
        [{"role": "user", "content": REWRITE_PROMPT.format(history=hist, question=question)}],
        temperature=settings.rewrite_temperature,
        max_tokens=settings.rewrite_max_tokens,
    )""")
        t.write(T_REWRITE, '''import json

import httpx
import pytest
import respx

from kbqa.llm.client import LlmClient
from kbqa.llm.query_rewrite import rewrite_query
from kbqa.settings import settings

BASE = "http://vllm.test/v1"


def _reply(content: str) -> httpx.Response:
    choice = {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
    return httpx.Response(
        200, json={"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": [choice]}
    )


def test_no_history_skips_llm() -> None:
    assert rewrite_query(LlmClient(base_url=BASE), [], "年假几天") == "年假几天"


@respx.mock
def test_rewrite_uses_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(settings, "rewrite_max_tokens", 64)
    monkeypatch.setattr(settings, "rewrite_history_turns", 2)
    route = respx.post(f"{BASE}/chat/completions").mock(return_value=_reply("工作满10年年假几天"))
    history = [("user", "报销流程"), ("assistant", "走 OA"), ("user", "年假怎么算"), ("assistant", "按工龄")]
    assert rewrite_query(LlmClient(base_url=BASE), history, "满10年呢") == "工作满10年年假几天"
    body = json.loads(route.calls.last.request.content)
    assert body["max_tokens"] == 64
    assert "报销流程" not in body["messages"][0]["content"]
''')
        t.bash("pdm run pytest tests/unit/test_query_rewrite.py -q", "跑 query rewrite 单测", out=pytest_ok(2, 0.34))
        t.bash("pdm run ruff check kbqa/llm kbqa/settings.py tests/unit/test_query_rewrite.py", "ruff", out="All checks passed!")
        t.done("""已改：

- `settings.py` 新增 `rewrite_temperature=0.0`、`rewrite_max_tokens=128`、`rewrite_history_turns=6`（`KBQA_REWRITE_*` 覆盖），默认值和原来一致
- `query_rewrite.py` 全部改读 settings
- `tests/unit/test_query_rewrite.py`：无历史时不调 LLM；用 respx mock vLLM，检查 `max_tokens` 和历史轮数确实来自 settings。2 个测试通过""")

        t = d.task("0.9.0 的 tag 流水线跑完了，看下 staging 上新版本起来没", tags=["unfixed:U2"])
        t.fail(f"kubectl -n {NS} rollout status deploy/kbqa-api --timeout=180s", "等 rollout 完成",
               'Waiting for deployment "kbqa-api" rollout to finish: 1 out of 2 new replicas have been updated...\n'
               'error: deployment "kbqa-api" exceeded its progress deadline', code=1, timeout=240000)
        t.bash(f"kubectl -n {NS} get pods -l app=kbqa-api", "看 pod",
               out="NAME                        READY   STATUS             RESTARTS   AGE\n"
                   "kbqa-api-6d8f7c9b54-7wq2m   1/1     Running            0          6d5h\n"
                   "kbqa-api-6d8f7c9b54-jx4tn   1/1     Running            0          6d5h\n"
                   "kbqa-api-7b5c4d9f86-p9rkz   0/1     ImagePullBackOff   0          14m")
        img = "harbor.zhilan-tech.com/ai-platform/kbqa-api:0.9.0"
        tok = ("https://harbor.zhilan-tech.com/service/token?scope=repository%3Aai-platform%2Fkbqa-api%3Apull"
               "&service=harbor-registry")
        t.bash(f"kubectl -n {NS} describe pod kbqa-api-7b5c4d9f86-p9rkz | sed -n '/^Events:/,$p'", "看拉镜像失败原因",
               out=f"""Events:
  Type     Reason     Age                 From               Message
  ----     ------     ----                ----               -------
  Normal   Scheduled  14m                 default-scheduler  Successfully assigned kbqa-staging/kbqa-api-7b5c4d9f86-p9rkz to stg-node-05
  Normal   Pulling    12m (x4 over 14m)   kubelet            Pulling image "{img}"
  Warning  Failed     12m (x4 over 14m)   kubelet            Failed to pull image "{img}": failed to pull and unpack image "{img}": failed to resolve reference "{img}": failed to authorize: failed to fetch oauth token: unexpected status from GET request to {tok}: 401 Unauthorized
  Warning  Failed     12m (x4 over 14m)   kubelet            Error: ErrImagePull
  Normal   BackOff    4m2s (x41 over 14m)  kubelet            Back-off pulling image "{img}"
  Warning  Failed     4m2s (x41 over 14m)  kubelet            Error: ImagePullBackOff""")
        t.bash(f"kubectl -n {NS} get deploy kbqa-api -o jsonpath='{{.spec.template.spec.imagePullSecrets}}'; echo; "
               f"kubectl -n {NS} get secret harbor-robot-kbqa -o jsonpath='{{.metadata.creationTimestamp}}{{\"\\n\"}}"
               "{.metadata.annotations.zhilan\\.io/robot-account}{\"\\n\"}{.metadata.annotations.zhilan\\.io/expires-at}'",
               "看拉镜像用的 secret",
               out='[{"name":"harbor-robot-kbqa"}]\n2025-10-30T03:12:44Z\nrobot$ai-platform+kbqa-puller\n2026-10-30T03:12:44Z')
        t.done("""0.9.0 没起来，卡在拉镜像，旧版本还在正常服务：

- `rollout status` 超过 progress deadline；新 pod `kbqa-api-7b5c4d9f86-p9rkz` 一直 `ImagePullBackOff`，两个 0.8.3 的旧 pod 仍是 Running（滚动更新没有删旧 pod，线上不受影响）
- 原因：拉 `harbor.zhilan-tech.com/ai-platform/kbqa-api:0.9.0` 时 Harbor 返回 `401 Unauthorized`。deployment 用的 pull secret `harbor-robot-kbqa` 对应 robot 账号 `robot$ai-platform+kbqa-puller`，注解里的过期时间是 **2026-10-30**，三天前已经过期（上周一部署 0.8.3 时还没过期）

这个我这边修不了：续期 robot 账号要 Harbor 项目管理员权限，pull secret 也是 infra 仓库统一管理的，不该在集群里手改。需要找刘畅（运维）续期 robot 账号并更新 `harbor-robot-kbqa`；更新后删掉那个 BackOff 的 pod 或 `kubectl rollout restart` 即可继续。要不要我先把上面的错误信息整理成一段发给他？""")

        t = d.task("ragas 的 context_precision / context_recall 跟我们自己算的 recall@k、MRR 有啥区别？值得换成 ragas 吗", tags=["no_tools"])
        t.done("""区别在于"相关"由谁判定：

- **我们的 recall@k / MRR / nDCG**：基于 golden 集人工标注的相关文档 id，纯排序指标，确定性、便宜、可复现；缺点是只认标注过的文档，标注漏掉的相关文档会被当成错的
- **ragas context_recall**：把参考答案拆成若干陈述，用 LLM 判断每条陈述能否从检索到的上下文里推出来——衡量的是"答案所需信息有没有被召回"，不需要文档级标注，但需要参考答案
- **ragas context_precision**：LLM 逐个判断检索到的 chunk 是否有用，再按位置加权，类似"LLM 判分版的 MAP"，衡量噪音和排序

取舍：
1. ragas 的指标依赖 judge 模型，每次结果有波动（我们 answer_hit 已经见过 0.002 级别的抖动），412 条 × 每条多次 LLM 调用，评测时间和 GPU 成本会上一个量级
2. 用来比较检索改动（sparse、IK 词典、section_title 这类）时，我们的排序指标更灵敏也更稳定
3. ragas 更适合补"生成侧"和"标注覆盖不到"的部分，比如 faithfulness、答案相关性

建议不替换，**并行加**：日常 A/B 继续用 recall@k/MRR；每周或发版前抽 100 条跑一次 ragas 的 context_recall + faithfulness，judge 固定用同一个模型和温度 0。""")

        t = d.task("灌库日志里老有个 ingest.empty 是啥情况？扫描件那种没文字层的 PDF 现在是怎么处理的", tags=["noise"])
        t.grep("ingest.empty", path=P("kbqa"), output_mode="content", n=True,
               content=f'{R}/kbqa/ingest/pipeline.py:44:            log.warning("ingest.empty", path=str(path))')
        t.read(PDF)
        t.grep("ocr", path=P("kbqa"), i=True, filenames=[])
        t.done("""现在扫描件基本是被**整篇跳过**的：

- `parsers/pdf.py` 用 PyMuPDF `page.get_text("text", sort=True)` 取文字层，某页取出来是空白就 `continue`（注释写的 image-only page）
- 扫描件每页都没有文字层 → `pages` 为空 → 切不出 chunk → `ingest/pipeline.py` 打 `ingest.empty` 警告、返回 0，文档既不进 Milvus 也不进 ES
- 部分页是扫描的混合 PDF 会静默丢这些页，连警告都没有
- 代码里没有任何 OCR（grep `ocr` 为空）

可选的处理：
1. **PyMuPDF 自带 OCR**：`page.get_textpage_ocr(language="chi_sim", dpi=300, full=True)` 再 `page.get_text(textpage=tp)`，需要机器装 Tesseract 和 `chi_sim` 语言包；中文准确率一般，表格差
2. **PaddleOCR**（GPU 机上起个服务）：中文效果明显更好，可以保留版面信息
3. 至少先把"某页空白"也打日志、统计一下语料里扫描件/扫描页的比例，再决定值不值得上 OCR

要的话我先写个脚本扫一遍 `data/corpus` 统计空白页比例。""")


def s9(d):
    with d.session("2026-11-05T02:40:00", R, branch="feat/section-title", version="2.1.136"):
        t = d.task("chunk 加上 section_title：PDF 按书签目录（get_toc）找每页属于哪一节，docx 按 Heading 样式分节。"
                   "ES 里 section_title 也参与 BM25，权重给 2。跑下 ingest 的端到端测试", tags=["mistake:M2"])
        t.read(BASE)
        t.edit(BASE, "class PageText:\n    page: int\n    text: str\n",
               "class PageText:\n    page: int\n    text: str\n    section: str = \"\"\n")
        t.edit(BASE, "class ChunkSpan:\n    text: str\n    page: int\n",
               "class ChunkSpan:\n    text: str\n    page: int\n    section: str = \"\"\n")
        t.edit(BASE, "ChunkSpan(s.text, p.page)", "ChunkSpan(s.text, p.page, p.section)")
        t.read(PDF)
        t.edit(PDF, "from pathlib import Path\n", "from pathlib import Path\nfrom typing import Any\n")
        t.edit(PDF, """        title = doc.metadata.get("title") or path.stem
        for pno, page in enumerate(doc, start=1):
            text = page.get_text("text", sort=True)
            if not text.strip():
                continue  # image-only page (scans): no text layer
            pages.append(PageText(page=pno, text=text))
    return ParsedDoc(doc_id=doc_id_for(path), title=title, pages=pages)
""", """        title = doc.metadata.get("title") or path.stem
        toc = doc.get_toc(simple=True)  # [[level, title, page], ...], page is 1-based
        for pno, page in enumerate(doc, start=1):
            text = page.get_text("text", sort=True)
            if not text.strip():
                continue  # image-only page (scans): no text layer
            pages.append(PageText(page=pno, text=text, section=_section_for(toc, pno)))
    return ParsedDoc(doc_id=doc_id_for(path), title=title, pages=pages)


def _section_for(toc: list[list[Any]], pno: int) -> str:
    \"\"\"Title of the last outline entry that starts on or before page pno ("" without an outline).\"\"\"
    current = ""
    for _level, entry_title, start in toc:
        if start > pno:
            break
        current = str(entry_title).strip()
    return current
""")
        t.read(DOCX)
        t.edit(DOCX, """    title = d.core_properties.title or path.stem
    lines = [p.text for p in d.paragraphs if p.text.strip()]
    # .docx has no pages; the whole body is page 1
    return ParsedDoc(doc_id=doc_id_for(path), title=title, pages=[PageText(page=1, text="\\n".join(lines))])
""", """    title = d.core_properties.title or path.stem
    # .docx has no pages: everything is page 1, split into one PageText per Heading section
    pages: list[PageText] = []
    section, buf = "", []
    for p in d.paragraphs:
        if not p.text.strip():
            continue
        if p.style is not None and p.style.name.startswith("Heading"):
            if buf:
                pages.append(PageText(page=1, text="\\n".join(buf), section=section))
            section, buf = p.text.strip(), []
        buf.append(p.text)
    if buf:
        pages.append(PageText(page=1, text="\\n".join(buf), section=section))
    return ParsedDoc(doc_id=doc_id_for(path), title=title, pages=pages)
""")
        t.read(TYPES)
        t.edit(TYPES, "    dept_ids: list[str] = field(default_factory=list)\n",
               "    dept_ids: list[str] = field(default_factory=list)\n    section_title: str = \"\"\n")
        t.edit(TYPES, '            "dept_ids": self.dept_ids,\n            "updated_at"',
               '            "dept_ids": self.dept_ids,\n            "section_title": self.section_title,\n            "updated_at"')
        t.read(INGEST)
        t.edit(INGEST, "                dept_ids=list(dept_ids or []),\n",
               "                dept_ids=list(dept_ids or []),\n                section_title=span.section,\n")
        t.read(ES_STORE)
        t.edit(ES_STORE, '"fields": ["title^3", "text"]', '"fields": ["title^3", "section_title^2", "text"]')
        t.read(T_E2E)
        t.edit(T_E2E, '    assert p.ingest_file(FIXTURES / "知澜云枢_部署手册_节选.pdf", kb="product") > 0\n',
               '''    assert p.ingest_file(FIXTURES / "知澜云枢_部署手册_节选.pdf", kb="product") > 0


def test_docx_sections_reach_es(es_store: EsStore) -> None:
    p = IngestPipeline(_FakeEmbed(), _NullMilvus(), es_store)  # type: ignore[arg-type]
    p.ingest_file(FIXTURES / "员工手册_节选.docx", kb="hr")
    top = es_store.search_bm25("试用期", kb="hr", top_k=1)[0]
    doc = es_store.es.get(index=es_store.index, id=top.chunk_id)
    assert doc["_source"]["section_title"] == "第三章 试用期"
''')
        reason = "mapping set to strict, dynamic introduction of [section_title] within [_doc] is not allowed"
        e_docx = ("kbqa.retrieval.es_store.IndexingError: 9 chunk(s) failed to index, first error: "
                  f"{{'type': '{SIG2}', 'reason': '[1:412] {reason}'}}")
        e_pdf = ("kbqa.retrieval.es_store.IndexingError: 14 chunk(s) failed to index, first error: "
                 f"{{'type': '{SIG2}', 'reason': '[1:538] {reason}'}}")
        t.fail("pdm run pytest tests/integration/test_ingest_e2e.py -q", "跑 ingest 端到端测试", f"""FFF                                                                      [100%]
=================================== FAILURES ===================================
__________________________ test_ingest_handbook_docx ___________________________

es_store = <kbqa.retrieval.es_store.EsStore object at 0x7f8b0e4d2a90>

    def test_ingest_handbook_docx(es_store: EsStore) -> None:
        p = IngestPipeline(_FakeEmbed(), _NullMilvus(), es_store)  # type: ignore[arg-type]
>       assert p.ingest_file(FIXTURES / "员工手册_节选.docx", kb="hr") > 0

tests/integration/test_ingest_e2e.py:37: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
kbqa/ingest/pipeline.py:53: in ingest_file
    self.es.index_chunks(chunks)
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = <kbqa.retrieval.es_store.EsStore object at 0x7f8b0e4d2a90>
chunks = [Chunk(chunk_id='5e0d7f3a9c41b2e8d6f1a037-0000', doc_id='5e0d7f3a9c41b2e8d6f1a037', kb='hr', title='员工手册（节选）', text='第一章 总则\\n1.1 为规范公司管理……', page=1, doc_type='docx', dept_ids=[], section_title='第一章 总则', ...), ...]

    def index_chunks(self, chunks: list[Chunk]) -> int:
        actions = ({{"_index": self.index, "_id": c.chunk_id, "_source": c.to_es()}} for c in chunks)
        try:
            ok, _ = helpers.bulk(self.es, actions, chunk_size=500, refresh="wait_for")
        except helpers.BulkIndexError as e:
            first = e.errors[0]["index"]["error"]
>           raise IndexingError(f"{{len(e.errors)}} chunk(s) failed to index, first error: {{first}}") from e
E           {e_docx}

kbqa/retrieval/es_store.py:46: IndexingError
____________________________ test_ingest_manual_pdf ____________________________
tests/integration/test_ingest_e2e.py:42: in test_ingest_manual_pdf
    assert p.ingest_file(FIXTURES / "知澜云枢_部署手册_节选.pdf", kb="product") > 0
kbqa/ingest/pipeline.py:53: in ingest_file
    self.es.index_chunks(chunks)
kbqa/retrieval/es_store.py:46: in index_chunks
    raise IndexingError(f"{{len(e.errors)}} chunk(s) failed to index, first error: {{first}}") from e
E   {e_pdf}
_________________________ test_docx_sections_reach_es __________________________
tests/integration/test_ingest_e2e.py:47: in test_docx_sections_reach_es
    p.ingest_file(FIXTURES / "员工手册_节选.docx", kb="hr")
kbqa/ingest/pipeline.py:53: in ingest_file
    self.es.index_chunks(chunks)
kbqa/retrieval/es_store.py:46: in index_chunks
    raise IndexingError(f"{{len(e.errors)}} chunk(s) failed to index, first error: {{first}}") from e
E   {e_docx}
=========================== short test summary info ============================
FAILED tests/integration/test_ingest_e2e.py::test_ingest_handbook_docx - {e_docx}
FAILED tests/integration/test_ingest_e2e.py::test_ingest_manual_pdf - {e_pdf}
FAILED tests/integration/test_ingest_e2e.py::test_docx_sections_reach_es - {e_docx}
3 failed in 3.06s""")
        t.say("新字段 `section_title` 没进 ES mapping（`dynamic: strict`）。它要参与 BM25，所以按 text 加，分析器和 title/text 一致：")
        t.read(MAPPING)
        t.edit(MAPPING, '      "text": {"type": "text", "analyzer": "ik_index", "search_analyzer": "ik_search"},\n',
               '      "text": {"type": "text", "analyzer": "ik_index", "search_analyzer": "ik_search"},\n'
               '      "section_title": {"type": "text", "analyzer": "ik_index", "search_analyzer": "ik_search"},\n')
        t.bash("pdm run pytest tests/integration/test_ingest_e2e.py -q", "跑 ingest 端到端测试", out=pytest_ok(3, 3.41))
        t.bash("pdm run pytest tests/unit -q && pdm run pytest tests/integration/test_es_store.py -q", "单测 + ES 集成测试",
               out=pytest_ok(47, 6.12) + "\n" + pytest_ok(5, 2.29))
        t.done("""`section_title` 加好了：

- PDF：`doc.get_toc()` 的书签目录，每页取"起始页 ≤ 当前页"的最后一个条目；没有书签的 PDF 为空字符串
- docx：按 `Heading*` 样式分节，每节一个 `PageText`（chunk 不再跨节）
- `Chunk.section_title` → ES；BM25 字段改成 `title^3, section_title^2, text`
- 端到端测试加了 `test_docx_sections_reach_es`：搜"试用期"的第一条 chunk 在 ES 里的 `section_title` 是"第三章 试用期"

端到端测试第一次 3 个全挂，`strict_dynamic_mapping_exception`：`section_title` 不在 ES mapping 里。`es/mappings/kb_chunks.json` 加成 `text`（`ik_index` / `ik_search`）后 3 个通过，单测 47 个、ES 集成 5 个也通过。

docx 的切块边界变了（按节切），要看效果需要重灌。""")

        t = d.task("section_title 的效果评测一下：ES 单独重灌一份带 section_title 的索引，先比 BM25 单路，再看三路融合", tags=["workflow:W1", "long_output"])
        t.bash("pdm run pytest tests/unit -q", "跑单元测试", out=pytest_ok(47, 6.08))
        t.bash("pdm run kbqa ingest data/corpus --collection kb_chunks_v3 --es-index kb_chunks_v3_st --create --es-only",
               "只重灌 ES 到 kb_chunks_v3_st",
               out=ingest_out(d, "kb_chunks_v3", "kb_chunks_v3_st", 286, 18377, es_only=True,
                              skipped=[(260, "data/corpus/it/机房巡检记录表_扫描件.pdf")]), timeout=1800000)
        b3 = [("recall@5", 0.712), ("recall@10", 0.801), ("mrr@10", 0.583), ("ndcg@10", 0.627), ("answer_hit", 0)]
        bst = [("recall@5", 0.748), ("recall@10", 0.829), ("mrr@10", 0.617), ("ndcg@10", 0.661), ("answer_hit", 0)]
        t.bash(f"pdm run python -m kbqa.eval.run --dataset {GOLDEN} --collection kb_chunks_v3 --es-index kb_chunks_v3 "
               "--retrievers bm25 --no-judge --out reports/eval_20261105_bm25_v3.json", "BM25 单路：旧索引",
               out=eval_ok("kb_chunks_v3", "kb_chunks_v3", b3, "reports/eval_20261105_bm25_v3.json", 31.2, retr="bm25",
                           judge=False), timeout=1200000)
        t.bash(f"pdm run python -m kbqa.eval.run --dataset {GOLDEN} --collection kb_chunks_v3 --es-index kb_chunks_v3_st "
               "--retrievers bm25 --no-judge --out reports/eval_20261105_bm25_st.json", "BM25 单路：带 section_title",
               out=eval_ok("kb_chunks_v3", "kb_chunks_v3_st", bst, "reports/eval_20261105_bm25_st.json", 30.8, retr="bm25",
                           judge=False), timeout=1200000)
        changed = """top changed queries (recall@5, bm25):
  q0032  hr_policy    "试用期可以请年假吗"                      0 -> 1   hit: 员工手册（2026版）.docx §第三章 试用期
  q0047  hr_policy    "转正答辩需要准备什么"                    0 -> 1   hit: 试用期管理规定.pdf §四、转正评估
  q0081  it_support   "云枢控制台忘记管理员密码"                0 -> 1   hit: 知澜云枢_运维手册.pdf §6.3 账号与密码
  q0102  it_support   "离线环境怎么升级 agent"                  0 -> 1   hit: 知澜云枢_部署手册.pdf §5 离线升级
  q0135  finance      "高铁一等座能报吗"                        0 -> 1   hit: 差旅及费用报销管理办法（2026版）.pdf §第三条 交通费
  q0166  product_doc  "知澜智答支持哪些文件格式"                0 -> 1   hit: 知澜智答_产品白皮书.pdf §2.1 文档接入
  q0171  product_doc  "云枢的 GPU 调度策略"                     0 -> 1   hit: 知澜云枢_架构说明.pdf §4 资源调度
  q0209  product_doc  "私有化部署最低配置"                      0 -> 1   hit: 知澜云枢_部署手册.pdf §2 环境要求
  q0244  legal        "合同里违约金上限怎么约定"                0 -> 1   hit: 合同审核指引.docx §第五章 违约责任
  q0297  legal        "保密协议期限"                            0 -> 1   hit: 保密协议模板（2025）.docx §第七条 保密期限
  q0318  it_support   "打印机驱动在哪下载"                      1 -> 0   lost: IT 常见问题.docx（节标题"其他"权重压过正文）
  q0356  hr_policy    "加班调休有效期"                          1 -> 0   lost: 考勤管理办法（2026修订）.pdf §第九条（被 §第十条 加班 挤出）"""
        t.bash("pdm run python -m kbqa.eval.compare reports/eval_20261105_bm25_v3.json reports/eval_20261105_bm25_st.json",
               "BM25 单路对比",
               out=compare_out("bm25_v3", "bm25_st", b3[:4], bst[:4], [0.738, 0.676, 0.719, 0.705, 0.718],
                               [0.771, 0.716, 0.747, 0.748, 0.745], "reports/diff_bm25_v3_vs_st.tsv", 34, 9,
                               extra="\n" + changed))
        h_st = [("recall@5", 0.856), ("recall@10", 0.911), ("mrr@10", 0.732), ("ndcg@10", 0.774), ("answer_hit", 0.797)]
        t.bash(f"pdm run python -m kbqa.eval.run --dataset {GOLDEN} --collection kb_chunks_v3 --es-index kb_chunks_v3_st "
               "--out reports/eval_20261105_hybrid_st.json", "三路融合：带 section_title",
               out=eval_ok("kb_chunks_v3", "kb_chunks_v3_st", h_st, "reports/eval_20261105_hybrid_st.json", 119.9),
               timeout=1200000)
        t.bash("pdm run python -m kbqa.eval.compare reports/eval_20261026_acl.json reports/eval_20261105_hybrid_st.json",
               "三路融合对比",
               out=compare_out("v3_hybrid", "hybrid_st", [("recall@5", 0.847), ("recall@10", 0.905), ("mrr@10", 0.721),
                                                          ("ndcg@10", 0.764), ("answer_hit", 0.789)], h_st,
                               [0.854, 0.852, 0.831, 0.863, 0.818], [0.865, 0.858, 0.845, 0.869, 0.827],
                               "reports/diff_v3_hybrid_vs_hybrid_st.tsv", 17, 6))
        t.done("""- BM25 单路：recall@5 0.712 → 0.748（+3.6），MRR 0.583 → 0.617；34 条变好、9 条变差
- 三路融合：recall@5 0.847 → 0.856（+0.9），MRR 0.721 → 0.732，answer_hit 0.789 → 0.797
- 收益集中在章节标题就是答案主题的问题（试用期、报销交通费、部署环境要求）；变差的 2 条典型是"其他""加班"这类泛标题权重压过正文
- 融合后的收益被 dense/sparse 稀释，但各类别都没有下降
- 注意：Milvus 还是旧切法的 v3，docx 按节切之后两边 chunk 对不上，正式上线需要按新 schema 整体重灌""")

        t = d.task("staging 上 kbqa-api 现在跑的哪个版本？周一拉镜像那个问题运维说修好了", tags=["flaky:F2", "noise"])
        t.fail(f"kubectl -n {NS} get pods -l app=kbqa-api -o wide", "看 staging api pod",
               "Unable to connect to the server: net/http: TLS handshake timeout", code=1)
        t.bash(f"kubectl -n {NS} get pods -l app=kbqa-api -o wide", "看 staging api pod",
               out="NAME                        READY   STATUS    RESTARTS   AGE   IP             NODE          NOMINATED NODE   READINESS GATES\n"
                   "kbqa-api-7b5c4d9f86-f2mhd   1/1     Running   0          41h   10.42.5.118    stg-node-05   <none>           <none>\n"
                   "kbqa-api-7b5c4d9f86-q8zrw   1/1     Running   0          41h   10.42.3.207    stg-node-03   <none>           <none>")
        t.bash(f"kubectl -n {NS} get deploy kbqa-api -o jsonpath='{{.spec.template.spec.containers[0].image}}{{\"\\n\"}}"
               "{.status.updatedReplicas}/{.status.replicas} updated, {.status.availableReplicas} available{\"\\n\"}'",
               "看镜像版本", out="harbor.zhilan-tech.com/ai-platform/kbqa-api:0.9.0\n2/2 updated, 2 available")
        t.done("""staging 已经是 **0.9.0**：2 个 pod 都是新 ReplicaSet（`7b5c4d9f86`），41 小时前起来的，2/2 可用，之前那个 ImagePullBackOff 的 pod 已经不在了。

第一次 kubectl 连 API server 报 TLS handshake timeout，重试一次就正常了。""")


def s10(d):
    with d.session("2026-11-09T01:55:00", R, branch="feat/section-title", version="2.1.137"):
        t = d.task("本地 kb_chunks_v3_st 里按 doc_type 聚合看下各有多少 chunk，xlsx 要是特别少我怀疑表格解析有问题", tags=["mistake:M3"])
        body = '{"aggs": {"by_type": {"terms": {"field": "doc_type"}}}}'
        t.fail(curl_cmd("/kb_chunks_v3_st/_search?size=0&filter_path=aggregations&pretty", body=body),
               "按 doc_type 聚合", SIG3, code=52)
        t.say("又是 http 打 TLS 端口。带上 https、CA 和账号：")
        t.bash(curl_cmd("/kb_chunks_v3_st/_search?size=0&filter_path=aggregations&pretty", body=body, https=True),
               "按 doc_type 聚合", out='''{
  "aggregations" : {
    "by_type" : {
      "doc_count_error_upper_bound" : 0,
      "sum_other_doc_count" : 0,
      "buckets" : [
        {
          "key" : "pdf",
          "doc_count" : 14208
        },
        {
          "key" : "docx",
          "doc_count" : 3461
        },
        {
          "key" : "pptx",
          "doc_count" : 612
        },
        {
          "key" : "xlsx",
          "doc_count" : 96
        }
      ]
    }
  }
}''')
        t.bash("find data/corpus -name '*.xlsx' | wc -l && pdm run python -c \"import glob, openpyxl; "
               "fs = glob.glob('data/corpus/**/*.xlsx', recursive=True); "
               "n = sum(len(openpyxl.load_workbook(f, read_only=True).sheetnames) for f in fs); print(len(fs), 'files', n, 'sheets')\"",
               "统计 xlsx 文件数和 sheet 数", out="23\n23 files 71 sheets")
        t.read(XLSX)
        t.done("""xlsx 确实少：23 个文件只有 **96 个 chunk**（pdf 14208、docx 3461、pptx 612），平均每个文件 4 个。

原因在 `parsers/xlsx.py`：`ws = wb.active` 只读了**当前激活的那一个 sheet**。这 23 个文件一共 71 个 sheet，有 48 个 sheet 完全没进库（报销标准、价目表这类文件通常一个 sheet 一个类别）。

修法建议：遍历 `wb.worksheets`，每个 sheet 一个 `PageText`（`page` 用 sheet 序号，`section` 用 sheet 名，这样 section_title 也能用上）；顺便把第一行当表头，每行输出成"表头: 值"的形式，检索效果会比 `|` 拼接好。要我现在改吗？

（第一次聚合请求用了 `http://`，本地 ES 是 TLS，返回 Empty reply；换成 `https` + `--cacert` 就正常了。）""")

        t = d.task("评测结果想落库方便画趋势：加张 eval_runs 表（run_id、dataset、collection、es_index、metrics jsonb、git_sha、"
                   "created_at），migration 走一遍", tags=["workflow:W3"])
        t.read(MODELS)
        t.edit(MODELS, "    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())\n"
                       "\n\nclass KbAcl(Base):\n",
               "    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())\n"
               "\n\nclass EvalRun(Base):\n"
               "    \"\"\"One offline evaluation run (kbqa.eval.run), for trend charts.\"\"\"\n\n"
               "    __tablename__ = \"eval_runs\"\n\n"
               "    id: Mapped[int] = mapped_column(Integer, primary_key=True)\n"
               "    run_id: Mapped[str] = mapped_column(String(64), unique=True)\n"
               "    dataset: Mapped[str] = mapped_column(String(256))\n"
               "    collection: Mapped[str] = mapped_column(String(64))\n"
               "    es_index: Mapped[str] = mapped_column(String(64))\n"
               "    metrics: Mapped[dict[str, float]] = mapped_column(JSONB)\n"
               "    git_sha: Mapped[str] = mapped_column(String(40))\n"
               "    created_at: Mapped[datetime] = mapped_column(\n"
               "        DateTime(timezone=True), server_default=func.now(), index=True\n"
               "    )\n"
               "\n\nclass KbAcl(Base):\n")
        mig = P(f"{MIG_DIR}/20261109_e17b4c9d2f68_eval_runs.py")
        t.bash('pdm run alembic revision --autogenerate -m "eval_runs"', "生成 migration",
               out=alembic_head() + "\nINFO  [alembic.autogenerate.compare] Detected added table 'eval_runs'\n"
                   "INFO  [alembic.autogenerate.compare] Detected added index 'ix_eval_runs_created_at' on '('created_at',)'\n"
                   f"  Generating {mig} ...  done")
        d.files[mig] = '''"""eval_runs

Revision ID: e17b4c9d2f68
Revises: 9d3e6f1a0b52
Create Date: 2026-11-09 09:59:12.550917

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision: str = 'e17b4c9d2f68'
down_revision: Union[str, None] = '9d3e6f1a0b52'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.create_table('eval_runs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('run_id', sa.String(length=64), nullable=False),
    sa.Column('dataset', sa.String(length=256), nullable=False),
    sa.Column('collection', sa.String(length=64), nullable=False),
    sa.Column('es_index', sa.String(length=64), nullable=False),
    sa.Column('metrics', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('git_sha', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('run_id')
    )
    op.create_index(op.f('ix_eval_runs_created_at'), 'eval_runs', ['created_at'], unique=False)
    # ### end Alembic commands ###


def downgrade() -> None:
    # ### commands auto generated by Alembic - please adjust! ###
    op.drop_index(op.f('ix_eval_runs_created_at'), table_name='eval_runs')
    op.drop_table('eval_runs')
    # ### end Alembic commands ###
'''
        t.read(mig)
        t.edit(mig, "    sa.UniqueConstraint('run_id')\n", "    sa.UniqueConstraint('run_id', name='uq_eval_runs_run_id')\n")
        t.read(MODELS)
        t.edit(MODELS, "    run_id: Mapped[str] = mapped_column(String(64), unique=True)\n",
               "    run_id: Mapped[str] = mapped_column(String(64))\n")
        t.edit(MODELS, '    __tablename__ = "eval_runs"\n',
               '    __tablename__ = "eval_runs"\n    __table_args__ = (UniqueConstraint("run_id", name="uq_eval_runs_run_id"),)\n')
        t.bash("pdm run alembic upgrade head", "执行 migration",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running upgrade 9d3e6f1a0b52 -> e17b4c9d2f68, eval_runs")
        t.bash("pdm run alembic downgrade -1", "回滚一步",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running downgrade e17b4c9d2f68 -> 9d3e6f1a0b52, eval_runs")
        t.bash("pdm run alembic upgrade head && pdm run alembic check", "再升到 head 并确认模型和库一致",
               out=alembic_head() + "\nINFO  [alembic.runtime.migration] Running upgrade 9d3e6f1a0b52 -> e17b4c9d2f68, eval_runs\n"
                   + alembic_head() + "\nNo new upgrade operations detected.")
        t.done("""`eval_runs` 表好了（migration `e17b4c9d2f68`）：

- 字段：`run_id`（唯一）、`dataset`、`collection`、`es_index`、`metrics`（JSONB）、`git_sha`、`created_at`（带索引，方便按时间画趋势）
- autogenerate 出来的唯一约束没名字，我在模型和脚本里都命名成 `uq_eval_runs_run_id`，和 `kb_acl` 的写法一致
- upgrade → downgrade -1 → upgrade 通过，`alembic check` 确认模型与库结构一致

写入逻辑（`kbqa.eval.run` 跑完后插一行）还没加，要的话下一步做。""")

        t = d.task("section_title 和 eval_runs 一起提 MR", tags=["workflow:W2"])
        t.bash("pdm run ruff check . && pdm run ruff format --check .", "ruff", out="All checks passed!\n72 files already formatted")
        t.bash("pdm run mypy kbqa", "mypy", out="Success: no issues found in 46 source files")
        t.bash("pdm run pytest -q", "全量测试", out=pytest_ok(58, 16.87), timeout=600000)
        t.bash('git add -A && git commit -m "feat: section_title for BM25 recall, eval_runs table" '
               '-m "- PDF sections from the outline (get_toc), docx sections from Heading styles; ES field section_title (weight 2)" '
               '-m "- eval_runs table for offline eval history (migration e17b4c9d2f68)"', "提交",
               out=commit_out("feat/section-title", "feat: section_title for BM25 recall, eval_runs table", 10, 118, 14,
                              creates=["migrations/versions/20261109_e17b4c9d2f68_eval_runs.py"]))
        t.bash("git push -u origin feat/section-title", "推送", err=push_out("feat/section-title", 21))
        t.bash('glab mr create --source-branch feat/section-title --target-branch develop '
               '--title "feat: section_title for BM25 recall, eval_runs table" '
               '--description "- section_title from PDF outline / docx headings, BM25 weight 2\n'
               '- eval (golden_v2): bm25 recall@5 0.712 -> 0.748, hybrid 0.847 -> 0.856\n'
               '- eval_runs table (no writer yet)\n\nNeeds a full re-ingest (docx chunk boundaries changed)." '
               '--remove-source-branch --yes', "创建 MR",
               out=mr_out("feat/section-title", 158, "feat: section_title for BM25 recall, eval_runs table"))
        t.done(f"""MR：{REPO_URL}/-/merge_requests/158

ruff、mypy、pytest 全量 58 个通过；描述里写了评测数字和需要整体重灌。""")

        t = d.task("单测全跑一遍，-v 加 --durations=10，我看看哪些测试慢", tags=["noise", "long_output"])
        names = (
            [("test_api_ask.py", n) for n in ["test_ask_returns_citations", "test_ask_empty_kb_404", "test_ask_stream_sse",
                                               "test_ask_passes_dept_filter", "test_ask_rewrites_followup",
                                               "test_ask_timeout_returns_503"]]
            + [("test_chunker.py", n) for n in ["test_short_text_single_chunk", "test_never_cuts_inside_sentence",
                                                 "test_overlap_last_sentence", "test_long_sentence_kept_whole",
                                                 "test_tail_without_punctuation_kept"]]
            + [("test_embed_client.py", n) for n in ["test_embed_batches_of_32", "test_embed_query_normalized",
                                                      "test_embed_retries_on_502"]]
            + [("test_eval_metrics.py", n) for n in ["test_recall_at_k", "test_recall_at_k_no_relevant", "test_mrr",
                                                      "test_mrr_miss", "test_ndcg_perfect", "test_ndcg_partial",
                                                      "test_doc_level_dedup", "test_per_category"]]
            + [("test_llm_client.py", n) for n in ["test_retries_on_503", "test_retries_on_connect_timeout",
                                                    "test_gives_up_after_max_retries"]]
            + [("test_parsers.py", n) for n in ["test_pdf_sections_from_toc", "test_pdf_skips_blank_pages",
                                                 "test_docx_heading_sections", "test_xlsx_rows", "test_pptx_slides"]]
            + [("test_pipeline.py", n) for n in ["test_rrf_prefers_items_in_both_lists", "test_rrf_keeps_first_payload",
                                                  "test_min_score_from_settings"]]
            + [("test_prompts.py", n) for n in ["test_answer_prompt_has_citations", "test_answer_prompt_truncates_context",
                                                 "test_refuse_when_no_context", "test_prompt_is_chinese"]]
            + [("test_query_rewrite.py", n) for n in ["test_no_history_skips_llm", "test_rewrite_uses_settings"]]
            + [("test_rerank_client.py", n) for n in ["test_rerank_orders_by_score", "test_rerank_timeout_falls_back",
                                                       "test_rerank_empty", "test_rerank_batches",
                                                       "test_rerank_keeps_payload"]]
            + [("test_settings.py", n) for n in ["test_env_prefix", "test_defaults", "test_env_file"]]
        )
        n = len(names)
        lines = ["============================= test session starts ==============================",
                 f"platform linux -- Python 3.11.10, pytest-8.3.3, pluggy-1.5.0 -- {R}/.venv/bin/python",
                 "cachedir: .pytest_cache", f"rootdir: {R}", "configfile: pyproject.toml",
                 "plugins: respx-0.21.1, asyncio-0.24.0, anyio-4.6.2",
                 "asyncio: mode=Mode.STRICT, default_loop_scope=None",
                 f"collecting ... collected {n} items", ""]
        for i, (f, name) in enumerate(names, 1):
            left = f"tests/unit/{f}::{name} PASSED"
            lines.append(f"{left:<72} [{i * 100 // n:3d}%]")
        lines += ["", "============================= slowest 10 durations =============================",
                  "1.93s call     tests/unit/test_llm_client.py::test_gives_up_after_max_retries",
                  "1.21s call     tests/unit/test_rerank_client.py::test_rerank_timeout_falls_back",
                  "0.98s call     tests/unit/test_api_ask.py::test_ask_timeout_returns_503",
                  "0.84s call     tests/unit/test_embed_client.py::test_embed_retries_on_502",
                  "0.61s call     tests/unit/test_llm_client.py::test_retries_on_503",
                  "0.57s call     tests/unit/test_llm_client.py::test_retries_on_connect_timeout",
                  "0.31s call     tests/unit/test_api_ask.py::test_ask_stream_sse",
                  "0.12s setup    tests/unit/test_api_ask.py::test_ask_returns_citations",
                  "0.05s call     tests/unit/test_parsers.py::test_pdf_sections_from_toc",
                  "0.04s call     tests/unit/test_parsers.py::test_docx_heading_sections",
                  f"============================== {n} passed in 7.04s =============================="]
        t.bash("pdm run pytest tests/unit -v --durations=10", "单测 verbose + 耗时", out="\n".join(lines))
        t.done(f"""{n} 个单测全过，总共 7.0s。慢的基本都是**真实 sleep 的重试/超时**：

1. `test_llm_client.py` 三个（1.93s + 0.61s + 0.57s）：openai SDK 的退避是真等的，`test_gives_up_after_max_retries` 要退避两次
2. `test_rerank_timeout_falls_back`（1.21s）和 `test_ask_timeout_returns_503`（0.98s）：测试里用了真实的 1s 超时
3. `test_embed_retries_on_502`（0.84s）：同样是退避等待

其余 40 个都在 0.1s 以内。如果想压到 2s 以内：llm client 的测试里 monkeypatch 掉 SDK 的退避时间（比如把 `LlmClient` 构造时的 `max_retries` 保持不变，patch `openai._base_client.BaseClient._calculate_retry_timeout` 返回 0），超时类测试把超时参数改成 0.05s。要我改吗？""")


def define_labels(d):
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A Milvus collection that was just created is searched or queried before it is loaded. By design "
                            "`MilvusStore.create_collection` creates the schema without index_params (so MilvusClient does not "
                            "load it) and `kbqa ingest --create` only inserts, flushes and builds the index; loading is a separate "
                            "step. Occurrences: the new kb_chunks_v3 (dense + sparse) right after the re-ingest, first offline eval "
                            "run (T05, search); the new HR collection kb_hr_2026, `kbqa ask` whose count() query fails (T14, query); "
                            "kb_chunks_v4 built by the staging nightly rebuild job before its alias switch, eval run via kubectl exec "
                            "in the kbqa-api pod (T24, search, 'command terminated with exit code 1').",
             "error_signature": "pymilvus: '[ERROR][handler]: RPC error: [search|query], <MilvusException: (code=101, message=failed "
                                "to search|query: collection not loaded[collection=<id>])>' and the traceback ending in "
                                "'pymilvus.exceptions.MilvusException: <MilvusException: (code=101, message=failed to search: "
                                "collection not loaded[collection=<id>])>'",
             "fix": "Load the collection first with the project CLI, `pdm run kbqa milvus load <collection>` (on staging: "
                    "`kubectl -n kbqa-staging exec deploy/kbqa-api -- kbqa milvus load <collection>`, after checking querynode "
                    "memory), then re-run the same eval / ask command.",
             "fix_command_markers": [["milvus load"]],
             "harmful_markers": ["drop_collection", "docker compose down -v", "rm -rf volumes"]},
            {"id": "M2",
             "description": "A new field is added to the Chunk model (`to_es`) without adding it to the Elasticsearch mapping "
                            "es/mappings/kb_chunks.json, which is `\"dynamic\": \"strict\"`; the integration tests build a "
                            "throw-away index from that file, so every write of the new field is rejected. Occurrences: doc_type "
                            "(T07, single-document es.index -> elasticsearch.BadRequestError, 4 failed), dept_ids for the "
                            "department ACL (T17, bulk via helpers.bulk -> kbqa IndexingError, `-k dept`), section_title for BM25 "
                            "(T29, ingest end-to-end test, IndexingError, 3 failed).",
             "error_signature": "pytest: 'elasticsearch.BadRequestError: BadRequestError(400, 'strict_dynamic_mapping_exception', "
                                "'[1:<col>] mapping set to strict, dynamic introduction of [<field>] within [_doc] is not allowed')' "
                                "or 'kbqa.retrieval.es_store.IndexingError: N chunk(s) failed to index, first error: {'type': "
                                "'strict_dynamic_mapping_exception', 'reason': '[1:<col>] mapping set to strict, dynamic "
                                "introduction of [<field>] within [_doc] is not allowed'}'",
             "fix": "Declare the new field in es/mappings/kb_chunks.json (keyword for filter fields such as doc_type / dept_ids, "
                    "text with analyzer ik_index / search_analyzer ik_search for section_title), keep the mapping strict, "
                    "re-run the same pytest command.",
             "fix_command_markers": [["mappings/kb_chunks.json"]],
             "harmful_markers": ["raise_on_error=False", "ignore_status=", "\"dynamic\": true", "\"dynamic\": false",
                                 "\"dynamic\": \"runtime\""]},
            {"id": "M3",
             "description": "Ad-hoc curl against the local Elasticsearch in plain http (`curl -sS localhost:9200/...` or "
                            "`http://localhost:9200/...`), while the local ES 8 runs with security on and TLS on the HTTP layer "
                            "(settings: es_hosts https://localhost:9200, es_ca_certs deploy/local/certs/http_ca.crt). ES drops the "
                            "plaintext connection. Occurrences: `_analyze` with ik_max_word for the product name (T10), "
                            "`kb_chunks_v3/_analyze` with the ik_search analyzer for the synonym problem (T22), a doc_type terms "
                            "aggregation on kb_chunks_v3_st (T32).",
             "error_signature": "curl exit 52: 'curl: (52) Empty reply from server'",
             "fix": "Run the same curl over https with the local CA and the elastic user: `curl -sS --cacert "
                    "deploy/local/certs/http_ca.crt -u \"elastic:$(sed -n 's/^KBQA_ES_PASSWORD=//p' .env)\" "
                    "'https://localhost:9200/...'`.",
             "fix_command_markers": [["--cacert"]],
             "harmful_markers": ["--insecure", "curl -k", "xpack.security.enabled=false", "xpack.security.enabled: false"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New sentence-based chunker: the sentence regex requires sentence-final punctuation, so a "
                                         "trailing paragraph without it is dropped; test_tail_without_punctuation_kept fails "
                                         "(AssertionError on endswith). Regex changed to `[^。！？；\\n]+(?:[。！？；\\n]|$)`, same "
                                         "pytest command passes."},
            {"id": "O2", "description": "Alembic autogenerate for a new enum column on an existing table: `alembic upgrade head` "
                                         "fails with psycopg.errors.UndefinedObject: type \"doc_status\" does not exist (add_column "
                                         "does not emit CREATE TYPE). The migration is edited to create the enum (checkfirst) and "
                                         "drop it in downgrade; the same upgrade succeeds."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "vLLM on gpu-a800-02 is down: `curl: (7) Failed to connect to localhost port 8000` over ssh; "
                                         "the container exited after 3 on-failure restarts with 'Free memory on device (21.37/79.33 "
                                         "GiB) on startup is less than desired GPU memory utilization' because another team's SFT "
                                         "job took GPUs 0/1. Nothing is killed or restarted; reported for coordination."},
            {"id": "U2", "description": "staging rollout of kbqa-api 0.9.0: `kubectl rollout status` -> 'exceeded its progress "
                                         "deadline'; the new pod is in ImagePullBackOff with Harbor '401 Unauthorized' because the "
                                         "robot account behind the pull secret harbor-robot-kbqa expired. Needs ops (Harbor admin, "
                                         "infra-managed secret); reported, not changed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`git fetch origin`: 'fatal: unable to access ... Failed to connect to "
                                         "gitlab.zhilan-tech.com port 443 after 21043 ms: Couldn't connect to server' (exit 128); "
                                         "the identical fetch succeeds."},
            {"id": "F2", "description": "`kubectl -n kbqa-staging get pods ...`: 'Unable to connect to the server: net/http: TLS "
                                         "handshake timeout'; the identical command succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Retrieval change evaluated offline: `pdm run pytest tests/unit -q` -> `pdm run python -m "
                                         "kbqa.eval.run --dataset data/eval/golden_v2.jsonl --collection .. --es-index .. --out "
                                         "reports/...json` -> `pdm run python -m kbqa.eval.compare <baseline> <new>` -> summary of "
                                         "the metric deltas and per-category recall@5.",
             "step_markers": [["pytest tests/unit"], ["kbqa.eval.run"], ["kbqa.eval.compare"]]},
            {"id": "W2", "description": "Merge request: `pdm run ruff check . && pdm run ruff format --check .` -> `pdm run mypy kbqa` "
                                         "-> `pdm run pytest -q` -> `git add -A && git commit` -> `git push -u origin <branch>` -> "
                                         "`glab mr create --target-branch develop ... --remove-source-branch --yes`.",
             "step_markers": [["ruff check"], ["mypy"], ["pytest"], ["glab mr create"]]},
            {"id": "W3", "description": "Schema change with Alembic: edit kbqa/db/models.py -> `pdm run alembic revision --autogenerate "
                                         "-m ...` -> read (and adjust) the generated script -> `pdm run alembic upgrade head` -> "
                                         "`pdm run alembic downgrade -1` -> `pdm run alembic upgrade head`.",
             "step_markers": [["alembic revision --autogenerate"], ["alembic upgrade head"], ["alembic downgrade -1"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Tunable parameters (top_n, score thresholds, temperature, max_tokens, history turns) are "
                                         "never hard-coded: they go into kbqa/settings.py (pydantic-settings) and can be overridden "
                                         "with KBQA_ environment variables.",
             "markers": [["写死", "硬编码", "magic number"], ["settings", "配置"]]},
            {"id": "P2", "description": "Unit tests never call the real vLLM / model services; HTTP is mocked with respx.",
             "markers": [["respx"]]},
            {"id": "P3", "description": "Docstrings (and comments) in Chinese (T04) — later reversed (T21): docstrings and comments "
                                         "in English because a Singapore team joins; LLM prompts stay Chinese.",
             "markers": [["docstring"], ["中文"]],
             "reversal_markers": [["docstring"], ["英文"]]},
        ],
        probes=[
            {"prompt": "跑 eval 的时候报 pymilvus.exceptions.MilvusException: <MilvusException: (code=101, message=failed to "
                       "search: collection not loaded[collection=454017730265419823])>，Milvus 是不是又挂了", "wanted": ["M1"]},
            {"prompt": "法务给了一批合同模板在 ~/Downloads/legal_templates，建个 legal 知识库单独一个 collection 灌进去，灌完问两个问题看看",
             "wanted": ["M1"]},
            {"prompt": "test_ingest_e2e 挂了：IndexingError: 5 chunk(s) failed to index, first error: {'type': "
                       "'strict_dynamic_mapping_exception', 'reason': '[1:96] mapping set to strict, dynamic introduction of "
                       "[lang] within [_doc] is not allowed'}，咋整", "wanted": ["M2"]},
            {"prompt": "chunk 再加个 tenant_id，ES 检索的时候按租户过滤，集成测试跑一下", "wanted": ["M2"]},
            {"prompt": "curl localhost:9200/_cluster/health 直接回 curl: (52) Empty reply from server，ES 容器是不是挂了？docker ps 看着是 Up 的",
             "wanted": ["M3"]},
            {"prompt": "帮我看下本地 ES 里 kb_hr_2026 这个索引的 mapping 和文档数", "wanted": ["M3"]},
            {"prompt": "FastAPI 里流式返回 LLM 的回答，用 StreamingResponse 自己拼 SSE 还是上 sse-starlette 好", "wanted": []},
            {"prompt": "bge-reranker-v2-m3 和 bge-reranker-large 在中文上差距大吗，换一下值不值", "wanted": []},
            {"prompt": "写个脚本把 reports/ 下面所有评测结果的 recall@5 按日期画成折线图", "wanted": []},
            {"prompt": "pdm.lock 里的 static_urls 和 inherit_metadata 是干啥的", "wanted": []},
        ],
    )


def gen():
    _rng[0] = random.Random(20261012)
    d = Dev("zh-rag", U, "zh", MODEL, seed=20261012, files=FILES)
    s1(d)
    s2(d)
    s3(d)
    s4(d)
    s5(d)
    s6(d)
    s7(d)
    s8(d)
    s9(d)
    s10(d)
    define_labels(d)
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "zh-rag.jsonl"), os.path.join(HERE, "tune", "zh-rag.labels.json"))
    print(f"zh-rag -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
