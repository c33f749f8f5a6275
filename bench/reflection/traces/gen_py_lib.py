"""py-lib: Gareth, maintainer of the open-source streaming-quantiles library `streamq`.

Stack: Python 3.10-3.14 library with a Cython core (src/streamq/_tdigest.pyx, _kll.pyx, hand-written .pyi
stubs next to them), setuptools + setuptools-scm + Cython build backend (setup.py for ext_modules), a dev venv
made with uv (editable install: the compiled .so files live in src/streamq/), nox sessions over several Python
versions (uv venv backend, reused venvs), pytest + hypothesis (profiles in tests/conftest.py), mypy + pyright
strict, pre-commit (ruff, cython-lint, mirrors-mypy, codespell), Sphinx + numpydoc + furo on Read the Docs,
towncrier changelog fragments (until he drops them), cibuildwheel + GitHub Actions wheels/publish workflow with
PyPI trusted publishing, gh for issues, PRs and runs.

Written blind for fresh/ (see py-lib.md); measured once held out (round 7), then moved to tune/.

    cd bench/reflection/traces && python3 gen_py_lib.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "gareth"
R = "/home/gareth/src/streamq"
MODEL = "claude-opus-4-6"
GH = "https://github.com/streamq/streamq"
VENV_PY = "/home/gareth/.local/share/uv/python/cpython-3.13.12-linux-x86_64-gnu"

PYV = {"3.10": "3.10.19", "3.11": "3.11.14", "3.12": "3.12.12", "3.13": "3.13.12", "3.14": "3.14.3",
       "3.14t": "3.14.3"}

# own RNG for hashes / timings so the Dev RNG stays untouched
HX = random.Random(4417)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


FILES = {}

FILES[P("pyproject.toml")] = '''[build-system]
requires = ["setuptools>=77", "setuptools-scm>=8.1", "Cython>=3.1,<3.3"]
build-backend = "setuptools.build_meta"

[project]
name = "streamq"
description = "Streaming quantile sketches (t-digest and KLL) with a fast Cython core"
readme = "README.md"
license = "BSD-3-Clause"
license-files = ["LICENSE"]
authors = [{ name = "Gareth Llewellyn", email = "gareth@llewellyn.dev" }]
requires-python = ">=3.10"
dependencies = []
dynamic = ["version"]
classifiers = [
    "Development Status :: 5 - Production/Stable",
    "Intended Audience :: Science/Research",
    "Programming Language :: Cython",
    "Programming Language :: Python :: 3",
    "Programming Language :: Python :: 3 :: Only",
    "Programming Language :: Python :: 3.10",
    "Programming Language :: Python :: 3.11",
    "Programming Language :: Python :: 3.12",
    "Programming Language :: Python :: 3.13",
    "Programming Language :: Python :: 3.14",
    "Topic :: Scientific/Engineering :: Mathematics",
    "Typing :: Typed",
]

[project.optional-dependencies]
numpy = ["numpy>=1.24"]

[project.urls]
Documentation = "https://streamq.readthedocs.io"
Source = "https://github.com/streamq/streamq"
Changelog = "https://streamq.readthedocs.io/en/stable/changelog.html"

[dependency-groups]
test = ["pytest>=8.4", "hypothesis>=6.130", "pytest-cov>=6", "numpy>=1.24"]
typing = ["mypy>=1.18", "pyright>=1.1.405", { include-group = "test" }]
docs = ["sphinx>=8.1", "furo>=2025.9.25", "numpydoc>=1.9", "sphinx-copybutton>=0.5", "myst-parser>=4"]
dev = [
    "cython>=3.1,<3.3",
    "setuptools>=77",
    "setuptools-scm>=8.1",
    "pre-commit>=4",
    "towncrier>=24.8",
    { include-group = "typing" },
]

[tool.setuptools.packages.find]
where = ["src"]

[tool.setuptools.package-data]
streamq = ["py.typed", "*.pyi", "*.pyx"]

[tool.setuptools_scm]
version_file = "src/streamq/_version.py"

[tool.uv]
# rebuild the extensions when the Cython sources change, not only when setup.py does
cache-keys = [
    { file = "pyproject.toml" },
    { file = "setup.py" },
    { file = "src/streamq/*.pyx" },
]

[tool.pytest.ini_options]
minversion = "8.4"
testpaths = ["tests"]
addopts = ["-ra", "--strict-markers", "--strict-config"]
xfail_strict = true
filterwarnings = ["error"]

[tool.coverage.run]
source_pkgs = ["streamq"]

[tool.coverage.paths]
source = ["src/streamq", "*/site-packages/streamq"]

[tool.mypy]
strict = true
mypy_path = "src"
files = ["src/streamq", "tests"]
python_version = "3.10"

[tool.pyright]
include = ["src/streamq", "tests"]
pythonVersion = "3.10"
typeCheckingMode = "strict"

[tool.ruff]
target-version = "py310"
line-length = 88

[tool.ruff.lint]
extend-select = ["B", "I", "UP", "RUF", "NPY", "PT", "SIM"]

[tool.cibuildwheel]
build = "cp310-* cp311-* cp312-* cp313-* cp314-*"
skip = "*-win32 *-musllinux_i686"
test-groups = ["test"]
test-command = "pytest {project}/tests -q -p no:cacheprovider"
build-verbosity = 1

[tool.towncrier]
directory = "changes"
filename = "CHANGELOG.md"
start_string = "<!-- towncrier release notes start -->\\n"
title_format = "## [{version}](https://github.com/streamq/streamq/tree/v{version}) - {project_date}"
issue_format = "[#{issue}](https://github.com/streamq/streamq/issues/{issue})"
'''

FILES[P("setup.py")] = '''"""Extension modules only; all metadata lives in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension("streamq._tdigest", ["src/streamq/_tdigest.pyx"]),
    Extension("streamq._kll", ["src/streamq/_kll.pyx"]),
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "embedsignature": True,
            "freethreading_compatible": True,
        },
    ),
)
'''

FILES[P("noxfile.py")] = '''"""Nox sessions for streamq (``nox -l`` lists them)."""

from __future__ import annotations

import nox

nox.needs_version = ">=2025.5.1"
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_venv = "yes"
nox.options.sessions = ["lint", "typecheck", "tests"]

PYTHONS = ["3.10", "3.11", "3.12", "3.13", "3.14"]


@nox.session(python="3.13")
def lint(session: nox.Session) -> None:
    """Run all pre-commit hooks on every file."""
    session.install("pre-commit")
    session.run("pre-commit", "run", "--all-files", "--show-diff-on-failure")


@nox.session(python="3.13")
def typecheck(session: nox.Session) -> None:
    """mypy and pyright (both strict) over src/ and tests/."""
    session.install(".", "--group", "typing")
    session.run("mypy")
    session.run("pyright")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Build the extensions and run the test suite."""
    session.install(".", "--group", "test")
    session.run("pytest", *session.posargs)


@nox.session(python="3.14t", default=False)
def freethreaded(session: nox.Session) -> None:
    """Thread tests on the free-threaded build with the GIL disabled."""
    session.install(".", "--group", "test")
    session.run("pytest", "tests/test_threads.py", *session.posargs, env={"PYTHON_GIL": "0"})


@nox.session(python="3.13")
def docs(session: nox.Session) -> None:
    """Build the HTML docs like Read the Docs does (warnings are errors)."""
    session.install(".", "--group", "docs")
    session.run("sphinx-build", "-W", "--keep-going", "-b", "html", "docs", "docs/_build/html")


@nox.session(python="3.13", default=False)
def linkcheck(session: nox.Session) -> None:
    """Check the external links in the docs."""
    session.install(".", "--group", "docs")
    session.run("sphinx-build", "-b", "linkcheck", "docs", "docs/_build/linkcheck")
'''

FILES[P(".pre-commit-config.yaml")] = '''ci:
  autoupdate_schedule: monthly
  skip: [mypy]

repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v6.0.0
    hooks:
      - id: check-yaml
      - id: check-toml
      - id: end-of-file-fixer
      - id: trailing-whitespace

  - repo: https://github.com/astral-sh/ruff-pre-commit
    rev: v0.15.4
    hooks:
      - id: ruff-check
        args: [--fix]
      - id: ruff-format

  - repo: https://github.com/MarcoGorelli/cython-lint
    rev: v0.17.0
    hooks:
      - id: cython-lint
      - id: double-quote-cython-strings

  - repo: https://github.com/pre-commit/mirrors-mypy
    rev: v1.20.1
    hooks:
      - id: mypy
        files: ^(src|tests)/
        args: []
        additional_dependencies: [hypothesis, pytest, numpy]

  - repo: https://github.com/codespell-project/codespell
    rev: v2.4.1
    hooks:
      - id: codespell
        additional_dependencies: [tomli]
'''

FILES[P(".github/workflows/ci.yml")] = '''name: CI

on:
  push:
    branches: [main]
  pull_request:

concurrency:
  group: ${{ github.workflow }}-${{ github.ref }}
  cancel-in-progress: true

jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
      - uses: astral-sh/setup-uv@v7
      - run: uvx nox -s lint typecheck

  tests:
    name: tests (${{ matrix.os }}, ${{ matrix.python }})
    runs-on: ${{ matrix.os }}
    strategy:
      fail-fast: false
      matrix:
        os: [ubuntu-latest, macos-latest, windows-latest]
        python: ["3.10", "3.11", "3.12", "3.13", "3.14"]
    steps:
      - uses: actions/checkout@v5
        with:
          fetch-depth: 0
      - uses: astral-sh/setup-uv@v7
        with:
          python-version: ${{ matrix.python }}
      - run: uvx nox -s tests-${{ matrix.python }} -- --hypothesis-profile=ci
'''

FILES[P(".github/workflows/wheels.yml")] = '''name: Wheels

on:
  push:
    tags: ["v*"]
  workflow_dispatch:

jobs:
  sdist:
    name: Build sdist
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
        with:
          fetch-depth: 0
      - run: pipx run build --sdist
      - uses: actions/upload-artifact@v5
        with:
          name: sdist
          path: dist/*.tar.gz

  wheels:
    name: Wheels on ${{ matrix.os }}
    runs-on: ${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-latest, ubuntu-24.04-arm, macos-15-intel, macos-14, windows-latest]
    steps:
      - uses: actions/checkout@v5
        with:
          fetch-depth: 0
      - uses: pypa/cibuildwheel@v3.4.1
      - uses: actions/upload-artifact@v5
        with:
          name: wheels-${{ matrix.os }}
          path: wheelhouse/*.whl

  publish:
    name: Publish to PyPI
    needs: [sdist, wheels]
    runs-on: ubuntu-latest
    if: startsWith(github.ref, 'refs/tags/v')
    environment:
      name: pypi
      url: https://pypi.org/p/streamq
    permissions:
      id-token: write
    steps:
      - uses: actions/download-artifact@v6
        with:
          path: dist
          merge-multiple: true
      - uses: pypa/gh-action-pypi-publish@release/v1
'''

FILES[P("src/streamq/__init__.py")] = '''"""Streaming quantile sketches: t-digest and KLL, with a Cython core."""

from __future__ import annotations

from ._version import __version__
from .kll import KLLSketch
from .merge import merge
from .tdigest import TDigest

__all__ = ["KLLSketch", "TDigest", "__version__", "merge"]
'''

FILES[P("src/streamq/tdigest.py")] = '''"""Public t-digest API."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsFloat

from ._tdigest import TDigestCore, compress

__all__ = ["TDigest"]


class TDigest:
    """Merging t-digest (Dunning & Ertl, 2019).

    Parameters
    ----------
    compression : float, default 100
        Size/accuracy trade-off. The digest keeps at most about
        ``2 * compression`` centroids.

    Examples
    --------
    >>> from streamq import TDigest
    >>> d = TDigest()
    >>> d.update_many(range(1, 101))
    >>> d.quantile(0.5)
    50.5
    """

    __slots__ = ("_core",)

    def __init__(self, compression: float = 100.0) -> None:
        if not compression >= 20:
            raise ValueError(f"compression must be >= 20, got {compression!r}")
        self._core = TDigestCore(compression)

    @property
    def compression(self) -> float:
        """The compression the digest was created with."""
        return self._core.compression

    @property
    def count(self) -> float:
        """Total weight of the values added so far."""
        return self._core.total_weight

    def update(self, value: SupportsFloat, weight: float = 1.0) -> None:
        """Add one value with an optional weight."""
        x = float(value)
        if x != x:
            raise ValueError("cannot add NaN to a TDigest")
        self._core.update(x, weight)

    def update_many(self, values: Iterable[SupportsFloat]) -> None:
        """Add many values at once (faster than calling :meth:`update` in a loop)."""
        self._core.update_many(float(v) for v in values)

    def merge(self, other: TDigest) -> TDigest:
        """Merge ``other`` into this digest in place and return ``self``."""
        self._core.merge(other._core)
        return self

    def quantile(self, q: float) -> float:
        """Estimate the ``q``-th quantile.

        Parameters
        ----------
        q : float
            Quantile to estimate, between 0 and 1 inclusive.

        Returns
        -------
        float
            The estimated value. Exact at ``q=0`` and ``q=1``.

        Raises
        ------
        ValueError
            If ``q`` is outside ``[0, 1]`` or the digest is empty.
        """
        if not 0.0 <= q <= 1.0:
            raise ValueError(f"q must be in [0, 1], got {q!r}")
        if self._core.total_weight == 0:
            raise ValueError("quantile() of an empty digest is undefined")
        return self._core.quantile(q)

    def cdf(self, x: float) -> float:
        """Estimate the fraction of the weight at or below ``x``.

        Parameters
        ----------
        x : float
            The value to look up.

        Returns
        -------
        float
            Estimated CDF at ``x``, between 0 and 1.
        """
        if self._core.total_weight == 0:
            raise ValueError("cdf() of an empty digest is undefined")
        return self._core.cdf(x)

    def compress(self) -> None:
        """Merge the buffered values into the centroids now (normally lazy)."""
        compress(self._core)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self._core,))

    def __repr__(self) -> str:
        return f"TDigest(compression={self.compression:g}, count={self.count:g})"


def _restore(core: TDigestCore) -> TDigest:
    d = TDigest.__new__(TDigest)
    d._core = core
    return d
'''

FILES[P("src/streamq/_tdigest.pyx")] = '''# cython: language_level=3
"""Merging t-digest core (Dunning & Ertl, "Computing extremely accurate
quantiles using t-digests", 2019) with the k1 scale function."""

from cpython.array cimport array, clone
from libc.math cimport M_PI, asin, sin

cdef array _DOUBLES = array("d")


cdef inline double _k1(double q, double delta) noexcept nogil:
    return delta / (2.0 * M_PI) * asin(2.0 * q - 1.0)


cdef inline double _k1_inv(double k, double delta) noexcept nogil:
    return (sin(k * 2.0 * M_PI / delta) + 1.0) / 2.0


cdef class TDigestCore:
    cdef readonly double compression
    cdef readonly double total_weight
    cdef readonly double min
    cdef readonly double max
    cdef array means, weights          # merged centroids, sorted by mean
    cdef array buf_means, buf_weights  # values not merged yet
    cdef Py_ssize_t buf_limit

    def __init__(self, double compression=100.0):
        self.compression = compression
        self.total_weight = 0.0
        self.min = float("inf")
        self.max = float("-inf")
        self.means = clone(_DOUBLES, 0, False)
        self.weights = clone(_DOUBLES, 0, False)
        self.buf_means = clone(_DOUBLES, 0, False)
        self.buf_weights = clone(_DOUBLES, 0, False)
        self.buf_limit = <Py_ssize_t>(5 * compression)

    cpdef void update(self, double x, double w=1.0):
        self.buf_means.append(x)
        self.buf_weights.append(w)
        self.total_weight += w
        if x < self.min:
            self.min = x
        if x > self.max:
            self.max = x
        if len(self.buf_means) >= self.buf_limit:
            compress(self)

    def update_many(self, values):
        cdef double x
        for x in values:
            self.update(x, 1.0)

    def merge(self, TDigestCore other):
        compress(other)
        self.buf_means.extend(other.means)
        self.buf_weights.extend(other.weights)
        self.total_weight += other.total_weight
        self.min = min(self.min, other.min)
        self.max = max(self.max, other.max)
        compress(self)

    def quantile(self, double q):
        cdef Py_ssize_t i, n
        cdef double target, cum = 0.0, left, right
        compress(self)
        n = len(self.means)
        if q <= 0.0 or n == 1:
            return self.min if q <= 0.0 else self.means[0]
        if q >= 1.0:
            return self.max
        target = q * self.total_weight
        for i in range(n):
            if cum + self.weights[i] >= target:
                left = self.means[i - 1] if i > 0 else self.min
                right = self.means[i + 1] if i + 1 < n else self.max
                # interpolate inside the centroid, half its weight on each side
                return left + (right - left) * (target - cum) / (2.0 * self.weights[i])
            cum += self.weights[i]
        return self.max

    def cdf(self, double x):
        cdef Py_ssize_t i
        cdef double cum = 0.0
        compress(self)
        for i in range(len(self.means)):
            if self.means[i] > x:
                return (cum + 0.5 * self.weights[i] * (x >= self.means[i - 1] if i else 0)) / self.total_weight
            cum += self.weights[i]
        return cum / self.total_weight

    def centroids(self):
        """Merged centroids as ``(mean, weight)`` pairs, sorted by mean."""
        compress(self)
        return list(zip(self.means, self.weights))

    def __reduce__(self):
        compress(self)
        return (_rebuild, (self.compression, self.total_weight, self.min, self.max,
                           self.means.tobytes(), self.weights.tobytes()))


cpdef void compress(TDigestCore d):
    """Merge the buffer into the centroids: one pass in mean order."""
    cdef Py_ssize_t i, n
    cdef double q0 = 0.0, q_limit, w_so_far, m, w
    if len(d.buf_means) == 0:
        return
    d.buf_means.extend(d.means)
    d.buf_weights.extend(d.weights)
    order = sorted(range(len(d.buf_means)), key=d.buf_means.__getitem__)
    out_means = clone(_DOUBLES, 0, False)
    out_weights = clone(_DOUBLES, 0, False)
    m = d.buf_means[order[0]]
    w = d.buf_weights[order[0]]
    w_so_far = 0.0
    q_limit = _k1_inv(_k1(q0, d.compression) + 1.0, d.compression)
    n = len(order)
    for i in range(1, n):
        j = order[i]
        if (w_so_far + w + d.buf_weights[j]) / d.total_weight <= q_limit:
            m += (d.buf_means[j] - m) * d.buf_weights[j] / (w + d.buf_weights[j])
            w += d.buf_weights[j]
        else:
            out_means.append(m)
            out_weights.append(w)
            w_so_far += w
            q0 = w_so_far / d.total_weight
            q_limit = _k1_inv(_k1(q0, d.compression) + 1.0, d.compression)
            m = d.buf_means[j]
            w = d.buf_weights[j]
    out_means.append(m)
    out_weights.append(w)
    d.means, d.weights = out_means, out_weights
    d.buf_means = clone(_DOUBLES, 0, False)
    d.buf_weights = clone(_DOUBLES, 0, False)


def _rebuild(compression, total_weight, mn, mx, bytes means, bytes weights):
    cdef TDigestCore d = TDigestCore(compression)
    d.total_weight = total_weight
    d.min = mn
    d.max = mx
    d.means.frombytes(means)
    d.weights.frombytes(weights)
    return d
'''

FILES[P("src/streamq/_tdigest.pyi")] = '''from collections.abc import Iterable
from typing import Any

class TDigestCore:
    def __init__(self, compression: float = 100.0) -> None: ...
    @property
    def compression(self) -> float: ...
    @property
    def total_weight(self) -> float: ...
    @property
    def min(self) -> float: ...
    @property
    def max(self) -> float: ...
    def update(self, x: float, w: float = 1.0) -> None: ...
    def update_many(self, values: Iterable[float]) -> None: ...
    def merge(self, other: TDigestCore) -> None: ...
    def quantile(self, q: float) -> float: ...
    def cdf(self, x: float) -> float: ...
    def centroids(self) -> list[tuple[float, float]]: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

def compress(d: TDigestCore) -> None: ...
'''

FILES[P("src/streamq/_kll.pyx")] = '''# cython: language_level=3
"""KLL sketch core (Karnin, Lang & Liberty, "Optimal quantile approximation
in streams", 2016) with lazy compaction.

Compactor ``h`` holds items of weight ``2**h``. Capacities shrink by ``C = 2/3``
per level below the top compactor, never below ``MIN_CAPACITY``.
"""

import random as _random

from libc.math cimport ceil, pow

cdef Py_ssize_t MIN_CAPACITY = 8
cdef double C = 2.0 / 3.0


cdef class KLLCore:
    cdef readonly int k
    cdef readonly Py_ssize_t n
    cdef list compactors          # list[list[float]], level h has weight 2**h
    cdef object _rng
    cdef double _min, _max

    def __init__(self, int k=200, seed=None):
        self.k = k
        self.n = 0
        self.compactors = [[]]
        self._rng = _random.Random(seed)
        self._min = float("inf")
        self._max = float("-inf")

    cdef Py_ssize_t _capacity(self, Py_ssize_t h):
        cdef Py_ssize_t depth = len(self.compactors) - h - 1
        return max(<Py_ssize_t>ceil(self.k * pow(C, depth)), MIN_CAPACITY)

    cdef Py_ssize_t _size(self):
        cdef Py_ssize_t s = 0
        for c in self.compactors:
            s += len(<list>c)
        return s

    cdef Py_ssize_t _max_size(self):
        cdef Py_ssize_t s = 0, h
        for h in range(len(self.compactors)):
            s += self._capacity(h)
        return s

    cpdef void update(self, double x):
        (<list>self.compactors[0]).append(x)
        self.n += 1
        if x < self._min:
            self._min = x
        if x > self._max:
            self._max = x
        if self._size() >= self._max_size():
            self._compress()

    def update_many(self, list values):
        cdef double x
        for x in values:
            self.update(x)

    cdef void _compress(self):
        # lazy: compact the lowest level that is over capacity, one per call
        cdef Py_ssize_t h
        cdef list c
        for h in range(len(self.compactors)):
            c = self.compactors[h]
            if len(c) >= self._capacity(h):
                if h + 1 == len(self.compactors):
                    self.compactors.append([])
                c.sort()
                (<list>self.compactors[h + 1]).extend(c[self._rng.getrandbits(1)::2])
                c.clear()
                return

    def merge(self, KLLCore other):
        cdef Py_ssize_t h
        while len(self.compactors) < len(other.compactors):
            self.compactors.append([])
        for h in range(len(other.compactors)):
            (<list>self.compactors[h]).extend(other.compactors[h])
        self.n += other.n
        self._min = min(self._min, other._min)
        self._max = max(self._max, other._max)
        while self._size() >= self._max_size():
            self._compress()

    cpdef double rank(self, double x):
        cdef Py_ssize_t h
        cdef double r = 0.0, v
        for h in range(len(self.compactors)):
            for v in self.compactors[h]:
                if v <= x:
                    r += 1 << h
        return r / self.n if self.n else float("nan")

    def sorted_view(self):
        """Retained items with their weights, sorted by value."""
        items = []
        for h, c in enumerate(self.compactors):
            w = 1 << h
            items.extend([(v, w) for v in c])
        items.sort()
        return items

    def quantile(self, double q):
        cdef double target, cum = 0.0
        if q == 0.0:
            return self._min
        if q == 1.0:
            return self._max
        target = q * self.n
        for v, w in self.sorted_view():
            cum += w
            if cum >= target:
                return v
        return self._max

    def __reduce__(self):
        return (_rebuild, (self.k, self.n, [list(c) for c in self.compactors],
                           self._rng.getstate(), self._min, self._max))


def _rebuild(k, n, compactors, rng_state, mn, mx):
    cdef KLLCore core = KLLCore(k)
    core.n = n
    core.compactors = compactors
    core._rng.setstate(rng_state)
    core._min = mn
    core._max = mx
    return core
'''

FILES[P("src/streamq/_kll.pyi")] = '''from typing import Any

class KLLCore:
    def __init__(self, k: int = 200, seed: int | None = None) -> None: ...
    @property
    def k(self) -> int: ...
    @property
    def n(self) -> int: ...
    def update(self, x: float) -> None: ...
    def update_many(self, values: list[float]) -> None: ...
    def merge(self, other: KLLCore) -> None: ...
    def rank(self, x: float) -> float: ...
    def sorted_view(self) -> list[tuple[float, int]]: ...
    def quantile(self, q: float) -> float: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
'''

FILES[P("src/streamq/kll.py")] = '''"""Public KLL sketch API."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsFloat

from ._kll import KLLCore

__all__ = ["KLLSketch"]


class KLLSketch:
    """KLL quantile sketch (Karnin, Lang & Liberty, 2016).

    Parameters
    ----------
    k : int, default 200
        Capacity of the top compactor. The normalised rank error is
        roughly ``1.65 / k``.
    seed : int, optional
        Seed for the compactors' coin flips. Sketches built from the same
        values in the same order with the same seed are identical.
    """

    __slots__ = ("_core", "_k", "_seed")

    def __init__(self, k: int = 200, *, seed: int | None = None) -> None:
        if k < 8:
            raise ValueError(f"k must be >= 8, got {k}")
        self._k = k
        self._seed = seed
        self._core = KLLCore(k, seed)

    @property
    def k(self) -> int:
        """Capacity parameter of the sketch."""
        return self._k

    @property
    def n(self) -> int:
        """Number of values added so far."""
        return self._core.n

    def update(self, value: SupportsFloat) -> None:
        """Add one value."""
        self._core.update(float(value))

    def update_many(self, values: Iterable[SupportsFloat]) -> None:
        """Add many values at once."""
        self._core.update_many([float(v) for v in values])

    def merge(self, other: KLLSketch) -> KLLSketch:
        """Merge ``other`` into this sketch in place and return ``self``."""
        if other._k != self._k:
            raise ValueError(f"cannot merge sketches with different k ({other._k} != {self._k})")
        self._core.merge(other._core)
        return self

    def rank(self, value: float) -> float:
        """Estimated normalised rank of ``value`` (fraction of items <= value)."""
        return self._core.rank(value)

    def quantile(self, q: float) -> float:
        """Estimate the ``q``-th quantile.

        Parameters
        ----------
        q : float
            Quantile to estimate, between 0 and 1 inclusive.

        Returns
        -------
        float
            A retained item whose rank is closest to ``q``; the exact
            minimum and maximum at ``q=0`` and ``q=1``.
        """
        if not 0.0 <= q <= 1.0:
            raise ValueError(f"q must be in [0, 1], got {q!r}")
        if self._core.n == 0:
            raise ValueError("quantile() of an empty sketch is undefined")
        return self._core.quantile(q)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (), {"core": self._core})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._core = state["core"]

    def __repr__(self) -> str:
        return f"KLLSketch(k={self._k}, n={self.n})"
'''

FILES[P("src/streamq/merge.py")] = '''"""Merging helpers."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TypeVar

from .kll import KLLSketch
from .tdigest import TDigest

__all__ = ["merge"]

S = TypeVar("S", KLLSketch, TDigest)


def merge(sketches: Iterable[S]) -> S:
    """Merge sketches of one kind into a new sketch.

    Parameters
    ----------
    sketches : iterable of KLLSketch or iterable of TDigest
        The sketches to merge. None of them is modified.

    Returns
    -------
    KLLSketch or TDigest
        A new sketch of the same kind as the inputs.

    Raises
    ------
    ValueError
        If ``sketches`` is empty.
    """
    it = iter(sketches)
    try:
        first = next(it)
    except StopIteration:
        raise ValueError("merge() needs at least one sketch") from None
    out = copy.deepcopy(first)
    for s in it:
        out.merge(s)
    return out
'''

FILES[P("tests/conftest.py")] = '''from __future__ import annotations

import os

import pytest
from hypothesis import settings

from streamq import KLLSketch, TDigest

settings.register_profile("ci", max_examples=1000, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=50)
settings.load_profile(os.getenv("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def uniform_digest() -> TDigest:
    d = TDigest()
    d.update_many(range(10_000))
    return d


@pytest.fixture
def uniform_kll() -> KLLSketch:
    s = KLLSketch(seed=7)
    s.update_many(range(10_000))
    return s
'''

FILES[P("tests/test_regressions.py")] = '''"""One test per fixed bug report; the issue number is in the test name."""

from __future__ import annotations

import pickle

import pytest

from streamq import KLLSketch, TDigest, merge


def test_gh198_quantile_one_is_max() -> None:
    d = TDigest()
    d.update_many([0.1, 0.2, 0.9])
    assert d.quantile(1.0) == 0.9


def test_gh203_merge_does_not_mutate_inputs() -> None:
    a, b = KLLSketch(seed=1), KLLSketch(seed=2)
    a.update_many(range(100))
    b.update_many(range(100, 200))
    merge([a, b])
    assert a.n == 100
    assert b.n == 100


def test_gh211_tdigest_pickle_roundtrip_keeps_buffer() -> None:
    d = TDigest()
    d.update_many([1.0, 2.0, 3.0])
    assert pickle.loads(pickle.dumps(d)).count == 3


def test_gh231_kll_quantile_zero_is_min(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.quantile(0.0) == 0


def test_gh235_kll_small_k_rejected() -> None:
    with pytest.raises(ValueError, match="k must be >= 8"):
        KLLSketch(k=4)
'''

FILES[P("tests/test_tdigest.py")] = '''from __future__ import annotations

import math
import pickle

import pytest

from streamq import TDigest


def test_empty_quantile_raises() -> None:
    with pytest.raises(ValueError, match="empty digest"):
        TDigest().quantile(0.5)


@pytest.mark.parametrize("q", [-0.1, 1.5, math.nan])
def test_quantile_out_of_range(uniform_digest: TDigest, q: float) -> None:
    with pytest.raises(ValueError, match="q must be in"):
        uniform_digest.quantile(q)


def test_median_uniform(uniform_digest: TDigest) -> None:
    assert uniform_digest.quantile(0.5) == pytest.approx(4999.5, rel=1e-3)


def test_extremes_are_exact(uniform_digest: TDigest) -> None:
    assert uniform_digest.quantile(0.0) == 0
    assert uniform_digest.quantile(1.0) == 9999


def test_nan_rejected() -> None:
    with pytest.raises(ValueError, match="NaN"):
        TDigest().update(math.nan)


def test_weighted_update() -> None:
    d = TDigest()
    d.update(1.0, weight=3.0)
    d.update(2.0)
    assert d.count == 4.0
    assert d.quantile(0.25) == pytest.approx(1.0)


def test_cdf_uniform(uniform_digest: TDigest) -> None:
    assert uniform_digest.cdf(2500) == pytest.approx(0.25, abs=1e-3)


def test_cdf_empty_raises() -> None:
    with pytest.raises(ValueError, match="empty digest"):
        TDigest().cdf(1.0)


def test_merge_two_halves() -> None:
    a, b = TDigest(), TDigest()
    a.update_many(range(5000))
    b.update_many(range(5000, 10_000))
    a.merge(b)
    assert a.count == 10_000
    assert a.quantile(0.5) == pytest.approx(4999.5, rel=1e-3)


def test_compression_too_small_raises() -> None:
    with pytest.raises(ValueError, match="compression must be >= 20"):
        TDigest(compression=10)


def test_repr() -> None:
    assert repr(TDigest()) == "TDigest(compression=100, count=0)"


def test_pickle_roundtrip(uniform_digest: TDigest) -> None:
    clone = pickle.loads(pickle.dumps(uniform_digest))
    assert clone.quantile(0.9) == uniform_digest.quantile(0.9)
'''

FILES[P("tests/test_kll.py")] = '''from __future__ import annotations

import math

import pytest

from streamq import KLLSketch


def test_rank_error_within_bound(uniform_kll: KLLSketch) -> None:
    for v in range(0, 10_000, 250):
        assert abs(uniform_kll.rank(v) - (v + 1) / 10_000) <= 1.65 / uniform_kll.k


def test_same_seed_same_sketch() -> None:
    a, b = KLLSketch(seed=3), KLLSketch(seed=3)
    a.update_many(range(5000))
    b.update_many(range(5000))
    assert [a.quantile(q / 10) for q in range(11)] == [b.quantile(q / 10) for q in range(11)]


def test_merge_different_k_raises() -> None:
    with pytest.raises(ValueError, match="different k"):
        KLLSketch(k=100).merge(KLLSketch(k=200))


@pytest.mark.parametrize("q", [-0.1, 1.5, math.nan])
def test_quantile_out_of_range(uniform_kll: KLLSketch, q: float) -> None:
    with pytest.raises(ValueError, match="q must be in"):
        uniform_kll.quantile(q)


def test_empty_quantile_raises() -> None:
    with pytest.raises(ValueError, match="empty sketch"):
        KLLSketch().quantile(0.5)


def test_n_counts_updates() -> None:
    s = KLLSketch()
    s.update(1.0)
    s.update_many([2.0, 3.0])
    assert s.n == 3


def test_extremes_exact(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.quantile(0.0) == 0
    assert uniform_kll.quantile(1.0) == 9999


def test_repr() -> None:
    assert repr(KLLSketch(k=64)) == "KLLSketch(k=64, n=0)"
'''

FILES[P("tests/test_merge.py")] = '''from __future__ import annotations

import pytest

from streamq import KLLSketch, TDigest, merge


def _kll_shards(n_shards: int, per_shard: int) -> list[KLLSketch]:
    shards = []
    for i in range(n_shards):
        s = KLLSketch(seed=i)
        s.update_many(range(i * per_shard, (i + 1) * per_shard))
        shards.append(s)
    return shards


def test_merge_empty_raises() -> None:
    with pytest.raises(ValueError, match="at least one sketch"):
        merge([])


def test_merge_single_is_copy() -> None:
    (s,) = _kll_shards(1, 100)
    out = merge([s])
    assert out is not s
    assert out.n == s.n


def test_merge_kll_shards() -> None:
    out = merge(_kll_shards(8, 1000))
    assert out.n == 8000
    assert abs(out.rank(3999) - 0.5) <= 1.65 / out.k


def test_merge_tdigests() -> None:
    parts = []
    for i in range(4):
        d = TDigest()
        d.update_many(range(i * 100, (i + 1) * 100))
        parts.append(d)
    assert merge(parts).count == 400


def test_merge_accepts_generator() -> None:
    assert merge(s for s in _kll_shards(3, 10)).n == 30


def test_merge_mixed_k_raises() -> None:
    with pytest.raises(ValueError, match="different k"):
        merge([KLLSketch(k=100), KLLSketch(k=200)])
'''

FILES[P("tests/test_properties.py")] = '''"""Property-based tests (hypothesis). CI runs them with ``--hypothesis-profile=ci``."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from streamq import KLLSketch, TDigest, merge

finite = st.floats(allow_nan=False, allow_infinity=False, width=64)
values = st.lists(finite, min_size=1, max_size=500)
qs = st.lists(st.floats(0.0, 1.0), min_size=2, max_size=10)


@given(xs=values, q=qs)
def test_tdigest_quantile_monotone(xs: list[float], q: list[float]) -> None:
    d = TDigest()
    d.update_many(xs)
    est = [d.quantile(p) for p in sorted(q)]
    assert est == sorted(est)


@given(xs=values)
def test_tdigest_extremes_exact(xs: list[float]) -> None:
    d = TDigest()
    d.update_many(xs)
    assert d.quantile(0.0) == min(xs)
    assert d.quantile(1.0) == max(xs)


@given(a=values, b=values)
def test_tdigest_merge_adds_counts(a: list[float], b: list[float]) -> None:
    x, y = TDigest(), TDigest()
    x.update_many(a)
    y.update_many(b)
    assert x.merge(y).count == len(a) + len(b)


@given(xs=st.lists(finite, min_size=50, max_size=2000), seed=st.integers(0, 2**32 - 1))
def test_kll_rank_error_bound(xs: list[float], seed: int) -> None:
    s = KLLSketch(k=64, seed=seed)
    s.update_many(xs)
    ys = sorted(xs)
    for v in ys[:: max(1, len(ys) // 20)]:
        true = sum(1 for y in ys if y <= v) / len(ys)
        assert abs(s.rank(v) - true) <= 3 * 1.65 / 64


@given(parts=st.lists(st.lists(finite, min_size=1, max_size=300), min_size=2, max_size=6))
def test_kll_merge_rank_error_bound(parts: list[list[float]]) -> None:
    sketches = []
    for i, p in enumerate(parts):
        s = KLLSketch(k=64, seed=i)
        s.update_many(p)
        sketches.append(s)
    out = merge(sketches)
    ys = sorted(x for p in parts for x in p)
    for v in ys[:: max(1, len(ys) // 20)]:
        true = sum(1 for y in ys if y <= v) / len(ys)
        assert abs(out.rank(v) - true) <= 3 * 1.65 / 64


@given(xs=values, q=st.floats(0.0, 1.0))
def test_kll_quantile_is_an_input(xs: list[float], q: float) -> None:
    s = KLLSketch(seed=0)
    s.update_many(xs)
    assert s.quantile(q) in xs


@given(xs=values)
def test_kll_pickle_roundtrip(xs: list[float]) -> None:
    s = KLLSketch(seed=1)
    s.update_many(xs)
    clone = pickle.loads(pickle.dumps(s))
    assert clone.quantile(0.5) == s.quantile(0.5)


@given(parts=st.lists(values, min_size=1, max_size=5))
def test_merge_matches_total_count(parts: list[list[float]]) -> None:
    digests = []
    for p in parts:
        d = TDigest()
        d.update_many(p)
        digests.append(d)
    assert merge(digests).count == sum(len(p) for p in parts)
'''

FILES[P("docs/background.rst")] = '''Background
==========

streamq implements two families of streaming quantile sketches. Both can be
merged, so they work for distributed aggregation (one sketch per shard, merged
at query time). Both improve on the deterministic summary of `Greenwald &
Khanna (2001) <https://dl.acm.org/doi/10.1145/375663.375670>`_.

t-digest
--------

The t-digest clusters values into centroids whose size is bounded by a *scale
function*: small near the tails, large in the middle, which gives very good
accuracy for extreme quantiles. streamq uses the merging variant with the
:math:`k_1` scale function described in `Dunning & Ertl (2019)
<https://arxiv.org/abs/1902.04023>`_; the `original write-up
<https://github.com/tdunning/t-digest/blob/main/docs/t-digest-paper/histo.pdf>`_
has more pictures.

KLL
---

KLL keeps a hierarchy of *compactors*. When a compactor is full it sorts its
items and promotes every other one, doubling their weight. The rank error is
bounded uniformly over the whole distribution, independent of the input. The
sketch was introduced by `Karnin, Lang & Liberty (2016)
<https://arxiv.org/abs/1603.05346>`_; the lazy compaction used here follows
`Ivkin et al. (2019) <https://arxiv.org/abs/1907.00236>`_.

Which one?
----------

See :doc:`choosing`.
'''

FILES[P("CHANGELOG.md")] = '''# Changelog

All notable changes to streamq are listed here. Entries are collected from the
[towncrier](https://towncrier.readthedocs.io/) fragments in `changes/`.

<!-- towncrier release notes start -->

## [1.4.1](https://github.com/streamq/streamq/tree/v1.4.1) - 2026-09-14

### Bugfixes

- `KLLSketch.quantile(0.0)` returned the second-smallest retained item instead of the minimum. ([#231](https://github.com/streamq/streamq/issues/231))


## [1.4.0](https://github.com/streamq/streamq/tree/v1.4.0) - 2026-08-30

### Features

- Wheels for CPython 3.14. ([#219](https://github.com/streamq/streamq/issues/219))
- `streamq.merge()` accepts any iterable of sketches, not only lists. ([#224](https://github.com/streamq/streamq/issues/224))

### Bugfixes

- `TDigest` pickles no longer drop values still in the buffer. ([#211](https://github.com/streamq/streamq/issues/211))
'''

FILES[P("changes/235.bugfix.md")] = "`KLLSketch(k=...)` now rejects `k < 8` with a `ValueError` instead of building a sketch that never compacts.\n"
FILES[P("changes/237.doc.md")] = "New \"Choosing a sketch\" page comparing t-digest and KLL.\n"


# ---------------------------------------------------------------- output helpers

W = 80


def sep(title=None, ch="=", width=W):
    if title is None:
        return ch * width
    n = max((width - len(title) - 2) // 2, 1)
    line = f"{ch * n} {title} {ch * n}"
    if len(line) + 1 <= width:
        line += ch
    return line


def nat(secs):
    """humanize.naturaldelta as nox prints it."""
    if secs < 1:
        return ""
    if secs < 2:
        return "a second"
    if secs < 60:
        return f"{secs} seconds"
    if secs < 120:
        return "a minute"
    if secs < 3600:
        return f"{secs // 60} minutes"
    return "an hour"


def progress(files, quiet=False, fails=None):
    """pytest's progress lines; files = [(path, n)], fails = {path: {index: 'F'|'E'}}."""
    total = sum(n for _, n in files)
    fails = fails or {}
    out = []
    done = 0
    for path, n in files:
        line = "" if quiet else path + " "
        for i in range(n):
            line += fails.get(path, {}).get(i, ".")
            done += 1
            if len(line) + 7 + 1 >= W and i < n - 1:
                msg = f" [{done * 100 // total:3d}%]"
                out.append(line + msg.rjust(W - len(line) - 1))
                line = ""
        msg = f" [{done * 100 // total:3d}%]"
        if quiet and out and not out[-1].endswith("%]"):
            pass
        out.append(line + msg.rjust(W - len(line) - 1))
    if quiet:
        # -q writes one continuous stream of dots for all files
        dots = "".join(fails.get(p, {}).get(i, ".") for p, n in files for i in range(n))
        out = []
        done = 0
        line = ""
        for ch in dots:
            line += ch
            done += 1
            if len(line) + 7 + 1 >= W and done < total:
                out.append(line + f" [{done * 100 // total:3d}%]".rjust(W - len(line) - 1))
                line = ""
        out.append(line + f" [{done * 100 // total:3d}%]".rjust(W - len(line) - 1))
    return "\n".join(out)


def header(py, n, args=False, profile="default"):
    lines = [sep("test session starts"),
             f"platform linux -- Python {PYV[py]}, pytest-9.0.2, pluggy-1.6.0",
             f"hypothesis profile '{profile}'",
             f"rootdir: {R}",
             "configfile: pyproject.toml"]
    if not args:
        lines.append("testpaths: tests")
    lines += ["plugins: hypothesis-6.146.0, cov-7.0.0", f"collected {n} items", ""]
    return "\n".join(lines)


def pytest_ok(files, secs, py="3.13", args=False, profile="default", extra=""):
    n = sum(k for _, k in files)
    body = header(py, n, args, profile) + "\n" + progress(files)
    if extra:
        body += "\n\n" + extra
    return body + "\n\n" + sep(f"{n} passed in {secs}s")


def pytest_q_ok(files, secs):
    n = sum(k for _, k in files)
    return progress(files, quiet=True) + f"\n{n} passed in {secs}s"


def nox_out(session, body, secs, install=". --group test", cmd="pytest ", ok=True, code=1, created=None):
    lines = [f"nox > Running session {session}"]
    if created:
        lines.append(f"nox > Creating virtual environment (uv) using {created} in .nox/{session.replace('.', '-')}")
    if install:
        lines.append(f"nox > uv pip install {install}")
    lines.append(f"nox > {cmd}")
    if body:
        lines.append(body)
    if ok:
        d = nat(secs)
        lines.append(f"nox > Session {session} was successful" + (f" in {d}" if d else "") + ".")
    else:
        lines.append(f"nox > Command {cmd} failed with exit code {code}")
        lines.append(f"nox > Session {session} failed.")
    return "\n".join(lines)


def nox_summary(results):
    total = sum(s for _, _, s in results)
    lines = [f"nox > Ran {len(results)} sessions in {nat(total)}:"]
    for name, status, s in results:
        lines.append(f"nox > * {name}: {status}, took {nat(s)}")
    return "\n".join(lines)


NOX_USAGE = """usage: nox [-h] [--version] [--script-mode {none,fresh,reuse}]
           [--script-venv-backend SCRIPT_VENV_BACKEND] [-l] [--json]
           [-s [SESSIONS ...]] [-p [PYTHONS ...]] [-k KEYWORDS]
           [-t [TAGS ...]] [-v] [--no-verbose] [-ts]
           [-db {uv,virtualenv,conda,mamba,micromamba,venv,none}]
           [-fb {uv,virtualenv,conda,mamba,micromamba,venv,none}] [--no-venv]
           [--reuse-venv {yes,no,always,never}] [-r] [-N] [-R] [-f NOXFILE]
           [--envdir ENVDIR] [--download-python {auto,never,always}]
           [--extra-pythons [EXTRA_PYTHONS ...]] [-P [FORCE_PYTHONS ...]] [-x]
           [--no-stop-on-first-error] [--error-on-missing-interpreters]
           [--no-error-on-missing-interpreters] [--error-on-external-run]
           [--no-error-on-external-run] [--install-only] [--no-install]
           [--report REPORT] [--non-interactive] [--nocolor] [--forcecolor]
           ..."""


def nox_unrecognized(args):
    return NOX_USAGE + f"\nnox: error: unrecognized arguments: {args}"


HOOKS = [("check yaml", "yaml"), ("check toml", "toml"), ("fix end of files", "any"),
         ("trim trailing whitespace", "any"), ("ruff check", "py"), ("ruff format", "py"),
         ("cython-lint", "pyx"), ("double-quote Cython strings", "pyx"), ("mypy", "py"), ("codespell", "any")]
PC_COLS = max(max(len(h) for h, _ in HOOKS) + 3 + len("(no files to check)") + 1 + len("Skipped"), 80)


def _pc_line(name, status, postfix=""):
    dots = "." * (PC_COLS - len(name) - len(postfix) - len(status) - 1)
    return f"{name}{dots}{postfix}{status}"


def precommit(kinds, failed=None):
    """pre-commit hook lines; kinds = file kinds present; failed = {hook name: (hook id, output)}."""
    failed = failed or {}
    out = []
    for name, kind in HOOKS:
        if name in failed:
            hid, text = failed[name]
            out += [_pc_line(name, "Failed"), f"- hook id: {hid}", "- exit code: 1", "", text, ""]
        elif kind == "any" or kind in kinds:
            out.append(_pc_line(name, "Passed"))
        else:
            out.append(_pc_line(name, "Skipped", "(no files to check)"))
    return "\n".join(out).rstrip("\n")


def commit_out(branch, msg, nfiles, ins, dels, creates=(), deletes=(), sha=None):
    c = sha or hx(7)
    lines = [f"[{branch} {c}] {msg}"]
    parts = [f" {nfiles} file{'s' if nfiles != 1 else ''} changed"]
    if ins:
        parts.append(f"{ins} insertion{'s' if ins != 1 else ''}(+)")
    if dels:
        parts.append(f"{dels} deletion{'s' if dels != 1 else ''}(-)")
    lines.append(", ".join(parts))
    lines += [f" create mode 100644 {p}" for p in creates]
    lines += [f" delete mode 100644 {p}" for p in deletes]
    return c, "\n".join(lines)


def so(mod, py="313"):
    return f"{mod}.cpython-{py}-x86_64-linux-gnu.so"


def build_ext_out(changed, all_mods=("_tdigest", "_kll")):
    lines = [f"Compiling src/streamq/{m}.pyx because it changed." for m in changed]
    lines += [f"[{i}/{len(changed)}] Cythonizing src/streamq/{m}.pyx" for i, m in enumerate(changed, 1)]
    lines.append("running build_ext")
    for m in all_mods:
        if m in changed:
            lines.append(f"building 'streamq.{m}' extension")
            lines.append(f"cc -pthread -fno-strict-overflow -Wsign-compare -Wunreachable-code -DNDEBUG -g -O3 -Wall "
                         f"-fPIC -I{R}/.venv/include -I{VENV_PY}/include/python3.13 -c src/streamq/{m}.c "
                         f"-o build/temp.linux-x86_64-cpython-313/src/streamq/{m}.o")
            lines.append(f"cc -pthread -shared build/temp.linux-x86_64-cpython-313/src/streamq/{m}.o "
                         f"-L{VENV_PY}/lib -o build/lib.linux-x86_64-cpython-313/streamq/{so(m)}")
        else:
            lines.append(f"skipping 'streamq.{m}' extension (up-to-date)")
    for m in all_mods:
        lines.append(f"copying build/lib.linux-x86_64-cpython-313/streamq/{so(m)} -> src/streamq")
    return "\n".join(lines)


def gh_issue(num, title, author, labels, comments, body, state="OPEN"):
    return (f"title:\t{title}\nstate:\t{state}\nauthor:\t{author}\nlabels:\t{labels}\ncomments:\t{comments}\n"
            f"assignees:\t\nprojects:\t\nmilestone:\t\nnumber:\t{num}\n--\n{body}")


def gh_pr(num, title, author, base, head, body, additions, deletions, reviewers="", state="OPEN"):
    return (f"title:\t{title}\nstate:\t{state}\nauthor:\t{author}\nlabels:\t\nassignees:\t\nreviewers:\t{reviewers}\n"
            f"projects:\t\nmilestone:\t\nnumber:\t{num}\nurl:\t{GH}/pull/{num}\nadditions:\t{additions}\n"
            f"deletions:\t{deletions}\nauto-merge:\tdisabled\n--\n{body}")


def push_new(branch):
    return (f"remote: \nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
            f"remote:      {GH}/pull/new/{branch}\nremote: \n"
            f"To github.com:streamq/streamq.git\n * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def line_of(d, path, needle):
    return line_of_text(d.files[path], needle)


def line_of_text(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def mypy_ok(n):
    return f"Success: no issues found in {n} source files"


PYRIGHT_OK = "0 errors, 0 warnings, 0 informations "


def typecheck_ok(secs, n=16):
    return "\n".join(["nox > Running session typecheck", "nox > uv pip install . --group typing", "nox > mypy ",
                      mypy_ok(n), "nox > pyright ", PYRIGHT_OK, f"nox > Session typecheck was successful in {nat(secs)}."])


def gh_run_watch(run_id, title, workflow, jobs, mins_ago):
    lines = ["Refreshing run status every 3 seconds. Press Ctrl+C to quit.", "",
             f"✓ {title} {workflow} · {run_id}", f"Triggered via push about {mins_ago} minutes ago", "", "JOBS"]
    for name, dur in jobs:
        lines.append(f"✓ {name} in {dur} (ID {HX.randint(52000000000, 52999999999)})")
    lines += ["", f"✓ Run {workflow} ({run_id}) completed with 'success'"]
    return "\n".join(lines)


WHEEL_JOBS = [("Build sdist", "38s"), ("Wheels on ubuntu-latest", "9m12s"), ("Wheels on ubuntu-24.04-arm", "8m47s"),
              ("Wheels on macos-15-intel", "11m03s"), ("Wheels on macos-14", "7m58s"),
              ("Wheels on windows-latest", "12m21s"), ("Publish to PyPI", "31s")]

VERSIONS_BEFORE = ["1.4.1", "1.4.0", "1.3.2", "1.3.1", "1.3.0", "1.2.0", "1.1.1", "1.1.0", "1.0.0", "0.9.3",
                   "0.9.2", "0.9.1", "0.9.0", "0.8.0"]


def sphinx_out(warnings, changed, final_problems=None):
    lines = ["Running Sphinx v9.1.0", "loading translations [en]... done", "loading pickled environment... done",
             "loading intersphinx inventory 'python' from https://docs.python.org/3/objects.inv ...",
             "loading intersphinx inventory 'numpy' from https://numpy.org/doc/stable/objects.inv ...",
             "[autosummary] generating autosummary for: api.rst, background.rst, changelog.md, choosing.rst, "
             "index.rst, usage.rst",
             "building [mo]: targets for 0 po files that are out of date", "writing output... ",
             f"building [html]: targets for {len(changed)} source files that are out of date",
             f"updating environment: 0 added, {len(changed)} changed, 0 removed"]
    n = len(changed)
    for i, c in enumerate(changed, 1):
        lines.append(f"reading sources... [{i / n: >4.0%}] {c}")
    lines += warnings
    lines += ["looking for now-outdated files... none found", "pickling environment... done",
              "checking consistency... done", "preparing documents... done", "copying assets... ",
              "copying static files... done", "copying extra files... done", "copying assets: done"]
    for i, c in enumerate(changed, 1):
        lines.append(f"writing output... [{i / n: >4.0%}] {c}")
    lines += ["generating indices... genindex py-modindex done",
              "highlighting module code... [ 20%] streamq.kll",
              "highlighting module code... [ 40%] streamq.merge",
              "highlighting module code... [ 60%] streamq.tdigest",
              "highlighting module code... [ 80%] streamq",
              "highlighting module code... [100%] streamq._version",
              "writing additional pages... search done",
              "dumping search index in English (code: en)... done", "dumping object inventory... done"]
    if warnings:
        w = len(warnings)
        lines.append(f"build finished with problems, {w} warning{'s' if w != 1 else ''} "
                     f"(with warnings treated as errors).")
    else:
        lines += ["build succeeded.", "", "The HTML pages are in docs/_build/html."]
    return "\n".join(lines)


def pip_index(versions):
    return (f"streamq ({versions[0]})\nAvailable versions: {', '.join(versions)}",
            "WARNING: pip index is currently an experimental command that may be removed/changed in a future "
            "release without prior warning.")

FILES[P("README.md")] = '''# streamq

[![CI](https://github.com/streamq/streamq/actions/workflows/ci.yml/badge.svg)](https://github.com/streamq/streamq/actions/workflows/ci.yml)
[![PyPI](https://img.shields.io/pypi/v/streamq.svg)](https://pypi.org/project/streamq/)
[![Python](https://img.shields.io/badge/python-3.10%2B-blue.svg)](https://pypi.org/project/streamq/)
[![conda-forge](https://img.shields.io/conda/vn/conda-forge/streamq.svg)](https://anaconda.org/conda-forge/streamq)
[![Docs](https://readthedocs.org/projects/streamq/badge/?version=stable)](https://streamq.readthedocs.io)

Streaming quantile sketches for Python: a merging **t-digest** and a **KLL**
sketch, both with a small Cython core and no runtime dependencies.

```python
from streamq import TDigest

d = TDigest()
d.update_many(latencies_ms)
print(d.quantile(0.99))
```

Requires Python 3.10+. Wheels are published for Linux, macOS and Windows.

## Install

```
pip install streamq
```

## Development

```
uv venv -p 3.13
uv pip install -e . --group dev
pre-commit install
nox -l
```

See [CONTRIBUTING.md](CONTRIBUTING.md).
'''

FILES[P("tests/test_numpy.py")] = '''from __future__ import annotations

import numpy as np
import pytest

from streamq import KLLSketch, TDigest


def test_tdigest_update_many_ndarray() -> None:
    d = TDigest()
    d.update_many(np.arange(1000, dtype=np.float64))
    assert d.count == 1000


def test_tdigest_update_many_float32() -> None:
    d = TDigest()
    d.update_many(np.linspace(0, 1, 101, dtype=np.float32))
    assert d.quantile(1.0) == pytest.approx(1.0)


def test_tdigest_quantile_numpy_scalar(uniform_digest: TDigest) -> None:
    assert uniform_digest.quantile(np.float64(0.5)) == pytest.approx(4999.5, rel=1e-3)


def test_kll_update_many_ndarray() -> None:
    s = KLLSketch(seed=0)
    s.update_many(np.arange(5000))
    assert s.n == 5000


@pytest.mark.parametrize("dtype", [np.int32, np.float64])
def test_kll_quantile_dtypes(dtype: type[np.generic]) -> None:
    s = KLLSketch(seed=0)
    s.update_many(np.arange(100, dtype=dtype))
    assert s.quantile(1.0) == 99
'''

FILES[P("tests/test_threads.py")] = '''"""Concurrent use of one sketch from several threads.

With the GIL these only check that nothing is lost; on a free-threaded build
(``nox -s freethreaded``) they are the real test of ``freethreading_compatible``.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from streamq import KLLSketch, TDigest

N_THREADS = 8
PER_THREAD = 20_000


def test_concurrent_updates_same_digest() -> None:
    d = TDigest()
    with ThreadPoolExecutor(N_THREADS) as ex:
        for _ in range(N_THREADS):
            ex.submit(d.update_many, range(PER_THREAD))
    assert d.count == N_THREADS * PER_THREAD


def test_concurrent_updates_same_sketch() -> None:
    s = KLLSketch(seed=0)
    with ThreadPoolExecutor(N_THREADS) as ex:
        for _ in range(N_THREADS):
            ex.submit(s.update_many, range(PER_THREAD))
    assert s.n == N_THREADS * PER_THREAD


def test_concurrent_merge_into_one() -> None:
    out = KLLSketch(seed=0)
    parts = [KLLSketch(seed=i) for i in range(N_THREADS)]
    for p in parts:
        p.update_many(range(PER_THREAD))
    with ThreadPoolExecutor(N_THREADS) as ex:
        for p in parts:
            ex.submit(out.merge, p)
    assert out.n == N_THREADS * PER_THREAD


def test_readers_while_writing() -> None:
    d = TDigest()
    d.update_many(range(1000))
    with ThreadPoolExecutor(N_THREADS) as ex:
        ex.submit(d.update_many, range(PER_THREAD))
        qs = [ex.submit(d.quantile, 0.5) for _ in range(N_THREADS - 1)]
    assert all(0 <= q.result() <= PER_THREAD for q in qs)
'''

FILES[P("bench/README.md")] = '''# Benchmarks

`bench_tdigest.py` times the t-digest hot paths on 1M uniform doubles
(best of 5, one process, `python bench/bench_tdigest.py`). Reference numbers
for releases, same laptop (Ryzen 7 7840U, performance governor):

| benchmark                   | 1.4.1  | 1.4.2  |
|-----------------------------|--------|--------|
| update (loop, 1M)           | 0.391 s | 0.394 s |
| update_many (1M)            | 0.214 s | 0.402 s |
| merge 100 x 10k             | 0.118 s | 0.117 s |
| quantile x 1000             | 0.009 s | 0.009 s |
| pickle round trip           | 0.0021 s | 0.0021 s |
'''

FILES[P("docs/conf.py")] = '''from importlib.metadata import version as _version

project = "streamq"
author = "Gareth Llewellyn"
copyright = "2023-2026, Gareth Llewellyn and contributors"
release = _version("streamq")
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "sphinx.ext.mathjax",
    "numpydoc",
    "sphinx_copybutton",
    "myst_parser",
]

autosummary_generate = True
numpydoc_show_class_members = False
numpydoc_xref_param_type = True
nitpicky = True

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "numpy": ("https://numpy.org/doc/stable", None),
}

html_theme = "furo"
html_title = f"streamq {release}"
'''


# ---------------------------------------------------------------- teammates' changes (applied between sessions)

RANKS_BATCH_PYX = '''


def ranks_batch(KLLCore core, values):
    """Normalised ranks of many values in one pass over the sorted view.

    ``values`` must be sorted ascending.
    """
    cdef Py_ssize_t i = 0, m
    cdef double cum = 0.0, v
    cdef list view = core.sorted_view()
    cdef list out = []
    m = len(view)
    for v in values:
        while i < m and view[i][0] <= v:
            cum += view[i][1]
            i += 1
        out.append(cum / core.n)
    return out
'''

RANKS_BATCH_TESTS = '''

def test_rank_many_matches_rank(uniform_kll: KLLSketch) -> None:
    values = [0, 100, 2500, 9999]
    assert uniform_kll.rank_many(values) == [uniform_kll.rank(v) for v in values]


def test_rank_many_empty_input(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.rank_many([]) == []


def test_rank_many_below_min(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.rank_many([-1.0]) == [0.0]


def test_rank_many_above_max(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.rank_many([1e9]) == [1.0]
'''


def merge_pr241(d):
    """Marta's #241 lands on main: ranks_batch in the core, rank_many on KLLSketch."""
    f = d.files
    f[P("src/streamq/_kll.pyx")] += RANKS_BATCH_PYX
    f[P("src/streamq/_kll.pyi")] += "\ndef ranks_batch(core: KLLCore, values: Sequence[float]) -> list[float]: ...\n"
    f[P("src/streamq/_kll.pyi")] = f[P("src/streamq/_kll.pyi")].replace(
        "from typing import Any\n", "from collections.abc import Sequence\nfrom typing import Any\n")
    k = f[P("src/streamq/kll.py")]
    k = k.replace("from collections.abc import Iterable\n", "from collections.abc import Iterable, Sequence\n")
    k = k.replace("from ._kll import KLLCore\n", "from ._kll import KLLCore, ranks_batch\n")
    k = k.replace('''        return self._core.rank(value)
''', '''        return self._core.rank(value)

    def rank_many(self, values: Sequence[float]) -> list[float]:
        """Estimated normalised ranks of many sorted values, in one pass."""
        return ranks_batch(self._core, [float(v) for v in values])
''')
    f[P("src/streamq/kll.py")] = k
    f[P("tests/test_kll.py")] += RANKS_BATCH_TESTS


def merge_pr243(d):
    """Imogen's #243 (t-digest compression rewrite) lands on main."""
    f = d.files
    x = f[P("src/streamq/_tdigest.pyx")]
    x = x.replace("compress(", "merge_sorted_centroids(")
    x = x.replace('    """Merge the buffer into the centroids: one pass in mean order."""',
                  '    """Merge the buffer into the centroids without a full re-sort (#243)."""')
    x = x.replace("    order = sorted(range(len(d.buf_means)), key=d.buf_means.__getitem__)\n",
                  "    order = _merged_order(d)  # buffer sorted, then merged with the sorted centroids\n")
    x = x.replace('''        for x in values:
            self.update(x, 1.0)''', '''        for x in values:
            if x != x:
                raise ValueError("cannot add NaN to a TDigest")
            self.update(x, 1.0)''')
    x = x.replace('''def _rebuild(compression''', '''cdef list _merged_order(TDigestCore d):
    cdef Py_ssize_t n_old = len(d.means), n_buf = len(d.buf_means) - len(d.means)
    buf = sorted(range(n_buf), key=d.buf_means.__getitem__)
    old = list(range(n_buf, n_buf + n_old))
    out = []
    i = j = 0
    while i < len(buf) and j < len(old):
        if d.buf_means[buf[i]] <= d.buf_means[old[j]]:
            out.append(buf[i])
            i += 1
        else:
            out.append(old[j])
            j += 1
    out.extend(buf[i:])
    out.extend(old[j:])
    return out


def _rebuild(compression''')
    f[P("src/streamq/_tdigest.pyx")] = x
    f[P("src/streamq/_tdigest.pyi")] = f[P("src/streamq/_tdigest.pyi")].replace(
        "def compress(d: TDigestCore) -> None: ...", "def merge_sorted_centroids(d: TDigestCore) -> None: ...")
    t = f[P("src/streamq/tdigest.py")]
    t = t.replace("from ._tdigest import TDigestCore, compress\n", "from ._tdigest import TDigestCore, merge_sorted_centroids\n")
    t = t.replace("        compress(self._core)\n", "        merge_sorted_centroids(self._core)\n")
    t = t.replace('''        xs = [float(v) for v in values]
        if any(x != x for x in xs):
            raise ValueError("cannot add NaN to a TDigest")
        self._core.update_many(xs)''', '''        self._core.update_many(float(v) for v in values)''')
    f[P("src/streamq/tdigest.py")] = t
    tt = f[P("tests/test_tdigest.py")]
    tt = tt.replace("from streamq import TDigest\n",
                    "from streamq import TDigest\nfrom streamq._tdigest import TDigestCore, merge_sorted_centroids\n")
    tt += '''

def test_merge_sorted_centroids_keeps_weight() -> None:
    core = TDigestCore(100.0)
    for x in range(1000):
        core.update(float(x))
    merge_sorted_centroids(core)
    assert sum(w for _, w in core.centroids()) == 1000


def test_merge_sorted_centroids_idempotent() -> None:
    core = TDigestCore(100.0)
    for x in range(1000):
        core.update(float(x))
    merge_sorted_centroids(core)
    before = core.centroids()
    merge_sorted_centroids(core)
    assert core.centroids() == before


def test_centroids_sorted(uniform_digest: TDigest) -> None:
    means = [m for m, _ in uniform_digest._core.centroids()]
    assert means == sorted(means)


def test_update_many_nan_in_core() -> None:
    core = TDigestCore(100.0)
    with pytest.raises(ValueError, match="NaN"):
        core.update_many([1.0, math.nan])
'''
    f[P("tests/test_tdigest.py")] = tt


def gen():
    d = Dev("py-lib", U, "en", MODEL, seed=20261012, files=FILES)

    # ============================================================ S1  Mon 10-12
    with d.session("2026-10-12T19:35:00", R, branch="main", version="2.1.118"):
        t = d.task("back after three weeks off. what's landed on main since v1.4.1, and what's waiting for me in PRs and "
                   "issues?", tags=["noise", "long_output"])
        t.bash("git fetch --prune && git status -sb", "Fetch and show branch status",
               out="## main...origin/main [behind 9]",
               err="From github.com:streamq/streamq\n   4e0b7a2..c81d5f0  main       -> origin/main\n"
                   " * [new branch]      dependabot/github_actions/actions-b3c1f0 -> origin/dependabot/github_actions/actions-b3c1f0")
        t.bash("git pull --ff-only", "Fast-forward main", out="""Updating 4e0b7a2..c81d5f0
Fast-forward
 .github/dependabot.yml               |   6 ++
 .github/workflows/ci.yml             |   4 +-
 .github/workflows/wheels.yml         |   2 +-
 .pre-commit-config.yaml              |   6 +-
 README.md                            |   1 +
 changes/235.bugfix.md                |   1 +
 changes/237.doc.md                   |   1 +
 docs/choosing.rst                    | 118 +++++++++++++++++++++++++++++++++++
 docs/index.rst                       |   1 +
 pyproject.toml                       |   7 +++
 src/streamq/kll.py                   |   4 +-
 tests/conftest.py                    |   1 +
 tests/test_regressions.py            |   5 ++
 13 files changed, 151 insertions(+), 6 deletions(-)
 create mode 100644 .github/dependabot.yml
 create mode 100644 changes/235.bugfix.md
 create mode 100644 changes/237.doc.md
 create mode 100644 docs/choosing.rst""", err="")
        t.bash("git log --format='%h %ad %<(20)%an %s' --date=short v1.4.1..HEAD", "Commits since v1.4.1",
               out="""c81d5f0 2026-10-09 Imogen Hart          Rebuild on .pyx changes in nox: uv cache-keys (#246)
7d2a9e1 2026-10-06 pre-commit-ci[bot]   [pre-commit.ci] pre-commit autoupdate (#239)
a04f3c8 2026-10-03 dependabot[bot]      Bump the actions group with 2 updates (#240)
51be9d0 2026-09-29 Sanjay Varma         docs: fix "compacter" typo in KLLSketch docstring (#242)
e3f8c12 2026-09-25 Imogen Hart          tests: add a 'dev' hypothesis profile
9b70d44 2026-09-23 Imogen Hart          README: conda-forge badge
2f61ab7 2026-09-22 Imogen Hart          docs: "Choosing a sketch" page (#237)
0c5e93b 2026-09-18 Imogen Hart          Add dependabot for GitHub Actions
6a1d7f0 2026-09-17 Gareth Llewellyn     Reject k < 8 in KLLSketch (#235)""")
        t.bash("gh pr list --state open", "Open pull requests",
               out=f"""245\tBump pypa/cibuildwheel from 3.4.0 to 3.4.1 in the actions group\tdependabot/github_actions/actions-b3c1f0\tOPEN\t2026-10-10T06:12:44Z
243\tWIP: t-digest compression without the full re-sort\timogenh:tdigest-merge-runs\tDRAFT\t2026-10-04T18:40:02Z
241\tKLL: vectorised ranks_batch for many values\tmarta-k:kll-ranks-batch\tOPEN\t2026-10-02T09:14:55Z""")
        t.bash("gh issue list --state open --limit 20", "Open issues",
               out="""244\tOPEN\tKLL quantiles differ between runs on the same data\tquestion\t2026-10-11T21:03:17Z
238\tOPEN\tTDigest.update_many silently accepts NaN and poisons every quantile\tbug\t2026-10-08T14:22:50Z
236\tOPEN\tFeature request: trimmed mean from a TDigest\tenhancement\t2026-09-30T11:47:09Z
229\tOPEN\tFree-threaded (3.14t) wheels?\tenhancement, free-threading\t2026-09-21T08:15:33Z
212\tOPEN\tWeighted values for KLLSketch\tenhancement, help wanted\t2026-08-02T16:58:41Z""")
        t.done("""Pulled main (9 commits since v1.4.1, all small):

- **Fixes/docs:** `KLLSketch` rejects `k < 8` (#235, yours), new "Choosing a sketch" page (#237), docstring typo (#242). Both #235 and #237 already have towncrier fragments in `changes/`.
- **Infra (Imogen):** nox now rebuilds the extensions when a `.pyx` changes (`[tool.uv] cache-keys`, #246), a `dev` hypothesis profile in `conftest.py`, dependabot for Actions, conda-forge badge.
- **Bots:** pre-commit autoupdate (#239), actions bump (#240).

**Open PRs**
- #241 Marta — vectorised `ranks_batch` for KLL, ready for review.
- #243 Imogen — t-digest compression without the full re-sort, still a draft.
- #245 dependabot — cibuildwheel 3.4.0 → 3.4.1, trivial.

**Open issues**
- #238 **bug**: `TDigest.update_many` accepts NaN and every quantile becomes NaN afterwards — the one to fix first.
- #244 question: KLL results differ between runs (that's the random compaction; `seed=` makes it reproducible).
- #236 trimmed mean from a TDigest, #229 free-threaded wheels, #212 weighted KLL — feature requests.

Nothing on main looks release-worthy on its own, but #235 + a #238 fix would make a reasonable 1.4.2.""")

        t = d.task("let's start with #238, it's a real bug", tags=["workflow:W3"])
        t.bash("gh issue view 238", "Read issue #238", out=gh_issue(
            238, "TDigest.update_many silently accepts NaN and poisons every quantile", "jdavies-ops", "bug", 1,
            """`update()` raises on NaN, but `update_many()` doesn't. One NaN in a batch and every quantile afterwards is nan:

```python
from streamq import TDigest
d = TDigest()
d.update_many([1.0, float("nan"), 3.0])
print(d.quantile(0.5), d.count)   # nan 3.0
```

We feed it latency batches from a metrics pipeline and a single bad sample wiped out a day of p99s before we noticed.
streamq 1.4.1, Python 3.12, Linux."""))
        t.bash("uv run --no-project --with streamq==1.4.1 python -c \"from streamq import TDigest; d = TDigest(); "
               "d.update_many([1.0, float('nan'), 3.0]); print(d.quantile(0.5), d.count)\"",
               "Reproduce with the released 1.4.1", out="nan 3.0", err="Installed 1 package in 3ms")
        t.bash("git switch -c fix/238-nan-update-many", "Branch for the fix",
               err="Switched to a new branch 'fix/238-nan-update-many'")
        td = P("src/streamq/tdigest.py")
        t.read(td)
        t.say("Confirmed on 1.4.1. `update()` checks `x != x`, `update_many()` hands a generator straight to the core. "
              "I'll materialise the floats, check for NaN before anything is added (so a rejected batch leaves the "
              "digest untouched), then pass the list on.")
        t.edit(td, '''    def update_many(self, values: Iterable[SupportsFloat]) -> None:
        """Add many values at once (faster than calling :meth:`update` in a loop)."""
        self._core.update_many(float(v) for v in values)''', '''    def update_many(self, values: Iterable[SupportsFloat]) -> None:
        """Add many values at once (faster than calling :meth:`update` in a loop).

        Raises
        ------
        ValueError
            If any of the values is NaN. Nothing is added in that case.
        """
        xs = [float(v) for v in values]
        if any(x != x for x in xs):
            raise ValueError("cannot add NaN to a TDigest")
        self._core.update_many(xs)''')
        rg = P("tests/test_regressions.py")
        t.read(rg)
        t.edit(rg, "import pickle\n\nimport pytest", "import math\nimport pickle\n\nimport pytest")
        t.edit(rg, '''    with pytest.raises(ValueError, match="k must be >= 8"):
        KLLSketch(k=4)
''', '''    with pytest.raises(ValueError, match="k must be >= 8"):
        KLLSketch(k=4)


def test_gh238_update_many_rejects_nan_and_adds_nothing() -> None:
    d = TDigest()
    with pytest.raises(ValueError, match="NaN"):
        d.update_many([1.0, math.nan, 3.0])
    assert d.count == 0
''')
        files59 = [("tests/test_kll.py", 10), ("tests/test_merge.py", 6), ("tests/test_numpy.py", 6),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 8), ("tests/test_regressions.py", 6),
                   ("tests/test_tdigest.py", 14), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.13", "Run the test suite on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files59, "6.84"), 24), timeout=600000)
        c, cm = commit_out("fix/238-nan-update-many", "Reject NaN in TDigest.update_many (#238)", 2, 17, 1)
        t.bash('git commit -am "Reject NaN in TDigest.update_many (#238)"', "Commit the fix",
               out=precommit({"py"}) + "\n" + cm)
        t.bash('gh issue comment 238 --body "Thanks for the clear report — confirmed on 1.4.1. update_many() skipped the '
               'NaN check that update() does, so a bad sample went straight into the centroids. It now raises '
               'ValueError and adds nothing from that batch; the fix will be in 1.4.2."',
               "Reply on the issue", out=f"{GH}/issues/238#issuecomment-3406118274")
        t.done(f"""#238 fixed on `fix/238-nan-update-many` (commit `{c}`):

- `TDigest.update_many()` now converts the batch, raises `ValueError("cannot add NaN to a TDigest")` if any value is NaN, and only then hands it to the core — a rejected batch adds nothing, same message as `update()`.
- Regression test `test_gh238_update_many_rejects_nan_and_adds_nothing` in `tests/test_regressions.py`.
- `nox -s tests-3.13`: 59 passed. Commented on the issue that it'll ship in 1.4.2.

Cost: the batch is materialised as a list before going to the core (it used to be a generator). I don't expect it to matter much, but it's the hot path — worth a benchmark before the release.""")

        t = d.task("before I push that: run the property tests on 3.12 with the ci profile (1000 examples). float "
                   "edge cases are exactly where hypothesis finds things", tags=["mistake:M3"])
        t.bash("nox -l", "List the nox sessions", out=f"""Sessions defined in {R}/noxfile.py:

* lint -> Run all pre-commit hooks on every file.
* typecheck -> mypy and pyright (both strict) over src/ and tests/.
* tests-3.10 -> Build the extensions and run the test suite.
* tests-3.11 -> Build the extensions and run the test suite.
* tests-3.12 -> Build the extensions and run the test suite.
* tests-3.13 -> Build the extensions and run the test suite.
* tests-3.14 -> Build the extensions and run the test suite.
- freethreaded -> Thread tests on the free-threaded build with the GIL disabled.
- docs -> Build the HTML docs like Read the Docs does (warnings are errors).
- linkcheck -> Check the external links in the docs.

sessions marked with * are selected, sessions marked with - are skipped.""")
        t.fail("nox -s tests-3.12 tests/test_properties.py --hypothesis-profile=ci",
               "Property tests on 3.12 with the ci profile", nox_unrecognized("--hypothesis-profile=ci"), code=2)
        nx = P("noxfile.py")
        t.read(nx)
        t.say("nox parsed the whole line as its own options: `-s` swallowed `tests/test_properties.py` as a second "
              "session name and `--hypothesis-profile` is unknown to it. The `tests` session forwards "
              "`session.posargs` to pytest, and nox only collects those after a `--`.")
        t.bash("nox -s tests-3.12 -- tests/test_properties.py --hypothesis-profile=ci",
               "Property tests on 3.12 with the ci profile, args passed through to pytest",
               out=nox_out("tests-3.12", pytest_ok([("tests/test_properties.py", 8)], "51.37", py="3.12", args=True,
                                                   profile="ci"), 63, cmd="pytest tests/test_properties.py --hypothesis-profile=ci"),
               timeout=600000)
        t.done("All 8 property tests pass on 3.12 with the `ci` profile (1000 examples each, no deadline) — 51 s. "
               "The branch is good to push.\n\n(First attempt put the pytest arguments straight after the session "
               "name; nox needs them after `--`: `nox -s tests-3.12 -- tests/test_properties.py --hypothesis-profile=ci`.)")

        t = d.task("quick one, no need to run anything: is it worth shipping 3.14t (free-threaded) wheels yet? the core "
                   "is Cython but the KLL compactors are plain Python lists", tags=["noise", "no_tools"])
        t.done("""Not yet, I'd say — or only once the thread tests pass on 3.14t.

- **What a cp314t wheel promises:** the module declares itself safe without the GIL (our `setup.py` already sets `freethreading_compatible=True`, so a 3.14t build would import without re-enabling the GIL). Users will then hammer one sketch from several threads.
- **Where that bites us:** `KLLCore` mutates Python lists (`append`, `sort`, `extend`, `clear` during compaction). Each list op is internally locked on 3.14t, so no memory corruption from the lists themselves — but a compaction is several ops, so two threads can interleave mid-compaction and lose or duplicate items. `TDigestCore` swaps `array` objects in `compress()`, same story. Anything with raw C pointers into a buffer that another thread can resize is worse: that's where segfaults come from.
- **Options:** (a) document sketches as not thread-safe and keep the directive — honest but users will get silent corruption; (b) wrap mutating methods in `with cython.critical_section(self):` (Cython 3.1+), cheap when uncontended; (c) drop the directive so 3.14t re-enables the GIL on import with a warning.

I'd run `tests/test_threads.py` under 3.14t first (the `freethreaded` nox session exists for that), then decide between (b) and shipping wheels without the claim. #229 can wait for that.""")

    # ============================================================ S2  Tue 10-13
    with d.session("2026-10-13T19:50:00", R, branch="feat/trimmed-mean", version="2.1.119"):
        t = d.task("#236 asks for a trimmed mean. add TDigest.trimmed_mean(lower, upper): mean of the values between the "
                   "lower and upper quantiles, computed in the Cython core from the centroids (centroids straddling a "
                   "cut count with the part of their weight inside). give it a proper numpydoc docstring — Parameters, "
                   "Returns, Raises, Examples — like quantile() has. tests too, including a hypothesis property",
                   tags=["mistake:M1", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/trimmed-mean",
               "New branch from an up-to-date main", out=f"""Updating c81d5f0..5e2b8c4
Fast-forward
 src/streamq/tdigest.py    | 12 +++++++++++-
 tests/test_regressions.py |  9 +++++++++
 2 files changed, 20 insertions(+), 1 deletion(-)""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nFrom github.com:streamq/streamq\n"
                   "   c81d5f0..5e2b8c4  main       -> origin/main\nSwitched to a new branch 'feat/trimmed-mean'")
        pyx = P("src/streamq/_tdigest.pyx")
        t.read(pyx)
        t.read(td)
        t.say("The core keeps merged centroids in `means`/`weights` after `compress()`. For the trimmed mean I'll walk "
              "them once, take the overlap of each centroid's weight interval `[cum, cum + w)` with "
              "`[lower·W, upper·W)`, and average the means with those partial weights.")
        t.edit(pyx, '''    def centroids(self):
        """Merged centroids as ``(mean, weight)`` pairs, sorted by mean."""''', '''    def trimmed_mean(self, double lower, double upper):
        """Mean of the values between the ``lower`` and ``upper`` quantiles."""
        cdef Py_ssize_t i
        cdef double lo, hi, cum = 0.0, w, take, acc = 0.0, total = 0.0
        compress(self)
        lo = lower * self.total_weight
        hi = upper * self.total_weight
        for i in range(len(self.means)):
            w = self.weights[i]
            # overlap of this centroid's weight interval [cum, cum + w) with [lo, hi)
            take = min(cum + w, hi) - max(cum, lo)
            if take > 0.0:
                acc += take * self.means[i]
                total += take
            cum += w
            if cum >= hi:
                break
        return acc / total

    def centroids(self):
        """Merged centroids as ``(mean, weight)`` pairs, sorted by mean."""''')
        t.edit(td, '''    def compress(self) -> None:
        """Merge the buffered values into the centroids now (normally lazy)."""''', '''    def trimmed_mean(self, lower: float = 0.1, upper: float = 0.9) -> float:
        """Estimate the mean of the values between two quantiles.

        Centroids that straddle ``lower`` or ``upper`` contribute the part of
        their weight that lies inside the range.

        Parameters
        ----------
        lower : float, default 0.1
            Lower quantile of the range, ``0 <= lower < upper``.
        upper : float, default 0.9
            Upper quantile of the range, ``lower < upper <= 1``.

        Returns
        -------
        float
            The estimated trimmed mean. ``trimmed_mean(0, 1)`` is the mean
            of all values.

        Raises
        ------
        ValueError
            If the bounds are not ``0 <= lower < upper <= 1`` or the digest
            is empty.

        Examples
        --------
        >>> from streamq import TDigest
        >>> d = TDigest()
        >>> d.update_many(range(1, 101))
        >>> d.trimmed_mean(0.1, 0.9)
        50.5
        """
        if not 0.0 <= lower < upper <= 1.0:
            raise ValueError(f"need 0 <= lower < upper <= 1, got lower={lower!r}, upper={upper!r}")
        if self._core.total_weight == 0:
            raise ValueError("trimmed_mean() of an empty digest is undefined")
        return self._core.trimmed_mean(lower, upper)

    def compress(self) -> None:
        """Merge the buffered values into the centroids now (normally lazy)."""''')
        tt = P("tests/test_tdigest.py")
        t.read(tt)
        t.edit(tt, '''def test_pickle_roundtrip(uniform_digest: TDigest) -> None:
    clone = pickle.loads(pickle.dumps(uniform_digest))
    assert clone.quantile(0.9) == uniform_digest.quantile(0.9)
''', '''def test_pickle_roundtrip(uniform_digest: TDigest) -> None:
    clone = pickle.loads(pickle.dumps(uniform_digest))
    assert clone.quantile(0.9) == uniform_digest.quantile(0.9)


def test_trimmed_mean_uniform(uniform_digest: TDigest) -> None:
    assert uniform_digest.trimmed_mean(0.1, 0.9) == pytest.approx(4999.5, rel=1e-3)


def test_trimmed_mean_full_range_is_mean() -> None:
    d = TDigest()
    d.update_many([1.0, 2.0, 3.0, 10.0])
    assert d.trimmed_mean(0.0, 1.0) == pytest.approx(4.0)


def test_trimmed_mean_drops_outliers() -> None:
    d = TDigest()
    d.update_many([*range(1000), 1e12])
    assert d.trimmed_mean(0.0, 0.99) < 1000


@pytest.mark.parametrize(("lower", "upper"), [(0.5, 0.5), (0.9, 0.1)])
def test_trimmed_mean_bad_bounds(uniform_digest: TDigest, lower: float, upper: float) -> None:
    with pytest.raises(ValueError, match="lower < upper"):
        uniform_digest.trimmed_mean(lower, upper)
''')
        pt = P("tests/test_properties.py")
        t.read(pt)
        t.edit(pt, '''@given(a=values, b=values)
def test_tdigest_merge_adds_counts''', '''@given(xs=st.lists(finite, min_size=10, max_size=500), lo=st.floats(0.0, 0.45), hi=st.floats(0.55, 1.0))
def test_tdigest_trimmed_mean_between_quantiles(xs: list[float], lo: float, hi: float) -> None:
    d = TDigest()
    d.update_many(xs)
    m = d.trimmed_mean(lo, hi)
    assert min(xs) <= m <= max(xs)


@given(a=values, b=values)
def test_tdigest_merge_adds_counts''')
        files65 = [("tests/test_kll.py", 10), ("tests/test_merge.py", 6), ("tests/test_numpy.py", 6),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 9), ("tests/test_regressions.py", 6),
                   ("tests/test_tdigest.py", 19), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.13", "Rebuild and run the tests on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files65, "7.31"), 41), timeout=600000)
        ln = line_of(d, td, "return self._core.trimmed_mean(lower, upper)")
        t.fail("nox -s typecheck", "Type-check with mypy and pyright", nox_out(
            "typecheck", f'src/streamq/tdigest.py:{ln}: error: "TDigestCore" has no attribute "trimmed_mean"  '
                         f'[attr-defined]\nFound 1 error in 1 file (checked 16 source files)',
            0, install=". --group typing", cmd="mypy ", ok=False), timeout=600000)
        pyi = P("src/streamq/_tdigest.pyi")
        t.say("Tests pass, but mypy doesn't see the new method: the type checkers only know the Cython core through "
              "the hand-written `_tdigest.pyi` next to the .pyx, and it doesn't declare `trimmed_mean` yet.")
        t.read(pyi)
        t.edit(pyi, "    def cdf(self, x: float) -> float: ...\n",
               "    def cdf(self, x: float) -> float: ...\n"
               "    def trimmed_mean(self, lower: float, upper: float) -> float: ...\n")
        t.bash("nox -s typecheck", "Type-check again",
               out=typecheck_ok(19), timeout=600000)
        t.done("""`TDigest.trimmed_mean(lower=0.1, upper=0.9)` is in, on `feat/trimmed-mean`:

- **Core** (`_tdigest.pyx`): one pass over the merged centroids; each centroid contributes the overlap of its weight interval with `[lower·W, upper·W)`, so straddling centroids count partially. Stops as soon as it passes the upper cut.
- **Wrapper** (`tdigest.py`): validates `0 <= lower < upper <= 1` and the empty case, numpydoc docstring with Parameters / Returns / Raises / Examples.
- **Stub:** added `trimmed_mean` to `_tdigest.pyi` — mypy failed with `"TDigestCore" has no attribute "trimmed_mean" [attr-defined]` until it was declared there.
- **Tests:** 5 in `test_tdigest.py` (uniform, full range = mean, outlier dropped, two bad-bound cases) and a hypothesis property that the result stays within `[min, max]`.

`nox -s tests-3.13`: 65 passed; `nox -s typecheck`: mypy and pyright clean.""")

        t = d.task("one more thing for this branch: we do the changelog with towncrier — one fragment per change in "
                   "changes/, named <issue>.<type>.md. add one for trimmed_mean", tags=["pref:P3"])
        t.glob("changes/*", [P("changes/235.bugfix.md"), P("changes/237.doc.md")])
        t.read(P("changes/235.bugfix.md"))
        pp = P("pyproject.toml")
        ln = line_of(d, pp, "[tool.towncrier]")
        tl = d.files[pp].split("\n")[ln - 1:ln + 5]
        t.grep(r"\[tool\.towncrier\]", path=pp, output_mode="content", A=5, n=True,
               content="\n".join(f"{ln + i}{':' if i == 0 else '-'}{l}" for i, l in enumerate(tl)))
        t.write(P("changes/236.feature.md"), "`TDigest.trimmed_mean(lower, upper)`: mean of the values between two "
                "quantiles, computed from the centroids without a second pass over the data.\n")
        t.bash("uvx towncrier build --draft --version 1.5.0", "Preview the rendered changelog", out="""Loading template...
Finding news fragments...
Rendering news fragments...
Draft only -- nothing has been written.
What is seen below is what would be written.

## [1.5.0](https://github.com/streamq/streamq/tree/v1.5.0) - 2026-10-13

### Features

- `TDigest.trimmed_mean(lower, upper)`: mean of the values between two quantiles, computed from the centroids without a second pass over the data. ([#236](https://github.com/streamq/streamq/issues/236))

### Bugfixes

- `KLLSketch(k=...)` now rejects `k < 8` with a `ValueError` instead of building a sketch that never compacts. ([#235](https://github.com/streamq/streamq/issues/235))

### Improved Documentation

- New "Choosing a sketch" page comparing t-digest and KLL. ([#237](https://github.com/streamq/streamq/issues/237))""",
               err="Installed 9 packages in 11ms")
        t.done("Added `changes/236.feature.md` (issue number of the feature request, type `feature`). The draft render "
               "puts it under **Features** next to the existing #235/#237 fragments. Not committed yet — it'll go in "
               "with the branch.")

        t = d.task("ok ship the branch: hooks, tests on the oldest and newest python, push, PR", tags=["workflow:W1"])
        t.bash("pre-commit run --all-files", "Run all pre-commit hooks", out=precommit({"py", "pyx", "yaml", "toml"}))
        t.bash("nox -s typecheck tests-3.10 tests-3.14", "Type-check and test on 3.10 and 3.14",
               out="\n".join([
                   typecheck_ok(17),
                   nox_out("tests-3.10", pytest_ok(files65, "9.02", py="3.10"), 47),
                   nox_out("tests-3.14", pytest_ok(files65, "6.95", py="3.14"), 44),
                   nox_summary([("typecheck", "success", 17), ("tests-3.10", "success", 47),
                                ("tests-3.14", "success", 44)])]), timeout=600000)
        c, cm = commit_out("feat/trimmed-mean", "Add TDigest.trimmed_mean (#236)", 6, 118, 0,
                           creates=["changes/236.feature.md"])
        t.bash('git add -A && git commit -m "Add TDigest.trimmed_mean (#236)"', "Commit the feature",
               out=precommit({"py", "pyx"}) + "\n" + cm)
        t.bash("git push -u origin feat/trimmed-mean", "Push the branch", err=push_new("feat/trimmed-mean"))
        t.bash('gh pr create --base main --title "Add TDigest.trimmed_mean" --body "Closes #236.\n\n'
               '- New TDigest.trimmed_mean(lower=0.1, upper=0.9), computed in the Cython core in one pass over the '
               'centroids; centroids that straddle a cut count with the part of their weight inside the range.\n'
               '- Typed for mypy/pyright as well.\n'
               '- Tests: 5 unit tests + a hypothesis property (result within [min, max]).\n'
               '- Changelog fragment changes/236.feature.md."', "Open the pull request",
               out=f"{GH}/pull/248")
        t.done(f"PR is up: {GH}/pull/248 (`feat/trimmed-mean` → `main`, closes #236). Before pushing: all pre-commit "
               "hooks passed, typecheck clean, 65 tests passed on 3.10 and on 3.14.")

    # Gareth merges #250 (the #238 fix) and #248 later; Marta's #241 is reviewed below.
    # ============================================================ S3  Thu 10-15
    with d.session("2026-10-15T13:25:00", R, branch="main", version="2.1.120"):
        t = d.task("Marta's #241 (ranks_batch for KLL) is ready. check it out and run the kll tests in my dev venv, "
                   "quick sanity check before I read the diff properly", tags=["mistake:M2"])
        t.bash("gh pr checkout 241", "Check out PR #241", out="",
               err="From github.com:streamq/streamq\n * [new ref]         refs/pull/241/head -> kll-ranks-batch\n"
                   "Switched to branch 'kll-ranks-batch'")
        t.fail(".venv/bin/python -m pytest tests/test_kll.py -q", "Run the KLL tests in the dev venv",
               f"""ImportError while loading conftest '{R}/tests/conftest.py'.
tests/conftest.py:8: in <module>
    from streamq import KLLSketch, TDigest
src/streamq/__init__.py:6: in <module>
    from .kll import KLLSketch
src/streamq/kll.py:8: in <module>
    from ._kll import KLLCore, ranks_batch
E   ImportError: cannot import name 'ranks_batch' from 'streamq._kll' ({R}/src/streamq/{so('_kll')})""", code=4)
        t.say("The dev venv is an editable install, so `streamq._kll` is the compiled .so sitting in `src/streamq/`, "
              "built from main. The PR adds `ranks_batch` to `_kll.pyx`, which nothing has compiled yet.")
        t.bash("ls -l --time-style=long-iso src/streamq/*.so src/streamq/*.pyx", "Compare .so and .pyx timestamps",
               out=f"""-rw-r--r-- 1 gareth gareth    6311 2026-10-15 13:27 src/streamq/_kll.pyx
-rwxr-xr-x 1 gareth gareth 1183448 2026-09-17 21:40 src/streamq/{so('_kll')}
-rw-r--r-- 1 gareth gareth    5694 2026-10-15 13:27 src/streamq/_tdigest.pyx
-rwxr-xr-x 1 gareth gareth  988312 2026-09-17 21:40 src/streamq/{so('_tdigest')}""")
        t.bash(".venv/bin/python setup.py build_ext --inplace", "Rebuild the Cython extensions in place",
               out=build_ext_out(["_tdigest", "_kll"]), timeout=300000)
        t.bash(".venv/bin/python -m pytest tests/test_kll.py -q", "Run the KLL tests in the dev venv",
               out=pytest_q_ok([("tests/test_kll.py", 14)], "1.12"))
        t.bash("git diff --stat main...HEAD", "What the PR touches", out=""" changes/241.feature.md |  1 +
 src/streamq/_kll.pyi   |  3 +++
 src/streamq/_kll.pyx   | 19 +++++++++++++++++++
 src/streamq/kll.py     |  8 ++++++--
 tests/test_kll.py      | 17 +++++++++++++++++
 5 files changed, 46 insertions(+), 2 deletions(-)""")
        diff_lines = "\n".join(("+" + l).rstrip() for l in RANKS_BATCH_PYX.split("\n")[3:-1])
        t.bash("git diff main...HEAD -- src/streamq/_kll.pyx src/streamq/kll.py", "Read the core of the diff",
               out=f"""diff --git a/src/streamq/_kll.pyx b/src/streamq/_kll.pyx
index 8e1c0d2..b47a9f3 100644
--- a/src/streamq/_kll.pyx
+++ b/src/streamq/_kll.pyx
@@ -151,3 +151,22 @@ def _rebuild(k, n, compactors, rng_state, mn, mx):
     core._min = mn
     core._max = mx
     return core
+
+
{diff_lines}
diff --git a/src/streamq/kll.py b/src/streamq/kll.py
index 3f0a6b1..d92c7e5 100644
--- a/src/streamq/kll.py
+++ b/src/streamq/kll.py
@@ -2,10 +2,10 @@
 
 from __future__ import annotations
 
-from collections.abc import Iterable
+from collections.abc import Iterable, Sequence
 from typing import Any, SupportsFloat
 
-from ._kll import KLLCore
+from ._kll import KLLCore, ranks_batch
 
 __all__ = ["KLLSketch"]
 
@@ -59,6 +59,10 @@ class KLLSketch:
         \"\"\"Estimated normalised rank of ``value`` (fraction of items <= value).\"\"\"
         return self._core.rank(value)
 
+    def rank_many(self, values: Sequence[float]) -> list[float]:
+        \"\"\"Estimated normalised ranks of many sorted values, in one pass.\"\"\"
+        return ranks_batch(self._core, [float(v) for v in values])
+
     def quantile(self, q: float) -> float:""")
        t.done("""#241 checks out fine: **14 passed** in `tests/test_kll.py` (10 existing + Marta's 4).

The first run died at conftest import: `cannot import name 'ranks_batch' from 'streamq._kll'` — the dev venv's `_kll` .so was still the one built from main on 17 Sep. Rebuilt both extensions in place (`setup.py build_ext --inplace`) and it ran clean.

Things for your review:
- `ranks_batch(core, values)` requires `values` sorted ascending but doesn't check it — unsorted input silently gives wrong ranks. Either validate in `rank_many` (cheap: one pass) or sort and un-permute.
- `cum / core.n` with `n == 0` raises `ZeroDivisionError` from inside Cython; `rank()` returns NaN for an empty sketch. Worth making them agree.
- It walks `sorted_view()`, which allocates a list of tuples of every retained item per call — fine for big batches, slower than `rank()` for 1–2 values.
- Stub and fragment (`changes/241.feature.md`) are both there.

You're on `kll-ranks-batch` now; the dev venv's extensions are built from this branch.""")

        t = d.task("while you're at it: do we already build cp314t wheels? cibuildwheel is 3.4.1 and setup.py says "
                   "freethreading_compatible. check their docs rather than guessing", tags=["noise", "webfetch"])
        pp = P("pyproject.toml")
        ln = line_of(d, pp, "[tool.cibuildwheel]")
        t.grep(r"\[tool\.cibuildwheel\]", path=pp, output_mode="content", A=5, n=True,
               content="\n".join(f"{ln + i}{':' if i == 0 else '-'}{l}"
                                 for i, l in enumerate(d.files[pp].split("\n")[ln - 1:ln + 5])))
        t.webfetch("https://cibuildwheel.pypa.io/en/stable/options/",
                   "What does the `enable` option do for free-threaded CPython, are cp314t builds selected by default in "
                   "cibuildwheel 3.x, and does a build selector like cp314-* also match cp314t?",
                   """**Free-threaded builds in cibuildwheel 3.x**

- Build identifiers for free-threaded CPython carry a `t` suffix in the Python tag, e.g. `cp314t-manylinux_x86_64`, `cp314t-macosx_arm64`, `cp314t-win_amd64`.
- For **CPython 3.14**, free-threaded wheels are part of the default build selection; no opt-in is needed.
- The `enable` value `cpython-freethreading` was only needed for the experimental 3.13t builds. It is deprecated in the latest release (3.13t support is going away) and has no effect on 3.14t.
- `build` / `skip` selectors are fnmatch-style patterns matched against the full identifier. `cp314-*` matches `cp314-manylinux_x86_64` but **not** `cp314t-manylinux_x86_64`; to select both use `cp314-*` and `cp314t-*` (or `cp314*`).
- Free-threaded wheels are built and tested like any other; the test command runs on the free-threaded interpreter, so extensions that are not thread-safe or that re-enable the GIL will show up there.""")
        t.done("""No — we don't build any cp314t wheels today, even though cibuildwheel would by default:

- In cibuildwheel 3.x, 3.14 free-threaded (`cp314t-*`) builds are selected by default; the `enable = ["cpython-freethreading"]` switch only mattered for 3.13t and is deprecated now.
- But our `[tool.cibuildwheel] build = "cp310-* cp311-* cp312-* cp313-* cp314-*"` is an explicit allow-list, and `cp314-*` does not match `cp314t-*` (the `t` is part of the Python tag). So the free-threaded identifiers are filtered out.

To ship them you'd add `cp314t-*` to `build`. I wouldn't yet: nothing has run our thread tests on 3.14t, and `freethreading_compatible=True` tells the interpreter not to re-enable the GIL on import. Running `nox -s freethreaded` first would tell us whether that claim holds.""")

        t = d.task("let's cut 1.4.2 from main with the #238 fix (plus #235/#237). the usual: changelog, tag, watch the "
                   "wheels, check PyPI", tags=["workflow:W2"])
        t.bash("git switch main && git pull --ff-only", "Update main", out="""Updating 5e2b8c4..1b9e7a0
Fast-forward
 .github/workflows/wheels.yml | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nFrom github.com:streamq/streamq\n"
                   "   5e2b8c4..1b9e7a0  main       -> origin/main")
        t.bash("git log --oneline v1.4.1..HEAD", "What goes into 1.4.2", out="""1b9e7a0 Bump pypa/cibuildwheel from 3.4.0 to 3.4.1 in the actions group (#245)
5e2b8c4 Reject NaN in TDigest.update_many (#238) (#250)
c81d5f0 Rebuild on .pyx changes in nox: uv cache-keys (#246)
7d2a9e1 [pre-commit.ci] pre-commit autoupdate (#239)
a04f3c8 Bump the actions group with 2 updates (#240)
51be9d0 docs: fix "compacter" typo in KLLSketch docstring (#242)
e3f8c12 tests: add a 'dev' hypothesis profile
9b70d44 README: conda-forge badge
2f61ab7 docs: "Choosing a sketch" page (#237)
0c5e93b Add dependabot for GitHub Actions
6a1d7f0 Reject k < 8 in KLLSketch (#235)""")
        t.glob("changes/*", [P("changes/235.bugfix.md"), P("changes/237.doc.md")])
        t.say("#238 went in without a towncrier fragment, so it would be missing from the notes. Adding it before "
              "building the changelog.")
        t.write(P("changes/238.bugfix.md"), "`TDigest.update_many()` now rejects NaN like `update()` does, instead of "
                "silently poisoning every quantile. A rejected batch adds nothing.\n")
        t.bash("git add changes/238.bugfix.md && uvx towncrier build --version 1.4.2 --yes",
               "Render the 1.4.2 changelog and remove the fragments", out=f"""Loading template...
Finding news fragments...
Rendering news fragments...
Writing to newsfile...
Staging newsfile...
I want to remove the following files:
{R}/changes/235.bugfix.md
{R}/changes/237.doc.md
{R}/changes/238.bugfix.md
Removing the following files:
{R}/changes/235.bugfix.md
{R}/changes/237.doc.md
{R}/changes/238.bugfix.md
Removing news fragments...
Done!""")
        cl = P("CHANGELOG.md")
        d.files[cl] = d.files[cl].replace("<!-- towncrier release notes start -->\n", """<!-- towncrier release notes start -->

## [1.4.2](https://github.com/streamq/streamq/tree/v1.4.2) - 2026-10-15

### Bugfixes

- `KLLSketch(k=...)` now rejects `k < 8` with a `ValueError` instead of building a sketch that never compacts. ([#235](https://github.com/streamq/streamq/issues/235))
- `TDigest.update_many()` now rejects NaN like `update()` does, instead of silently poisoning every quantile. A rejected batch adds nothing. ([#238](https://github.com/streamq/streamq/issues/238))

### Improved Documentation

- New "Choosing a sketch" page comparing t-digest and KLL. ([#237](https://github.com/streamq/streamq/issues/237))

""")
        for f in ("changes/235.bugfix.md", "changes/237.doc.md", "changes/238.bugfix.md"):
            del d.files[P(f)]
        t.read(cl, limit=22)
        c, cm = commit_out("main", "Release 1.4.2", 4, 13, 2,
                           deletes=["changes/235.bugfix.md", "changes/237.doc.md", "changes/238.bugfix.md"], sha="8d4c2f6")
        t.bash('git commit -m "Release 1.4.2"', "Commit the release changelog", out=precommit(set()) + "\n" + cm)
        t.bash('git tag -s v1.4.2 -m "streamq 1.4.2"', "Create the signed release tag")
        t.bash("git push origin main v1.4.2", "Push main and the tag",
               err=f"To github.com:streamq/streamq.git\n   1b9e7a0..{c}  main -> main\n * [new tag]         v1.4.2 -> v1.4.2")
        t.bash("gh run list --workflow wheels.yml --limit 1", "Find the wheels run for the tag",
               out="in_progress\t\tRelease 1.4.2\tWheels\tv1.4.2\tpush\t19304187726\t21s\t2026-10-15T13:51:08Z")
        t.bash("gh run watch 19304187726 --exit-status", "Wait for the wheels build and the PyPI upload",
               out=gh_run_watch(19304187726, "Release 1.4.2", "Wheels", WHEEL_JOBS, 14), timeout=1800000)
        out, err = pip_index(["1.4.2"] + VERSIONS_BEFORE)
        t.bash("python3 -m pip index versions streamq", "Check that 1.4.2 is on PyPI", out=out, err=err)
        t.bash('gh release create v1.4.2 --title "streamq 1.4.2" --notes "Bug fixes: TDigest.update_many() rejects NaN '
               '(#238), KLLSketch rejects k < 8 (#235). Docs: new Choosing a sketch page (#237). Full notes: '
               'https://streamq.readthedocs.io/en/stable/changelog.html"', "Create the GitHub release",
               out=f"{GH}/releases/tag/v1.4.2")
        t.done(f"""**streamq 1.4.2 is out.**

- Changelog built with towncrier (#235, #238, #237); I added the missing `changes/238.bugfix.md` first. Commit `{c}` "Release 1.4.2" on main, signed tag `v1.4.2`, both pushed.
- Wheels workflow run 19304187726 green: sdist, 5 wheel jobs, PyPI publish via trusted publishing.
- `pip index versions streamq` shows 1.4.2; GitHub release created: {GH}/releases/tag/v1.4.2""")

        t = d.task("draft a reply for #244 (someone asking why KLL quantiles differ between runs on the same data). "
                   "don't post it, I'll review", tags=["noise"])
        t.bash("gh issue view 244", "Read issue #244", out=gh_issue(
            244, "KLL quantiles differ between runs on the same data", "pk-lindqvist", "question", 0,
            """I run the same job twice over the same 50M rows and the p99 from KLLSketch differs in the 4th digit
(e.g. 812.31 vs 812.07). t-digest gives the same answer both times. Is this a bug? We diff reports between runs
and these show up as changes."""))
        t.read(P("src/streamq/kll.py"))
        t.done("""Draft reply for #244:

---

Hi @pk-lindqvist, thanks for the detailed report — this isn't a bug, it's how KLL works, but it's a fair question and the docs could explain it better, so let me go through it properly.

**Why the results differ.** A KLL sketch keeps a stack of *compactors*. When a compactor fills up it sorts its items and keeps either the even-indexed or the odd-indexed half, promoting them to the next level with double the weight. Which half is kept is decided by a coin flip. That randomness is what gives KLL its guarantee: the expected error of every rank estimate is zero and the error is bounded with high probability, independent of the input order or distribution. A deterministic choice would let adversarial (or just unlucky, e.g. sorted) inputs bias the estimates. So two runs over the same data take different coin flips and keep slightly different items, and the quantile you read back can differ — within the error bound.

**How big is the difference allowed to be?** With the default `k=200` the normalised rank error is about 1.65/k ≈ 0.8 %, i.e. the value returned for p99 has a true rank somewhere around 0.982–0.998 with high probability. In value terms that depends on how steep your distribution is around p99; a difference in the 4th significant digit is well within that.

**Why t-digest doesn't do this.** The t-digest in streamq is deterministic: the same input in the same order always produces the same centroids. Its accuracy guarantees are of a different kind (very good at the tails, no uniform bound).

**How to get reproducible results.** Pass a seed:

```python
sketch = KLLSketch(k=200, seed=42)
```

With a fixed seed, the same values in the same order give an identical sketch, so your reports will diff cleanly. Note the order matters too: if your job reads partitions in a different order each run, the sketch will still differ. In that case build one sketch per partition (each with its own fixed seed, e.g. derived from the partition id) and combine them with `streamq.merge(...)` in a fixed order.

**If you need tighter estimates,** increase `k` (error shrinks as 1/k, memory grows linearly), or use the t-digest if you mostly care about tail quantiles like p99.

We should probably mention this in the docs — the "Choosing a sketch" page talks about error bounds but not about run-to-run variation. I'll open a docs issue for that.

Thanks again!

---

Want me to trim it or post it as is?""")

    # between S3 and S4: #241 (ranks_batch) and #248 (trimmed_mean) are merged
    # ============================================================ S4  Mon 10-19
    with d.session("2026-10-19T20:05:00", R, branch="main", version="2.1.121"):
        merge_pr241(d)
        t = d.task("The reply you drafted for #244 was way too long — I had to cut half of it before posting. Issue "
                   "replies: three or four sentences, link the docs page instead of re-explaining it.",
                   tags=["feedback", "no_tools"],
                   feedback="The reply you drafted for #244 was way too long — I had to cut half of it before posting.")
        t.done("Understood — issue replies from now on: three or four sentences, answer the question, link the relevant "
               "docs page (or the fix/PR) instead of explaining the algorithm. For #244 that would have been: "
               "\"Not a bug: KLL compaction is randomised, so runs differ within the error bound (~1.65/k). Pass "
               "`seed=` for identical sketches from identical input order. Details: https://streamq.readthedocs.io/"
               "en/stable/choosing.html\"")

        t = d.task("3.10 goes EOL this month. drop it: requires-python, classifiers, nox, CI, cibuildwheel, and the "
                   "ruff/mypy/pyright targets. on a branch and commit, I'll open the PR myself", tags=["noise"])
        t.bash("git pull --ff-only && git switch -c chore/drop-py310", "New branch from an up-to-date main",
               out="""Updating 8d4c2f6..f3a91c0
Fast-forward
 changes/236.feature.md    |   1 +
 changes/241.feature.md    |   1 +
 src/streamq/_kll.pyi      |   3 +
 src/streamq/_kll.pyx      |  19 ++++
 src/streamq/_tdigest.pyi  |   1 +
 src/streamq/_tdigest.pyx  |  22 +++++
 src/streamq/kll.py        |   8 +-
 src/streamq/tdigest.py    |  42 ++++++++++
 tests/test_kll.py         |  17 ++++
 tests/test_properties.py  |   9 ++
 tests/test_tdigest.py     |  31 +++++++
 11 files changed, 152 insertions(+), 2 deletions(-)
 create mode 100644 changes/236.feature.md
 create mode 100644 changes/241.feature.md""",
               err="From github.com:streamq/streamq\n   8d4c2f6..f3a91c0  main       -> origin/main\n"
                   "Switched to a new branch 'chore/drop-py310'")
        d.files[P("changes/241.feature.md")] = ("`KLLSketch.rank_many(values)`: ranks of many sorted values in one "
                                                 "pass over the sketch.\n")
        pp = P("pyproject.toml")
        t.read(pp)
        t.edit(pp, 'requires-python = ">=3.10"', 'requires-python = ">=3.11"')
        t.edit(pp, '    "Programming Language :: Python :: 3.10",\n', "")
        t.edit(pp, 'python_version = "3.10"', 'python_version = "3.11"')
        t.edit(pp, 'pythonVersion = "3.10"', 'pythonVersion = "3.11"')
        t.edit(pp, 'target-version = "py310"', 'target-version = "py311"')
        t.edit(pp, 'build = "cp310-* cp311-* cp312-* cp313-* cp314-*"', 'build = "cp311-* cp312-* cp313-* cp314-*"')
        t.read(nx)
        t.edit(nx, 'PYTHONS = ["3.10", "3.11", "3.12", "3.13", "3.14"]', 'PYTHONS = ["3.11", "3.12", "3.13", "3.14"]')
        ci = P(".github/workflows/ci.yml")
        t.read(ci)
        t.edit(ci, 'python: ["3.10", "3.11", "3.12", "3.13", "3.14"]', 'python: ["3.11", "3.12", "3.13", "3.14"]')
        t.bash("pre-commit run --all-files", "Run all hooks with the new ruff target",
               out=precommit({"py", "pyx", "yaml", "toml"}))
        files69 = [("tests/test_kll.py", 14), ("tests/test_merge.py", 6), ("tests/test_numpy.py", 6),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 9), ("tests/test_regressions.py", 6),
                   ("tests/test_tdigest.py", 19), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.11", "Tests on the new minimum, 3.11",
               out=nox_out("tests-3.11", pytest_ok(files69, "8.12", py="3.11"), 44), timeout=600000)
        t.write(P("changes/+drop-py310.removal.md"), "Python 3.10 is no longer supported (end of life in October "
                "2026). streamq now requires Python 3.11 or newer; no more cp310 wheels.\n")
        c, cm = commit_out("chore/drop-py310", "Drop Python 3.10 (end of life this month)", 4, 6, 7,
                           creates=["changes/+drop-py310.removal.md"])
        t.bash('git add -A && git commit -m "Drop Python 3.10 (end of life this month)"', "Commit",
               out=precommit({"py", "yaml", "toml"}) + "\n" + cm)
        t.done(f"""Committed on `chore/drop-py310` (`{c}`, not pushed):

- `pyproject.toml`: `requires-python = ">=3.11"`, 3.10 classifier removed, mypy `python_version` / pyright `pythonVersion` → 3.11, ruff `target-version = "py311"`, cibuildwheel `build` starts at `cp311-*`.
- `noxfile.py`: `PYTHONS` starts at 3.11; `.github/workflows/ci.yml` matrix too.
- towncrier fragment `changes/+drop-py310.removal.md` (orphan, no issue number).

pre-commit clean with the new ruff target (no pyupgrade rewrites needed), 69 passed on 3.11.""")

        t = d.task("the suite feels slow lately. which tests eat the time on 3.13? stop at the first failure if "
                   "something's broken", tags=["mistake:M3", "long_output"])
        t.fail("nox -s tests-3.13 -x --durations=10", "Run the 3.13 tests with the slowest durations",
               nox_unrecognized("--durations=10"), code=2)
        t.say("nox rejected `--durations` — and `-x` was quietly taken as nox's own `--stop-on-first-error`. Both are "
              "meant for pytest, so they go after `--`.")
        dur = """============================= slowest 10 durations =============================
6.12s call     tests/test_properties.py::test_kll_merge_rank_error_bound
4.87s call     tests/test_properties.py::test_kll_rank_error_bound
2.94s call     tests/test_threads.py::test_concurrent_updates_same_sketch
1.73s call     tests/test_properties.py::test_tdigest_merge_adds_counts
1.41s call     tests/test_properties.py::test_tdigest_quantile_monotone
0.98s call     tests/test_properties.py::test_merge_matches_total_count
0.86s call     tests/test_threads.py::test_concurrent_merge_into_one
0.71s call     tests/test_properties.py::test_tdigest_trimmed_mean_between_quantiles
0.52s call     tests/test_properties.py::test_kll_pickle_roundtrip
0.44s setup    tests/test_tdigest.py::test_median_uniform"""
        t.bash("nox -s tests-3.13 -- -x --durations=10", "Run the 3.13 tests with the slowest durations",
               out=nox_out("tests-3.13", pytest_ok(files69, "22.48", args=True, extra=dur), 37,
                           cmd="pytest -x --durations=10"), timeout=600000)
        t.done("""22.5 s for 69 tests on 3.13; it's almost all hypothesis:

| test | time |
|---|---|
| `test_kll_merge_rank_error_bound` | 6.1 s |
| `test_kll_rank_error_bound` | 4.9 s |
| `test_concurrent_updates_same_sketch` (threads) | 2.9 s |
| `test_tdigest_merge_adds_counts` | 1.7 s |
| `test_tdigest_quantile_monotone` | 1.4 s |

The two KLL properties compute the *true* rank of ~20 values by scanning the whole sorted input each time — O(n) per value on up to 2000 × 6 values, 100 examples each. Using `bisect_right` on the sorted list instead would cut those two to well under a second. Alternatively run `HYPOTHESIS_PROFILE=dev` locally (50 examples) and keep the default/ci profiles for CI.

(The first attempt passed `-x --durations=10` straight to nox, which rejected `--durations` and would have eaten `-x`; they belong after `--`.)""")

        t = d.task("Marta's ranks_batch is merged, build on it: KLLSketch.cdf(split_points) like DataSketches' getCDF — "
                   "the CDF at each split point in one pass. accept a list or a numpy array and give back the same "
                   "kind, but numpy stays an optional extra, no hard dependency. docstring NumPy-style like the rest of "
                   "the public API (Parameters / Returns / Examples). new branch off main",
                   tags=["oneoff:O2", "pref:P1", "pref:P2"])
        t.bash("git switch main && git switch -c feat/kll-cdf", "New branch off main",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "Switched to a new branch 'feat/kll-cdf'")
        kp = P("src/streamq/kll.py")
        t.read(kp)
        t.say("`ranks_batch` needs sorted input and already does the one-pass walk, so `cdf` validates the order, "
              "calls it once, and only touches numpy if the caller passed an ndarray — the import happens lazily and "
              "the annotations use `TYPE_CHECKING`, so numpy stays optional.")
        t.edit(kp, "from collections.abc import Iterable, Sequence\nfrom typing import Any, SupportsFloat\n",
               "from collections.abc import Iterable, Sequence\nfrom itertools import pairwise\n"
               "from typing import TYPE_CHECKING, Any, SupportsFloat, overload\n")
        t.edit(kp, "from ._kll import KLLCore, ranks_batch\n", "from ._kll import KLLCore, ranks_batch\n\n"
               "if TYPE_CHECKING:\n    import numpy as np\n    from numpy.typing import NDArray\n")
        t.edit(kp, '''        return ranks_batch(self._core, [float(v) for v in values])
''', '''        return ranks_batch(self._core, [float(v) for v in values])

    @overload
    def cdf(self, split_points: Sequence[float]) -> list[float]: ...
    @overload
    def cdf(self, split_points: NDArray[np.float64]) -> NDArray[np.float64]: ...

    def cdf(
        self, split_points: Sequence[float] | NDArray[np.float64]
    ) -> list[float] | NDArray[np.float64]:
        """Estimate the CDF at several split points in one pass.

        Parameters
        ----------
        split_points : sequence of float or numpy.ndarray
            Values at which to evaluate the CDF, sorted ascending.

        Returns
        -------
        list of float or numpy.ndarray
            ``out[i]`` is the estimated fraction of values ``<= split_points[i]``.
              A NumPy array if ``split_points`` is one, otherwise a list.

        Raises
        ------
        ValueError
            If ``split_points`` is not sorted or the sketch is empty.

        Examples
        --------
        >>> from streamq import KLLSketch
        >>> s = KLLSketch(seed=0)
        >>> s.update_many(range(100))
        >>> s.cdf([9, 49, 99])
        [0.1, 0.5, 1.0]
        """
        points = [float(p) for p in split_points]
        if any(b < a for a, b in pairwise(points)):
            raise ValueError("split_points must be sorted ascending")
        if self._core.n == 0:
            raise ValueError("cdf() of an empty sketch is undefined")
        ranks = ranks_batch(self._core, points)
        if type(split_points).__module__ == "numpy":
            import numpy as np

            return np.asarray(ranks, dtype=np.float64)
        return ranks
''')
        tk = P("tests/test_kll.py")
        t.read(tk)
        t.edit(tk, '''def test_rank_many_above_max(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.rank_many([1e9]) == [1.0]
''', '''def test_rank_many_above_max(uniform_kll: KLLSketch) -> None:
    assert uniform_kll.rank_many([1e9]) == [1.0]


def test_cdf_list(uniform_kll: KLLSketch) -> None:
    out = uniform_kll.cdf([-1.0, 4999.0, 20_000.0])
    assert isinstance(out, list)
    assert out[0] == 0.0
    assert out[1] == pytest.approx(0.5, abs=1.65 / uniform_kll.k)
    assert out[2] == 1.0


def test_cdf_unsorted_raises(uniform_kll: KLLSketch) -> None:
    with pytest.raises(ValueError, match="sorted"):
        uniform_kll.cdf([3.0, 1.0])


def test_cdf_empty_raises() -> None:
    with pytest.raises(ValueError, match="empty sketch"):
        KLLSketch().cdf([1.0])
''')
        tn = P("tests/test_numpy.py")
        t.read(tn)
        t.edit(tn, '''    s.update_many(np.arange(100, dtype=dtype))
    assert s.quantile(1.0) == 99
''', '''    s.update_many(np.arange(100, dtype=dtype))
    assert s.quantile(1.0) == 99


def test_kll_cdf_ndarray_in_ndarray_out(uniform_kll: KLLSketch) -> None:
    out = uniform_kll.cdf(np.array([-1.0, 9999.0]))
    assert isinstance(out, np.ndarray)
    assert out.dtype == np.float64
    np.testing.assert_array_equal(out, [0.0, 1.0])
''')
        t.write(P("changes/+kll-cdf.feature.md"), "`KLLSketch.cdf(split_points)`: the CDF at many split points in one "
                "pass; returns a list, or a NumPy array when given one (NumPy stays optional).\n")
        files73 = [("tests/test_kll.py", 17), ("tests/test_merge.py", 6), ("tests/test_numpy.py", 7),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 9), ("tests/test_regressions.py", 6),
                   ("tests/test_tdigest.py", 19), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.13", "Run the tests on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files73, "21.96"), 33), timeout=600000)
        t.bash("nox -s typecheck", "Type-check (overloads and the TYPE_CHECKING import)", out=typecheck_ok(21),
               timeout=600000)
        cdf_line = line_of(d, kp, "              A NumPy array if") - line_of(d, kp, '        """Estimate the CDF at') + 1
        t.fail("nox -s docs", "Build the docs with warnings as errors", nox_out(
            "docs", sphinx_out([f"{R}/.nox/docs/lib/python3.13/site-packages/streamq/kll.py:docstring of "
                                f"streamq.kll.KLLSketch.cdf:{cdf_line - 1}: ERROR: Unexpected indentation. [docutils]"],
                               changed=["api", "generated/streamq.KLLSketch"]),
            0, install=". --group docs", cmd="sphinx-build -W --keep-going -b html docs docs/_build/html", ok=False),
            timeout=600000)
        t.say("The docs build treats warnings as errors: the second line of the Returns description is indented "
              "further than the first, which docutils reads as an unexpected block quote. Aligning it.")
        t.edit(kp, '''            ``out[i]`` is the estimated fraction of values ``<= split_points[i]``.
              A NumPy array if ``split_points`` is one, otherwise a list.''', '''            ``out[i]`` is the estimated fraction of values ``<= split_points[i]``.
            A NumPy array if ``split_points`` is one, otherwise a list.''')
        t.bash("nox -s docs", "Build the docs with warnings as errors", out=nox_out(
            "docs", sphinx_out([], changed=["api", "generated/streamq.KLLSketch"]), 28, install=". --group docs",
            cmd="sphinx-build -W --keep-going -b html docs docs/_build/html"), timeout=600000)
        t.done("""`KLLSketch.cdf(split_points)` is on `feat/kll-cdf` (not committed yet):

- One call to `ranks_batch`, after checking `split_points` is sorted ascending (`ValueError` otherwise) and the sketch isn't empty.
- List in → list out; ndarray in → `float64` ndarray out. numpy is imported only in that branch, and the `@overload` annotations import it under `TYPE_CHECKING` — no runtime dependency.
- NumPy-style docstring with Parameters / Returns / Raises / Examples.
- Tests: 3 in `test_kll.py` (values, unsorted, empty), 1 in `test_numpy.py` (ndarray round trip); fragment `changes/+kll-cdf.feature.md`.

`nox -s tests-3.13`: 73 passed; typecheck clean. The first docs build failed on `Unexpected indentation` in the Returns section of the new docstring (a continuation line indented two spaces too far); fixed, docs build clean.""")

    # between S4 and S5: #252 (drop 3.10) and #254 (KLL cdf) are merged
    # ============================================================ S5  Wed 10-21
    with d.session("2026-10-21T19:15:00", R, branch="feat/merge-all", version="2.1.122"):
        t = d.task("the service folks merge ~10k per-shard KLL sketches every minute and streamq.merge() is their "
                   "bottleneck (deepcopy + one merge at a time). add a merge_all(sketches) for KLL backed by a Cython "
                   "merge_many that concatenates all compactors level by level and compacts once at the end. "
                   "docstrings in the numpy format please, Examples section included. benchmark it against merge() on "
                   "10k sketches", tags=["mistake:M1", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/merge-all",
               "New branch from an up-to-date main", out="""Updating f3a91c0..2c7e4d9
Fast-forward
 .github/workflows/ci.yml          |  2 +-
 changes/+drop-py310.removal.md    |  1 +
 changes/+kll-cdf.feature.md       |  1 +
 noxfile.py                        |  2 +-
 pyproject.toml                    | 11 +++++------
 src/streamq/kll.py                | 52 +++++++++++++++++++++++++++++++++++++++-
 tests/test_kll.py                 | 21 +++++++++++++++++
 tests/test_numpy.py               |  7 ++++++
 8 files changed, 87 insertions(+), 8 deletions(-)
 create mode 100644 changes/+drop-py310.removal.md
 create mode 100644 changes/+kll-cdf.feature.md""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nFrom github.com:streamq/streamq\n"
                   "   f3a91c0..2c7e4d9  main       -> origin/main\nSwitched to a new branch 'feat/merge-all'")
        kx = P("src/streamq/_kll.pyx")
        t.read(kx)
        t.read(kp)
        t.say("Plan: `merge_many(cores)` in `_kll.pyx` builds one new core, extends each level with every input's "
              "level, adds up `n`/min/max, then runs the lazy compaction until it fits — one pass instead of a "
              "deepcopy plus N merges that each re-check capacity. `KLLSketch.merge_all` wraps it (it needs the "
              "private cores), and `streamq.merge_all` is the public function.")
        t.edit(kx, '''        out.append(cum / core.n)
    return out
''', '''        out.append(cum / core.n)
    return out


def merge_many(list cores):
    """Merge many cores into a new one: concatenate level by level, compact once."""
    cdef KLLCore first = cores[0], out, c
    cdef Py_ssize_t h, depth = 0
    out = KLLCore(first.k)
    out._rng = _random.Random(first._rng.getrandbits(64))
    for c in cores:
        if c.k != first.k:
            raise ValueError(f"cannot merge sketches with different k ({c.k} != {first.k})")
        depth = max(depth, len(c.compactors))
    out.compactors = [[] for _ in range(depth)]
    for c in cores:
        for h in range(len(c.compactors)):
            (<list>out.compactors[h]).extend(c.compactors[h])
        out.n += c.n
        out._min = min(out._min, c._min)
        out._max = max(out._max, c._max)
    while out._size() >= out._max_size():
        out._compress()
    return out
''')
        t.edit(kp, "from ._kll import KLLCore, ranks_batch\n", "from ._kll import KLLCore, merge_many, ranks_batch\n")
        t.edit(kp, '''        self._core.merge(other._core)
        return self
''', '''        self._core.merge(other._core)
        return self

    @classmethod
    def merge_all(cls, sketches: Iterable[KLLSketch]) -> KLLSketch:
        """Merge many sketches into a new one in a single pass.

        All compactors are concatenated level by level and compacted once at
        the end, instead of copying the first sketch and merging the others
        one at a time as :func:`streamq.merge` does.

        Parameters
        ----------
        sketches : iterable of KLLSketch
            Sketches with the same ``k``. None of them is modified.

        Returns
        -------
        KLLSketch
            A new sketch holding all the values, with the ``k`` and ``seed``
            of the first input.

        Raises
        ------
        ValueError
            If ``sketches`` is empty or the sketches have different ``k``.

        Examples
        --------
        >>> from streamq import KLLSketch
        >>> shards = [KLLSketch(seed=i) for i in range(3)]
        >>> for i, s in enumerate(shards):
        ...     s.update_many(range(i * 100, (i + 1) * 100))
        >>> KLLSketch.merge_all(shards).n
        300
        """
        items = list(sketches)
        if not items:
            raise ValueError("merge_all() needs at least one sketch")
        out = cls(items[0]._k, seed=items[0]._seed)
        out._core = merge_many([s._core for s in items])
        return out
''')
        mp = P("src/streamq/merge.py")
        t.read(mp)
        t.edit(mp, '__all__ = ["merge"]', '__all__ = ["merge", "merge_all"]')
        t.edit(mp, '''    out = copy.deepcopy(first)
    for s in it:
        out.merge(s)
    return out
''', '''    out = copy.deepcopy(first)
    for s in it:
        out.merge(s)
    return out


def merge_all(sketches: Iterable[KLLSketch]) -> KLLSketch:
    """Merge many KLL sketches at once.

    Much faster than :func:`merge` for thousands of sketches. See
    :meth:`KLLSketch.merge_all`.

    Parameters
    ----------
    sketches : iterable of KLLSketch
        Sketches with the same ``k``. None of them is modified.

    Returns
    -------
    KLLSketch
        A new sketch holding all the values.

    Examples
    --------
    >>> from streamq import KLLSketch, merge_all
    >>> parts = [KLLSketch(seed=i) for i in range(4)]
    >>> for p in parts:
    ...     p.update_many(range(50))
    >>> merge_all(parts).n
    200
    """
    return KLLSketch.merge_all(sketches)
''')
        ip = P("src/streamq/__init__.py")
        t.read(ip)
        t.edit(ip, 'from .merge import merge\n', 'from .merge import merge, merge_all\n')
        t.edit(ip, '__all__ = ["KLLSketch", "TDigest", "__version__", "merge"]',
               '__all__ = ["KLLSketch", "TDigest", "__version__", "merge", "merge_all"]')
        tm = P("tests/test_merge.py")
        t.read(tm)
        t.edit(tm, "from streamq import KLLSketch, TDigest, merge\n", "from streamq import KLLSketch, TDigest, merge, merge_all\n")
        t.edit(tm, '''def test_merge_mixed_k_raises() -> None:
    with pytest.raises(ValueError, match="different k"):
        merge([KLLSketch(k=100), KLLSketch(k=200)])
''', '''def test_merge_mixed_k_raises() -> None:
    with pytest.raises(ValueError, match="different k"):
        merge([KLLSketch(k=100), KLLSketch(k=200)])


def test_merge_all_matches_count_and_bound() -> None:
    out = merge_all(_kll_shards(50, 200))
    assert out.n == 10_000
    assert abs(out.rank(4999) - 0.5) <= 1.65 / out.k


def test_merge_all_does_not_mutate_inputs() -> None:
    shards = _kll_shards(5, 100)
    merge_all(shards)
    assert [s.n for s in shards] == [100] * 5


def test_merge_all_empty_raises() -> None:
    with pytest.raises(ValueError, match="at least one sketch"):
        merge_all([])


def test_merge_all_mixed_k_raises() -> None:
    with pytest.raises(ValueError, match="different k"):
        merge_all([KLLSketch(k=100), KLLSketch(k=200)])
''')
        files77 = [("tests/test_kll.py", 17), ("tests/test_merge.py", 10), ("tests/test_numpy.py", 7),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 9), ("tests/test_regressions.py", 6),
                   ("tests/test_tdigest.py", 19), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.13", "Rebuild and run the tests on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files77, "22.71"), 46), timeout=600000)
        t.bash('uv run --no-project --with . python -c "\nimport random, time\nfrom streamq import KLLSketch, merge, '
               'merge_all\nshards = []\nfor i in range(10_000):\n    s = KLLSketch(seed=i)\n    s.update_many(random.random() '
               'for _ in range(500))\n    shards.append(s)\nfor f in (merge, merge_all):\n    t0 = time.perf_counter()\n'
               '    out = f(shards)\n    print(f\'{f.__name__:>9}: {time.perf_counter() - t0:.3f} s  n={out.n}\')\n"',
               "Benchmark merge() vs merge_all() on 10k sketches (fresh build of the branch)",
               out="    merge: 3.418 s  n=5000000\nmerge_all: 0.193 s  n=5000000",
               err=f"Built streamq @ file://{R}\nInstalled 1 package in 2ms", timeout=600000)
        ln = line_of(d, kp, "from ._kll import KLLCore, merge_many, ranks_batch")
        t.fail('git add -A && git commit -m "Add merge_all() for KLL sketches, backed by a Cython merge_many"',
               "Commit the feature", precommit({"py", "pyx"}, failed={"mypy": (
                   "mypy", f'src/streamq/kll.py:{ln}: error: Module "streamq._kll" has no attribute "merge_many"  '
                           f'[attr-defined]\nFound 1 error in 1 file (checked 4 source files)')}))
        t.say("The commit hook's mypy can't see `merge_many`: for the compiled module it only reads "
              "`src/streamq/_kll.pyi`, which I didn't extend. Declaring it there.")
        ky = P("src/streamq/_kll.pyi")
        t.read(ky)
        t.edit(ky, "def ranks_batch(core: KLLCore, values: Sequence[float]) -> list[float]: ...\n",
               "def ranks_batch(core: KLLCore, values: Sequence[float]) -> list[float]: ...\n"
               "def merge_many(cores: list[KLLCore]) -> KLLCore: ...\n")
        c, cm = commit_out("feat/merge-all", "Add merge_all() for KLL sketches, backed by a Cython merge_many", 6, 164, 3)
        t.bash('git add -A && git commit -m "Add merge_all() for KLL sketches, backed by a Cython merge_many"',
               "Commit the feature", out=precommit({"py", "pyx"}) + "\n" + cm)
        t.done(f"""`merge_all` is in, committed on `feat/merge-all` (`{c}`):

- **Core:** `merge_many(cores)` in `_kll.pyx` — new core, every level extended with all inputs' items, `n`/min/max summed, then the usual lazy compaction until it fits. Rejects mixed `k`.
- **API:** `KLLSketch.merge_all(sketches)` (classmethod, keeps the first input's `k` and `seed`) and `streamq.merge_all()` exported from the package; both with NumPy-style docstrings incl. Examples.
- **Stub:** `merge_many` declared in `_kll.pyi` — the first commit attempt was stopped by the pre-commit mypy hook (`Module "streamq._kll" has no attribute "merge_many" [attr-defined]`).
- **Tests:** 4 new in `test_merge.py`; 77 passed on 3.13.

**Benchmark** (10k sketches × 500 values, fresh build of the branch): `merge()` 3.42 s → `merge_all()` 0.19 s, ~18× faster, same `n`.""")

        t = d.task("ship it", tags=["workflow:W1"])
        t.write(P("changes/+merge-all.feature.md"), "`streamq.merge_all()` / `KLLSketch.merge_all()`: merge thousands of "
                "KLL sketches in one pass, ~18x faster than `merge()` for 10k sketches.\n")
        t.bash("pre-commit run --all-files", "Run all pre-commit hooks", out=precommit({"py", "pyx", "yaml", "toml"}))
        t.bash("nox -s typecheck tests-3.11 tests-3.14", "Type-check and test on 3.11 and 3.14", out="\n".join([
            typecheck_ok(18),
            nox_out("tests-3.11", pytest_ok(files77, "25.30", py="3.11"), 52),
            nox_out("tests-3.14", pytest_ok(files77, "21.84", py="3.14"), 49),
            nox_summary([("typecheck", "success", 18), ("tests-3.11", "success", 52), ("tests-3.14", "success", 49)])]),
            timeout=600000)
        c2, cm = commit_out("feat/merge-all", "Changelog fragment for merge_all", 1, 1, 0,
                            creates=["changes/+merge-all.feature.md"])
        t.bash('git add -A && git commit -m "Changelog fragment for merge_all"', "Commit the fragment",
               out=precommit(set()) + "\n" + cm)
        t.bash("git push -u origin feat/merge-all", "Push the branch", err=push_new("feat/merge-all"))
        t.bash('gh pr create --base main --title "Add merge_all() for KLL sketches" --body "Merging ~10k per-shard '
               'sketches with merge() is slow (deepcopy + one merge at a time). merge_all() concatenates all compactors '
               'level by level in Cython (merge_many) and compacts once.\n\n- streamq.merge_all() and '
               'KLLSketch.merge_all()\n- 10k sketches x 500 values: 3.42 s -> 0.19 s\n- 4 new tests, changelog '
               'fragment"', "Open the pull request", out=f"{GH}/pull/255")
        t.done(f"Pushed and opened {GH}/pull/255. Hooks clean, typecheck clean, 77 passed on 3.11 and 3.14; "
               f"towncrier fragment `changes/+merge-all.feature.md` committed with it (`{c2}`).")

        d.precompact("""Analysis: Gareth maintains streamq (github.com/streamq/streamq), streaming quantile sketches (t-digest, KLL) with a Cython core (src/streamq/_tdigest.pyx, _kll.pyx, hand-written .pyi stubs), setuptools + Cython backend, dev venv .venv (editable install, Python 3.13), nox sessions (tests-3.11..3.14, typecheck = mypy + pyright strict, docs = sphinx -W, linkcheck, freethreaded), pytest + hypothesis, pre-commit (ruff, cython-lint, mypy, codespell), towncrier fragments in changes/, wheels via cibuildwheel + trusted publishing on tag push.

Summary of the work so far:
1. Fixed #238 (update_many NaN), released 1.4.2 (towncrier build, signed tag, wheels run green, on PyPI, GitHub release).
2. TDigest.trimmed_mean (#236, PR #248, merged), reviewed Marta's #241 ranks_batch (merged), KLLSketch.cdf (merged), dropped Python 3.10 (merged).
3. Drafted a reply for #244; Gareth said it was far too long: issue replies are 3-4 sentences and link the docs.
4. Current branch feat/merge-all: merge_many in _kll.pyx, KLLSketch.merge_all + streamq.merge_all, stub updated, 4 tests, fragment; PR #255 open. Benchmark 10k sketches: merge() 3.42 s vs merge_all() 0.19 s.

Preferences stated: numpydoc-style docstrings (Parameters / Returns / Raises / Examples) for public API; numpy must stay an optional extra; changelog via towncrier fragments in changes/ (<issue>.<type>.md, +slug for orphans).""")

        t = d.task("pre-commit.ci's monthly autoupdate is still a week away and I want the new ruff now. run the "
                   "autoupdate here on main, check everything still passes, commit and push", tags=["flaky:F1"])
        t.bash("git switch main", "Back to main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.fail("pre-commit autoupdate", "Update the hook revisions", """[https://github.com/pre-commit/pre-commit-hooks] already up to date!
[https://github.com/astral-sh/ruff-pre-commit] updating v0.15.4 -> v0.15.6
An unexpected error has occurred: CalledProcessError: command: ('/usr/bin/git', 'fetch', 'origin', 'HEAD', '--tags')
return code: 128
stdout: (none)
stderr:
    fatal: unable to access 'https://github.com/MarcoGorelli/cython-lint/': Could not resolve host: github.com
Check the log at /home/gareth/.cache/pre-commit/pre-commit.log""", code=3)
        t.say("DNS hiccup while fetching one of the hook repos (`Could not resolve host: github.com`) — nothing wrong "
              "with the config. Running it again.")
        t.bash("pre-commit autoupdate", "Update the hook revisions", out="""[https://github.com/pre-commit/pre-commit-hooks] already up to date!
[https://github.com/astral-sh/ruff-pre-commit] updating v0.15.4 -> v0.15.6
[https://github.com/MarcoGorelli/cython-lint] already up to date!
[https://github.com/pre-commit/mirrors-mypy] updating v1.20.1 -> v1.20.2
[https://github.com/codespell-project/codespell] already up to date!""")
        pc = P(".pre-commit-config.yaml")
        d.files[pc] = d.files[pc].replace("rev: v0.15.4", "rev: v0.15.6").replace("rev: v1.20.1", "rev: v1.20.2")
        t.bash("pre-commit run --all-files", "Run every hook with the new versions",
               err="""[INFO] Initializing environment for https://github.com/astral-sh/ruff-pre-commit.
[INFO] Initializing environment for https://github.com/pre-commit/mirrors-mypy.
[INFO] Initializing environment for https://github.com/pre-commit/mirrors-mypy:hypothesis,pytest,numpy.
[INFO] Installing environment for https://github.com/astral-sh/ruff-pre-commit.
[INFO] Once installed this environment will be reused.
[INFO] This may take a few minutes...
[INFO] Installing environment for https://github.com/pre-commit/mirrors-mypy.
[INFO] Once installed this environment will be reused.
[INFO] This may take a few minutes...""", out=precommit({"py", "pyx", "yaml", "toml"}), timeout=600000)
        c, cm = commit_out("main", "pre-commit autoupdate: ruff 0.15.6, mypy 1.20.2", 1, 2, 2, sha="4b1e8a7")
        t.bash('git commit -am "pre-commit autoupdate: ruff 0.15.6, mypy 1.20.2"', "Commit the update",
               out=precommit({"yaml"}) + "\n" + cm)
        t.bash("git push origin main", "Push to main",
               err=f"To github.com:streamq/streamq.git\n   2c7e4d9..{c}  main -> main")
        t.done(f"Done: ruff-pre-commit v0.15.4 → v0.15.6 and mirrors-mypy v1.20.1 → v1.20.2 (the other three hooks were "
               f"current). All hooks pass on every file with the new versions; committed and pushed to main (`{c}`). "
               "The first `pre-commit autoupdate` died on a DNS failure fetching cython-lint; the identical re-run was fine.")

    # between S5 and S6: #255 (merge_all) and Imogen's #243 (compression rewrite) are merged
    # ============================================================ S6  Mon 10-26
    with d.session("2026-10-26T12:20:00", R, branch="main", version="2.1.124"):
        merge_pr243(d)
        d.files[P("changes/243.feature.md")] = ("t-digest compression merges the sorted buffer into the existing "
                                                 "centroids instead of re-sorting everything: `update_many` is about "
                                                 "1.8x faster on 1M values.\n")
        t = d.task("Imogen merged #243 (the compression rewrite) last night. pull main and run the t-digest tests in "
                   "my dev venv, then the benchmark against the 1.4.2 numbers in bench/README.md", tags=["mistake:M2", "long_output"])
        t.bash("git pull --ff-only", "Update main", out="""Updating 4b1e8a7..d07b5c2
Fast-forward
 bench/README.md               |  2 +-
 changes/+merge-all.feature.md |  1 +
 changes/243.feature.md        |  1 +
 src/streamq/__init__.py       |  4 +-
 src/streamq/_kll.pyi          |  1 +
 src/streamq/_kll.pyx          | 24 ++++++++++++++++++
 src/streamq/_tdigest.pyi      |  2 +-
 src/streamq/_tdigest.pyx      | 48 ++++++++++++++++++++++++++++--------
 src/streamq/kll.py            | 47 ++++++++++++++++++++++++++++++++++-
 src/streamq/merge.py          | 30 ++++++++++++++++++++++-
 src/streamq/tdigest.py        | 15 +++++-------
 tests/test_merge.py           | 26 +++++++++++++++++++
 tests/test_tdigest.py         | 36 +++++++++++++++++++++++++++
 13 files changed, 211 insertions(+), 26 deletions(-)
 create mode 100644 changes/+merge-all.feature.md
 create mode 100644 changes/243.feature.md""", err="From github.com:streamq/streamq\n   4b1e8a7..d07b5c2  main       -> origin/main")
        lk = line_of(d, kp, "from ._kll import KLLCore, merge_many, ranks_batch")
        t.fail(".venv/bin/python -m pytest tests/test_tdigest.py -q", "Run the t-digest tests in the dev venv",
               f"""ImportError while loading conftest '{R}/tests/conftest.py'.
tests/conftest.py:8: in <module>
    from streamq import KLLSketch, TDigest
src/streamq/__init__.py:6: in <module>
    from .kll import KLLSketch
src/streamq/kll.py:{lk}: in <module>
    from ._kll import KLLCore, merge_many, ranks_batch
E   ImportError: cannot import name 'merge_many' from 'streamq._kll' ({R}/src/streamq/{so('_kll')})""", code=4)
        t.say("It doesn't even get to the t-digest: the package import fails on `merge_many`, which is in `_kll.pyx` "
              "on main but not in the compiled module. The dev venv's extensions were last built on the #241 branch, "
              "so both cores are older than main.")
        t.bash("git log --oneline -4 -- src/streamq/_kll.pyx src/streamq/_tdigest.pyx", "Recent changes to the Cython sources",
               out="""d07b5c2 t-digest: merge sorted runs instead of re-sorting the whole buffer (#243)
91c3a0e Add merge_all() for KLL sketches, backed by a Cython merge_many (#255)
f3a91c0 KLL: vectorised ranks_batch for many values (#241)
6e2d9b7 Add TDigest.trimmed_mean (#236) (#248)""")
        t.bash(".venv/bin/python setup.py build_ext -i -j 4", "Rebuild both extensions in place",
               out=build_ext_out(["_tdigest", "_kll"]), timeout=300000)
        t.bash(".venv/bin/python -m pytest tests/test_tdigest.py -q", "Run the t-digest tests in the dev venv",
               out=pytest_q_ok([("tests/test_tdigest.py", 23)], "1.48"))
        t.bash(".venv/bin/python bench/bench_tdigest.py", "Run the t-digest benchmark", out="""streamq 1.5.0.dev14+gd07b5c2, CPython 3.13.12, best of 5
benchmark                    time
---------------------------  --------
update (loop, 1M)            0.388 s
update_many (1M)             0.118 s
merge 100 x 10k              0.071 s
quantile x 1000              0.009 s
cdf x 1000                   0.011 s
trimmed_mean x 1000          0.014 s
pickle round trip            0.0019 s""", timeout=600000)
        t.read(P("bench/README.md"))
        t.done("""After rebuilding the extensions: **23 passed** in `tests/test_tdigest.py` (Imogen's 4 new ones included).

The first run failed before collecting anything — `cannot import name 'merge_many' from 'streamq._kll'` at package import. The dev venv's compiled modules were from the #241 review, older than both #255 and #243; `setup.py build_ext -i` rebuilt both.

Benchmark vs 1.4.2 (bench/README.md):

| benchmark | 1.4.2 | main | |
|---|---|---|---|
| update (loop, 1M) | 0.394 s | 0.388 s | same |
| update_many (1M) | 0.402 s | 0.118 s | **3.4× faster** |
| merge 100 × 10k | 0.117 s | 0.071 s | 1.6× faster |
| quantile × 1000 | 0.009 s | 0.009 s | same |
| pickle round trip | 0.0021 s | 0.0019 s | same |

`update_many` gains twice: #243's cheaper compression, and the NaN check now lives in the Cython loop instead of my list-plus-scan from #238. Worth noting that 1.4.2 itself was ~1.9× slower than 1.4.1 here (0.214 → 0.402 s) because of that #238 fix — main is well past both.""")

        t = d.task("someone on mastodon says links in the docs are dead. run the linkcheck", tags=["unfixed:U1"])
        bg = P("docs/background.rst")
        lk_lines = {u: line_of(d, bg, u) for u in ("dl.acm.org", "arxiv.org/abs/1902.04023", "histo.pdf",
                                                    "arxiv.org/abs/1603.05346", "arxiv.org/abs/1907.00236")}

        def linkcheck_body(dead_pdf):
            lines = ["Running Sphinx v9.1.0", "loading translations [en]... done", "loading pickled environment... done",
                     "[autosummary] generating autosummary for: api.rst, background.rst, changelog.md, choosing.rst, "
                     "index.rst, usage.rst",
                     "building [mo]: targets for 0 po files that are out of date", "writing output... ",
                     "building [linkcheck]: targets for 9 source files that are out of date",
                     "updating environment: 0 added, 0 changed, 0 removed" if dead_pdf else
                     "updating environment: 0 added, 1 changed, 0 removed\nreading sources... [100%] background",
                     "looking for now-outdated files... none found", "preparing documents... done",
                     "copying assets... ", "copying assets: done"]
            for i, doc in enumerate(["api", "background", "changelog", "choosing", "generated/streamq.KLLSketch",
                                     "generated/streamq.TDigest", "generated/streamq.merge", "index", "usage"], 1):
                lines.append(f"writing output... [{i / 9: >4.0%}] {doc}")
            lines += [
                f"({'background':>16}: line {lk_lines['arxiv.org/abs/1902.04023']:4d}) ok        https://arxiv.org/abs/1902.04023",
                f"({'background':>16}: line {lk_lines['arxiv.org/abs/1603.05346']:4d}) ok        https://arxiv.org/abs/1603.05346",
                f"({'background':>16}: line {lk_lines['arxiv.org/abs/1907.00236']:4d}) ok        https://arxiv.org/abs/1907.00236",
                f"({'changelog':>16}: line    9) ok        https://github.com/streamq/streamq/issues/235",
                f"({'changelog':>16}: line   10) ok        https://github.com/streamq/streamq/issues/238",
                f"({'changelog':>16}: line    7) ok        https://github.com/streamq/streamq/tree/v1.4.2",
                f"({'choosing':>16}: line   41) ok        https://datasketches.apache.org/docs/KLL/KLLSketch.html",
                f"({'index':>16}: line   12) ok        https://github.com/streamq/streamq",
                f"({'index':>16}: line   13) ok        https://pypi.org/project/streamq/",
                f"({'usage':>16}: line   77) redirect  https://numpy.org/doc/stable/reference/generated/numpy.quantile.html - permanently to https://numpy.org/doc/2.3/reference/generated/numpy.quantile.html",
                f"({'background':>16}: line {lk_lines['dl.acm.org']:4d}) broken    https://dl.acm.org/doi/10.1145/375663.375670 - 403 Client Error: Forbidden for url: https://dl.acm.org/doi/10.1145/375663.375670",
            ]
            if dead_pdf:
                lines.append(f"({'background':>16}: line {lk_lines['histo.pdf']:4d}) broken    "
                             "https://github.com/tdunning/t-digest/blob/main/docs/t-digest-paper/histo.pdf - 404 Client "
                             "Error: Not Found for url: https://github.com/tdunning/t-digest/blob/main/docs/t-digest-paper/histo.pdf")
            lines.append("build finished with problems.")
            return "\n".join(lines)

        lc = "sphinx-build -b linkcheck docs docs/_build/linkcheck"
        t.fail("nox -s linkcheck", "Check the external links in the docs", nox_out(
            "linkcheck", linkcheck_body(True), 0, install=". --group docs", cmd=lc, ok=False), timeout=600000)
        t.bash("gh api 'repos/tdunning/t-digest/commits?path=docs/t-digest-paper/histo.pdf&per_page=1' "
               "--jq '.[0] | .sha[0:7] + \" \" + .commit.author.date + \" \" + .commit.message'",
               "When did the t-digest PDF disappear?",
               out="3e8b1f2 2025-11-30T17:02:44Z Remove the old paper draft; the paper is on arXiv (1902.04023)")
        t.read(bg)
        t.edit(bg, '''<https://arxiv.org/abs/1902.04023>`_; the `original write-up
<https://github.com/tdunning/t-digest/blob/main/docs/t-digest-paper/histo.pdf>`_
has more pictures.''', '''<https://arxiv.org/abs/1902.04023>`_; the `reference implementation
<https://github.com/tdunning/t-digest>`_ is in Java.''')
        t.fail("nox -s linkcheck", "Check the external links again", nox_out(
            "linkcheck", linkcheck_body(False).replace(
                f"({'background':>16}: line {lk_lines['arxiv.org/abs/1902.04023']:4d}) ok        https://arxiv.org/abs/1902.04023",
                f"({'background':>16}: line {lk_lines['arxiv.org/abs/1902.04023']:4d}) ok        https://arxiv.org/abs/1902.04023\n"
                f"({'background':>16}: line {line_of(d, bg, 'github.com/tdunning/t-digest>'):4d}) ok        https://github.com/tdunning/t-digest"),
            0, install=". --group docs", cmd=lc, ok=False), timeout=600000)
        t.bash("curl -sS -o /dev/null -w '%{http_code} %{redirect_url}\\n' -A 'Mozilla/5.0 (X11; Linux x86_64; rv:144.0) "
               "Gecko/20100101 Firefox/144.0' https://dl.acm.org/doi/10.1145/375663.375670",
               "Does ACM answer a browser user agent?", out="403 ")
        t.done("""Linkcheck found two dead links, both in `docs/background.rst`:

1. **t-digest write-up PDF (404)** — removed from the t-digest repo last November ("the paper is on arXiv"). The arXiv paper is already cited in the same sentence, so I replaced the PDF link with the t-digest repository. Fixed in the working tree, not committed.
2. **Greenwald & Khanna at dl.acm.org (403)** — still failing. ACM sits behind Cloudflare's bot check and answers 403 even to a browser user agent from curl; the link works in a real browser. Nothing to fix in the link itself.

Your call on (2): add `linkcheck_ignore = [r"https://dl\\.acm\\.org/"]` to `docs/conf.py`, or cite it as a `https://doi.org/10.1145/375663.375670` link (linkcheck would still follow the redirect to ACM and get the same 403). The one redirect (numpy `stable` → `2.3`) is harmless.""")

        t = d.task("would the limited API / abi3 wheels make sense for us now that Cython supports it? one wheel per "
                   "platform instead of five is tempting", tags=["noise", "no_tools"])
        t.done("""Tempting, but I wouldn't switch yet.

**What you'd gain:** one `cp311-abi3` wheel per platform/arch instead of one per CPython version, and no rebuild when 3.15 comes out. The release matrix shrinks from ~20 wheels to ~5.

**What it costs us:**
- **Speed.** Cython's Limited API mode can't use the CPython internals it normally reaches into — fast list/tuple access, borrowed references, direct attribute slots. Our hot loops (`KLLCore.update`, compaction, `merge_sorted_centroids`) are exactly list- and array-heavy; expect a noticeable slowdown, which is the whole point of the library.
- **Maturity.** Limited API support in Cython 3.1/3.2 works for many modules but is still the less-tested path; `cpython.array` (which `_tdigest.pyx` uses) isn't part of the Limited API, so that module would need rewriting to plain memoryviews or Python-level calls.
- **Free-threading.** abi3 wheels can't target the free-threaded build at all (the `abi3t` story isn't there yet), so 3.14t would still need its own wheels.

**If you want fewer wheels anyway,** a middle ground: keep per-version wheels but drop the rare ones (e.g. musllinux aarch64) or build them only on tags. I'd revisit abi3 once Cython's Limited API mode is the default-recommended path and there's an `abi3t` answer.""")

    # ============================================================ S7  Wed 10-28 (acceptEdits)
    with d.session("2026-10-28T10:05:00", R, branch="main", version="2.1.125", permission_mode="acceptEdits"):
        t = d.task("everything for 1.5.0 is in: trimmed_mean, ranks_batch + cdf, merge_all, #243, dropping 3.10. "
                   "release it. and before tagging, start a 1.4.x maintenance branch from v1.4.2 in case we need a "
                   "backport", tags=["workflow:W2"])
        t.bash("git switch main && git pull --ff-only", "Update main", out="Already up to date.",
               err="Already on 'main'\nYour branch is up to date with 'origin/main'.")
        t.bash("git log --oneline v1.4.2..HEAD", "What goes into 1.5.0", out="""d07b5c2 t-digest: merge sorted runs instead of re-sorting the whole buffer (#243)
4b1e8a7 pre-commit autoupdate: ruff 0.15.6, mypy 1.20.2
91c3a0e Add merge_all() for KLL sketches, backed by a Cython merge_many (#255)
2c7e4d9 KLLSketch.cdf(split_points) (#254)
7a0d3f5 Drop Python 3.10 (end of life this month) (#252)
f3a91c0 KLL: vectorised ranks_batch for many values (#241)
6e2d9b7 Add TDigest.trimmed_mean (#236) (#248)""")
        frags = ["changes/+drop-py310.removal.md", "changes/+kll-cdf.feature.md", "changes/+merge-all.feature.md",
                 "changes/236.feature.md", "changes/241.feature.md", "changes/243.feature.md"]
        t.glob("changes/*", [P(f) for f in frags])
        t.bash("uvx towncrier build --version 1.5.0 --yes", "Render the 1.5.0 changelog and remove the fragments",
               out="Loading template...\nFinding news fragments...\nRendering news fragments...\nWriting to newsfile...\n"
                   "Staging newsfile...\nI want to remove the following files:\n" +
                   "\n".join(f"{R}/{f}" for f in frags) + "\nRemoving the following files:\n" +
                   "\n".join(f"{R}/{f}" for f in frags) + "\nRemoving news fragments...\nDone!")
        d.files[cl] = d.files[cl].replace("<!-- towncrier release notes start -->\n", """<!-- towncrier release notes start -->

## [1.5.0](https://github.com/streamq/streamq/tree/v1.5.0) - 2026-10-28

### Features

- `TDigest.trimmed_mean(lower, upper)`: mean of the values between two quantiles, computed from the centroids without a second pass over the data. ([#236](https://github.com/streamq/streamq/issues/236))
- `KLLSketch.rank_many(values)`: ranks of many sorted values in one pass over the sketch. ([#241](https://github.com/streamq/streamq/issues/241))
- t-digest compression merges the sorted buffer into the existing centroids instead of re-sorting everything: `update_many` is about 1.8x faster on 1M values. ([#243](https://github.com/streamq/streamq/issues/243))
- `KLLSketch.cdf(split_points)`: the CDF at many split points in one pass; returns a list, or a NumPy array when given one (NumPy stays optional).
- `streamq.merge_all()` / `KLLSketch.merge_all()`: merge thousands of KLL sketches in one pass, ~18x faster than `merge()` for 10k sketches.

### Deprecations and Removals

- Python 3.10 is no longer supported (end of life in October 2026). streamq now requires Python 3.11 or newer; no more cp310 wheels.

""")
        for f in frags:
            del d.files[P(f)]
        t.read(cl, limit=24)
        c, cm = commit_out("main", "Release 1.5.0", 7, 16, 6, deletes=frags, sha="5a17c3e")
        t.bash('git commit -m "Release 1.5.0"', "Commit the release changelog", out=precommit(set()) + "\n" + cm)
        t.bash("git branch 1.4.x v1.4.2 && git push origin 1.4.x", "Create and push the 1.4.x maintenance branch",
               err=f"remote: \nremote: Create a pull request for '1.4.x' on GitHub by visiting:\n"
                   f"remote:      {GH}/pull/new/1.4.x\nremote: \nTo github.com:streamq/streamq.git\n"
                   f" * [new branch]      1.4.x -> 1.4.x")
        t.bash('git tag -s v1.5.0 -m "streamq 1.5.0"', "Create the signed release tag")
        t.bash("git push origin main v1.5.0", "Push main and the tag",
               err=f"To github.com:streamq/streamq.git\n   d07b5c2..{c}  main -> main\n * [new tag]         v1.5.0 -> v1.5.0")
        t.bash("gh run list --workflow wheels.yml --limit 1", "Find the wheels run for the tag",
               out="queued\t\tRelease 1.5.0\tWheels\tv1.5.0\tpush\t19571230844\t4s\t2026-10-28T10:19:52Z")
        t.bash("gh run watch 19571230844 --exit-status", "Wait for the wheels build and the PyPI upload",
               out=gh_run_watch(19571230844, "Release 1.5.0", "Wheels", WHEEL_JOBS, 15), timeout=1800000)
        out, err = pip_index(["1.5.0", "1.4.2"] + VERSIONS_BEFORE)
        t.bash("python3 -m pip index versions streamq", "Check that 1.5.0 is on PyPI", out=out, err=err)
        t.bash('gh release create v1.5.0 --title "streamq 1.5.0" --notes "New: TDigest.trimmed_mean (#236), '
               'KLLSketch.rank_many (#241) and KLLSketch.cdf, streamq.merge_all for thousands of KLL sketches, faster '
               't-digest compression (#243). Python 3.10 is no longer supported. Full notes: '
               'https://streamq.readthedocs.io/en/stable/changelog.html"', "Create the GitHub release",
               out=f"{GH}/releases/tag/v1.5.0")
        t.done(f"""**streamq 1.5.0 is released.**

- `1.4.x` branch created from `v1.4.2` and pushed (before tagging, as asked).
- towncrier rendered 6 fragments (5 features, 1 removal); commit `{c}` "Release 1.5.0", signed tag `v1.5.0`, pushed.
- Wheels run 19571230844 green, including the PyPI publish; `pip index versions` lists 1.5.0.
- GitHub release: {GH}/releases/tag/v1.5.0""")

        t = d.task("#249: TDigest.cdf() returns 1.0000000000000002 for values above the max. fix it (wrapper side is "
                   "fine), regression test, and a property test that cdf stays in [0, 1]",
                   tags=["workflow:W3", "oneoff:O1"])
        t.bash("gh issue view 249", "Read issue #249", out=gh_issue(
            249, "TDigest.cdf() can return values slightly above 1.0", "aurelien-b", "bug", 0,
            """```python
>>> d = TDigest(); d.update_many([0.1, 0.2, 0.7])
>>> d.cdf(0.8), d.cdf(5.0)
(1.0000000000000002, 1.0000000000000002)
```
We feed cdf() into `scipy.stats` helpers that assert probabilities are in [0, 1], so this blows up downstream.
streamq 1.5.0"""))
        t.bash("uv run --no-project --with streamq==1.5.0 python -c \"from streamq import TDigest; d = TDigest(); "
               "d.update_many([0.1, 0.2, 0.7]); print(repr(d.cdf(0.8)), repr(d.cdf(5.0)), repr(d.cdf(-1.0)))\"",
               "Reproduce with 1.5.0 from PyPI", out="1.0000000000000002 1.0000000000000002 0.0",
               err="Installed 1 package in 3ms")
        t.bash("git switch -c fix/249-cdf-above-one", "Branch for the fix", err="Switched to a new branch 'fix/249-cdf-above-one'")
        t.read(td)
        t.edit(td, '''            raise ValueError("cdf() of an empty digest is undefined")
        return self._core.cdf(x)''', '''            raise ValueError("cdf() of an empty digest is undefined")
        if x < self._core.min:
            return 0.0
        if x >= self._core.max:
            return 1.0
        # the core's running sum can overshoot by an ulp near the top (#249)
        return min(1.0, max(0.0, self._core.cdf(x)))''')
        t.read(rg)
        t.edit(rg, '''        d.update_many([1.0, math.nan, 3.0])
    assert d.count == 0
''', '''        d.update_many([1.0, math.nan, 3.0])
    assert d.count == 0


def test_gh249_cdf_never_above_one() -> None:
    d = TDigest()
    d.update_many([0.1, 0.2, 0.7])
    assert d.cdf(0.8) == 1.0
    assert d.cdf(5.0) == 1.0
    assert d.cdf(-1.0) == 0.0
''')
        t.read(pt)
        t.edit(pt, '''@given(a=values, b=values)
def test_tdigest_merge_adds_counts''', '''@given(xs=st.lists(finite, max_size=200), x=finite)
def test_tdigest_cdf_in_unit_interval(xs: list[float], x: float) -> None:
    d = TDigest()
    d.update_many(xs)
    assert 0.0 <= d.cdf(x) <= 1.0


@given(a=values, b=values)
def test_tdigest_merge_adds_counts''')
        files83 = [("tests/test_kll.py", 17), ("tests/test_merge.py", 10), ("tests/test_numpy.py", 7),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 10), ("tests/test_regressions.py", 7),
                   ("tests/test_tdigest.py", 23), ("tests/test_threads.py", 4)]
        pl = line_of(d, pt, "def test_tdigest_cdf_in_unit_interval")
        tl = line_of(d, td, 'raise ValueError("cdf() of an empty digest is undefined")')
        fail_body = (header("3.13", 83) + "\n" + progress(files83, fails={"tests/test_properties.py": {3: "F"}}) +
                     f"""

{sep("FAILURES")}
{sep("test_tdigest_cdf_in_unit_interval", "_")}

    @given(xs=st.lists(finite, max_size=200), x=finite)
>   def test_tdigest_cdf_in_unit_interval(xs: list[float], x: float) -> None:
                   ^^^

tests/test_properties.py:{pl}: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
tests/test_properties.py:{pl + 3}: in test_tdigest_cdf_in_unit_interval
    assert 0.0 <= d.cdf(x) <= 1.0
                  ^^^^^^^^
.nox/tests-3-13/lib/python3.13/site-packages/streamq/tdigest.py:{tl}: in cdf
    raise ValueError("cdf() of an empty digest is undefined")
E   ValueError: cdf() of an empty digest is undefined
E   Falsifying example: test_tdigest_cdf_in_unit_interval(
E       xs=[],
E       x=0.0,
E   )
{sep("short test summary info")}
FAILED tests/test_properties.py::test_tdigest_cdf_in_unit_interval - ValueError: cdf() of an empty digest is undefined
{sep("1 failed, 82 passed in 23.06s")}""")
        t.fail("nox -s tests-3.13", "Run the tests on 3.13", nox_out("tests-3.13", fail_body, 0, ok=False),
               timeout=600000)
        t.say("The fix is fine; the new property is wrong. Hypothesis shrank to an empty digest, where `cdf()` raises "
              "`ValueError` by design (same as `quantile()`). The property should only cover non-empty digests.")
        t.edit(pt, "@given(xs=st.lists(finite, max_size=200), x=finite)\ndef test_tdigest_cdf_in_unit_interval",
               "@given(xs=st.lists(finite, min_size=1, max_size=200), x=finite)\ndef test_tdigest_cdf_in_unit_interval")
        t.bash("nox -s tests-3.13", "Run the tests on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files83, "23.11"), 35), timeout=600000)
        t.write(P("changes/249.bugfix.md"), "`TDigest.cdf()` is clamped to [0, 1]: it returned `1.0000000000000002` for "
                "values at or above the maximum.\n")
        c, cm = commit_out("fix/249-cdf-above-one", "Clamp TDigest.cdf() to [0, 1] (#249)", 4, 27, 1,
                           creates=["changes/249.bugfix.md"])
        t.bash('git add -A && git commit -m "Clamp TDigest.cdf() to [0, 1] (#249)"', "Commit the fix",
               out=precommit({"py"}) + "\n" + cm)
        t.bash('gh issue comment 249 --body "Confirmed, thanks. cdf() now returns exactly 0.0 below the minimum, 1.0 '
               'from the maximum up, and is clamped to [0, 1] in between; there is a regression test and a hypothesis '
               'property for it. It will be in 1.5.1."', "Reply on the issue",
               out=f"{GH}/issues/249#issuecomment-3471902215")
        t.done(f"""#249 fixed on `fix/249-cdf-above-one` (`{c}`, not pushed):

- `TDigest.cdf(x)`: exact `0.0` below the minimum, exact `1.0` from the maximum up, and the core's result clamped to `[0, 1]` in between (its running sum overshoots by an ulp near the top).
- `test_gh249_cdf_never_above_one` in `test_regressions.py`, and the property `test_tdigest_cdf_in_unit_interval`. My first version of the property also generated empty digests, and hypothesis shrank straight to `xs=[]` (where `cdf()` raises by design); restricted it to `min_size=1`.
- `nox -s tests-3.13`: 83 passed. Fragment `changes/249.bugfix.md`. Short reply posted on the issue.""")

        t = d.task("numpydoc 1.10 fixes the Examples-section rendering that's been bugging me. bump the docs group to "
                   "numpydoc>=1.10 on main and rebuild the docs, then push it", tags=["flaky:F2"])
        t.bash("git switch main", "Back to main", err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.")
        t.read(pp)
        t.edit(pp, '"numpydoc>=1.9"', '"numpydoc>=1.10"')
        t.fail("nox -s docs", "Rebuild the docs with the new numpydoc", """nox > Running session docs
nox > uv pip install . --group docs
nox > Command uv pip install . --group docs failed with exit code 2:
Using Python 3.13.12 environment at: .nox/docs
  × Failed to fetch: `https://pypi.org/simple/numpydoc/`
  ├─▶ Request failed after 3 retries
  ├─▶ error sending request for url (https://pypi.org/simple/numpydoc/)
  ├─▶ client error (Connect)
  ╰─▶ operation timed out
nox > Session docs failed.""", timeout=600000)
        t.say("Timed out reaching PyPI while resolving the new numpydoc — a network blip, not the change. Same command again.")
        all_docs = ["api", "background", "changelog", "choosing", "generated/streamq.KLLSketch",
                    "generated/streamq.TDigest", "generated/streamq.merge", "index", "usage"]
        t.bash("nox -s docs", "Rebuild the docs with the new numpydoc", out=nox_out(
            "docs", sphinx_out([], changed=all_docs).replace(
                "updating environment: 0 added, 9 changed, 0 removed",
                "updating environment: [extensions changed ({'numpydoc'})] 9 added, 0 changed, 0 removed"),
            41, install=". --group docs", cmd="sphinx-build -W --keep-going -b html docs docs/_build/html"),
            timeout=600000)
        c, cm = commit_out("main", "docs: require numpydoc>=1.10", 1, 1, 1, sha="9e04a61")
        t.bash('git commit -am "docs: require numpydoc>=1.10" && git push origin main', "Commit and push the bump",
               out=precommit({"toml"}) + "\n" + cm,
               err=f"To github.com:streamq/streamq.git\n   5a17c3e..{c}  main -> main")
        t.done(f"Bumped the `docs` group to `numpydoc>=1.10`, committed and pushed on main (`{c}`). The docs "
               "rebuild from scratch (Sphinx noticed the extension change) without warnings. The first `nox -s docs` "
               "timed out fetching from PyPI; the same command went through on the retry.")

        t = d.task("explain how the lazy compaction in _kll.pyx keeps the error bound — a JOSS reviewer asked and I want "
                   "to answer precisely", tags=["noise"])
        t.read(kx)
        t.grep("_capacity|_max_size|_compress", path=kx, output_mode="content", n=True, content="\n".join(
            f"{i}:{l}" for i, l in enumerate(d.files[kx].split("\n"), 1)
            if any(k in l for k in ("_capacity", "_max_size", "_compress"))))
        t.done("""How `_kll.pyx` keeps KLL's guarantee, in the terms the reviewer will want:

**Structure.** Level `h` holds items of weight `2^h`. Capacities are `max(ceil(k·(2/3)^depth), 8)` where `depth` counts down from the top level, so the top compactor has capacity `k` and lower ones shrink geometrically (`_capacity`). Total retained items are bounded by `Σ capacities ≤ 3k + 8·H`, i.e. `O(k)` plus a small per-level floor.

**Lazy compaction.** `update()` only appends to level 0 and compacts when the *total* size reaches the total capacity (`_size() >= _max_size()`), and then compacts just the **lowest** level that is over its own capacity (`_compress`, one level per call). That is the lazy scheme of Ivkin et al. (2019): levels are allowed to exceed their capacity temporarily as long as the sketch as a whole fits, which means each compaction operation touches more items and fewer compactions happen overall.

**Why the error bound survives.** Each compaction sorts a level and keeps the odd or even positions with a fair coin (`getrandbits(1)`). For any query value `x`, that changes the rank estimate of `x` by `-2^h`, `0` or `+2^h` with mean zero — an unbiased ±1 step of size `2^h`. The total error is a sum of independent zero-mean terms, and the bound depends only on *how many* compactions happen at each level and their weights. Laziness never increases the number of compactions at a level compared to the eager scheme (it can only defer and batch them), and the capacities are the same geometric sequence, so the variance bound of the original analysis carries over: error `ε ≈ c/k` with high probability (the `1.65/k` constant we quote is the empirical 99 % bound for `k=200`).

**Merging** (`merge`, `merge_many`) concatenates levels of equal weight and then runs the same compaction loop, so a merged sketch is distributed like one built from the concatenated stream — which is what makes the bound hold for sharded aggregation too.

For the reply: cite Karnin–Lang–Liberty 2016 for the bound, Ivkin et al. 2019 (Sec. 3) for lazy compaction, and point to `_compress` + `_capacity` as the implementation.""")

    # between S7 and S8: the #249 fix is merged
    # ============================================================ S8  Mon 11-02
    with d.session("2026-11-02T20:30:00", R, branch="feat/centroid-count", version="2.1.127"):
        t = d.task("people keep asking how much memory a TDigest uses. expose the number of centroids as a read-only "
                   "TDigest.centroid_count property — on the core, and it must not force a compression — plus tests "
                   "and the changelog bit. commit it on a branch", tags=["mistake:M1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/centroid-count",
               "New branch from an up-to-date main", out="""Updating 9e04a61..b5d2c87
Fast-forward
 changes/249.bugfix.md     |  1 +
 src/streamq/tdigest.py    |  7 ++++++-
 tests/test_properties.py  |  8 ++++++++
 tests/test_regressions.py |  8 ++++++++
 4 files changed, 24 insertions(+), 1 deletion(-)
 create mode 100644 changes/249.bugfix.md""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\nFrom github.com:streamq/streamq\n"
                   "   9e04a61..b5d2c87  main       -> origin/main\nSwitched to a new branch 'feat/centroid-count'")
        t.read(pyx)
        t.say("`means` holds the merged centroids and `buf_means` the values not merged yet; their sum is what the "
              "digest holds in memory right now, and reading both lengths doesn't touch the buffer.")
        t.edit(pyx, '''    def centroids(self):
''', '''    @property
    def centroid_count(self):
        """Merged centroids plus values still in the buffer (does not compress)."""
        return len(self.means) + len(self.buf_means)

    def centroids(self):
''')
        t.read(td)
        t.edit(td, '''        """Total weight of the values added so far."""
        return self._core.total_weight
''', '''        """Total weight of the values added so far."""
        return self._core.total_weight

    @property
    def centroid_count(self) -> int:
        """Number of centroids plus buffered values the digest holds.

        Memory use is proportional to this. Reading it does not trigger a
        compression, so right after many updates it includes the buffer.
        """
        return self._core.centroid_count
''')
        t.read(tt)
        t.edit(tt, '''        core.update_many([1.0, math.nan])
''', '''        core.update_many([1.0, math.nan])


def test_centroid_count_bounded_after_compress(uniform_digest: TDigest) -> None:
    uniform_digest.compress()
    assert 0 < uniform_digest.centroid_count <= 2 * uniform_digest.compression


def test_centroid_count_includes_buffer() -> None:
    d = TDigest()
    d.update(1.0)
    d.update(2.0)
    assert d.centroid_count == 2
''')
        t.write(P("changes/+centroid-count.feature.md"), "`TDigest.centroid_count`: number of centroids plus buffered "
                "values, i.e. what the digest's memory use is proportional to.\n")
        files85 = [("tests/test_kll.py", 17), ("tests/test_merge.py", 10), ("tests/test_numpy.py", 7),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 10), ("tests/test_regressions.py", 7),
                   ("tests/test_tdigest.py", 25), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.13", "Rebuild and run the tests on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files85, "23.64"), 44), timeout=600000)
        pcf = "pre-commit run --files src/streamq/_tdigest.pyx src/streamq/tdigest.py tests/test_tdigest.py"
        ln = line_of(d, td, "return self._core.centroid_count")
        t.fail(pcf, "Run the hooks on the changed files", precommit({"py", "pyx"}, failed={"mypy": (
            "mypy", f'src/streamq/tdigest.py:{ln}: error: "TDigestCore" has no attribute "centroid_count"  '
                    f'[attr-defined]\nFound 1 error in 1 file (checked 2 source files)')}))
        t.say("Same gap as with `trimmed_mean`: the property exists in the compiled core, but `_tdigest.pyi` — the only "
              "thing mypy reads for it — doesn't declare it.")
        t.read(pyi)
        t.edit(pyi, "    @property\n    def max(self) -> float: ...\n",
               "    @property\n    def max(self) -> float: ...\n    @property\n    def centroid_count(self) -> int: ...\n")
        t.bash(pcf, "Run the hooks on the changed files", out=precommit({"py", "pyx"}))
        t.bash("nox -s typecheck", "mypy and pyright over everything", out=typecheck_ok(20), timeout=600000)
        c, cm = commit_out("feat/centroid-count", "Add TDigest.centroid_count", 5, 33, 0,
                           creates=["changes/+centroid-count.feature.md"])
        t.bash('git add -A && git commit -m "Add TDigest.centroid_count"', "Commit", out=precommit({"py", "pyx"}) + "\n" + cm)
        t.done(f"""Committed on `feat/centroid-count` (`{c}`):

- **Core:** `TDigestCore.centroid_count` property = `len(means) + len(buf_means)` — merged centroids plus buffered values, no compression triggered.
- **API:** read-only `TDigest.centroid_count` (int) with a docstring saying it includes the buffer.
- **Stub:** declared in `_tdigest.pyi`; the pre-commit mypy hook flagged `"TDigestCore" has no attribute "centroid_count" [attr-defined]` until then.
- **Tests:** bounded by `2 * compression` after `compress()`, and counts buffered values. 85 passed on 3.13; typecheck clean.
- Fragment `changes/+centroid-count.feature.md`.""")

        t = d.task("what's our line coverage on the oldest and newest python now? show the missing lines",
                   tags=["mistake:M3", "long_output"])
        t.fail("nox -s tests-3.11 tests-3.14 --cov=streamq --cov-report=term-missing",
               "Tests with coverage on 3.11 and 3.14", nox_unrecognized("--cov=streamq --cov-report=term-missing"),
               code=2)
        t.say("Those are pytest-cov options; nox only passes on what comes after `--`.")
        k1, k2 = line_of(d, kp, "    import numpy as np"), line_of(d, kp, "    from numpy.typing import NDArray")

        def cov_table(pyv, short):
            base = f".nox/tests-{short}/lib/python{pyv}/site-packages/streamq"
            rows = [(f"{base}/__init__.py", 7, 0, ""), (f"{base}/_version.py", 13, 4, "9-12"),
                    (f"{base}/kll.py", 96, 2, f"{k1}-{k2}"), (f"{base}/merge.py", 19, 0, ""),
                    (f"{base}/tdigest.py", 71, 0, "")]
            w = max(len(r[0]) for r in rows)
            head = f"{'Name':<{w}}   Stmts   Miss  Cover   Missing"
            out = [sep("tests coverage"), sep(f"coverage: platform linux, python {PYV[pyv]}-final-0", "_"), "", head,
                   "-" * len(head)]
            for name, st_, miss, m in rows:
                cov = f"{round(100 * (st_ - miss) / st_)}%"
                out.append(f"{name:<{w}}   {st_:>5}  {miss:>5}  {cov:>5}   {m}".rstrip())
            out.append("-" * len(head))
            tot, tmiss = sum(r[1] for r in rows), sum(r[2] for r in rows)
            tcov = f"{round(100 * (tot - tmiss) / tot)}%"
            out.append(f"{'TOTAL':<{w}}   {tot:>5}  {tmiss:>5}  {tcov:>5}".rstrip())
            return "\n".join(out)

        t.bash("nox -s tests-3.11 tests-3.14 -- --cov=streamq --cov-report=term-missing",
               "Tests with coverage on 3.11 and 3.14", out="\n".join([
                   nox_out("tests-3.11", pytest_ok(files85, "27.92", py="3.11", args=True, extra=cov_table("3.11", "3-11")),
                           58, cmd="pytest --cov=streamq --cov-report=term-missing"),
                   nox_out("tests-3.14", pytest_ok(files85, "24.37", py="3.14", args=True, extra=cov_table("3.14", "3-14")),
                           53, cmd="pytest --cov=streamq --cov-report=term-missing"),
                   nox_summary([("tests-3.11", "success", 58), ("tests-3.14", "success", 53)])]), timeout=900000)
        t.done(f"""Line coverage of the Python layer is **97 %** on both 3.11 and 3.14 (85 tests pass on both):

| module | stmts | miss | missing |
|---|---|---|---|
| `__init__.py`, `merge.py`, `tdigest.py` | 97 | 0 | — |
| `kll.py` | 96 | 2 | {k1}–{k2} |
| `_version.py` | 13 | 4 | 9–12 |

All six missed lines are `if TYPE_CHECKING:` blocks — the numpy imports for the `cdf` overloads in `kll.py` and the type aliases in setuptools-scm's generated `_version.py`. No real code is untested. Adding `exclude_also = ["if TYPE_CHECKING:"]` to `[tool.coverage.report]` and omitting `_version.py` would make it read 100 %.

Coverage doesn't see inside the Cython modules (that would need `linetrace` builds); the `.pyx` code is covered only indirectly through these tests.

(First try had the pytest-cov options straight after the session names; nox rejected them — they have to come after `--`.)""")

        t = d.task("I just pushed a commit to main that rips out towncrier — too much ceremony for what is basically a "
                   "two-person project. from now on add entries straight into CHANGELOG.md under '## Unreleased', no "
                   "more fragments. rebase this branch on main and move its fragment over", tags=["reversal:P3"])
        f = d.files
        f[pp] = f[pp].replace('    "towncrier>=24.8",\n', "")
        f[pp] = f[pp][:f[pp].index("\n[tool.towncrier]")] + "\n"
        f[cl] = f[cl].replace("""All notable changes to streamq are listed here. Entries are collected from the
[towncrier](https://towncrier.readthedocs.io/) fragments in `changes/`.

<!-- towncrier release notes start -->
""", """All notable changes to streamq are listed here. Add your entry under
"Unreleased" in the same pull request as the change.

## Unreleased

### Bugfixes

- `TDigest.cdf()` is clamped to [0, 1]: it returned `1.0000000000000002` for values at or above the maximum. ([#249](https://github.com/streamq/streamq/issues/249))
""")
        del f[P("changes/249.bugfix.md")]
        t.bash("git fetch origin && git rebase origin/main", "Rebase the branch on the new main",
               out="Successfully rebased and updated refs/heads/feat/centroid-count.",
               err="From github.com:streamq/streamq\n   b5d2c87..0f6a3e9  main       -> origin/main")
        t.read(cl, limit=16)
        t.edit(cl, """## Unreleased

### Bugfixes
""", """## Unreleased

### Features

- `TDigest.centroid_count`: number of centroids plus buffered values, i.e. what the digest's memory use is proportional to.

### Bugfixes
""")
        t.bash('git rm -q "changes/+centroid-count.feature.md" && git status --short', "Drop the fragment",
               out=" M CHANGELOG.md\nD  changes/+centroid-count.feature.md")
        del d.files[P("changes/+centroid-count.feature.md")]
        c, cm = commit_out("feat/centroid-count", "Move the centroid_count entry into CHANGELOG.md", 2, 4, 1,
                           deletes=["changes/+centroid-count.feature.md"])
        t.bash('git add CHANGELOG.md && git commit -m "Move the centroid_count entry into CHANGELOG.md"',
               "Commit the changelog move", out=precommit(set()) + "\n" + cm)
        t.done(f"Rebased `feat/centroid-count` onto the towncrier-free main, moved the entry into `CHANGELOG.md` under "
               f"`## Unreleased` → `### Features` (above the #249 bugfix already there) and deleted the fragment "
               f"(`{c}`). From now on changelog entries go straight into `CHANGELOG.md`, no fragments.")

        t = d.task("ship it", tags=["workflow:W1"])
        t.bash("pre-commit run --all-files", "Run all pre-commit hooks", out=precommit({"py", "pyx", "yaml", "toml"}))
        t.bash("nox -s typecheck tests-3.11 tests-3.14", "Type-check and test on 3.11 and 3.14", out="\n".join([
            typecheck_ok(19),
            nox_out("tests-3.11", pytest_ok(files85, "26.88", py="3.11"), 55),
            nox_out("tests-3.14", pytest_ok(files85, "23.75", py="3.14"), 50),
            nox_summary([("typecheck", "success", 19), ("tests-3.11", "success", 55), ("tests-3.14", "success", 50)])]),
            timeout=600000)
        t.bash("git push -u origin feat/centroid-count", "Push the branch", err=push_new("feat/centroid-count"))
        t.bash('gh pr create --base main --title "Add TDigest.centroid_count" --body "Read-only count of centroids plus '
               'buffered values (what memory use is proportional to), without forcing a compression. Asked for in a '
               'few discussions.\n\n- property on the Cython core, 2 tests\n- CHANGELOG.md entry under Unreleased"',
               "Open the pull request", out=f"{GH}/pull/256")
        t.done(f"{GH}/pull/256 is open. Hooks clean, typecheck clean, 85 passed on 3.11 and 3.14.")

    # ============================================================ S9  Wed 11-04
    with d.session("2026-11-04T18:45:00", R, branch="main", version="2.1.128", end_reason="other"):
        t = d.task("#251: a user says update_many() got ~2x slower in 1.4.2. check out the 1.4.x branch and time it in "
                   "my dev venv against 1.4.1 from PyPI. just measure for now", tags=["mistake:M2"])
        t.bash("git switch 1.4.x", "Check out the maintenance branch",
               err="branch '1.4.x' set up to track 'origin/1.4.x'.\nSwitched to a new branch '1.4.x'")
        bench = ('import random, timeit; from streamq import TDigest; xs = [random.random() for _ in range(1_000_000)]; '
                 "print(f'{min(timeit.repeat(lambda: TDigest().update_many(xs), number=1, repeat=5)):.3f} s')")
        ORIG = FILES
        t.fail(f'.venv/bin/python -c "{bench}"', "Time update_many on 1M values (1.4.x, dev venv)", f"""Traceback (most recent call last):
  File "<string>", line 1, in <module>
  File "{R}/src/streamq/__init__.py", line {line_of_text(ORIG[P('src/streamq/__init__.py')], 'from .merge import merge')}, in <module>
    from .merge import merge
  File "{R}/src/streamq/merge.py", line {line_of_text(ORIG[P('src/streamq/merge.py')], 'from .tdigest import TDigest')}, in <module>
    from .tdigest import TDigest
  File "{R}/src/streamq/tdigest.py", line {line_of_text(ORIG[td], 'from ._tdigest import')}, in <module>
    from ._tdigest import TDigestCore, compress
ImportError: cannot import name 'compress' from 'streamq._tdigest' ({R}/src/streamq/{so('_tdigest')})""")
        t.say("The checkout is 1.4.x, but the compiled extensions in `src/streamq/` are still the ones built from main "
              "last week, where #243 replaced `compress` with `merge_sorted_centroids`. They need rebuilding for this "
              "branch before any timing means anything.")
        t.bash("git diff --stat main 1.4.x -- src/streamq/", "How far 1.4.x is from main in the package", out=""" src/streamq/__init__.py  |   4 +-
 src/streamq/_kll.pyi     |   4 -
 src/streamq/_kll.pyx     |  43 -----------
 src/streamq/_tdigest.pyi |   6 +-
 src/streamq/_tdigest.pyx |  72 ++++------------
 src/streamq/kll.py       | 104 ++-------------------
 src/streamq/merge.py     |  30 +-----
 src/streamq/tdigest.py   |  68 ++------------
 8 files changed, 37 insertions(+), 294 deletions(-)""")
        be = build_ext_out(["_tdigest", "_kll"]).split("\n")
        t.bash(".venv/bin/python setup.py build_ext --inplace 2>&1 | tail -4", "Rebuild the extensions for 1.4.x",
               out="\n".join(be[-4:]), timeout=300000)
        t.bash(f'.venv/bin/python -c "{bench}"', "Time update_many on 1M values (1.4.x, dev venv)", out="0.409 s",
               timeout=300000)
        t.bash(f'uv run --no-project --with streamq==1.4.1 python -c "{bench}"', "Same timing with 1.4.1 from PyPI",
               out="0.216 s", err="Installed 1 package in 3ms", timeout=300000)
        t.bash("git switch main && git pull -q --ff-only && .venv/bin/python setup.py build_ext --inplace 2>&1 | tail -2",
               "Back to an up-to-date main and rebuild the extensions for it", out="\n".join(be[-2:]),
               err="Switched to branch 'main'\nYour branch is behind 'origin/main' by 1 commit, and can be fast-forwarded.\n"
                   "  (use \"git pull\" to update your local branch)", timeout=300000)
        t.done("""Confirmed: on the 1.4.x branch `update_many` of 1M floats takes **0.409 s** vs **0.216 s** with 1.4.1 from PyPI — 1.9× slower, matching #251.

Cause: the #238 fix — `update_many` now builds a full list of floats and scans it for NaN in Python before handing it to the core. On main this is already gone (the NaN check moved into the Cython loop with #243; main measured 0.118 s last week), so a backport would be the small 1.4.x change of doing the check inside `TDigestCore.update_many`.

Housekeeping: the first run failed with `cannot import name 'compress' from 'streamq._tdigest'` because the dev venv's compiled modules were built from main. I rebuilt them for 1.4.x for the measurement, then switched back to main (pulled, #256 is in) and rebuilt again, so the dev venv matches main now.""")

        t = d.task("#253: unpickled KLLSketch forgets its k. fix on a branch, regression test, reply on the issue",
                   tags=["workflow:W3"])
        t.bash("gh issue view 253", "Read issue #253", out=gh_issue(
            253, "KLLSketch loses k after pickling", "mfischer-data", "bug", 0,
            """```python
s = KLLSketch(k=400)
s2 = pickle.loads(pickle.dumps(s))
s2.k          # 200
s.merge(s2)   # ValueError: cannot merge sketches with different k (200 != 400)
```
We ship sketches between Dask workers, so every merge after a transfer fails. streamq 1.5.0."""))
        t.bash("uv run --no-project --with streamq==1.5.0 python -c \"import pickle; from streamq import KLLSketch; "
               "s = KLLSketch(k=400); print(s.k, '->', pickle.loads(pickle.dumps(s)).k)\"",
               "Reproduce with 1.5.0 from PyPI", out="400 -> 200", err="Installed 1 package in 3ms")
        t.bash("git switch -c fix/253-kll-pickle-k", "Branch for the fix", err="Switched to a new branch 'fix/253-kll-pickle-k'")
        t.read(kp)
        t.say("`__reduce__` re-creates the sketch with no arguments, so `__init__` sets `_k = 200` and a default seed, "
              "and `__setstate__` only puts the core back. Passing `k` to the constructor and carrying the seed in the "
              "state fixes both; `state.get(\"seed\")` keeps pickles written by 1.5.0 loadable.")
        t.edit(kp, '''    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (), {"core": self._core})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._core = state["core"]''', '''    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._k,), {"core": self._core, "seed": self._seed})

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._core = state["core"]
        self._seed = state.get("seed")  # absent in pickles from <= 1.5.0''')
        t.read(rg)
        t.edit(rg, '''    assert d.cdf(-1.0) == 0.0
''', '''    assert d.cdf(-1.0) == 0.0


def test_gh253_kll_pickle_keeps_k_and_seed() -> None:
    s = KLLSketch(k=400, seed=5)
    s.update_many(range(1000))
    clone = pickle.loads(pickle.dumps(s))
    assert clone.k == 400
    assert clone.merge(KLLSketch(k=400)).n == 1000
''')
        t.read(cl, limit=16)
        t.edit(cl, """- `TDigest.cdf()` is clamped to [0, 1]""", """- `KLLSketch` kept the default `k=200` (and lost its seed) after unpickling, so merging it with the original failed. ([#253](https://github.com/streamq/streamq/issues/253))
- `TDigest.cdf()` is clamped to [0, 1]""")
        files86 = [("tests/test_kll.py", 17), ("tests/test_merge.py", 10), ("tests/test_numpy.py", 7),
                   ("tests/test_pickle.py", 5), ("tests/test_properties.py", 10), ("tests/test_regressions.py", 8),
                   ("tests/test_tdigest.py", 25), ("tests/test_threads.py", 4)]
        t.bash("nox -s tests-3.13", "Run the tests on 3.13",
               out=nox_out("tests-3.13", pytest_ok(files86, "23.90"), 36), timeout=600000)
        c, cm = commit_out("fix/253-kll-pickle-k", "Keep k and seed when pickling KLLSketch (#253)", 3, 13, 2)
        t.bash('git add -A && git commit -m "Keep k and seed when pickling KLLSketch (#253)"', "Commit the fix",
               out=precommit({"py"}) + "\n" + cm)
        t.bash("git push -u origin fix/253-kll-pickle-k", "Push the branch", err=push_new("fix/253-kll-pickle-k"))
        t.bash('gh pr create --base main --title "Keep k and seed when pickling KLLSketch" --body "Fixes #253. '
               '__reduce__ passed no constructor arguments, so unpickled sketches got k=200 and no seed. Pickles from '
               '1.5.0 still load. Regression test + CHANGELOG entry."', "Open the pull request", out=f"{GH}/pull/257")
        t.bash(f'gh issue comment 253 --body "Confirmed — unpickling rebuilt the sketch with the default k. Fixed in '
               f'#257, which will be in the next release; sketches pickled with 1.5.0 still load, but they already '
               f'carry k=200 and need re-creating."', "Reply on the issue",
               out=f"{GH}/issues/253#issuecomment-3488310597")
        t.done(f"""#253 fixed in {GH}/pull/257 (`fix/253-kll-pickle-k`, `{c}`):

- `KLLSketch.__reduce__` now passes `k` to the constructor and stores the seed in the state; `__setstate__` restores it with `state.get("seed")`, so 1.5.0 pickles still load.
- `test_gh253_kll_pickle_keeps_k_and_seed` (k survives, merge with the original works); entry under Unreleased → Bugfixes in `CHANGELOG.md`.
- 86 passed on 3.13. Three-sentence reply on the issue.""")

        t = d.task("we claim freethreading_compatible in setup.py. run the thread tests on 3.14t and see if that's "
                   "actually true. if it's broken, open an issue with what you found — don't try to fix it tonight",
                   tags=["unfixed:U2"])
        ft_py = "/home/gareth/.local/share/uv/python/cpython-3.14.3+freethreaded-linux-x86_64-gnu"
        ft_site = f"{R}/.nox/freethreaded/lib/python3.14t/site-packages/streamq"
        kll_upd = line_of(d, kp, "self._core.update_many([float(v) for v in values])")
        seg = f"""{sep("test session starts")}
platform linux -- Python 3.14.3, pytest-9.0.2, pluggy-1.6.0
hypothesis profile 'default'
rootdir: {R}
configfile: pyproject.toml
plugins: hypothesis-6.146.0, cov-7.0.0
collected 4 items

tests/test_threads.py .Fatal Python error: Segmentation fault

Thread 0x00007f2c6bfff6c0 (most recent call first):
  File "{ft_site}/kll.py", line {kll_upd} in update_many
  File "{ft_py}/lib/python3.14t/concurrent/futures/thread.py", line 86 in run
  File "{ft_py}/lib/python3.14t/concurrent/futures/thread.py", line 125 in _worker
  File "{ft_py}/lib/python3.14t/threading.py", line 1024 in run
  File "{ft_py}/lib/python3.14t/threading.py", line 1082 in _bootstrap_inner
  File "{ft_py}/lib/python3.14t/threading.py", line 1044 in _bootstrap

Current thread 0x00007f2c7a7fc6c0 (most recent call first):
  File "{ft_site}/kll.py", line {kll_upd} in update_many
  File "{ft_py}/lib/python3.14t/concurrent/futures/thread.py", line 86 in run
  File "{ft_py}/lib/python3.14t/concurrent/futures/thread.py", line 125 in _worker
  File "{ft_py}/lib/python3.14t/threading.py", line 1024 in run
  File "{ft_py}/lib/python3.14t/threading.py", line 1082 in _bootstrap_inner
  File "{ft_py}/lib/python3.14t/threading.py", line 1044 in _bootstrap

Current thread's C stack trace (most recent call first):
  Binary file "{ft_py}/bin/python3.14t", at _Py_DumpStack+0x31 [0x55d0c3f4a1f1]
  Binary file "{ft_py}/bin/python3.14t", at +0x2f6a02 [0x55d0c3f46a02]
  Binary file "/lib/x86_64-linux-gnu/libc.so.6", at +0x45330 [0x7f2c8a845330]
  Binary file "{ft_py}/bin/python3.14t", at list_ass_slice_lock_held+0x8e [0x55d0c3d2b5ee]
  Binary file "{ft_site}/_kll.cpython-314t-x86_64-linux-gnu.so", at +0x1b9d4 [0x7f2c7c81b9d4]
  Binary file "{ft_site}/_kll.cpython-314t-x86_64-linux-gnu.so", at +0x1d2a7 [0x7f2c7c81d2a7]
  <truncated rest of calls>

Extension modules: streamq._tdigest, streamq._kll, numpy._core._multiarray_umath, numpy.linalg._umath_linalg (total: 4)"""
        t.fail("nox -s freethreaded", "Thread tests on 3.14t with the GIL disabled", nox_out(
            "freethreaded", seg, 0, created="python3.14t", cmd="pytest tests/test_threads.py", ok=False, code=-11),
            timeout=600000)
        t.read(P("tests/test_threads.py"))
        t.grep("freethreading_compatible", path=P("setup.py"), output_mode="content", n=True,
               content=f"{line_of(d, P('setup.py'), 'freethreading_compatible')}:            \"freethreading_compatible\": True,")
        t.bash('gh issue create --title "Segfault on free-threaded 3.14t: KLLSketch.update_many from several threads" '
               '--label free-threading --label bug --body "setup.py declares freethreading_compatible=True, but '
               'nox -s freethreaded (3.14t, PYTHON_GIL=0) segfaults in tests/test_threads.py::'
               'test_concurrent_updates_same_sketch: eight threads call update_many on one KLLSketch. The crash is in '
               'list_ass_slice_lock_held under _kll (compaction: c.clear() / extend of a level while another thread '
               'appends to it). The t-digest test before it passed, but TDigestCore swaps its arrays in '
               'merge_sorted_centroids the same way and is probably not safe either.\n\nOptions: guard the mutating '
               'methods of KLLCore/TDigestCore with cython.critical_section, or drop freethreading_compatible (3.14t '
               'then re-enables the GIL on import) until they are. No cp314t wheels are built today (the cibuildwheel '
               'build selector has cp314-* only), so no released artifact is affected."',
               "Open an issue with the findings", out=f"{GH}/issues/258")
        t.done(f"""Not true today: `nox -s freethreaded` **segfaults** (exit -11) on 3.14t with `PYTHON_GIL=0`.

- `test_concurrent_updates_same_digest` passed; `test_concurrent_updates_same_sketch` (8 threads → `KLLSketch.update_many` on one sketch) crashed. The C stack ends in `list_ass_slice_lock_held` called from `_kll` — one thread compacting a level (`sort` / slice / `clear`) while another appends to it.
- `TDigestCore` replaces its `array`s in `merge_sorted_centroids` the same way, so I'd assume it's unsafe too even though its test passed once.

Opened {GH}/issues/258 with the details and two options (`cython.critical_section` around the mutating methods, or drop `freethreading_compatible` until then). Nothing changed in the code. Released wheels aren't affected: the cibuildwheel selector has `cp314-*` only, so no cp314t wheels exist.""")

        t = d.task("write my notes for tomorrow's maintainer sync with Imogen and Marta — three bullets, short",
                   tags=["noise", "no_tools"])
        t.done("""- **Released** 1.5.0 (trimmed_mean, rank_many/cdf, merge_all, faster t-digest compression, 3.10 dropped). Since then: #249 cdf > 1 and #256 centroid_count merged, #253 KLL pickling fix in #257 — enough for a 1.6.0 once that's in.
- **1.4.x:** #251 confirmed, 1.4.2 `update_many` is 1.9× slower than 1.4.1 (the #238 NaN scan); backport the in-Cython NaN check or tell people to upgrade?
- **Free-threading:** 3.14t segfaults in the KLL thread test (#258); pick critical sections vs dropping `freethreading_compatible` before anyone asks for cp314t wheels (#229).""")

    # ============================================================ S10  Mon 11-09
    with d.session("2026-11-09T09:30:00", R, branch="main", version="2.1.130"):
        t = d.task("#257 is merged too. release it — centroid_count makes it a minor, so 1.6.0. the changelog is "
                   "plain CHANGELOG.md now, remember", tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Update main", out="""Updating 7c90f2d..e41c7b8
Fast-forward
 CHANGELOG.md              | 1 +
 src/streamq/kll.py        | 5 +++--
 tests/test_regressions.py | 8 ++++++++
 3 files changed, 12 insertions(+), 2 deletions(-)""", err="From github.com:streamq/streamq\n   7c90f2d..e41c7b8  main       -> origin/main")
        t.bash("git log --oneline v1.5.0..HEAD", "What goes into 1.6.0", out="""e41c7b8 Keep k and seed when pickling KLLSketch (#253) (#257)
7c90f2d Add TDigest.centroid_count (#256)
0f6a3e9 Drop towncrier: changelog entries go straight into CHANGELOG.md
b5d2c87 Clamp TDigest.cdf() to [0, 1] (#249) (#259)
9e04a61 docs: require numpydoc>=1.10""")
        t.read(cl, limit=20)
        t.edit(cl, """## Unreleased

### Features
""", """## Unreleased


## [1.6.0](https://github.com/streamq/streamq/tree/v1.6.0) - 2026-11-09

### Features
""")
        c, cm = commit_out("main", "Release 1.6.0", 1, 3, 0)
        rel160 = c
        t.bash('git commit -am "Release 1.6.0"', "Commit the release changelog", out=precommit(set()) + "\n" + cm)
        t.bash('git tag -s v1.6.0 -m "streamq 1.6.0"', "Create the signed release tag")
        t.bash("git push origin main v1.6.0", "Push main and the tag",
               err=f"To github.com:streamq/streamq.git\n   e41c7b8..{c}  main -> main\n * [new tag]         v1.6.0 -> v1.6.0")
        t.bash("gh run list --workflow wheels.yml --limit 1", "Find the wheels run for the tag",
               out="in_progress\t\tRelease 1.6.0\tWheels\tv1.6.0\tpush\t19842077319\t38s\t2026-11-09T09:41:27Z")
        t.bash("gh run watch 19842077319 --exit-status", "Wait for the wheels build and the PyPI upload",
               out=gh_run_watch(19842077319, "Release 1.6.0", "Wheels", WHEEL_JOBS, 15), timeout=1800000)
        out, err = pip_index(["1.6.0", "1.5.0", "1.4.2"] + VERSIONS_BEFORE)
        t.bash("python3 -m pip index versions streamq", "Check that 1.6.0 is on PyPI", out=out, err=err)
        t.bash('gh release create v1.6.0 --title "streamq 1.6.0" --notes "New: TDigest.centroid_count (#256). Fixes: '
               'TDigest.cdf() clamped to [0, 1] (#249), KLLSketch keeps k and seed through pickling (#253). Full notes: '
               'https://streamq.readthedocs.io/en/stable/changelog.html"', "Create the GitHub release",
               out=f"{GH}/releases/tag/v1.6.0")
        t.done(f"""**streamq 1.6.0 is out.**

- `CHANGELOG.md`: the Unreleased entries (centroid_count; #253, #249) now sit under `## [1.6.0] - 2026-11-09`, with an empty `## Unreleased` above for the next round. Commit `{c}`, signed tag `v1.6.0`, both pushed.
- Wheels run 19842077319 green incl. the trusted-publishing upload; `pip index versions` shows 1.6.0.
- GitHub release: {GH}/releases/tag/v1.6.0""")

        t = d.task("README still says python 3.10+ (text and badge). fix that, tiny commit, push", tags=["noise"])
        rd = P("README.md")
        t.grep("3\\.10", path=rd, output_mode="content", n=True, content="\n".join(
            f"{i}:{l}" for i, l in enumerate(d.files[rd].split("\n"), 1) if "3.10" in l))
        t.read(rd)
        t.edit(rd, "python-3.10%2B-blue", "python-3.11%2B-blue")
        t.edit(rd, "Requires Python 3.10+.", "Requires Python 3.11+.")
        c, cm = commit_out("main", "README: Python 3.11+", 1, 2, 2)
        t.bash('git commit -am "README: Python 3.11+"', "Commit", out=precommit(set()) + "\n" + cm)
        t.bash("git push origin main", "Push", err=f"To github.com:streamq/streamq.git\n   {rel160}..{c}  main -> main")
        t.done(f"README now says Python 3.11+ in the badge and the text; pushed to main (`{c}`). (The PyPI page will "
               "show it with the next release, since the long description comes from the sdist.)")

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Claude adds something to a Cython core (a method on TDigestCore, a module-level function in _kll.pyx, a property on TDigestCore) and uses it from the Python layer, but does not declare it in the hand-written .pyi stub next to the .pyx (src/streamq/_tdigest.pyi, _kll.pyi). The code builds and the tests pass; mypy, which only knows the compiled modules through those stubs, fails.",
             "error_signature": "mypy: 'src/streamq/<module>.py:<line>: error: \"TDigestCore\" has no attribute \"<name>\"  [attr-defined]' or 'error: Module \"streamq._kll\" has no attribute \"<name>\"  [attr-defined]' (through `nox -s typecheck`, the pre-commit mypy hook on `git commit`, or `pre-commit run --files …`)",
             "fix": "Declare the new method / function / property in the matching stub (src/streamq/_tdigest.pyi or src/streamq/_kll.pyi), then re-run the same type check or commit.",
             "fix_command_markers": [["_tdigest.pyi", "_kll.pyi", "stub"]],
             "harmful_markers": ["type: ignore", "pyright: ignore", "ignore_missing_imports", "disable_error_code",
                                 "ignore_errors", "reportAttributeAccessIssue"]},
            {"id": "M2", "description": "The dev venv (.venv) has an editable install whose compiled extensions live in src/streamq/*.so. After the checked-out Cython sources change under it (gh pr checkout of a PR that adds to _kll.pyx, git pull of main after Cython changes, git switch to the older 1.4.x branch), Claude runs code in the dev venv without rebuilding, and the Python layer imports a name the stale .so does not have.",
             "error_signature": "Python: \"ImportError: cannot import name '<name>' from 'streamq._kll' / 'streamq._tdigest' (/home/gareth/src/streamq/src/streamq/<module>.cpython-313-x86_64-linux-gnu.so)\" — as pytest's 'ImportError while loading conftest' (exit 4) or a Traceback from `.venv/bin/python -c` (exit 1)",
             "fix": "Rebuild the extensions in place for the current checkout: `.venv/bin/python setup.py build_ext --inplace` (or `-i -j 4`), then re-run the same command (and rebuild again after switching back).",
             "fix_command_markers": [["build_ext"]],
             "harmful_markers": ["git clean -xdf", "git clean -fdx", "rm -rf .venv", "pip uninstall", "PYTHONPATH=",
                                 "importorskip"]},
            {"id": "M3", "description": "Claude passes pytest arguments straight to nox after the session name (`nox -s tests-3.12 tests/test_properties.py --hypothesis-profile=ci`, `nox -s tests-3.13 -x --durations=10`, `nox -s tests-3.11 tests-3.14 --cov=streamq --cov-report=term-missing`). nox parses them as its own options: `-s` swallows test paths as session names, `-x` becomes nox's --stop-on-first-error, and anything else is rejected by argparse (exit 2). The tests session forwards session.posargs, which nox only collects after `--`.",
             "error_signature": "nox: 'usage: nox [-h] [--version] …' followed by 'nox: error: unrecognized arguments: <pytest options>' (exit code 2)",
             "fix": "Re-run the same nox command with the pytest arguments after a `--` separator: `nox -s tests-3.12 -- tests/test_properties.py --hypothesis-profile=ci`.",
             "fix_command_markers": [["-- -", "-- tests/"]],
             "harmful_markers": [".nox/tests-", "--no-install"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "A new hypothesis property `test_tdigest_cdf_in_unit_interval` also generated empty digests; hypothesis shrank to `xs=[]`, where TDigest.cdf() raises ValueError by design ('Falsifying example: … xs=[], x=0.0'). Fixed by restricting the strategy to min_size=1; the same `nox -s tests-3.13` then passes."},
            {"id": "O2", "description": "`nox -s docs` (sphinx-build -W): the new KLLSketch.cdf numpydoc docstring had a Returns continuation line indented too far: 'docstring of streamq.kll.KLLSketch.cdf:…: ERROR: Unexpected indentation. [docutils]' / 'build finished with problems, 1 warning (with warnings treated as errors).'; fixed by aligning the line, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`nox -s linkcheck`: a dead t-digest PDF link (404, fixed) and 'broken https://dl.acm.org/doi/10.1145/375663.375670 - 403 Client Error: Forbidden' (ACM behind a bot check, 403 even with a browser user agent); left for Gareth to decide (linkcheck_ignore or another link), linkcheck still fails."},
            {"id": "U2", "description": "`nox -s freethreaded` (3.14t, PYTHON_GIL=0): 'Fatal Python error: Segmentation fault' in test_threads.py while several threads call KLLSketch.update_many (crash in list_ass_slice_lock_held under _kll), nox 'failed with exit code -11'; reported in a new issue as asked, not fixed."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`pre-commit autoupdate`: 'An unexpected error has occurred: CalledProcessError … fatal: unable to access 'https://github.com/MarcoGorelli/cython-lint/': Could not resolve host: github.com' (exit 3); identical re-run succeeds."},
            {"id": "F2", "description": "`nox -s docs` after bumping numpydoc: 'uv pip install . --group docs failed with exit code 2: × Failed to fetch: `https://pypi.org/simple/numpydoc/` … operation timed out'; identical re-run succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `pre-commit run --all-files`, `nox -s typecheck tests-<oldest> tests-<newest>`, commit, `git push -u origin <branch>`, `gh pr create --base main` with a short body.",
             "step_markers": [["pre-commit run"], ["nox -s"], ["git push"], ["gh pr create"]]},
            {"id": "W2", "description": "Release: `git log --oneline v<prev>..HEAD`, changelog (towncrier build --version X --yes while fragments were used, later a direct CHANGELOG.md edit), commit 'Release X', signed tag `git tag -s vX -m`, `git push origin main vX`, `gh run list --workflow wheels.yml` + `gh run watch <id> --exit-status` (cibuildwheel + trusted publishing), `python3 -m pip index versions streamq`, `gh release create`.",
             "step_markers": [["towncrier build", "CHANGELOG.md"], ["git tag -s"], ["gh run watch"], ["pip index versions"]]},
            {"id": "W3", "description": "Fix a reported bug: `gh issue view N`, reproduce against the released version with `uv run --no-project --with streamq==X python -c …`, branch, fix in the Python layer, regression test `test_ghN_…` in tests/test_regressions.py, `nox -s tests-3.13`, commit, short `gh issue comment N`.",
             "step_markers": [["gh issue view"], ["test_regressions"], ["nox -s tests"], ["gh issue comment"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Public API docstrings are numpydoc / NumPy style with Parameters, Returns (Raises) and Examples sections.",
             "markers": [["numpydoc", "numpy"], ["docstring"]]},
            {"id": "P2", "description": "numpy stays an optional extra: no hard runtime dependency; accept numpy arrays only when numpy is there (lazy import, TYPE_CHECKING annotations).",
             "markers": [["numpy"], ["optional extra", "hard dependency"]]},
            {"id": "P3", "description": "Changelog entries as towncrier fragments in changes/ named <issue>.<type>.md (stated once) — later reversed: towncrier removed, entries go straight into CHANGELOG.md under '## Unreleased', no fragments.",
             "markers": [["towncrier"], ["fragment"]],
             "reversal_markers": [["CHANGELOG.md"], ["no more fragments", "straight into"]]},
        ],
        probes=[
            {"prompt": "mypy fails after I added a cpdef method to KLLCore: src/streamq/kll.py:97: error: \"KLLCore\" has no attribute \"weighted_rank\"  [attr-defined]. The extension builds and the tests pass.", "wanted": ["M1"]},
            {"prompt": "Add a read-only `num_retained` property to KLLSketch, backed by a new property on KLLCore in _kll.pyx, and make sure the type checks pass.", "wanted": ["M1"]},
            {"prompt": "I pulled main and now `.venv/bin/python -m pytest` dies with ImportError: cannot import name 'quantiles_batch' from 'streamq._kll' (/home/gareth/src/streamq/src/streamq/_kll.cpython-313-x86_64-linux-gnu.so). It's definitely in _kll.pyx.", "wanted": ["M2"]},
            {"prompt": "Check out Imogen's PR #262 (it reworks _tdigest.pyx) and run the t-digest tests in my dev venv.", "wanted": ["M2"]},
            {"prompt": "nox -s tests-3.13 --lf says: nox: error: unrecognized arguments: --lf", "wanted": ["M3"]},
            {"prompt": "Run only tests/test_merge.py on 3.12 through nox, verbose, stop at the first failure.", "wanted": ["M3"]},
            {"prompt": "Explain briefly the difference between the k1 and k2 scale functions in the t-digest paper.", "wanted": []},
            {"prompt": "Write a short section for docs/usage.rst on choosing k for a KLLSketch.", "wanted": []},
            {"prompt": "What does the cdivision=True directive change in Cython, and would it help _tdigest.pyx?", "wanted": []},
            {"prompt": "Draft a reply to a user asking whether KLLSketch supports weighted values (#212).", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "py-lib.jsonl"), os.path.join(HERE, "tune", "py-lib.labels.json"))
    print(f"py-lib -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
