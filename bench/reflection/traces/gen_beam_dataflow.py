"""beam-dataflow: Dana Whitfield, data engineer on the real-time analytics team of the Lakeshore Transit
Commission (LTC, fictional Toronto transit agency).

Repo /home/dana/src/ltc-rt-pipelines: Apache Beam 2.60 Python pipelines (poetry, Python 3.11) that read
GTFS-realtime feeds (vehicle positions, trip updates, alerts) from Pub/Sub and GCS archives, and write to
BigQuery (`ltc-rt-dev:rt_dev`, prod `ltc-rt-prod:rt`). DirectRunner unit tests with TestPipeline/assert_that,
mypy, ruff, flex templates built by Cloud Build, Dataflow in northamerica-northeast2.

Written blind for fresh/; measured once held out (round 33), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_beam_dataflow.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dana"
H = "/home/dana"
R = H + "/src/ltc-rt-pipelines"
MODEL = "claude-opus-4-6"
VENV = H + "/.cache/pypoetry/virtualenvs/ltc-rt-pipelines-Qm4xT2bK-py3.11"
SP = VENV + "/lib/python3.11/site-packages"
PROJ = "ltc-rt-dev"
REGION = "northamerica-northeast2"

FILES = {}

FILES[R + "/pyproject.toml"] = """[tool.poetry]
name = "ltc-rt-pipelines"
version = "0.14.0"
description = "GTFS-realtime pipelines for LTC analytics (Beam on Dataflow)"
authors = ["LTC RT Analytics <rt-analytics@ltc-transit.ca>"]
packages = [{ include = "pipelines" }]

[tool.poetry.dependencies]
python = ">=3.11,<3.12"
apache-beam = { version = "2.60.0", extras = ["gcp"] }
gtfs-realtime-bindings = "^1.0.0"
google-cloud-storage = "^2.18"
google-cloud-bigquery = "^3.25"
google-cloud-firestore = "^2.19"

[tool.poetry.group.dev.dependencies]
pytest = "^8.3"
mypy = "^1.11"
ruff = "^0.6.9"
types-protobuf = "^5.28"

[tool.pytest.ini_options]
testpaths = ["tests"]
markers = ["bq: integration tests that write to the rt_dev dataset in ltc-rt-dev"]
addopts = "-m 'not bq'"

[tool.mypy]
python_version = "3.11"
strict = true
ignore_missing_imports = true

[tool.ruff]
line-length = 100
"""

FILES[R + "/setup.py"] = """# Used by Dataflow workers to install the `pipelines` package (flex template image sets
# FLEX_TEMPLATE_PYTHON_SETUP_FILE; direct DataflowRunner launches must pass it themselves).
import setuptools

setuptools.setup(
    name="ltc-rt-pipelines",
    version="0.14.0",
    packages=setuptools.find_packages(include=["pipelines", "pipelines.*"]),
    install_requires=[
        "gtfs-realtime-bindings>=1.0.0",
        "google-cloud-storage>=2.18",
        "google-cloud-firestore>=2.19",
    ],
)
"""

FILES[R + "/README.md"] = """# ltc-rt-pipelines

Beam pipelines for LTC's real-time feeds (GTFS-rt from the CAD/AVL vendor, polled into Pub/Sub by the
`feed-poller` Cloud Run service).

| module | kind | reads | writes |
|---|---|---|---|
| `pipelines.gtfs_rt` | streaming (flex template) | `vehicle-positions-sub`, `trip-updates-sub` | `rt.vehicle_positions`, `rt.trip_updates` |
| `pipelines.backfill_positions` | batch | `gs://ltc-rt-archive/vehicle_positions/YYYY/MM/DD/*.pb` | `rt.vehicle_positions` |
| `pipelines.backfill_trip_updates` | batch | `gs://ltc-rt-archive/trip_updates/...` | `rt.trip_updates` |

## Dev

    poetry install
    poetry run pytest -q            # DirectRunner unit tests (bq integration tests: -m bq)
    poetry run mypy pipelines
    poetry run ruff check .

BigQuery tables are created from `schemas/*.json` with `bq` (partitioned by `service_date`), the pipelines
write with `CREATE_NEVER`.

## Deploy

Flex template image is built by Cloud Build (`cloudbuild.yaml`), the template spec lives in
`gs://ltc-rt-templates/gtfs_rt/`. See docs/runbooks/.
"""

FILES[R + "/pipelines/options.py"] = """from apache_beam.options.pipeline_options import PipelineOptions


class RtOptions(PipelineOptions):
    @classmethod
    def _add_argparse_args(cls, parser):  # type: ignore[no-untyped-def]
        parser.add_argument("--positions_subscription", default=None)
        parser.add_argument("--trip_updates_subscription", default=None)
        parser.add_argument("--bq_dataset", default="ltc-rt-dev:rt_dev")
        parser.add_argument("--start_date", default=None)
        parser.add_argument("--end_date", default=None)
"""

FILES[R + "/pipelines/gtfs_rt.py"] = """\"\"\"Streaming: GTFS-rt vehicle positions + trip updates from Pub/Sub into BigQuery.\"\"\"
import logging

import apache_beam as beam
from apache_beam.io.gcp.bigquery import BigQueryDisposition, WriteToBigQuery
from apache_beam.options.pipeline_options import StandardOptions

from pipelines.options import RtOptions
from pipelines.transforms.parse import ParseTripUpdates, ParseVehiclePositions


def run(argv: list[str] | None = None) -> None:
    options = RtOptions(argv)
    options.view_as(StandardOptions).streaming = True
    ds = options.bq_dataset
    with beam.Pipeline(options=options) as p:
        (
            p
            | "ReadPositions" >> beam.io.ReadFromPubSub(subscription=options.positions_subscription)
            | "ParsePositions" >> beam.ParDo(ParseVehiclePositions())
            | "WritePositions" >> WriteToBigQuery(
                f"{ds}.vehicle_positions",
                method=WriteToBigQuery.Method.STORAGE_WRITE_API,
                create_disposition=BigQueryDisposition.CREATE_NEVER,
                write_disposition=BigQueryDisposition.WRITE_APPEND,
                triggering_frequency=30,
            )
        )
        (
            p
            | "ReadTripUpdates" >> beam.io.ReadFromPubSub(subscription=options.trip_updates_subscription)
            | "ParseTripUpdates" >> beam.ParDo(ParseTripUpdates())
            | "WriteTripUpdates" >> WriteToBigQuery(
                f"{ds}.trip_updates",
                method=WriteToBigQuery.Method.STORAGE_WRITE_API,
                create_disposition=BigQueryDisposition.CREATE_NEVER,
                write_disposition=BigQueryDisposition.WRITE_APPEND,
                triggering_frequency=30,
            )
        )


if __name__ == "__main__":
    logging.getLogger().setLevel(logging.INFO)
    run()
"""

FILES[R + "/pipelines/transforms/parse.py"] = """import logging
from collections.abc import Iterator
from datetime import datetime, timezone
from typing import Any

import apache_beam as beam
from google.transit import gtfs_realtime_pb2


class ParseVehiclePositions(beam.DoFn):
    def process(self, payload: bytes) -> Iterator[dict[str, Any]]:
        feed = gtfs_realtime_pb2.FeedMessage()
        feed.ParseFromString(payload)
        for entity in feed.entity:
            if not entity.HasField("vehicle"):
                continue
            v = entity.vehicle
            if not v.vehicle.id or not v.timestamp:
                logging.warning("dropping malformed vehicle entity %s", entity.id)
                continue
            yield {
                "vehicle_id": v.vehicle.id,
                "trip_id": v.trip.trip_id or None,
                "route_id": v.trip.route_id or None,
                "lat": v.position.latitude,
                "lon": v.position.longitude,
                "event_ts": datetime.fromtimestamp(v.timestamp, tz=timezone.utc).isoformat(),
            }


class ParseTripUpdates(beam.DoFn):
    def process(self, payload: bytes) -> Iterator[dict[str, Any]]:
        feed = gtfs_realtime_pb2.FeedMessage()
        feed.ParseFromString(payload)
        for entity in feed.entity:
            if not entity.HasField("trip_update"):
                continue
            tu = entity.trip_update
            for stu in tu.stop_time_update:
                yield {
                    "trip_id": tu.trip.trip_id,
                    "route_id": tu.trip.route_id,
                    "stop_id": stu.stop_id,
                    "arrival_delay_s": stu.arrival.delay if stu.HasField("arrival") else None,
                    "feed_ts": datetime.fromtimestamp(feed.header.timestamp, tz=timezone.utc).isoformat(),
                }
"""

FILES[R + "/pipelines/transforms/headways.py"] = """\"\"\"Observed headways per (route_id, stop_id) from consecutive vehicle arrivals.\"\"\"
from collections.abc import Iterable, Iterator
from datetime import timedelta
from typing import Any

import apache_beam as beam
from apache_beam.transforms import window


def _headways(key_and_arrivals: tuple[tuple[str, str], Iterable[dict[str, Any]]]) -> Iterator[dict[str, Any]]:
    (route_id, stop_id), arrivals = key_and_arrivals
    ordered = sorted(arrivals, key=lambda a: a["arrival_epoch"])
    for prev, cur in zip(ordered, ordered[1:]):
        gap = timedelta(seconds=cur["arrival_epoch"] - prev["arrival_epoch"])
        yield {"route_id": route_id, "stop_id": stop_id, "headway_s": int(gap.total_seconds()),
               "arrival_epoch": cur["arrival_epoch"]}


def max_gap(max_headway_min: str) -> timedelta:
    return timedelta(minutes=max_headway_min)


class ObservedHeadways(beam.PTransform):
    def __init__(self, window_minutes: int = 60) -> None:
        super().__init__()
        self.window_minutes = window_minutes

    def expand(self, arrivals):  # type: ignore[no-untyped-def]
        return (
            arrivals
            | "Stamp" >> beam.Map(lambda a: window.TimestampedValue(a, a["arrival_epoch"] * 1000))
            | "Window" >> beam.WindowInto(window.FixedWindows(self.window_minutes * 60))
            | "Key" >> beam.Map(lambda a: ((a["route_id"], a["stop_id"]), a))
            | "Group" >> beam.GroupByKey()
            | "Headways" >> beam.FlatMap(_headways)
        )
"""

FILES[R + "/tests/transforms/test_headways.py"] = """import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.headways import ObservedHeadways

ARRIVALS = [
    {"route_id": "504", "stop_id": "2231", "arrival_epoch": 1759741200},
    {"route_id": "504", "stop_id": "2231", "arrival_epoch": 1759741560},
    {"route_id": "504", "stop_id": "2231", "arrival_epoch": 1759742100},
    {"route_id": "504", "stop_id": "2231", "arrival_epoch": 1759744920},
]


def test_headways_within_window():
    with TestPipeline() as p:
        out = p | beam.Create(ARRIVALS) | ObservedHeadways(window_minutes=60) | beam.Map(lambda r: r["headway_s"])
        assert_that(out, equal_to([360, 540]))
"""

FILES[R + "/cloudbuild.yaml"] = """steps:
  - name: gcr.io/cloud-builders/docker
    args: ["build", "-t", "${_IMAGE}:${_TAG}", "-f", "Dockerfile", "."]
  - name: gcr.io/cloud-builders/docker
    args: ["push", "${_IMAGE}:${_TAG}"]
substitutions:
  _IMAGE: northamerica-northeast2-docker.pkg.dev/ltc-rt-dev/dataflow/gtfs-rt
  _TAG: dev
images: ["${_IMAGE}:${_TAG}"]
options:
  logging: CLOUD_LOGGING_ONLY
"""

FILES[R + "/Dockerfile"] = """FROM gcr.io/dataflow-templates-base/python311-template-launcher-base:latest AS template_launcher
FROM apache/beam_python3.11_sdk:2.60.0

COPY --from=template_launcher /opt/google/dataflow/python_template_launcher /opt/google/dataflow/python_template_launcher

ARG WORKDIR=/template
WORKDIR ${WORKDIR}
COPY setup.py pyproject.toml ./
COPY pipelines ./pipelines

ENV FLEX_TEMPLATE_PYTHON_PY_FILE="${WORKDIR}/pipelines/gtfs_rt.py"
ENV FLEX_TEMPLATE_PYTHON_SETUP_FILE="${WORKDIR}/setup.py"

RUN pip install --no-cache-dir -e .

ENTRYPOINT ["/opt/apache/beam/boot"]
"""

FILES[R + "/schemas/vehicle_positions.json"] = """[
  {"name": "vehicle_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "trip_id", "type": "STRING", "mode": "NULLABLE"},
  {"name": "route_id", "type": "STRING", "mode": "NULLABLE"},
  {"name": "lat", "type": "FLOAT64", "mode": "REQUIRED"},
  {"name": "lon", "type": "FLOAT64", "mode": "REQUIRED"},
  {"name": "event_ts", "type": "TIMESTAMP", "mode": "REQUIRED"},
  {"name": "service_date", "type": "DATE", "mode": "NULLABLE"}
]
"""

FILES[R + "/tests/conftest.py"] = """import os

import pytest

BQ_DATASET = os.environ.get("RT_TEST_DATASET", "ltc-rt-dev:rt_dev")


@pytest.fixture
def bq_dataset() -> str:
    return BQ_DATASET
"""


# ------------------------------------------------------------------ canned outputs

def pytest_ok(n, secs, warn=False):
    dots = "." * n
    line = dots + " " * max(1, 73 - len(dots)) + "[100%]"
    tail = f"{n} passed"
    if warn:
        tail += ", 1 warning"
    return f"{line}\n{tail} in {secs}s"


def pickling_fail(test_file, test_name, lineno, body, client_line, secs):
    return f"""F                                                                        [100%]
=================================== FAILURES ===================================
{('_' * ((78 - len(test_name) - 2) // 2))} {test_name} {('_' * ((78 - len(test_name) - 2) // 2))}

{body}

{test_file}:{lineno}: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 
.venv/lib/python3.11/site-packages/apache_beam/transforms/core.py:1553: in __init__
    super().__init__(fn, *args, **kwargs)
.venv/lib/python3.11/site-packages/apache_beam/transforms/ptransform.py:890: in __init__
    self.fn = pickler.loads(pickler.dumps(self.fn))
.venv/lib/python3.11/site-packages/apache_beam/internal/pickler.py:46: in dumps
    return desired_pickle_lib.dumps(
.venv/lib/python3.11/site-packages/apache_beam/internal/dill_pickler.py:406: in dumps
    s = dill.dumps(o, byref=settings['dill_byref'])
.venv/lib/python3.11/site-packages/dill/_dill.py:288: in dumps
    dump(obj, file, protocol, byref, fmode, recurse, **kwds)#, strictio)
.venv/lib/python3.11/site-packages/dill/_dill.py:260: in dump
    Pickler(file, protocol, **_kwds).dump(obj)
.venv/lib/python3.11/site-packages/dill/_dill.py:428: in dump
    StockPickler.dump(self, obj)
/usr/lib/python3.11/pickle.py:487: in dump
    self.save(obj)
.venv/lib/python3.11/site-packages/dill/_dill.py:422: in save
    StockPickler.save(self, obj, save_persistent_id)
/usr/lib/python3.11/pickle.py:603: in save
    self.save_reduce(obj=obj, *rv)
/usr/lib/python3.11/pickle.py:717: in save_reduce
    save(state)
.venv/lib/python3.11/site-packages/dill/_dill.py:422: in save
    StockPickler.save(self, obj, save_persistent_id)
/usr/lib/python3.11/pickle.py:560: in save
    f(self, obj)  # Call unbound method with explicit self
.venv/lib/python3.11/site-packages/dill/_dill.py:1217: in save_module_dict
    StockPickler.save_dict(pickler, obj)
/usr/lib/python3.11/pickle.py:972: in save_dict
    self._batch_setitems(obj.items())
/usr/lib/python3.11/pickle.py:998: in _batch_setitems
    save(v)
.venv/lib/python3.11/site-packages/dill/_dill.py:422: in save
    StockPickler.save(self, obj, save_persistent_id)
/usr/lib/python3.11/pickle.py:578: in save
    rv = reduce(self.proto)
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ 

self = {client_line}

    def __getstate__(self):
        \"\"\"Explicitly state that clients are not pickleable.\"\"\"
>       raise PicklingError(
            "\\n".join(
                [
                    "Pickling client objects is explicitly not supported.",
                    "Clients have non-trivial state that is local and unpickleable.",
                ]
            )
        )
E       _pickle.PicklingError: Pickling client objects is explicitly not supported.
E       Clients have non-trivial state that is local and unpickleable.

.venv/lib/python3.11/site-packages/google/cloud/client.py:193: PicklingError
=========================== short test summary info ============================
FAILED {test_file}::{test_name} - _pickle.PicklingError: Pickling client objects is explicitly not supported.
1 failed in {secs}s"""


def dataflow_submit(job_name, job_id, staging, extra_upload=""):
    return f"""INFO:apache_beam.runners.portability.stager:Copying Beam SDK "{SP}/apache_beam-2.60.0.dist-info" to staging location.
INFO:root:Default Python SDK image for environment is apache/beam_python3.11_sdk:2.60.0
INFO:root:Using provided Python SDK container image: gcr.io/cloud-dataflow/v1beta3/beam_python3.11_sdk:2.60.0
INFO:root:Python SDK container image set to "gcr.io/cloud-dataflow/v1beta3/beam_python3.11_sdk:2.60.0" for Docker environment
{extra_upload}INFO:apache_beam.runners.dataflow.internal.apiclient:Starting GCS upload to gs://ltc-rt-dev-dataflow/staging/{staging}/pipeline.pb...
INFO:apache_beam.runners.dataflow.internal.apiclient:Completed GCS upload to gs://ltc-rt-dev-dataflow/staging/{staging}/pipeline.pb in 0 seconds.
INFO:apache_beam.runners.dataflow.internal.apiclient:Create job: <Job
 clientRequestId: '{staging.split('.')[0].split('-')[-1]}{job_id[-6:]}-{job_id[-4:]}'
 createTime: '{job_id[:10]}T{job_id[11:13]}:{job_id[14:16]}:{job_id[17:19]}.{job_id[-3:]}412Z'
 currentStateTime: '1970-01-01T00:00:00Z'
 id: '{job_id}'
 location: '{REGION}'
 name: '{job_name}'
 projectId: '{PROJ}'
 stageStates: []
 startTime: '{job_id[:10]}T{job_id[11:13]}:{job_id[14:16]}:{job_id[17:19]}.{job_id[-3:]}412Z'
 steps: []
 tempFiles: []
 type: TypeValueValuesEnum(JOB_TYPE_BATCH, 1)>
INFO:apache_beam.runners.dataflow.internal.apiclient:Created job with id: [{job_id}]
INFO:apache_beam.runners.dataflow.internal.apiclient:Submitted job: {job_id}
INFO:apache_beam.runners.dataflow.internal.apiclient:To access the Dataflow monitoring console, please navigate to https://console.cloud.google.com/dataflow/jobs/{REGION}/{job_id}?project={PROJ}
INFO:apache_beam.runners.dataflow.dataflow_runner:Job {job_id} is in state JOB_STATE_PENDING"""


def dataflow_modnotfound(job_name, job_id, staging, t0, step, frames):
    return dataflow_submit(job_name, job_id, staging) + f"""
INFO:apache_beam.runners.dataflow.dataflow_runner:{t0}:09.882Z: JOB_MESSAGE_BASIC: Worker configuration: n1-standard-1 in {REGION}-a.
INFO:apache_beam.runners.dataflow.dataflow_runner:{t0}:10.914Z: JOB_MESSAGE_BASIC: Executing operation {step}
INFO:apache_beam.runners.dataflow.dataflow_runner:{t0}:11.067Z: JOB_MESSAGE_BASIC: Starting 1 workers in {REGION}-a...
INFO:apache_beam.runners.dataflow.dataflow_runner:Job {job_id} is in state JOB_STATE_RUNNING
ERROR:apache_beam.runners.dataflow.dataflow_runner:{t0[:-2]}{int(t0[-2:]) + 3:02d}:52.310Z: JOB_MESSAGE_ERROR: Error message from worker: generic::unknown: Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/apache_beam/internal/dill_pickler.py", line 418, in loads
    return dill.loads(s)
           ^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/dill/_dill.py", line 327, in loads
    return load(file, ignore, **kwds)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/dill/_dill.py", line 313, in load
    return Unpickler(file, ignore=ignore, **kwds).load()
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/dill/_dill.py", line 525, in load
    obj = StockUnpickler.load(self)
          ^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/dill/_dill.py", line 515, in find_class
    return StockUnpickler.find_class(self, module, name)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
ModuleNotFoundError: No module named 'pipelines'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/sdk_worker.py", line 311, in _execute
    response = task()
               ^^^^^^
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/sdk_worker.py", line 386, in <lambda>
    lambda: self.create_worker().do_instruction(request), request)
            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/sdk_worker.py", line 650, in do_instruction
    return getattr(self, request_type)(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/sdk_worker.py", line 681, in process_bundle
    bundle_processor = self.bundle_processor_cache.get(
{frames}  File "/usr/local/lib/python3.11/site-packages/apache_beam/internal/dill_pickler.py", line 422, in loads
    return dill.loads(s)
ModuleNotFoundError: No module named 'pipelines'

INFO:apache_beam.runners.dataflow.dataflow_runner:{t0[:-2]}{int(t0[-2:]) + 4:02d}:31.004Z: JOB_MESSAGE_BASIC: Stopping worker pool...
INFO:apache_beam.runners.dataflow.dataflow_runner:Job {job_id} is in state JOB_STATE_FAILED
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/pipelines/{'_'.join(job_name.split('-')[:-1])}.py", line 9, in <module>
  File "{SP}/apache_beam/pipeline.py", line 620, in __exit__
    self.result.wait_until_finish()
  File "{SP}/apache_beam/runners/dataflow/dataflow_runner.py", line 807, in wait_until_finish
    raise DataflowRuntimeException(
apache_beam.runners.dataflow.dataflow_runner.DataflowRuntimeException: Dataflow pipeline failed. State: FAILED, Error:
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/apache_beam/internal/dill_pickler.py", line 418, in loads
    return dill.loads(s)
ModuleNotFoundError: No module named 'pipelines'"""


def dataflow_done(job_name, job_id, staging, t0, steps):
    up = (f"INFO:apache_beam.runners.portability.stager:Executing command: ['{VENV}/bin/python', 'setup.py', "
          f"'sdist', '--dist-dir', '/tmp/tmp{job_id[-5:]}k2']\n"
          f"INFO:apache_beam.runners.dataflow.internal.apiclient:Starting GCS upload to "
          f"gs://ltc-rt-dev-dataflow/staging/{staging}/workflow.tar.gz...\n"
          f"INFO:apache_beam.runners.dataflow.internal.apiclient:Completed GCS upload to "
          f"gs://ltc-rt-dev-dataflow/staging/{staging}/workflow.tar.gz in 0 seconds.\n")
    body = dataflow_submit(job_name, job_id, staging, extra_upload=up)
    lines = [f"INFO:apache_beam.runners.dataflow.dataflow_runner:{t0}:10.118Z: JOB_MESSAGE_BASIC: Worker "
             f"configuration: n1-standard-1 in {REGION}-b.",
             f"INFO:apache_beam.runners.dataflow.dataflow_runner:Job {job_id} is in state JOB_STATE_RUNNING"]
    for s in steps:
        lines.append(f"INFO:apache_beam.runners.dataflow.dataflow_runner:{t0}:5{len(lines)}.2{len(lines)}1Z: "
                     f"JOB_MESSAGE_BASIC: Finished operation {s}")
    lines.append(f"INFO:apache_beam.runners.dataflow.dataflow_runner:{t0[:-2]}{int(t0[-2:]) + 9:02d}:02.771Z: "
                 f"JOB_MESSAGE_BASIC: Stopping worker pool...")
    lines.append(f"INFO:apache_beam.runners.dataflow.dataflow_runner:Job {job_id} is in state JOB_STATE_DONE")
    return body + "\n" + "\n".join(lines)


def bq_notfound(module, table, job, step, frames_top):
    return f"""INFO:apache_beam.runners.worker.statecache:Creating state cache with size 104857600
INFO:apache_beam.runners.portability.fn_api_runner.worker_handlers:Created Worker handler <apache_beam.runners.portability.fn_api_runner.worker_handlers.EmbeddedWorkerHandler object at 0x7f3b2c1d9e50> for environment ref_Environment_default_environment_1 (beam:env:embedded_python:v1, b'')
INFO:apache_beam.io.gcp.bigquery_file_loads:Triggering job {job} to load data to BigQuery table <TableReference
 datasetId: 'rt_dev'
 projectId: '{PROJ}'
 tableId: '{table}'>.Schema: None. Additional parameters: {{}}. Source format: NEWLINE_DELIMITED_JSON
INFO:apache_beam.io.gcp.bigquery_tools:Started BigQuery job: <JobReference
 jobId: '{job}'
 location: '{REGION}'
 projectId: '{PROJ}'>
 bq show -j --format=prettyjson --project_id={PROJ} {job}
INFO:apache_beam.io.gcp.bigquery_tools:Job {job} status: RUNNING
INFO:apache_beam.io.gcp.bigquery_tools:Job {job} status: DONE
ERROR:apache_beam.io.gcp.bigquery_tools:BigQuery job {job} failed. Error Result: <ErrorProto
 message: 'Not found: Table {PROJ}:rt_dev.{table} was not found in location {REGION}'
 reason: 'notFound'>
Traceback (most recent call last):
{frames_top}  File "{SP}/apache_beam/pipeline.py", line 620, in __exit__
    self.result = self.run()
                  ^^^^^^^^^^
  File "{SP}/apache_beam/runners/portability/fn_api_runner/fn_runner.py", line 224, in run_via_runner_api
    return self.run_stages(stage_context, stages)
  File "{SP}/apache_beam/runners/portability/fn_api_runner/fn_runner.py", line 466, in run_stages
    bundle_results = self._execute_bundle(
  File "{SP}/apache_beam/runners/common.py", line 1501, in process
    self._reraise_augmented(exn, windowed_value)
  File "{SP}/apache_beam/io/gcp/bigquery_file_loads.py", line 1025, in process
    bigquery_tools.BigQueryWrapper.wait_for_bq_job(
  File "{SP}/apache_beam/io/gcp/bigquery_tools.py", line 673, in wait_for_bq_job
    raise RuntimeError(
RuntimeError: BigQuery job {job} failed. Error Result: <ErrorProto
 message: 'Not found: Table {PROJ}:rt_dev.{table} was not found in location {REGION}'
 reason: 'notFound'> [while running '{step}/BigQueryBatchFileLoads/WaitForDestinationLoadJobs']"""


STOPS_V1 = """\"\"\"Attach stop name / coordinates to arrivals from the static GTFS stops.txt on GCS.\"\"\"
import csv
import io
from collections.abc import Iterator
from typing import Any

import apache_beam as beam
from google.cloud import storage


class EnrichWithStop(beam.DoFn):
    def __init__(self, stops_uri: str) -> None:
        self.stops_uri = stops_uri
        self.client = storage.Client()
        self.stops: dict[str, dict[str, str]] = {}

    def start_bundle(self) -> None:
        if not self.stops:
            blob = storage.Blob.from_string(self.stops_uri, client=self.client)
            rows = csv.DictReader(io.StringIO(blob.download_as_text()))
            self.stops = {r["stop_id"]: r for r in rows}

    def process(self, arrival: dict[str, Any]) -> Iterator[dict[str, Any]]:
        stop = self.stops.get(arrival["stop_id"])
        yield {**arrival, "stop_name": stop["stop_name"] if stop else None}
"""

ROUTES_V1 = """\"\"\"Attach route short name / mode from the rt_dev.dim_route table.\"\"\"
from collections.abc import Iterator
from typing import Any

import apache_beam as beam
from google.cloud import bigquery


class AttachRouteInfo(beam.DoFn):
    def __init__(self, dim_table: str) -> None:
        self.dim_table = dim_table
        self.bq = bigquery.Client(project="ltc-rt-dev")
        self.routes: dict[str, dict[str, Any]] = {}

    def start_bundle(self) -> None:
        if not self.routes:
            q = f"SELECT route_id, route_short_name, route_type FROM `{self.dim_table}`"
            self.routes = {r["route_id"]: dict(r) for r in self.bq.query(q).result()}

    def process(self, row: dict[str, Any]) -> Iterator[dict[str, Any]]:
        info = self.routes.get(row["route_id"], {})
        yield {**row, "route_short_name": info.get("route_short_name"), "route_type": info.get("route_type")}
"""

BLOCKS_V1 = """\"\"\"Which run/block a vehicle is on, from the Firestore `vehicle_assignments` collection
(written by the CAD sync job).\"\"\"
from collections.abc import Iterator
from typing import Any

import apache_beam as beam
from google.cloud import firestore


class AttachBlock(beam.DoFn):
    def __init__(self, project: str, collection: str = "vehicle_assignments") -> None:
        self.collection = collection
        self.db = firestore.Client(project=project)

    def process(self, pos: dict[str, Any]) -> Iterator[dict[str, Any]]:
        doc = self.db.collection(self.collection).document(pos["vehicle_id"]).get()
        block = doc.to_dict() if doc.exists else {}
        yield {**pos, "block_id": block.get("block_id"), "run_id": block.get("run_id")}
"""


def gen():
    d = Dev("beam-dataflow", U, "en", MODEL, seed=26104, files=FILES)
    PY = R + "/pyproject.toml"
    GT = R + "/pipelines/gtfs_rt.py"
    PARSE = R + "/pipelines/transforms/parse.py"
    HW = R + "/pipelines/transforms/headways.py"
    HWT = R + "/tests/transforms/test_headways.py"

    # ================= S1 =================
    with d.session("2026-10-05T09:12:00", R, branch="main", version="2.1.195"):
        t = d.task("first time using you on this repo. quick tour pls: what pipelines we have, how they get "
                   "deployed, how tests run", tags=["noise"])
        t.glob("**/*.py", [R + "/pipelines/__init__.py", R + "/pipelines/options.py", R + "/pipelines/gtfs_rt.py",
                           R + "/pipelines/backfill_positions.py", R + "/pipelines/backfill_trip_updates.py",
                           R + "/pipelines/transforms/__init__.py", R + "/pipelines/transforms/parse.py",
                           R + "/pipelines/transforms/headways.py", R + "/setup.py", R + "/tests/conftest.py",
                           R + "/tests/transforms/test_headways.py", R + "/tests/transforms/test_parse.py"])
        t.read(R + "/README.md")
        t.read(PY)
        t.read(GT)
        t.read(R + "/Dockerfile")
        t.read(R + "/cloudbuild.yaml")
        t.done("Quick map:\n\n"
               "- **`pipelines.gtfs_rt`**: the streaming job. Two branches, `vehicle-positions-sub` → "
               "`ParseVehiclePositions` → `vehicle_positions` and `trip-updates-sub` → `ParseTripUpdates` → "
               "`trip_updates`, both via Storage Write API, `CREATE_NEVER`.\n"
               "- **`backfill_positions` / `backfill_trip_updates`**: batch jobs that read the archived `.pb` "
               "snapshots in `gs://ltc-rt-archive/...` into the same tables.\n"
               "- **Transforms** live in `pipelines/transforms/` (parse, headways).\n"
               "- **Deploy**: `cloudbuild.yaml` builds the flex template image (Beam 2.60 SDK + launcher, "
               "`FLEX_TEMPLATE_PYTHON_SETUP_FILE` points at `setup.py`), template specs go in "
               "`gs://ltc-rt-templates/gtfs_rt/`.\n"
               "- **Tests**: `poetry run pytest -q` runs DirectRunner tests; `-m bq` ones hit `rt_dev` and are "
               "off by default. `mypy` is strict, ruff at 100 cols.\n"
               "- Tables are created by hand from `schemas/*.json`, the pipelines never create them.")

        DED = R + "/pipelines/transforms/dedupe.py"
        DEDT = R + "/tests/transforms/test_dedupe.py"
        t = d.task("the vendor feed resends the same vehicle position 2-3 times per poll. add a dedupe transform "
                   "keyed on (vehicle_id, event_ts) in a 2 min window. keep all timestamps UTC please. test data "
                   "inline in the test file, small dicts, no fixture files",
                   tags=["workflow:W1", "pref:P1", "pref:P3"])
        t.read(PARSE)
        t.write(DED, """\"\"\"Drop vehicle positions the vendor re-sent (same vehicle_id + event_ts).\"\"\"
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import apache_beam as beam
from apache_beam.transforms import window


def _epoch(ts: str) -> float:
    # event_ts is ISO-8601 with +00:00, produced by ParseVehiclePositions
    return datetime.fromisoformat(ts).timestamp()


def _first(kv: tuple[tuple[str, str], Iterable[dict[str, Any]]]) -> dict[str, Any]:
    return next(iter(kv[1]))


class DedupePositions(beam.PTransform):
    def __init__(self, window_s: int = 120) -> None:
        super().__init__()
        self.window_s = window_s

    def expand(self, positions):  # type: ignore[no-untyped-def]
        return (
            positions
            | "Stamp" >> beam.Map(lambda p: window.TimestampedValue(p, _epoch(p["event_ts"])))
            | "Window" >> beam.WindowInto(window.FixedWindows(self.window_s))
            | "Key" >> beam.Map(lambda p: ((p["vehicle_id"], p["event_ts"]), p))
            | "Group" >> beam.GroupByKey()
            | "First" >> beam.Map(_first)
        )
""")
        t.write(DEDT, """import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.dedupe import DedupePositions


def pos(vehicle_id: str, ts: str, lat: float = 43.6452) -> dict:
    return {"vehicle_id": vehicle_id, "trip_id": "T1", "route_id": "504", "lat": lat, "lon": -79.3806,
            "event_ts": ts}


def test_duplicates_dropped():
    rows = [pos("8411", "2026-10-05T13:00:05+00:00"), pos("8411", "2026-10-05T13:00:05+00:00"),
            pos("8411", "2026-10-05T13:00:35+00:00"), pos("4410", "2026-10-05T13:00:05+00:00")]
    with TestPipeline() as p:
        out = p | beam.Create(rows) | DedupePositions() | beam.Map(lambda r: (r["vehicle_id"], r["event_ts"]))
        assert_that(out, equal_to([("8411", "2026-10-05T13:00:05+00:00"), ("8411", "2026-10-05T13:00:35+00:00"),
                                   ("4410", "2026-10-05T13:00:05+00:00")]))


def test_same_ts_different_vehicle_kept():
    rows = [pos("8411", "2026-10-05T13:00:05+00:00"), pos("8412", "2026-10-05T13:00:05+00:00")]
    with TestPipeline() as p:
        out = p | beam.Create(rows) | DedupePositions() | beam.Map(lambda r: r["vehicle_id"])
        assert_that(out, equal_to(["8411", "8412"]))
""")
        t.bash("poetry run pytest tests/transforms/test_dedupe.py -q", "Run dedupe tests", out=pytest_ok(2, "2.87"))
        t.bash("poetry run mypy pipelines", "Type-check pipelines",
               out="Success: no issues found in 9 source files")
        t.bash("poetry run ruff check pipelines tests", "Lint", out="All checks passed!")
        t.done("Added `pipelines/transforms/dedupe.py` (`DedupePositions`): stamps each position with its "
               "`event_ts` (UTC, parsed from the ISO string), 2-minute fixed windows, groups on "
               "`(vehicle_id, event_ts)` and keeps the first. Two inline-data tests in "
               "`tests/transforms/test_dedupe.py`; pytest, mypy and ruff are green. Not wired into `gtfs_rt` yet, "
               "say if you want it between parse and write.")

        STOPS = R + "/pipelines/transforms/stops.py"
        STOPT = R + "/tests/transforms/test_stops.py"
        t = d.task("next: arrivals need the stop name for the ops dashboard. read stops.txt from the static gtfs "
                   "in gs://ltc-rt-reference/gtfs_static/current/ once per worker and attach stop_name",
                   tags=["mistake:M1"])
        t.write(STOPS, STOPS_V1)
        t.write(STOPT, """import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.stops import EnrichWithStop

STOPS_URI = "gs://ltc-rt-reference/gtfs_static/current/stops.txt"


def test_enrich_with_stop_names():
    arrivals = [{"stop_id": "2231", "route_id": "504"}, {"stop_id": "9999", "route_id": "504"}]
    with TestPipeline() as p:
        out = (
            p
            | beam.Create(arrivals)
            | beam.ParDo(EnrichWithStop(STOPS_URI))
            | beam.Map(lambda r: (r["stop_id"], r["stop_name"]))
        )
        assert_that(out, equal_to([("2231", "King St West at Spadina Ave"), ("9999", None)]))
""")
        t.fail("poetry run pytest tests/transforms/test_stops.py -q", "Run stop enrichment test",
               pickling_fail("tests/transforms/test_stops.py", "test_enrich_with_stop_names", 16,
                             """    def test_enrich_with_stop_names():
        arrivals = [{"stop_id": "2231", "route_id": "504"}, {"stop_id": "9999", "route_id": "504"}]
        with TestPipeline() as p:
            out = (
                p
                | beam.Create(arrivals)
>               | beam.ParDo(EnrichWithStop(STOPS_URI))
            )""", "<google.cloud.storage.client.Client object at 0x7f9c1b2e4d10>", "3.12"))
        t.say("Beam pickles the DoFn when the ParDo is built, and a `storage.Client` can't be pickled. The client "
              "has to be created on the worker, in `setup()`, not in `__init__`.")
        t.edit(STOPS, """    def __init__(self, stops_uri: str) -> None:
        self.stops_uri = stops_uri
        self.client = storage.Client()
        self.stops: dict[str, dict[str, str]] = {}

    def start_bundle(self) -> None:
        if not self.stops:
            blob = storage.Blob.from_string(self.stops_uri, client=self.client)
            rows = csv.DictReader(io.StringIO(blob.download_as_text()))
            self.stops = {r["stop_id"]: r for r in rows}
""", """    def __init__(self, stops_uri: str) -> None:
        self.stops_uri = stops_uri
        self.stops: dict[str, dict[str, str]] = {}

    def setup(self) -> None:
        # runs once per DoFn instance on the worker; clients are not picklable, so never build them in __init__
        client = storage.Client()
        blob = storage.Blob.from_string(self.stops_uri, client=client)
        rows = csv.DictReader(io.StringIO(blob.download_as_text()))
        self.stops = {r["stop_id"]: r for r in rows}
""")
        t.bash("poetry run pytest tests/transforms/test_stops.py -q", "Re-run stop enrichment test",
               out=pytest_ok(1, "4.06"))
        t.bash("poetry run mypy pipelines", "Type-check", out="Success: no issues found in 10 source files")
        t.done("`EnrichWithStop` now loads `stops.txt` in `setup()`: once per DoFn instance on the worker. The "
               "first version built the `storage.Client` in `__init__`, so Beam failed pickling the DoFn "
               "(`Pickling client objects is explicitly not supported`). The test passes and mypy is clean. The "
               "test reads the real `gs://ltc-rt-reference/...` file with your ADC, so it needs network.")

        t = d.task("FixedWindows vs SlidingWindows for the hourly headway numbers, which one and why. short answer",
                   tags=["no_tools"])
        t.done("FixedWindows. Headway KPIs are reported per clock hour, and each arrival pair should count once. "
               "Sliding windows (e.g. 60 min every 15) put every pair in 4 windows. That's good for a smoothed live "
               "chart, but you'd have to de-duplicate before aggregating daily numbers. One catch with fixed "
               "windows: a pair that straddles the hour boundary is lost, because `_headways` only pairs arrivals "
               "inside one window.")

    # ================= S2 =================
    with d.session("2026-10-07T08:47:00", R, branch="main", version="2.1.196"):
        t = d.task("backfill september vehicle positions into rt_dev on dataflow, the archive is complete now. "
                   "its ~30 days so dont run it locally", tags=["mistake:M2"])
        t.read(R + "/pipelines/options.py")
        base = ("poetry run python -m pipelines.backfill_positions --runner DataflowRunner --project ltc-rt-dev "
                "--region northamerica-northeast2 --temp_location gs://ltc-rt-dev-dataflow/tmp "
                "--staging_location gs://ltc-rt-dev-dataflow/staging "
                "--service_account_email dataflow-worker@ltc-rt-dev.iam.gserviceaccount.com "
                "--job_name backfill-positions-202609 --start_date 2026-09-01 --end_date 2026-09-30 "
                "--bq_dataset ltc-rt-dev:rt_dev")
        jid = "2026-10-07_06_58_12-4117630029155804319"
        t.fail(base, "Launch September positions backfill on Dataflow",
               dataflow_modnotfound("backfill-positions-202609", jid, "backfill-positions-202609.1791380292.117204",
                                    "2026-10-07T13:58",
                                    "ReadArchive/Read/Impulse+ReadArchive/Read/EmitSource+ref_AppliedPTransform_ReadArchive-Read-SDFBoundedSourceReader-ParDo-SDFBoundedSourceDoFn-_7/PairWithRestriction",
                                    f"""  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/bundle_processor.py", line 1232, in create_operation
    return creator(self, transform_id, transform_proto, payload, consumers)
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/bundle_processor.py", line 1586, in create_par_do
    serialized_fn = pickler.loads(...)
"""), timeout=1200000)
        t.say("Job failed on the workers: they unpickle `pipelines.transforms.parse.ParseVehiclePositions` but "
              "the `pipelines` package was never staged. A direct DataflowRunner launch only ships the main "
              "module unless it gets the setup file (the flex image sets `FLEX_TEMPLATE_PYTHON_SETUP_FILE`, this "
              "path doesn't). Relaunching with `--setup_file ./setup.py`.")
        jid2 = "2026-10-07_07_09_40-8832710046925517311"
        t.bash(base.replace("--job_name backfill-positions-202609", "--setup_file ./setup.py --job_name "
                            "backfill-positions-202609"),
               "Relaunch the backfill with the package staged",
               out=dataflow_done("backfill-positions-202609", jid2, "backfill-positions-202609.1791380980.553018",
                                 "2026-10-07T14:10",
                                 ["ReadArchive/Read/Impulse+ReadArchive/Read/EmitSource",
                                  "ParsePositions+DedupeKey/Map+WriteToBigQuery/BigQueryBatchFileLoads/RewindowIntoGlobal",
                                  "WriteToBigQuery/BigQueryBatchFileLoads/TriggerLoadJobsWithoutTempTables",
                                  "WriteToBigQuery/BigQueryBatchFileLoads/WaitForDestinationLoadJobs"]),
               timeout=1200000)
        t.done("Backfill done: job `2026-10-07_07_09_40-8832710046925517311` finished `JOB_STATE_DONE` in about "
               "9 min. The first launch failed on the workers with `ModuleNotFoundError: No module named "
               "'pipelines'`, because direct DataflowRunner launches need `--setup_file ./setup.py` to stage our "
               "package. Want me to check the row counts per day?")

        t = d.task("yes check the counts per day + that the table partitions look right",
                   tags=["workflow:W3", "long_output"])
        t.bash("bq query --use_legacy_sql=false --project_id=ltc-rt-dev --format=pretty "
               "'SELECT service_date, COUNT(*) AS n, COUNT(DISTINCT vehicle_id) AS vehicles, "
               "COUNTIF(trip_id IS NULL) AS no_trip FROM `ltc-rt-dev.rt_dev.vehicle_positions` "
               "WHERE service_date BETWEEN \"2026-09-01\" AND \"2026-09-30\" GROUP BY 1 ORDER BY 1'",
               "Row counts per service_date for September",
               out="Waiting on bqjob_r3c1f07a2b9e44d1_00000192b4f0e0a1_1 ... (1s) Current status: DONE   \n"
                   "+--------------+---------+----------+---------+\n"
                   "| service_date |    n    | vehicles | no_trip |\n"
                   "+--------------+---------+----------+---------+\n" +
                   "\n".join(f"|   2026-09-{dd:02d} | {n:>7} | {v:>8} | {nt:>7} |" for dd, n, v, nt in [
                       (1, 1318842, 1702, 20411), (2, 1794402, 1911, 19843), (3, 1801933, 1916, 20117),
                       (4, 1799017, 1913, 19652), (5, 1788250, 1908, 21004), (6, 1402917, 1744, 18877),
                       (7, 1311208, 1699, 17985), (8, 1797720, 1915, 20380), (9, 1803391, 1917, 19774),
                       (10, 1806644, 1918, 19901), (11, 1795112, 1913, 20255), (12, 1790008, 1910, 20688),
                       (13, 1409553, 1751, 18344), (14, 1318022, 1701, 17902), (15, 1802871, 1916, 19811),
                       (16, 1808309, 1919, 20093), (17, 1806120, 1918, 19960), (18, 1799543, 1914, 20174),
                       (19, 1791287, 1911, 20903), (20, 1405118, 1748, 18519), (21, 1316630, 1700, 17766),
                       (22, 1804095, 1917, 20011), (23, 1809870, 1920, 19887), (24, 1805577, 1918, 20290),
                       (25, 1800014, 1915, 20155), (26, 931406, 1288, 61207), (27, 1407742, 1750, 18420),
                       (28, 1317569, 1702, 17848), (29, 1803342, 1917, 20006), (30, 1806991, 1918, 20122)]) +
                   "\n+--------------+---------+----------+---------+")
        t.bash("bq show --format=prettyjson ltc-rt-dev:rt_dev.vehicle_positions | python3 -c 'import json,sys; "
               "t=json.load(sys.stdin); print(t[\"timePartitioning\"], t.get(\"clustering\"), t[\"numRows\"], "
               "t[\"numBytes\"])'", "Check partitioning/clustering of the table",
               out="{'field': 'service_date', 'type': 'DAY'} {'fields': ['route_id', 'vehicle_id']} 61480377 "
                   "7911840532")
        t.done("September looks complete: 30 partitions, ~1.80M rows / ~1915 vehicles on weekdays, ~1.40M on "
               "Saturdays, ~1.32M on Sundays. One outlier: **2026-09-26** has 931k rows and 61k positions "
               "without a trip (normally ~20k). That's the Saturday of the CAD outage, so the archive itself is "
               "thin that day; the backfill didn't lose anything. Table is DAY-partitioned on `service_date`, "
               "clustered on `route_id, vehicle_id`, 61.5M rows total.")

        t = d.task("pulled main, marco bumped gtfs-realtime-bindings and added something. sync the venv and run "
                   "the tests", tags=["flaky:F1"])
        t.fail("poetry install --sync", "Sync the poetry venv with the lock file",
               """Installing dependencies from lock file

Package operations: 1 install, 1 update, 0 removals

  - Updating gtfs-realtime-bindings (1.0.0 -> 1.0.1): Failed

  HTTPSConnectionPool(host='files.pythonhosted.org', port=443): Read timed out.

  at ~/.local/share/pypoetry/venv/lib/python3.11/site-packages/requests/models.py:826 in generate
       822│                     raise ChunkedEncodingError(e)
       823│                 except DecodeError as e:
       824│                     raise ContentDecodingError(e)
       825│                 except ReadTimeoutError as e:
    →  826│                     raise ConnectionError(e)
       827│                 except SSLError as e:
       828│                     raise RequestsSSLError(e)
       829│             else:
       830│                 # Stream is raw""")
        t.bash("poetry install --sync", "Sync the poetry venv with the lock file",
               out="""Installing dependencies from lock file

Package operations: 1 install, 1 update, 0 removals

  - Updating gtfs-realtime-bindings (1.0.0 -> 1.0.1)
  - Installing freezegun (1.5.1)

Installing the current project: ltc-rt-pipelines (0.14.0)""")
        t.bash("poetry run pytest -q", "Run the unit tests",
               out=".............                                                            [100%]\n"
                   "13 passed, 2 deselected in 9.74s")
        t.done("Venv synced (the first `poetry install --sync` hit a PyPI read timeout, the retry went through): "
               "gtfs-realtime-bindings 1.0.1 and Marco's new dev dependency freezegun 1.5.1. All 13 unit tests "
               "pass (the 2 `bq` integration tests are deselected as usual).")

        t = d.task("CI mypy job is red on headways.py since yesterday, fix pls", tags=["oneoff:O1"])
        t.fail("poetry run mypy pipelines", "Reproduce the mypy failure",
               """pipelines/transforms/headways.py:22: error: Argument "minutes" to "timedelta" has incompatible type "str"; expected "float"  [arg-type]
Found 1 error in 1 file (checked 11 source files)""")
        t.read(HW)
        t.grep("max_gap\\(", output_mode="content", n=True, path=R,
               content="pipelines/transforms/headways.py:21:def max_gap(max_headway_min: str) -> timedelta:")
        t.edit(HW, "def max_gap(max_headway_min: str) -> timedelta:", "def max_gap(max_headway_min: float) -> timedelta:")
        t.bash("poetry run mypy pipelines", "Re-run mypy", out="Success: no issues found in 11 source files")
        t.done("`max_gap` was annotated `max_headway_min: str` and passed straight into `timedelta(minutes=...)`. "
               "It's typed `float` now (nothing calls it with a string, grep finds only the definition). mypy is "
               "clean.")

    def release(t, tag, build_id, job_name, job_id, extra_params=""):
        t.bash(f"gcloud builds submit --config cloudbuild.yaml --substitutions=_TAG={tag} --region={REGION} "
               f"--project={PROJ} .", f"Build and push the flex template image {tag}",
               out=f"""Creating temporary archive of 41 file(s) totalling 212.6 KiB before compression.
Uploading tarball of [.] to [gs://ltc-rt-dev_cloudbuild/source/1791{build_id[:6]}.771204-6f0c2e.tgz]
Created [https://cloudbuild.googleapis.com/v1/projects/ltc-rt-dev/locations/{REGION}/builds/{build_id}].
Logs are available at [ https://console.cloud.google.com/cloud-build/builds;region={REGION}/{build_id}?project=418820554107 ].
Waiting for build to complete. Polling interval: 1 second(s).
ID                                    CREATE_TIME                DURATION  SOURCE                                                                                      IMAGES                                                                         STATUS
{build_id}  {job_id[:10]}T{job_id[11:13]}:{job_id[14:16]}:02+00:00  3M41S     gs://ltc-rt-dev_cloudbuild/source/1791{build_id[:6]}.771204-6f0c2e.tgz  {REGION}-docker.pkg.dev/ltc-rt-dev/dataflow/gtfs-rt:{tag}  SUCCESS""",
               timeout=900000)
        t.bash(f"gcloud dataflow flex-template build gs://ltc-rt-templates/gtfs_rt/gtfs_rt-{tag}.json "
               f"--image {REGION}-docker.pkg.dev/ltc-rt-dev/dataflow/gtfs-rt:{tag} --sdk-language PYTHON "
               f"--metadata-file templates/gtfs_rt_metadata.json --project={PROJ}",
               "Write the flex template spec",
               out=f"""Successfully saved container spec in flex template file.
Template File GCS Location: gs://ltc-rt-templates/gtfs_rt/gtfs_rt-{tag}.json
Container Spec:

{{
    "defaultEnvironment": {{}},
    "image": "{REGION}-docker.pkg.dev/ltc-rt-dev/dataflow/gtfs-rt:{tag}",
    "metadata": {{
        "description": "GTFS-rt vehicle positions and trip updates from Pub/Sub to BigQuery",
        "name": "gtfs_rt",
        "parameters": [
            {{
                "helpText": "Pub/Sub subscription with vehicle position FeedMessages",
                "label": "Positions subscription",
                "name": "positions_subscription"
            }},
            {{
                "helpText": "Pub/Sub subscription with trip update FeedMessages",
                "label": "Trip updates subscription",
                "name": "trip_updates_subscription"
            }},
            {{
                "helpText": "project:dataset to write to",
                "label": "BigQuery dataset",
                "name": "bq_dataset"
            }}
        ],
        "streaming": true
    }},
    "sdkInfo": {{
        "language": "PYTHON"
    }}
}}""")
        t.bash(f"gcloud dataflow flex-template run {job_name} --template-file-gcs-location "
               f"gs://ltc-rt-templates/gtfs_rt/gtfs_rt-{tag}.json --region={REGION} --project={PROJ} "
               f"--service-account-email=dataflow-worker@ltc-rt-dev.iam.gserviceaccount.com "
               f"--parameters=positions_subscription=projects/ltc-rt-dev/subscriptions/vehicle-positions-sub,"
               f"trip_updates_subscription=projects/ltc-rt-dev/subscriptions/trip-updates-sub,"
               f"bq_dataset=ltc-rt-dev:rt_dev{extra_params}",
               "Launch the streaming job in dev from the new template",
               out=f"""job:
  createTime: '{job_id[:10]}T{job_id[11:13]}:{job_id[14:16]}:{job_id[17:19]}.418207Z'
  currentStateTime: '1970-01-01T00:00:00Z'
  id: {job_id}
  location: {REGION}
  name: {job_name}
  projectId: {PROJ}
  startTime: '{job_id[:10]}T{job_id[11:13]}:{job_id[14:16]}:{job_id[17:19]}.418207Z'""")
        t.bash(f"sleep 240 && gcloud dataflow jobs list --region={REGION} --project={PROJ} --status=active",
               "Check the job is running", timeout=300000,
               out=f"""JOB_ID                                   NAME                  TYPE       CREATION_TIME        STATE    REGION
{job_id}  {job_name:<20}  Streaming  {job_id[:10]} {job_id[11:13]}:{job_id[14:16]}:{job_id[17:19]}  Running  {REGION}""")

    # ================= S3 (acceptEdits) =================
    with d.session("2026-10-09T10:05:00", R, branch="main", version="2.1.197", permission_mode="acceptEdits"):
        t = d.task("wire the dedupe into gtfs_rt between parse and write, and push a new dev template + restart "
                   "the dev streaming job. i already drained the old one", tags=["workflow:W2"])
        t.read(GT)
        t.edit(GT, "from pipelines.options import RtOptions\n",
               "from pipelines.options import RtOptions\nfrom pipelines.transforms.dedupe import DedupePositions\n")
        t.edit(GT, """            | "ParsePositions" >> beam.ParDo(ParseVehiclePositions())
""", """            | "ParsePositions" >> beam.ParDo(ParseVehiclePositions())
            | "DedupePositions" >> DedupePositions(window_s=120)
""")
        t.bash("poetry run pytest -q", "Unit tests before building",
               out=".............                                                            [100%]\n"
                   "13 passed, 2 deselected in 9.51s")
        release(t, "20261009-dedupe", "5c7e2b90-1f4a-4d3e-9a61-0b7f3d2c8e14", "gtfs-rt-dev-20261009",
                "2026-10-09_07_31_44-16620385190471127744")
        t.done("Dedupe is in `gtfs_rt` (after `ParsePositions`). Image `gtfs-rt:20261009-dedupe` built by Cloud "
               "Build, template at `gs://ltc-rt-templates/gtfs_rt/gtfs_rt-20261009-dedupe.json`, and "
               "`gtfs-rt-dev-20261009` (`2026-10-09_07_31_44-16620385190471127744`) is Running in dev.")

        SD = R + "/pipelines/stop_dwell.py"
        t = d.task("new batch job: daily stop dwell time per route/stop from vehicle_positions (time a vehicle "
                   "sits within 30m of a stop). write to rt_dev.stop_dwell_daily, schema file too. run it "
                   "locally for oct 8 when done", tags=["mistake:M3"])
        t.write(R + "/schemas/stop_dwell_daily.json", """[
  {"name": "service_date", "type": "DATE", "mode": "REQUIRED"},
  {"name": "route_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "stop_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "visits", "type": "INT64", "mode": "REQUIRED"},
  {"name": "median_dwell_s", "type": "FLOAT64", "mode": "NULLABLE"},
  {"name": "p90_dwell_s", "type": "FLOAT64", "mode": "NULLABLE"}
]
""")
        t.write(SD, """\"\"\"Batch: daily dwell time at stops from rt.vehicle_positions.\"\"\"
import logging

import apache_beam as beam
from apache_beam.io.gcp.bigquery import BigQueryDisposition, ReadFromBigQuery, WriteToBigQuery

from pipelines.options import RtOptions
from pipelines.transforms.dwell import DailyDwell


def run(argv: list[str] | None = None) -> None:
    options = RtOptions(argv)
    ds = options.bq_dataset
    project, dataset = ds.split(":")
    query = (
        f"SELECT vehicle_id, route_id, lat, lon, event_ts, service_date "
        f"FROM `{project}.{dataset}.vehicle_positions` WHERE service_date = '{options.start_date}'"
    )
    with beam.Pipeline(options=options) as p:
        (
            p
            | "ReadPositions" >> ReadFromBigQuery(query=query, use_standard_sql=True)
            | "Dwell" >> DailyDwell(radius_m=30)
            | "WriteDwell" >> WriteToBigQuery(
                f"{ds}.stop_dwell_daily",
                method=WriteToBigQuery.Method.FILE_LOADS,
                create_disposition=BigQueryDisposition.CREATE_NEVER,
                write_disposition=BigQueryDisposition.WRITE_APPEND,
            )
        )


if __name__ == "__main__":
    logging.getLogger().setLevel(logging.INFO)
    run()
""")
        t.write(R + "/pipelines/transforms/dwell.py", """\"\"\"Dwell time at stops: consecutive positions of one vehicle within radius_m of a stop.\"\"\"
from collections.abc import Iterable, Iterator
from typing import Any

import apache_beam as beam

from pipelines.transforms.geo import nearest_stop


def _visits(kv: tuple[str, Iterable[dict[str, Any]]], radius_m: float) -> Iterator[tuple[tuple[str, str, str], float]]:
    _, positions = kv
    at, since = None, None
    for p in sorted(positions, key=lambda p: p["event_ts"]):
        stop = nearest_stop(p["lat"], p["lon"], radius_m)
        if stop != at:
            if at is not None and since is not None:
                yield (str(p["service_date"]), p["route_id"], at), (p["event_ts"] - since).total_seconds()
            at, since = stop, p["event_ts"]


def _summary(kv: tuple[tuple[str, str, str], list[float]]) -> dict[str, Any]:
    (service_date, route_id, stop_id), dwell = kv
    s = sorted(dwell)
    return {"service_date": service_date, "route_id": route_id, "stop_id": stop_id, "visits": len(s),
            "median_dwell_s": s[len(s) // 2], "p90_dwell_s": s[int(len(s) * 0.9)]}


class DailyDwell(beam.PTransform):
    def __init__(self, radius_m: float = 30) -> None:
        super().__init__()
        self.radius_m = radius_m

    def expand(self, positions):  # type: ignore[no-untyped-def]
        return (
            positions
            | "ByVehicle" >> beam.Map(lambda p: (p["vehicle_id"], p))
            | "GroupVehicle" >> beam.GroupByKey()
            | "Visits" >> beam.FlatMap(_visits, self.radius_m)
            | "GroupStop" >> beam.GroupByKey()
            | "Summary" >> beam.Map(_summary)
        )
""")
        cmd = ("poetry run python -m pipelines.stop_dwell --runner DirectRunner --project ltc-rt-dev "
               "--temp_location gs://ltc-rt-dev-dataflow/tmp --start_date 2026-10-08 --bq_dataset ltc-rt-dev:rt_dev")
        t.fail(cmd, "Run stop_dwell locally for 2026-10-08",
               bq_notfound("stop_dwell", "stop_dwell_daily",
                           "beam_bq_job_LOAD_stopdwell_LOAD_STEP_553_8e1f0c4b7a2d9e63c5b1f0a4d7e2c9b8_7f1a2c3d9e0b4a51",
                           "WriteDwell",
                           f"""  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/pipelines/stop_dwell.py", line 40, in <module>
    run()
  File "{R}/pipelines/stop_dwell.py", line 21, in run
    with beam.Pipeline(options=options) as p:
"""), timeout=900000)
        t.say("The load job ran but the table doesn't exist: the pipeline writes with `CREATE_NEVER` and tables "
              "here are made from `schemas/*.json`. Creating `stop_dwell_daily` the way the others are (partitioned "
              "on `service_date`), then the same run again.")
        t.bash("bq mk --table --time_partitioning_field service_date --time_partitioning_type DAY "
               "--clustering_fields route_id,stop_id --description 'Daily dwell time per route/stop (stop_dwell job)' "
               "ltc-rt-dev:rt_dev.stop_dwell_daily schemas/stop_dwell_daily.json",
               "Create the destination table from the schema file",
               out="Table 'ltc-rt-dev:rt_dev.stop_dwell_daily' successfully created.")
        t.bash(cmd, "Re-run stop_dwell for 2026-10-08", timeout=900000,
               out="""INFO:apache_beam.runners.worker.statecache:Creating state cache with size 104857600
INFO:apache_beam.io.gcp.bigquery_file_loads:Triggering job beam_bq_job_LOAD_stopdwell_LOAD_STEP_553_2b7d1e9f0c4a8b6e3d5f1a2c9e7b0d4f_1c8e3a7f2b9d0e45 to load data to BigQuery table <TableReference
 datasetId: 'rt_dev'
 projectId: 'ltc-rt-dev'
 tableId: 'stop_dwell_daily'>.Schema: None. Additional parameters: {}. Source format: NEWLINE_DELIMITED_JSON
INFO:apache_beam.io.gcp.bigquery_tools:Job beam_bq_job_LOAD_stopdwell_LOAD_STEP_553_2b7d1e9f0c4a8b6e3d5f1a2c9e7b0d4f_1c8e3a7f2b9d0e45 status: RUNNING
INFO:apache_beam.io.gcp.bigquery_tools:Job beam_bq_job_LOAD_stopdwell_LOAD_STEP_553_2b7d1e9f0c4a8b6e3d5f1a2c9e7b0d4f_1c8e3a7f2b9d0e45 status: DONE
INFO:apache_beam.runners.portability.fn_api_runner.fn_runner:Pipeline finished in 187.4 seconds""")
        t.bash("bq query --use_legacy_sql=false --project_id=ltc-rt-dev --format=pretty 'SELECT COUNT(*) AS rows, "
               "SUM(visits) AS visits, APPROX_QUANTILES(median_dwell_s, 4) AS q FROM "
               "`ltc-rt-dev.rt_dev.stop_dwell_daily` WHERE service_date = \"2026-10-08\"'",
               "Sanity check the output",
               out="""+------+--------+--------------------------------+
| rows | visits |               q                |
+------+--------+--------------------------------+
| 9412 | 601873 | ["0.0","14.0","22.0","38.0","912.0"] |
+------+--------+--------------------------------+""")
        t.done("`pipelines.stop_dwell` + `transforms/dwell.py` + `schemas/stop_dwell_daily.json` are in. The first "
               "local run failed at the load step, `Not found: Table ltc-rt-dev:rt_dev.stop_dwell_daily`, because "
               "the table didn't exist yet (the job writes with `CREATE_NEVER`). I created it with `bq mk` from the "
               "schema (DAY partitions on `service_date`, clustered `route_id, stop_id`) and re-ran it. For Oct 8 "
               "that's 9,412 route/stop rows, median dwell 22 s, max median 912 s (a layover stop, probably should be "
               "excluded).")

        SDT = R + "/pipelines/transforms/service_date.py"
        t = d.task("we need service_date on positions (the GTFS service day, 3am cutoff Toronto time). compute it "
                   "in a transform, but no local-time datetimes flowing through the pipeline, event_ts stays UTC "
                   "and only the date is derived", tags=["workflow:W1", "pref:P1"])
        t.write(SDT, """\"\"\"GTFS service day for a UTC event timestamp (service days end at 03:00 America/Toronto).\"\"\"
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import apache_beam as beam

_TORONTO = ZoneInfo("America/Toronto")
_CUTOFF = timedelta(hours=3)


def service_date(event_ts: str) -> date:
    utc = datetime.fromisoformat(event_ts)
    if utc.tzinfo is None:
        raise ValueError(f"event_ts must be timezone-aware UTC, got {event_ts!r}")
    return (utc.astimezone(_TORONTO) - _CUTOFF).date()


class AddServiceDate(beam.DoFn):
    def process(self, pos: dict[str, Any]):  # type: ignore[no-untyped-def]
        yield {**pos, "service_date": service_date(pos["event_ts"]).isoformat()}
""")
        t.write(R + "/tests/transforms/test_service_date.py", """import apache_beam as beam
import pytest
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.service_date import AddServiceDate, service_date


@pytest.mark.parametrize("ts,expected", [
    ("2026-10-09T14:00:00+00:00", "2026-10-09"),   # 10:00 EDT
    ("2026-10-10T06:30:00+00:00", "2026-10-09"),   # 02:30 EDT, still the previous service day
    ("2026-10-10T07:00:00+00:00", "2026-10-10"),   # 03:00 EDT
    ("2026-11-01T07:30:00+00:00", "2026-10-31"),   # 02:30 EST after the fall-back change
])
def test_service_date(ts, expected):
    assert service_date(ts).isoformat() == expected


def test_naive_rejected():
    with pytest.raises(ValueError):
        service_date("2026-10-09T14:00:00")


def test_dofn():
    with TestPipeline() as p:
        out = p | beam.Create([{"vehicle_id": "8411", "event_ts": "2026-10-10T06:30:00+00:00"}]) \\
            | beam.ParDo(AddServiceDate()) | beam.Map(lambda r: r["service_date"])
        assert_that(out, equal_to(["2026-10-09"]))
""")
        t.bash("poetry run pytest tests/transforms/test_service_date.py -q", "Run the service_date tests",
               out=pytest_ok(6, "2.31"))
        t.bash("poetry run mypy pipelines", "Type-check", out="Success: no issues found in 14 source files")
        t.bash("poetry run ruff check pipelines tests", "Lint", out="All checks passed!")
        t.done("`AddServiceDate` in `pipelines/transforms/service_date.py`: `event_ts` stays a UTC ISO string. "
               "Only the date is derived (convert to America/Toronto, subtract 3 h, take the date), and naive "
               "timestamps raise. Tests cover the 3am cutoff and the Nov 1 DST change; pytest, mypy and ruff pass.")

        t = d.task("can STORAGE_WRITE_API do at-least-once for the streaming writes? would be cheaper. check "
                   "the beam docs not stack overflow", tags=["noise", "webfetch"])
        t.webfetch("https://beam.apache.org/documentation/io/built-in/google-bigquery/",
                   "What does the page say about STORAGE_API_AT_LEAST_ONCE / at-least-once semantics with the "
                   "Storage Write API in the Python SDK, and triggering_frequency for streaming?",
                   "The page describes two Storage Write API modes. STORAGE_WRITE_API gives exactly-once semantics; "
                   "in streaming pipelines you must set a triggering frequency (Python: triggering_frequency) and can "
                   "tune the number of streams. STORAGE_API_AT_LEAST_ONCE offers at-least-once semantics: it "
                   "doesn't use the exactly-once stream machinery, so it has lower latency and cost, but duplicates "
                   "are possible; a triggering frequency is not needed. The page notes that the Python SDK "
                   "supports the Storage Write API through a cross-language transform (Java expansion service), and "
                   "lists the supported data types. For at-least-once, it says to set "
                   "method=STORAGE_API_AT_LEAST_ONCE, or use_at_least_once=True with STORAGE_WRITE_API in Python.")
        t.done("Yes. In Python, `WriteToBigQuery(..., method=WriteToBigQuery.Method.STORAGE_WRITE_API, "
               "use_at_least_once=True)` (the cross-language `STORAGE_API_AT_LEAST_ONCE` mode). It skips the "
               "exactly-once stream bookkeeping, so it's cheaper and lower latency, and it doesn't need "
               "`triggering_frequency`. The cost is possible duplicate rows on retries. For `vehicle_positions` "
               "that's tolerable, since the dedupe covers vendor resends but not sink retries, and "
               "downstream queries can dedupe on `(vehicle_id, event_ts)`. I'd keep exactly-once for "
               "`trip_updates` if anything there is summed.")

    # ================= S4 =================
    with d.session("2026-10-13T13:20:00", R, branch="main", version="2.1.198"):
        RB = R + "/docs/runbooks/streaming-job.md"
        t = d.task("write a runbook for the gtfs_rt streaming job for whoever is on call: how to tell it's "
                   "unhealthy, drain vs cancel, redeploy from a template, backfilling a gap", tags=["noise"])
        t.read(R + "/Dockerfile")
        t.write(RB, """# Runbook: gtfs_rt streaming job

## Is it healthy?
- Console: Dataflow → Jobs → `gtfs-rt-prod-*` in northamerica-northeast2. State must be **Running**.
- Data freshness (should be < 5 min, vendor polls every 30 s):

      bq query --use_legacy_sql=false 'SELECT TIMESTAMP_DIFF(CURRENT_TIMESTAMP(), MAX(event_ts), MINUTE)
        FROM `ltc-rt-prod.rt.vehicle_positions` WHERE service_date >= DATE_SUB(CURRENT_DATE(), INTERVAL 1 DAY)'

- System lag / data watermark graphs on the job page. Watermark stuck + backlog growing = workers stuck.
- `vehicle-positions-sub` oldest unacked message age in Pub/Sub metrics (alert at 10 min).

## Common causes
| symptom | likely cause | action |
|---|---|---|
| freshness grows, backlog flat | vendor feed down (feed-poller logs show 5xx) | nothing to do in Dataflow, tell ops |
| backlog grows, workers at max | feed volume spike / slow sink | let autoscaling catch up, check BQ quota |
| job Failed | bad deploy, schema mismatch | redeploy previous template |

## Drain vs cancel
- **Drain** (`gcloud dataflow jobs drain JOB_ID --region=...`): stops reading, finishes in-flight windows.
  Use for every planned redeploy.
- **Cancel**: drops in-flight data. Only if drain hangs > 30 min; backfill the gap afterwards.

## Redeploy from a template
Templates: `gs://ltc-rt-templates/gtfs_rt/gtfs_rt-<tag>.json`. Use the last known good tag
(see #rt-analytics pinned message). Run `gcloud dataflow flex-template run` with the prod parameters
from `templates/prod.params` and the `dataflow-rt` service account.

## Backfilling a gap
The archive (`gs://ltc-rt-archive/`) keeps every poll. Run `pipelines.backfill_positions` /
`backfill_trip_updates` for the affected service dates, then check counts per day against the
same weekday of the previous week.
""")
        t.done("Wrote `docs/runbooks/streaming-job.md`: health checks (job state, freshness query, watermark, "
               "subscription backlog), a cause/action table, drain vs cancel, redeploying from a template, and "
               "backfilling a gap from the archive.")

        t = d.task("push the dedupe template to prod too, same params as dev but prod project + the "
                   "dataflow-rt SA. old prod job is drained", tags=["unfixed:U1"])
        t.bash("gcloud storage cp gs://ltc-rt-templates/gtfs_rt/gtfs_rt-20261009-dedupe.json "
               "gs://ltc-rt-templates-prod/gtfs_rt/gtfs_rt-20261009-dedupe.json",
               "Copy the template spec to the prod bucket",
               out="Copying gs://ltc-rt-templates/gtfs_rt/gtfs_rt-20261009-dedupe.json to "
                   "gs://ltc-rt-templates-prod/gtfs_rt/gtfs_rt-20261009-dedupe.json\n"
                   "  Completed files 1/1 | 1.2kiB/1.2kiB")
        t.fail("gcloud dataflow flex-template run gtfs-rt-prod-20261013 --template-file-gcs-location "
               "gs://ltc-rt-templates-prod/gtfs_rt/gtfs_rt-20261009-dedupe.json --region=northamerica-northeast2 "
               "--project=ltc-rt-prod --service-account-email=dataflow-rt@ltc-rt-prod.iam.gserviceaccount.com "
               "--parameters=positions_subscription=projects/ltc-rt-prod/subscriptions/vehicle-positions-sub,"
               "trip_updates_subscription=projects/ltc-rt-prod/subscriptions/trip-updates-sub,"
               "bq_dataset=ltc-rt-prod:rt",
               "Launch the prod streaming job",
               """ERROR: (gcloud.dataflow.flex-template.run) PERMISSION_DENIED: (Could not create workflow; user does not have write access to project: ltc-rt-prod Causes: (d1a7e3f0b2c94e18): Current user cannot act as service account dataflow-rt@ltc-rt-prod.iam.gserviceaccount.com. Enforced by Org Policy constraint constraints/dataflow.enforceComputeDefaultServiceAccountCheck. https://cloud.google.com/iam/docs/service-accounts-actas Causes: (d1a7e3f0b2c9491a): Current user cannot act as service account dataflow-rt@ltc-rt-prod.iam.gserviceaccount.com.)""")
        t.bash("gcloud iam service-accounts get-iam-policy dataflow-rt@ltc-rt-prod.iam.gserviceaccount.com "
               "--project=ltc-rt-prod --format=yaml", "See who may act as the prod Dataflow SA",
               out="""bindings:
- members:
  - group:gcp-platform-admins@ltc-transit.ca
  - serviceAccount:cloudbuild-deployer@ltc-rt-prod.iam.gserviceaccount.com
  role: roles/iam.serviceAccountUser
etag: BwYkR2m9xQc=
version: 1""")
        t.done("Not launched. Your account can't act as `dataflow-rt@ltc-rt-prod` (`PERMISSION_DENIED ... Current "
               "user cannot act as service account`). Only `gcp-platform-admins` and the `cloudbuild-deployer` SA "
               "have `roles/iam.serviceAccountUser` on it, so prod deploys are meant to go through the Cloud Build "
               "deployer, or platform has to grant you the role. I didn't touch IAM. The template spec is already "
               "copied to `gs://ltc-rt-templates-prod/`, so whoever has the role can run the same command. Prod is "
               "currently **not running** (the old job was drained), so this is urgent for platform.")

        t = d.task("how do i explain watermark lag to my manager in 2 sentences, she keeps asking why the "
                   "dashboard is 'behind'", tags=["no_tools"])
        t.done("The watermark is the pipeline's estimate of how far it has safely processed in event time: "
               "\"we believe we've seen everything that happened up to 10:42\". Watermark lag is the gap between "
               "now and that point. When it grows, the dashboard shows data that's complete but older, usually "
               "because the vendor feed or our workers fell behind, not because data was lost.")

        RT = R + "/pipelines/transforms/routes.py"
        t = d.task("add route_short_name + route_type to trip updates from rt_dev.dim_route. the table is tiny, "
                   "load it once per worker. test with a small dim table in rt_dev", tags=["mistake:M1"])
        t.write(RT, ROUTES_V1)
        t.write(R + "/tests/transforms/test_routes.py", """import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.routes import AttachRouteInfo


def test_attach_route_info():
    rows = [{"trip_id": "T1", "route_id": "504"}, {"trip_id": "T2", "route_id": "1"}]
    with TestPipeline() as p:
        out = (
            p
            | beam.Create(rows)
            | "Attach" >> beam.ParDo(AttachRouteInfo("ltc-rt-dev.rt_dev.dim_route"))
            | beam.Map(lambda r: (r["route_id"], r["route_short_name"], r["route_type"]))
        )
        assert_that(out, equal_to([("504", "504 King", 0), ("1", "Line 1", 1)]))
""")
        t.fail("poetry run pytest tests/transforms/test_routes.py -q", "Run route enrichment test",
               pickling_fail("tests/transforms/test_routes.py", "test_attach_route_info", 14,
                             """    def test_attach_route_info():
        rows = [{"trip_id": "T1", "route_id": "504"}, {"trip_id": "T2", "route_id": "1"}]
        with TestPipeline() as p:
            out = (
                p
                | beam.Create(rows)
>               | "Attach" >> beam.ParDo(AttachRouteInfo("ltc-rt-dev.rt_dev.dim_route"))
            )""", "<google.cloud.bigquery.client.Client object at 0x7fd4a08c3b50>", "2.94"))
        t.read(RT)
        t.edit(RT, """    def __init__(self, dim_table: str) -> None:
        self.dim_table = dim_table
        self.bq = bigquery.Client(project="ltc-rt-dev")
        self.routes: dict[str, dict[str, Any]] = {}

    def start_bundle(self) -> None:
        if not self.routes:
            q = f"SELECT route_id, route_short_name, route_type FROM `{self.dim_table}`"
            self.routes = {r["route_id"]: dict(r) for r in self.bq.query(q).result()}
""", """    def __init__(self, dim_table: str) -> None:
        self.dim_table = dim_table
        self.routes: dict[str, dict[str, Any]] = {}

    def setup(self) -> None:
        # the BigQuery client is built on the worker: DoFns are pickled, clients can't be
        bq = bigquery.Client(project=self.dim_table.split(".")[0])
        q = f"SELECT route_id, route_short_name, route_type FROM `{self.dim_table}`"
        self.routes = {r["route_id"]: dict(r) for r in bq.query(q).result()}
""")
        t.bash("poetry run pytest tests/transforms/test_routes.py -q", "Re-run route enrichment test",
               out=pytest_ok(1, "5.48"))
        t.done("`AttachRouteInfo` (`pipelines/transforms/routes.py`) works. It failed the same way as the stops "
               "lookup last week: a `bigquery.Client` created in `__init__` makes the DoFn unpicklable. The client "
               "and the dim_route query moved to `setup()` (the project now comes from the table name instead of "
               "being hardcoded). The test passes against `rt_dev.dim_route`.")

    # ================= S5 =================
    with d.session("2026-10-16T09:02:00", R, branch="main", version="2.1.199"):
        fb = ("that runbook from tuesday was way too long, I had to cut half of it before it went into "
              "confluence. on-call docs should fit on one screen, commands first, no essays")
        t = d.task(fb, tags=["feedback", "no_tools"], feedback=fb)
        t.done("Understood: one screen, commands first, a line of context at most. For runbooks: a symptom → "
               "command → action table and the exact drain/redeploy commands, no background sections.")

        t = d.task("headway test started failing after I touched the windowing, can you look", tags=["oneoff:O2"])
        t.read(HWT)
        t.fail("poetry run pytest tests/transforms/test_headways.py -q", "Run headway tests",
               f"""F                                                                        [100%]
=================================== FAILURES ===================================
__________________________ test_headways_within_window _________________________

self = <apache_beam.runners.common.DoFnRunner object at 0x7f21e6c1b5d0>
...
E           apache_beam.testing.util.BeamAssertException: Failed assert: [360, 540] == [], unexpected elements [], missing elements [360, 540] [while running 'assert_that/Match']

{SP}/apache_beam/testing/util.py:191: BeamAssertException
=========================== short test summary info ============================
FAILED tests/transforms/test_headways.py::test_headways_within_window - apache_beam.testing.util.BeamAssertException: Failed assert: [360, 540] == [], unexpected elements [], missing elements [360, 540] [while running 'assert_that/Match']
1 failed in 3.88s""")
        t.read(HW)
        t.say("Nothing comes out: `Stamp` sets the element timestamp to `arrival_epoch * 1000`, but "
              "`TimestampedValue` takes seconds, so every arrival lands alone in a 1-hour window in the year "
              "57,000 and never pairs up.")
        t.edit(HW, """window.TimestampedValue(a, a["arrival_epoch"] * 1000)""",
               """window.TimestampedValue(a, a["arrival_epoch"])""")
        t.bash("poetry run pytest tests/transforms/test_headways.py -q", "Re-run headway tests",
               out=pytest_ok(1, "2.77"))
        t.done("Fixed: `TimestampedValue` wants seconds, the stamp multiplied the epoch by 1000. So each arrival "
               "ended up in its own hour window far in the future and no pairs were produced. The test passes "
               "again (360 s and 540 s; the 4th arrival is in the next window).")

        t = d.task("is the dev streaming table keeping up? freshness per hour for yesterday + partition info",
                   tags=["workflow:W3", "long_output"])
        t.bash("bq query --use_legacy_sql=false --project_id=ltc-rt-dev --format=pretty 'SELECT "
               "TIMESTAMP_TRUNC(event_ts, HOUR) AS hour_utc, COUNT(*) AS n, "
               "ROUND(AVG(TIMESTAMP_DIFF(_ingest_ts, event_ts, SECOND)), 1) AS avg_lag_s FROM "
               "`ltc-rt-dev.rt_dev.vehicle_positions_ingest` WHERE service_date = \"2026-10-15\" GROUP BY 1 ORDER BY 1'",
               "Per-hour volume and ingest lag for 2026-10-15",
               out="Waiting on bqjob_r6b0e2f91c3d7a44_00000192d3a1c7f2_1 ... (2s) Current status: DONE   \n"
                   "+---------------------+--------+-----------+\n"
                   "|      hour_utc       |   n    | avg_lag_s |\n"
                   "+---------------------+--------+-----------+\n" +
                   "\n".join(f"| 2026-10-{15 + (h + 7) // 24:02d} {(h + 7) % 24:02d}:00:00 | {n:>6} | {lag:>9} |"
                             for h, n, lag in [
                                 (0, 12044, 41.2), (1, 61877, 38.9), (2, 98402, 39.4), (3, 104233, 40.1),
                                 (4, 101119, 39.8), (5, 97264, 40.5), (6, 95581, 41.0), (7, 96108, 39.7),
                                 (8, 97770, 40.2), (9, 99415, 40.9), (10, 103806, 44.6), (11, 106212, 52.3),
                                 (12, 105930, 187.4), (13, 104488, 61.0), (14, 98117, 42.2), (15, 84406, 40.6),
                                 (16, 71963, 39.9), (17, 60325, 39.5), (18, 49780, 40.3), (19, 28841, 41.7)]) +
                   "\n+---------------------+--------+-----------+")
        t.bash("bq show --format=pretty ltc-rt-dev:rt_dev.vehicle_positions_ingest",
               "Table info",
               out="""Table ltc-rt-dev:rt_dev.vehicle_positions_ingest

   Last modified              Schema              Total Rows   Total Bytes   Expiration       Time Partitioning        Clustered Fields   Total Logical Bytes   Total Physical Bytes   Labels
 ----------------- ---------------------------- ------------ ------------- ------------ --------------------------- ------------------ --------------------- ---------------------- --------
  16 Oct 09:14:55   |- vehicle_id: string          14877310    1917040221                DAY (field: service_date)   route_id           1917040221            388213005
                    |- trip_id: string
                    |- route_id: string
                    |- lat: float
                    |- lon: float
                    |- event_ts: timestamp
                    |- service_date: date
                    |- _ingest_ts: timestamp""")
        t.done("Keeping up: ingest lag is ~40 s all day (the vendor's 30 s poll plus the 30 s write trigger). "
               "One bump at 19:00–20:00 UTC (3 pm Toronto): avg lag 187 s, back to normal the next hour. It "
               "lines up with the job's autoscaling event. Volume per hour matches the service profile. The "
               "table is DAY-partitioned on `service_date` and clustered on `route_id`.")

        t = d.task("tripupdates for oct 1-14 have the wrong arrival_delay for cancelled stops (marco fixed the "
                   "parser, merged). reprocess those dates on dataflow into rt_dev", tags=["mistake:M2"])
        t.bash("git log --oneline -3", "See Marco's fix",
               out="b41d09e fix(parse): SKIPPED stop_time_updates get null delay (#88)\n"
                   "7c2e5aa test: trip update fixtures for skipped stops\n"
                   "0f93b1d feat: dedupe vehicle positions before BQ (#85)")
        base2 = ("poetry run python -m pipelines.backfill_trip_updates --runner DataflowRunner "
                 "--project=ltc-rt-dev --region=northamerica-northeast2 "
                 "--temp_location=gs://ltc-rt-dev-dataflow/tmp "
                 "--service_account_email=dataflow-worker@ltc-rt-dev.iam.gserviceaccount.com "
                 "--start_date=2026-10-01 --end_date=2026-10-14 --bq_dataset=ltc-rt-dev:rt_dev "
                 "--write_disposition=WRITE_TRUNCATE --max_num_workers=8")
        t.fail(base2, "Launch the trip updates reprocessing job",
               dataflow_modnotfound("backfill-trip-updates-20261016", "2026-10-16_06_41_27-2290447718306915402",
                                    "beamapp-dana-1016134120-884102.1792114880.884311", "2026-10-16T13:41",
                                    "ReadArchive/Read/Impulse+ref_AppliedPTransform_ParseTripUpdates_11",
                                    """  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/bundle_processor.py", line 1586, in create_par_do
    serialized_fn = pickler.loads(...)
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/operations.py", line 1058, in setup
    self.dofn_runner = common.DoFnRunner(
"""), timeout=1200000)
        t.bash(base2 + " --setup_file=./setup.py", "Relaunch with the pipelines package staged",
               out=dataflow_done("backfill-trip-updates-20261016", "2026-10-16_06_49_03-5519902736618820441",
                                 "beamapp-dana-1016134857-120447.1792115337.120790", "2026-10-16T13:49",
                                 ["ReadArchive/Read/Impulse+ReadArchive/Read/EmitSource",
                                  "ParseTripUpdates+WriteToBigQuery/BigQueryBatchFileLoads/RewindowIntoGlobal",
                                  "WriteToBigQuery/BigQueryBatchFileLoads/TriggerLoadJobsWithTempTables",
                                  "WriteToBigQuery/BigQueryBatchFileLoads/WaitForDestinationLoadJobs"]),
               timeout=1200000)
        t.done("Reprocessed Oct 1–14 with Marco's parser fix (`b41d09e`): job "
               "`2026-10-16_06_49_03-5519902736618820441` is DONE, partitions truncated and rewritten. Same "
               "first failure as the September backfill, `No module named 'pipelines'` on the workers; relaunched "
               "with `--setup_file=./setup.py`.")

    # ================= S6 (auto compaction) =================
    with d.session("2026-10-20T09:30:00", R, branch="main", version="2.1.200"):
        t = d.task("ship route info + service_date to the dev streaming job. same template dance as before",
                   tags=["workflow:W2"])
        t.read(GT)
        t.edit(GT, """from pipelines.transforms.parse import ParseTripUpdates, ParseVehiclePositions
""", """from pipelines.transforms.parse import ParseTripUpdates, ParseVehiclePositions
from pipelines.transforms.routes import AttachRouteInfo
from pipelines.transforms.service_date import AddServiceDate
""")
        t.edit(GT, """            | "DedupePositions" >> DedupePositions(window_s=120)
""", """            | "DedupePositions" >> DedupePositions(window_s=120)
            | "ServiceDate" >> beam.ParDo(AddServiceDate())
""")
        t.edit(GT, """            | "ParseTripUpdates" >> beam.ParDo(ParseTripUpdates())
""", """            | "ParseTripUpdates" >> beam.ParDo(ParseTripUpdates())
            | "RouteInfo" >> beam.ParDo(AttachRouteInfo(f"{ds.replace(':', '.')}.dim_route"))
""")
        t.bash("poetry run pytest -q && poetry run mypy pipelines", "Tests and types before building",
               out="......................                                                   [100%]\n"
                   "22 passed, 2 deselected in 14.02s\nSuccess: no issues found in 15 source files")
        release(t, "20261020-routes", "a90d4c17-7be2-4f05-8c3e-51e6b2f9d0a8", "gtfs-rt-dev-20261020",
                "2026-10-20_07_02_18-10485520947713355021")
        t.done("Dev job `gtfs-rt-dev-20261020` is Running from template `gtfs_rt-20261020-routes`. Positions now "
               "get `service_date`, trip updates get `route_short_name`/`route_type`. `rt_dev.trip_updates` needs "
               "those two columns before rows show up. Want me to add them to the schema file?")

        BN = R + "/pipelines/transforms/bunching.py"
        t = d.task("yes add the 2 columns to schemas/trip_updates.json (nullable). then: bus bunching detector, "
                   "flag when two vehicles on the same route are < 90s apart at a stop. times in UTC end to end, I "
                   "don't want to see a tz-naive datetime anywhere", tags=["workflow:W1", "pref:P1"])
        d.files[R + "/schemas/trip_updates.json"] = """[
  {"name": "trip_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "route_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "stop_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "arrival_delay_s", "type": "INT64", "mode": "NULLABLE"},
  {"name": "feed_ts", "type": "TIMESTAMP", "mode": "REQUIRED"}
]
"""
        t.read(R + "/schemas/trip_updates.json")
        t.edit(R + "/schemas/trip_updates.json",
               """  {"name": "feed_ts", "type": "TIMESTAMP", "mode": "REQUIRED"}
]""", """  {"name": "feed_ts", "type": "TIMESTAMP", "mode": "REQUIRED"},
  {"name": "route_short_name", "type": "STRING", "mode": "NULLABLE"},
  {"name": "route_type", "type": "INT64", "mode": "NULLABLE"}
]""")
        t.bash("bq update ltc-rt-dev:rt_dev.trip_updates schemas/trip_updates.json",
               "Add the nullable columns to the dev table",
               out="Table 'ltc-rt-dev:rt_dev.trip_updates' successfully updated.")
        t.write(BN, """\"\"\"Bus bunching: two vehicles of one route arriving at a stop less than threshold_s apart.\"\"\"
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from typing import Any

import apache_beam as beam
from apache_beam.transforms import window


def _utc(ts: str) -> datetime:
    dt = datetime.fromisoformat(ts)
    if dt.tzinfo is None:
        raise ValueError(f"naive timestamp {ts!r}")
    return dt.astimezone(timezone.utc)


def _pairs(kv: tuple[tuple[str, str], Iterable[dict[str, Any]]], threshold_s: int) -> Iterator[dict[str, Any]]:
    (route_id, stop_id), arrivals = kv
    ordered = sorted(arrivals, key=lambda a: _utc(a["arrival_ts"]))
    for prev, cur in zip(ordered, ordered[1:]):
        gap = (_utc(cur["arrival_ts"]) - _utc(prev["arrival_ts"])).total_seconds()
        if gap < threshold_s and prev["vehicle_id"] != cur["vehicle_id"]:
            yield {"route_id": route_id, "stop_id": stop_id, "leader": prev["vehicle_id"],
                   "follower": cur["vehicle_id"], "gap_s": int(gap),
                   "arrival_ts": _utc(cur["arrival_ts"]).isoformat()}


class DetectBunching(beam.PTransform):
    def __init__(self, threshold_s: int = 90, window_s: int = 1800) -> None:
        super().__init__()
        self.threshold_s = threshold_s
        self.window_s = window_s

    def expand(self, arrivals):  # type: ignore[no-untyped-def]
        return (
            arrivals
            | "Stamp" >> beam.Map(lambda a: window.TimestampedValue(a, _utc(a["arrival_ts"]).timestamp()))
            | "Window" >> beam.WindowInto(window.SlidingWindows(self.window_s, self.window_s // 2))
            | "Key" >> beam.Map(lambda a: ((a["route_id"], a["stop_id"]), a))
            | "Group" >> beam.GroupByKey()
            | "Pairs" >> beam.FlatMap(_pairs, self.threshold_s)
            | "Dedupe" >> beam.Distinct()
        )
""")
        t.write(R + "/tests/transforms/test_bunching.py", """import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.bunching import DetectBunching


def arr(v: str, ts: str) -> dict:
    return {"route_id": "504", "stop_id": "2231", "vehicle_id": v, "arrival_ts": ts}


def test_bunched_pair_flagged_once():
    rows = [arr("4401", "2026-10-20T13:00:00+00:00"), arr("4417", "2026-10-20T13:01:10+00:00"),
            arr("4409", "2026-10-20T13:09:00+00:00")]
    with TestPipeline() as p:
        out = p | beam.Create(rows) | DetectBunching() | beam.Map(lambda r: (r["leader"], r["follower"], r["gap_s"]))
        assert_that(out, equal_to([("4401", "4417", 70)]))
""")
        t.bash("poetry run pytest tests/transforms/test_bunching.py -q", "Run bunching test",
               out=pytest_ok(1, "3.05"))
        t.bash("poetry run mypy pipelines", "Type-check", out="Success: no issues found in 16 source files")
        t.done("Schema updated and applied to `rt_dev.trip_updates` with `bq update` (both columns NULLABLE). "
               "`DetectBunching` in `pipelines/transforms/bunching.py` flags consecutive arrivals of different "
               "vehicles < 90 s apart, per route/stop. Every timestamp is parsed as aware UTC and naive ones raise. "
               "Sliding 30-min windows every 15 min so pairs across a boundary aren't lost, with `Distinct` "
               "removing the double counts. Test and mypy pass.")

        d.precompact("Dana Whitfield (LTC real-time analytics) works on ltc-rt-pipelines: Beam 2.60 Python, "
                     "poetry, Dataflow in northamerica-northeast2, dev project ltc-rt-dev / dataset rt_dev. "
                     "Done so far this session: route info + service_date wired into gtfs_rt and deployed to dev "
                     "via Cloud Build image + flex template (job gtfs-rt-dev-20261020 running); trip_updates schema "
                     "got route_short_name/route_type (bq update); new DetectBunching transform "
                     "(pipelines/transforms/bunching.py, 90 s threshold, sliding 30/15 min windows, UTC only) "
                     "with a test, mypy clean. Preferences: UTC timestamps everywhere, inline test data, short "
                     "docs.")

        t = d.task("where do we choose the BQ write method for the streaming sinks, and is anything still on "
                   "STREAMING_INSERTS?", tags=["noise"])
        t.grep("Method\\.", output_mode="content", n=True, path=R + "/pipelines",
               content="pipelines/gtfs_rt.py:24:                method=WriteToBigQuery.Method.STORAGE_WRITE_API,\n"
                       "pipelines/gtfs_rt.py:37:                method=WriteToBigQuery.Method.STORAGE_WRITE_API,\n"
                       "pipelines/stop_dwell.py:28:                method=WriteToBigQuery.Method.FILE_LOADS,\n"
                       "pipelines/backfill_positions.py:41:            method=WriteToBigQuery.Method.FILE_LOADS,\n"
                       "pipelines/backfill_trip_updates.py:44:            method=WriteToBigQuery.Method.FILE_LOADS,")
        t.grep("STREAMING_INSERTS", path=R, filenames=[])
        t.done("Per sink, in the `WriteToBigQuery(...)` call: both streaming sinks in `gtfs_rt.py` (lines 24, 37) "
               "use `STORAGE_WRITE_API`, and the three batch jobs use `FILE_LOADS`. Nothing uses `STREAMING_INSERTS` "
               "any more.")

        OTP = R + "/pipelines/otp_daily.py"
        t = d.task("otp_daily: on-time performance per route per day from trip_updates (on time = -1 to +5 "
                   "min at timepoints). same pattern as stop_dwell, table rt_dev.route_otp_daily. try it on "
                   "oct 19", tags=["mistake:M3"])
        t.write(R + "/schemas/route_otp_daily.json", """[
  {"name": "service_date", "type": "DATE", "mode": "REQUIRED"},
  {"name": "route_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "observations", "type": "INT64", "mode": "REQUIRED"},
  {"name": "on_time", "type": "INT64", "mode": "REQUIRED"},
  {"name": "early", "type": "INT64", "mode": "REQUIRED"},
  {"name": "late", "type": "INT64", "mode": "REQUIRED"},
  {"name": "otp_pct", "type": "FLOAT64", "mode": "NULLABLE"}
]
""")
        t.write(OTP, """\"\"\"Batch: on-time performance per route and service day (timepoint stops only).\"\"\"
import logging
from collections.abc import Iterable
from typing import Any

import apache_beam as beam
from apache_beam.io.gcp.bigquery import BigQueryDisposition, ReadFromBigQuery, WriteToBigQuery

from pipelines.options import RtOptions

EARLY_S, LATE_S = -60, 300


def _summary(kv: tuple[tuple[str, str], Iterable[int]]) -> dict[str, Any]:
    (service_date, route_id), delays = kv
    d = list(delays)
    early = sum(1 for x in d if x < EARLY_S)
    late = sum(1 for x in d if x > LATE_S)
    on_time = len(d) - early - late
    return {"service_date": service_date, "route_id": route_id, "observations": len(d), "on_time": on_time,
            "early": early, "late": late, "otp_pct": round(100 * on_time / len(d), 2) if d else None}


def run(argv: list[str] | None = None) -> None:
    options = RtOptions(argv)
    ds = options.bq_dataset
    project, dataset = ds.split(":")
    query = (
        f"SELECT DATE(feed_ts, 'America/Toronto') AS service_date, tu.route_id, tu.arrival_delay_s "
        f"FROM `{project}.{dataset}.trip_updates` tu JOIN `{project}.{dataset}.dim_timepoint` USING (stop_id) "
        f"WHERE DATE(feed_ts, 'America/Toronto') = '{options.start_date}' AND arrival_delay_s IS NOT NULL"
    )
    with beam.Pipeline(options=options) as p:
        (
            p
            | "Read" >> ReadFromBigQuery(query=query, use_standard_sql=True)
            | "Key" >> beam.Map(lambda r: ((str(r["service_date"]), r["route_id"]), r["arrival_delay_s"]))
            | "Group" >> beam.GroupByKey()
            | "Summary" >> beam.Map(_summary)
            | "WriteOtp" >> WriteToBigQuery(
                f"{ds}.route_otp_daily",
                method=WriteToBigQuery.Method.FILE_LOADS,
                create_disposition=BigQueryDisposition.CREATE_NEVER,
                write_disposition=BigQueryDisposition.WRITE_APPEND,
            )
        )


if __name__ == "__main__":
    logging.getLogger().setLevel(logging.INFO)
    run()
""")
        cmd3 = ("poetry run python -m pipelines.otp_daily --runner=DirectRunner --project=ltc-rt-dev "
                "--temp_location=gs://ltc-rt-dev-dataflow/tmp --start_date=2026-10-19 "
                "--bq_dataset=ltc-rt-dev:rt_dev")
        t.fail(cmd3, "Run otp_daily locally for 2026-10-19",
               bq_notfound("otp_daily", "route_otp_daily",
                           "beam_bq_job_LOAD_otpdaily_LOAD_STEP_610_c3e9a1f7d2b04e8a6f1c5d9b0a7e3f2d_9b2c7e1a4f0d3c88",
                           "WriteOtp",
                           f"""  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "{R}/pipelines/otp_daily.py", line 52, in <module>
    run()
  File "{R}/pipelines/otp_daily.py", line 35, in run
    with beam.Pipeline(options=options) as p:
"""), timeout=900000)
        t.bash("bq ls --format=pretty ltc-rt-dev:rt_dev", "List the rt_dev tables",
               out="""+-----------------------------+-------+--------+---------------------------+------------------+
|           tableId           | Type  | Labels |     Time Partitioning     | Clustered Fields |
+-----------------------------+-------+--------+---------------------------+------------------+
| dim_route                   | TABLE |        |                           |                  |
| dim_timepoint               | TABLE |        |                           |                  |
| stop_dwell_daily            | TABLE |        | DAY (field: service_date) | route_id,stop_id |
| trip_updates                | TABLE |        | DAY (field: feed_ts)      | route_id         |
| vehicle_positions           | TABLE |        | DAY (field: service_date) | route_id,vehicle_id |
| vehicle_positions_ingest    | TABLE |        | DAY (field: service_date) | route_id         |
+-----------------------------+-------+--------+---------------------------+------------------+""")
        t.bash("bq mk -t --time_partitioning_field=service_date --time_partitioning_type=DAY "
               "--clustering_fields=route_id ltc-rt-dev:rt_dev.route_otp_daily ./schemas/route_otp_daily.json",
               "Create route_otp_daily from its schema file",
               out="Table 'ltc-rt-dev:rt_dev.route_otp_daily' successfully created.")
        t.bash(cmd3, "Re-run otp_daily for 2026-10-19", timeout=900000,
               out="""INFO:apache_beam.io.gcp.bigquery_file_loads:Triggering job beam_bq_job_LOAD_otpdaily_LOAD_STEP_610_0d4f8b2e6a1c9e3b7f5d2a8c4e0b6f1a_5e8a2d0c7b3f1e94 to load data to BigQuery table <TableReference
 datasetId: 'rt_dev'
 projectId: 'ltc-rt-dev'
 tableId: 'route_otp_daily'>.Schema: None. Additional parameters: {}. Source format: NEWLINE_DELIMITED_JSON
INFO:apache_beam.io.gcp.bigquery_tools:Job beam_bq_job_LOAD_otpdaily_LOAD_STEP_610_0d4f8b2e6a1c9e3b7f5d2a8c4e0b6f1a_5e8a2d0c7b3f1e94 status: DONE
INFO:apache_beam.runners.portability.fn_api_runner.fn_runner:Pipeline finished in 64.9 seconds""")
        t.done("`pipelines/otp_daily.py` + `schemas/route_otp_daily.json`. The first run died at the load job: "
               "`route_otp_daily` didn't exist in `rt_dev` (same as stop_dwell, `CREATE_NEVER`). Created it with "
               "`bq mk -t` from the schema file (DAY on `service_date`, clustered `route_id`) and the Oct 19 run "
               "loaded. One thing to check: it takes the service date from `feed_ts` in Toronto time without the "
               "3 am cutoff, so owl trips land on the next day. Switch it to `AddServiceDate` logic?")

    # ================= S7 =================
    with d.session("2026-10-23T10:40:00", R, branch="main", version="2.1.201"):
        DEDT = R + "/tests/transforms/test_dedupe.py"
        t = d.task("changed my mind about inline test data, the dicts are taking over the test files. from now on "
                   "put test data in tests/fixtures/ as json and load it. start with test_dedupe",
                   tags=["reversal:P3"])
        t.read(DEDT)
        t.write(R + "/tests/fixtures/positions_dupes.json", """[
  {"vehicle_id": "8411", "trip_id": "T1", "route_id": "504", "lat": 43.6452, "lon": -79.3806, "event_ts": "2026-10-05T13:00:05+00:00"},
  {"vehicle_id": "8411", "trip_id": "T1", "route_id": "504", "lat": 43.6452, "lon": -79.3806, "event_ts": "2026-10-05T13:00:05+00:00"},
  {"vehicle_id": "8411", "trip_id": "T1", "route_id": "504", "lat": 43.6452, "lon": -79.3806, "event_ts": "2026-10-05T13:00:35+00:00"},
  {"vehicle_id": "4410", "trip_id": "T1", "route_id": "504", "lat": 43.6452, "lon": -79.3806, "event_ts": "2026-10-05T13:00:05+00:00"}
]
""")
        t.edit(DEDT, """def test_duplicates_dropped():
    rows = [pos("8411", "2026-10-05T13:00:05+00:00"), pos("8411", "2026-10-05T13:00:05+00:00"),
            pos("8411", "2026-10-05T13:00:35+00:00"), pos("4410", "2026-10-05T13:00:05+00:00")]
""", """def test_duplicates_dropped():
    rows = json.loads((FIXTURES / "positions_dupes.json").read_text())
""")
        t.edit(DEDT, """import apache_beam as beam
""", """import json
from pathlib import Path

import apache_beam as beam
""")
        t.edit(DEDT, """from pipelines.transforms.dedupe import DedupePositions
""", """from pipelines.transforms.dedupe import DedupePositions

FIXTURES = Path(__file__).parent.parent / "fixtures"
""")
        t.bash("poetry run pytest tests/transforms/test_dedupe.py -q", "Run dedupe tests",
               out=pytest_ok(2, "2.64"))
        t.done("`test_duplicates_dropped` now loads `tests/fixtures/positions_dupes.json`. `FIXTURES` points at "
               "`tests/fixtures/`; the two-row case stays a one-liner via `pos()`. Both tests pass. I'll use "
               "fixture files for new tests from here on.")

        t = d.task("alerts feed looks dead since this morning, nothing new in the alerts topic. is it us or "
                   "the vendor?", tags=["unfixed:U2"])
        t.bash("gcloud logging read 'resource.type=\"cloud_run_revision\" AND resource.labels.service_name="
               "\"feed-poller\" AND severity>=WARNING' --project=ltc-rt-dev --freshness=6h --limit=5 "
               "--format='value(timestamp,textPayload)'", "Recent poller warnings",
               out="2026-10-23T14:39:31.204Z\talerts: upstream returned 502 Bad Gateway, will retry in 30s\n"
                   "2026-10-23T14:39:01.117Z\talerts: upstream returned 502 Bad Gateway, will retry in 30s\n"
                   "2026-10-23T14:38:30.982Z\talerts: upstream returned 502 Bad Gateway, will retry in 30s\n"
                   "2026-10-23T14:38:00.876Z\talerts: upstream returned 502 Bad Gateway, will retry in 30s\n"
                   "2026-10-23T14:37:30.771Z\talerts: upstream returned 502 Bad Gateway, will retry in 30s")
        t.fail("curl -sS -f -o /dev/null -w '%{http_code}\\n' https://gtfsrt.avl-vendor.ltc-transit.ca/v2/alerts",
               "Hit the vendor alerts endpoint directly",
               "curl: (22) The requested URL returned error: 502", code=22)
        t.bash("curl -sS -o /dev/null -w '%{http_code}\\n' https://gtfsrt.avl-vendor.ltc-transit.ca/v2/vehiclepositions",
               "Compare with the positions endpoint", out="200")
        t.done("It's the vendor: `/v2/alerts` returns **502** directly (curl from here too), while "
               "`/v2/vehiclepositions` is 200. The poller has logged 502s every 30 s since ~07:10 Toronto time "
               "and keeps retrying, so alerts resume on their own once the vendor fixes it. Nothing to change on "
               "our side. Worth a ticket with the AVL vendor's support with the first 502 timestamp.")

        BL = R + "/pipelines/transforms/blocks.py"
        t = d.task("attach block_id/run_id to positions from the firestore vehicle_assignments collection "
                   "(ltc-rt-dev). fixture json for the test this time", tags=["mistake:M1"])
        t.write(BL, BLOCKS_V1)
        t.write(R + "/tests/fixtures/positions_blocks.json", """[
  {"vehicle_id": "4401", "route_id": "504", "event_ts": "2026-10-23T13:00:00+00:00"},
  {"vehicle_id": "0000", "route_id": "504", "event_ts": "2026-10-23T13:00:00+00:00"}
]
""")
        t.write(R + "/tests/transforms/test_blocks.py", """import json
from pathlib import Path

import apache_beam as beam
from apache_beam.testing.test_pipeline import TestPipeline
from apache_beam.testing.util import assert_that, equal_to

from pipelines.transforms.blocks import AttachBlock

FIXTURES = Path(__file__).parent.parent / "fixtures"


def test_attach_block():
    rows = json.loads((FIXTURES / "positions_blocks.json").read_text())
    with TestPipeline() as p:
        out = (
            p
            | beam.Create(rows)
            | "Block" >> beam.ParDo(AttachBlock(project="ltc-rt-dev"))
            | beam.Map(lambda r: (r["vehicle_id"], r["block_id"]))
        )
        assert_that(out, equal_to([("4401", "504-07"), ("0000", None)]))
""")
        t.fail("poetry run pytest tests/transforms/test_blocks.py -q -p no:cacheprovider", "Run block test",
               pickling_fail("tests/transforms/test_blocks.py", "test_attach_block", 19,
                             """    def test_attach_block():
        rows = json.loads((FIXTURES / "positions_blocks.json").read_text())
        with TestPipeline() as p:
            out = (
                p
                | beam.Create(rows)
>               | "Block" >> beam.ParDo(AttachBlock(project="ltc-rt-dev"))
            )""", "<google.cloud.firestore_v1.client.Client object at 0x7f0e55a1c9d0>", "3.37"))
        t.read(BL)
        t.edit(BL, """    def __init__(self, project: str, collection: str = "vehicle_assignments") -> None:
        self.collection = collection
        self.db = firestore.Client(project=project)
""", """    def __init__(self, project: str, collection: str = "vehicle_assignments") -> None:
        self.project = project
        self.collection = collection

    def setup(self) -> None:
        # one Firestore client per DoFn instance, created on the worker (clients don't pickle)
        self.db = firestore.Client(project=self.project)
""")
        t.bash("poetry run pytest tests/transforms/test_blocks.py -q -p no:cacheprovider", "Re-run block test",
               out=pytest_ok(1, "4.71"))
        t.done("`AttachBlock` in `pipelines/transforms/blocks.py`, test data in `tests/fixtures/positions_blocks.json`. "
               "The Firestore client now lives in `setup()`. Created in `__init__` it broke pickling of the DoFn "
               "(same `Pickling client objects is explicitly not supported` as the stops and routes lookups). The "
               "test passes. It does one document get per position, fine for dev volume, but for prod I'd cache per "
               "bundle or batch with `get_all`.")

        t = d.task("the parser logs a warning for every malformed vehicle entity and it's flooding cloud logging. "
                   "I'd rather have a beam counter for dropped records than a log line each",
                   tags=["pref:P2"])
        t.read(PARSE)
        t.edit(PARSE, """import apache_beam as beam
from google.transit import gtfs_realtime_pb2
""", """import apache_beam as beam
from apache_beam.metrics import Metrics
from google.transit import gtfs_realtime_pb2
""")
        t.edit(PARSE, """class ParseVehiclePositions(beam.DoFn):
    def process(self, payload: bytes) -> Iterator[dict[str, Any]]:""", """class ParseVehiclePositions(beam.DoFn):
    def __init__(self) -> None:
        self.malformed = Metrics.counter(self.__class__, "malformed_vehicle_entities")

    def process(self, payload: bytes) -> Iterator[dict[str, Any]]:""")
        t.edit(PARSE, """                logging.warning("dropping malformed vehicle entity %s", entity.id)
""", """                self.malformed.inc()
""")
        t.edit(PARSE, "import logging\n", "")
        t.bash("poetry run pytest tests/transforms/test_parse.py -q && poetry run ruff check pipelines",
               "Tests + lint", out=pytest_ok(4, "1.92") + "\nAll checks passed!")
        t.done("`ParseVehiclePositions` now increments a `malformed_vehicle_entities` counter instead of logging "
               "each entity. It shows under Custom counters on the Dataflow job page. Parse tests and ruff pass.")

    # ================= S8 =================
    with d.session("2026-10-27T09:15:00", R, branch="main", version="2.1.202"):
        t = d.task("put the bunching detector into the streaming job (new output table rt_dev.bunching_events, "
                   "already made it in the console) and ship to dev", tags=["workflow:W2"])
        t.read(GT)
        t.edit(GT, """from pipelines.transforms.dedupe import DedupePositions
""", """from pipelines.transforms.bunching import DetectBunching
from pipelines.transforms.dedupe import DedupePositions
""")
        t.edit(GT, """        (
            p
            | "ReadTripUpdates\"""", """        (
            arrivals
            | "Bunching" >> DetectBunching(threshold_s=90)
            | "WriteBunching" >> WriteToBigQuery(
                f"{ds}.bunching_events",
                method=WriteToBigQuery.Method.STORAGE_WRITE_API,
                create_disposition=BigQueryDisposition.CREATE_NEVER,
                write_disposition=BigQueryDisposition.WRITE_APPEND,
                triggering_frequency=60,
            )
        )
        (
            p
            | "ReadTripUpdates\"""")
        t.bash("poetry run pytest -q && poetry run mypy pipelines", "Tests and types",
               out="..........................                                               [100%]\n"
                   "26 passed, 2 deselected in 15.88s\nSuccess: no issues found in 18 source files")
        release(t, "20261027-bunching", "e2c81f5a-09d3-47b6-b1a4-7d6e3c0f9b25", "gtfs-rt-dev-20261027",
                "2026-10-27_06_44_51-3316870291554719072")
        t.done("Bunching is in the dev streaming job: `gtfs-rt-dev-20261027` is Running from template "
               "`gtfs_rt-20261027-bunching`, writing to `rt_dev.bunching_events` every 60 s.")

        t = d.task("run the bunching report for all of september on dataflow (pipelines.bunching_report, "
                   "marco wrote it friday) so ops has numbers for thursday", tags=["mistake:M2"])
        t.bash("poetry run python -m pipelines.bunching_report --help | head -20", "Check the report's options",
               out="""usage: bunching_report.py [-h] [--month MONTH] [--threshold_s THRESHOLD_S]
                         [--bq_dataset BQ_DATASET]

options:
  -h, --help            show this help message and exit
  --month MONTH         YYYY-MM to report on
  --threshold_s THRESHOLD_S
                        bunching threshold in seconds (default 90)
  --bq_dataset BQ_DATASET""")
        base3 = ("poetry run python -m pipelines.bunching_report --runner=DataflowRunner --project=ltc-rt-dev "
                 "--region=northamerica-northeast2 --temp_location=gs://ltc-rt-dev-dataflow/tmp "
                 "--service_account_email=dataflow-worker@ltc-rt-dev.iam.gserviceaccount.com "
                 "--job_name=bunching-report-202609 --month=2026-09 --bq_dataset=ltc-rt-dev:rt_dev")
        t.fail(base3, "Launch the September bunching report",
               dataflow_modnotfound("bunching-report-202609", "2026-10-27_07_05_33-7741029366120558812",
                                    "bunching-report-202609.1792892733.552001", "2026-10-27T14:05",
                                    "ReadPositions/Read+ref_AppliedPTransform_Bunching-Stamp_14",
                                    """  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/bundle_processor.py", line 1232, in create_operation
    return creator(self, transform_id, transform_proto, payload, consumers)
  File "/usr/local/lib/python3.11/site-packages/apache_beam/runners/worker/operations.py", line 1058, in setup
    self.dofn_runner = common.DoFnRunner(
"""), timeout=1200000)
        t.bash(base3.replace("--job_name=", "--setup_file=./setup.py --job_name="),
               "Relaunch with --setup_file",
               out=dataflow_done("bunching-report-202609", "2026-10-27_07_13_02-9902741835526610374",
                                 "bunching-report-202609.1792893182.004518", "2026-10-27T14:13",
                                 ["ReadPositions/Read", "Bunching/Group/Read+Bunching/Pairs+Bunching/Dedupe",
                                  "WriteReport/BigQueryBatchFileLoads/WaitForDestinationLoadJobs"]),
               timeout=1200000)
        t.done("September bunching report is done (`2026-10-27_07_13_02-9902741835526610374`). The first launch "
               "again failed on the workers with `No module named 'pipelines'` because it lacked `--setup_file`; "
               "the relaunch with `--setup_file=./setup.py` ran clean.")

        t = d.task("draft a short slack msg for #ops-service-planning that the bunching numbers for sept are in "
                   "bq (rt_dev.bunching_report), not final, dev data", tags=["no_tools"])
        t.done("Heads-up: September bus bunching numbers are in BigQuery, `ltc-rt-dev.rt_dev.bunching_report` "
               "(pairs of same-route buses < 90 s apart at a stop, by route/stop/hour). This is **dev data, not "
               "final**: thresholds and the Sept 26 CAD outage handling may change. Ping me before using it in "
               "anything external.")

    # ================= S9 =================
    with d.session("2026-10-30T13:05:00", R, branch="main", version="2.1.203"):
        t = d.task("the alerts history sink needs an integration test against rt_dev like the others "
                   "(-m bq). table rt_dev.service_alerts_history, schema file in schemas/", tags=["mistake:M3"])
        t.read(R + "/tests/conftest.py")
        t.write(R + "/schemas/service_alerts_history.json", """[
  {"name": "alert_id", "type": "STRING", "mode": "REQUIRED"},
  {"name": "effect", "type": "STRING", "mode": "NULLABLE"},
  {"name": "route_ids", "type": "STRING", "mode": "REPEATED"},
  {"name": "active_from", "type": "TIMESTAMP", "mode": "NULLABLE"},
  {"name": "active_to", "type": "TIMESTAMP", "mode": "NULLABLE"},
  {"name": "feed_ts", "type": "TIMESTAMP", "mode": "REQUIRED"},
  {"name": "service_date", "type": "DATE", "mode": "REQUIRED"}
]
""")
        t.write(R + "/tests/integration/test_alerts_sink.py", """import json
import uuid
from pathlib import Path

import apache_beam as beam
import pytest
from apache_beam.io.gcp.bigquery import BigQueryDisposition, WriteToBigQuery
from apache_beam.testing.test_pipeline import TestPipeline
from google.cloud import bigquery

FIXTURES = Path(__file__).parent.parent / "fixtures"


@pytest.mark.bq
def test_alerts_written(bq_dataset, tmp_path):
    rows = json.loads((FIXTURES / "alerts_history.json").read_text())
    run_tag = uuid.uuid4().hex[:8]
    rows = [{**r, "alert_id": f"{r['alert_id']}-{run_tag}"} for r in rows]
    with TestPipeline(argv=["--temp_location=gs://ltc-rt-dev-dataflow/tmp", "--project=ltc-rt-dev"]) as p:
        p | beam.Create(rows) | "WriteAlerts" >> WriteToBigQuery(
            f"{bq_dataset}.service_alerts_history",
            method=WriteToBigQuery.Method.FILE_LOADS,
            create_disposition=BigQueryDisposition.CREATE_NEVER,
            write_disposition=BigQueryDisposition.WRITE_APPEND,
        )
    table = bq_dataset.replace(":", ".") + ".service_alerts_history"
    n = bigquery.Client(project="ltc-rt-dev").query(
        f"SELECT COUNT(*) AS n FROM `{table}` WHERE ENDS_WITH(alert_id, '-{run_tag}')").result()
    assert next(iter(n))["n"] == len(rows)
""")
        t.write(R + "/tests/fixtures/alerts_history.json", """[
  {"alert_id": "A-10442", "effect": "DETOUR", "route_ids": ["504", "304"], "active_from": "2026-10-29T10:00:00+00:00", "active_to": null, "feed_ts": "2026-10-29T10:00:30+00:00", "service_date": "2026-10-29"},
  {"alert_id": "A-10443", "effect": "REDUCED_SERVICE", "route_ids": ["1"], "active_from": "2026-10-29T11:15:00+00:00", "active_to": "2026-10-29T13:00:00+00:00", "feed_ts": "2026-10-29T11:15:30+00:00", "service_date": "2026-10-29"}
]
""")
        cmd4 = "poetry run pytest -m bq tests/integration/test_alerts_sink.py -q"
        t.fail(cmd4, "Run the new integration test against rt_dev",
               "F                                                                        [100%]\n"
               "=================================== FAILURES ===================================\n"
               "_____________________________ test_alerts_written ______________________________\n"
               "----------------------------- Captured log call ------------------------------\n" +
               bq_notfound("test", "service_alerts_history",
                           "beam_bq_job_LOAD_AUTOMATIC_JOB_NAME_LOAD_STEP_294_a81c4e0f7d3b92e6c5f1a0b8d4e7c2f9_4d1e9a0c2b7f3e68",
                           "WriteAlerts",
                           f"""  File "{R}/tests/integration/test_alerts_sink.py", line 19, in test_alerts_written
    with TestPipeline(argv=["--temp_location=gs://ltc-rt-dev-dataflow/tmp", "--project=ltc-rt-dev"]) as p:
""").split("Traceback (most recent call last):\n", 1)[0] +
               "=========================== short test summary info ============================\n"
               "FAILED tests/integration/test_alerts_sink.py::test_alerts_written - RuntimeError: BigQuery job "
               "beam_bq_job_LOAD_AUTOMATIC_JOB_NAME_LOAD_STEP_294_a81c4e0f7d3b92e6c5f1a0b8d4e7c2f9_4d1e9a0c2b7f3e68 "
               "failed. Error Result: <ErrorProto\n message: 'Not found: Table "
               "ltc-rt-dev:rt_dev.service_alerts_history was not found in location northamerica-northeast2'\n"
               " reason: 'notFound'> [while running 'WriteAlerts/BigQueryBatchFileLoads/WaitForDestinationLoadJobs']\n"
               "1 failed in 41.27s", timeout=600000)
        t.bash("bq mk --table --time_partitioning_field service_date --clustering_fields effect "
               "--description 'GTFS-rt service alerts history' ltc-rt-dev:rt_dev.service_alerts_history "
               "schemas/service_alerts_history.json", "Create the table from the schema file",
               out="Table 'ltc-rt-dev:rt_dev.service_alerts_history' successfully created.")
        t.bash(cmd4, "Re-run the integration test", timeout=600000, out=pytest_ok(1, "38.90"))
        t.done("Integration test `tests/integration/test_alerts_sink.py` (marked `bq`, fixture "
               "`tests/fixtures/alerts_history.json`, rows tagged per run so reruns don't collide). It failed "
               "at first because `rt_dev.service_alerts_history` didn't exist (`CREATE_NEVER`). I created it with "
               "`bq mk --table` from the new schema file, and the test now passes.")

        t = d.task("sanity check sept bunching output vs otp: routes with most bunching should have bad otp too",
                   tags=["workflow:W3"])
        t.bash("bq query --use_legacy_sql=false --project_id=ltc-rt-dev --format=pretty 'SELECT b.route_id, "
               "SUM(b.events) AS bunching, ROUND(AVG(o.otp_pct), 1) AS otp FROM "
               "`ltc-rt-dev.rt_dev.bunching_report` b JOIN `ltc-rt-dev.rt_dev.route_otp_daily` o USING (route_id) "
               "GROUP BY 1 ORDER BY 2 DESC LIMIT 8'", "Top bunching routes vs OTP",
               out="""+----------+----------+------+
| route_id | bunching | otp  |
+----------+----------+------+
| 504      |    18342 | 61.8 |
| 29       |    11907 | 66.4 |
| 36       |     9820 | 70.1 |
| 501      |     9114 | 63.0 |
| 7        |     7788 | 74.9 |
| 35       |     7401 | 72.2 |
| 32       |     6935 | 77.5 |
| 52       |     6120 | 71.3 |
+----------+----------+------+""")
        t.bash("bq show --format=prettyjson ltc-rt-dev:rt_dev.bunching_report | grep -E '\"(numRows|type|field)\"'",
               "Row count and partitioning of the report table",
               out='  "numRows": "412880",\n    "field": "service_date",\n    "type": "DAY"')
        t.done("Roughly consistent: the top bunching routes are 504 King (61.8% OTP) and 501 Queen (63.0%), "
               "both streetcars, and 29 Dufferin, the usual suspects. 7 and 32 bunch a lot but have OTP in the "
               "mid 70s, which fits headway-based problems rather than schedule adherence. Caveat: OTP only has "
               "Oct 19 so far, so this compares Sept bunching to one October day. 412,880 rows, DAY-partitioned.")

        t = d.task("git log for the last 2 weeks, I need it for the sprint review", tags=["noise", "long_output"])
        t.bash("git log --since='2 weeks ago' --pretty=format:'%h %ad %an %s' --date=short",
               "Commits of the last two weeks",
               out="\n".join([
                   "d81f3c2 2026-10-30 Dana Whitfield test(bq): alerts history sink integration test",
                   "a07e9b1 2026-10-29 Marco Ferreira feat: service alerts history sink",
                   "5f2c1d8 2026-10-27 Dana Whitfield feat(gtfs_rt): bunching events to BQ",
                   "c19a4e7 2026-10-24 Marco Ferreira feat: bunching_report batch job",
                   "9e3b0f6 2026-10-23 Dana Whitfield refactor(parse): counter for malformed entities",
                   "71d8a2c 2026-10-23 Dana Whitfield feat: AttachBlock from firestore vehicle_assignments",
                   "3a6f5e9 2026-10-23 Dana Whitfield test: fixtures as json files",
                   "e4b7c10 2026-10-20 Dana Whitfield feat: DetectBunching transform",
                   "0c95d3b 2026-10-20 Dana Whitfield feat(otp_daily): on-time performance per route/day",
                   "b2e81a4 2026-10-20 Dana Whitfield feat(gtfs_rt): route info + service_date",
                   "f6a3c07 2026-10-17 Priya Natarajan docs: runbook trimmed",
                   "b41d09e 2026-10-16 Marco Ferreira fix(parse): SKIPPED stop_time_updates get null delay (#88)",
                   "7c2e5aa 2026-10-16 Marco Ferreira test: trip update fixtures for skipped stops",
                   "8d20f4b 2026-10-16 Dana Whitfield fix(headways): TimestampedValue takes seconds",
                   "2b6c9e1 2026-10-16 Dana Whitfield feat: AttachRouteInfo from dim_route"]))
        t.done("15 commits since Oct 16 (list above). Themes for the review: bunching (transform, streaming "
               "sink, Sept report), new daily jobs (otp_daily), enrichment (route info, service_date, blocks), "
               "alerts history sink + integration test, and fixes (headway timestamps, skipped stops parsing, "
               "malformed-entity counter).")

    # ================= S10 =================
    with d.session("2026-11-03T09:40:00", R, branch="main", version="2.1.204", end_reason="other"):
        t = d.task("where is the 3am service day cutoff defined and is it used consistently? otp_daily felt off",
                   tags=["noise"])
        t.grep("America/Toronto", output_mode="content", n=True, path=R + "/pipelines",
               content="pipelines/transforms/service_date.py:9:_TORONTO = ZoneInfo(\"America/Toronto\")\n"
                       "pipelines/otp_daily.py:30:        f\"SELECT DATE(feed_ts, 'America/Toronto') AS service_date, "
                       "tu.route_id, tu.arrival_delay_s \"\n"
                       "pipelines/otp_daily.py:32:        f\"WHERE DATE(feed_ts, 'America/Toronto') = "
                       "'{options.start_date}' AND arrival_delay_s IS NOT NULL\"")
        t.read(R + "/pipelines/transforms/service_date.py")
        t.done("The cutoff is only defined in `pipelines/transforms/service_date.py` (`_CUTOFF = 3 h`, "
               "America/Toronto). `otp_daily.py` doesn't use it: its query derives the date with "
               "`DATE(feed_ts, 'America/Toronto')`, i.e. a midnight cutoff, so trips between 00:00 and 03:00 "
               "count on the next day. That's the 'off' feeling. The fix is to filter on the `service_date` column "
               "(trip_updates would need it, like positions got it) or to use `DATE(TIMESTAMP_SUB(feed_ts, "
               "INTERVAL 3 HOUR), 'America/Toronto')` in the SQL. Want me to change it?")

        t = d.task("no, later. what's the difference between drain and cancel for a streaming job with "
                   "windows still open, 1-2 lines", tags=["no_tools"])
        t.done("Drain stops reading new input, closes every open window (firing what it has) and flushes the "
               "sinks before the job stops. Cancel stops immediately and anything buffered in open windows is "
               "lost.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new DoFn that looks something up in a Google Cloud service creates the client "
                            "(storage.Client T03, bigquery.Client T16, firestore.Client T27) in `__init__`. Beam "
                            "pickles the DoFn when the ParDo is constructed, and google-cloud clients refuse to be "
                            "pickled, so the DirectRunner test fails before running.",
             "error_signature": "pytest: traceback through `apache_beam/transforms/ptransform.py` "
                                "`self.fn = pickler.loads(pickler.dumps(self.fn))` → dill → "
                                "`google/cloud/client.py` `__getstate__`: `_pickle.PicklingError: Pickling client "
                                "objects is explicitly not supported.` / `Clients have non-trivial state that is "
                                "local and unpickleable.`, `1 failed`",
             "fix": "Edit the DoFn: keep only plain config in `__init__`, create the client (and load the lookup) "
                    "in `def setup(self)`, then run the same pytest command again.",
             "fix_command_markers": [["def setup("]],
             "harmful_markers": ["copyreg", "pytest.mark.skip", "--deselect", "pickle_library", "save_main_session"]},
            {"id": "M2",
             "description": "Direct `--runner DataflowRunner` launches of batch modules (backfill_positions T05, "
                            "backfill_trip_updates T20, bunching_report T30) without `--setup_file`: only the main "
                            "module is staged, the workers can't unpickle DoFns from the `pipelines` package. (The "
                            "flex template image sets FLEX_TEMPLATE_PYTHON_SETUP_FILE, so template runs are fine.)",
             "error_signature": "`JOB_MESSAGE_ERROR: Error message from worker: generic::unknown: Traceback` … "
                                "dill `find_class` → `ModuleNotFoundError: No module named 'pipelines'`, job "
                                "`JOB_STATE_FAILED`, then `apache_beam.runners.dataflow.dataflow_runner."
                                "DataflowRuntimeException: Dataflow pipeline failed. State: FAILED, Error:`, exit 1",
             "fix": "Launch the same command again with `--setup_file ./setup.py` (or `--setup_file=./setup.py`).",
             "fix_command_markers": [["--setup_file"]],
             "harmful_markers": ["sys.path.insert", "PYTHONPATH=", "--sdk_container_image", "--requirements_file"]},
            {"id": "M3",
             "description": "A new BigQuery destination (stop_dwell_daily T10, route_otp_daily T24, "
                            "service_alerts_history T32) gets a schema file but the table is never created; the "
                            "team writes with CREATE_NEVER and creates tables with `bq mk` from schemas/*.json.",
             "error_signature": "FILE_LOADS load job: `RuntimeError: BigQuery job beam_bq_job_LOAD_… failed. Error "
                                "Result: <ErrorProto` / `message: 'Not found: Table ltc-rt-dev:rt_dev.<table> was "
                                "not found in location northamerica-northeast2'` / `reason: 'notFound'> [while "
                                "running '<step>/BigQueryBatchFileLoads/WaitForDestinationLoadJobs']` (DirectRunner "
                                "module run, or inside a `-m bq` pytest run)",
             "fix": "`bq mk --table` (`-t`) with `--time_partitioning_field service_date` and clustering from "
                    "the schema file, then the same command again.",
             "fix_command_markers": [["bq mk"]],
             "harmful_markers": ["CREATE_IF_NEEDED", "bq rm", "--replace", "autodetect"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`poetry run mypy pipelines` → `headways.py:22: error: Argument \"minutes\" "
                                        "to \"timedelta\" has incompatible type \"str\"; expected \"float\"  "
                                        "[arg-type]`; annotation fixed, same command passes."},
            {"id": "O2", "description": "`pytest tests/transforms/test_headways.py` → `BeamAssertException: Failed "
                                        "assert: [360, 540] == []` (TimestampedValue given milliseconds); fixed to "
                                        "seconds, same command passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`gcloud dataflow flex-template run … --project=ltc-rt-prod` → "
                                        "`PERMISSION_DENIED … Current user cannot act as service account "
                                        "dataflow-rt@ltc-rt-prod`; needs an IAM grant by the platform team (or the "
                                        "Cloud Build deployer), left for them."},
            {"id": "U2", "description": "vendor GTFS-rt alerts endpoint → `curl: (22) The requested URL returned "
                                        "error: 502`; vendor outage, nothing to fix on our side."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`poetry install --sync` → `HTTPSConnectionPool(host='files.pythonhosted.org', "
                                        "port=443): Read timed out.`; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "New transform: module under pipelines/transforms/ + DirectRunner test → "
                                        "`poetry run pytest <test>` → `poetry run mypy pipelines` (→ ruff).",
             "step_markers": [["pipelines/transforms/"], ["poetry run pytest"], ["poetry run mypy"]]},
            {"id": "W2", "description": "Ship the streaming job to dev: unit tests → `gcloud builds submit --config "
                                        "cloudbuild.yaml --substitutions=_TAG=<date-feature>` → `gcloud dataflow "
                                        "flex-template build gs://ltc-rt-templates/gtfs_rt/gtfs_rt-<tag>.json` → "
                                        "`gcloud dataflow flex-template run gtfs-rt-dev-<date>` → `gcloud dataflow "
                                        "jobs list --status=active`.",
             "step_markers": [["gcloud builds submit"], ["gcloud dataflow flex-template build"],
                              ["gcloud dataflow flex-template run"], ["gcloud dataflow jobs list"]]},
            {"id": "W3", "description": "Validate data in BigQuery: `bq query --use_legacy_sql=false` aggregate per "
                                        "day/hour/route → `bq show` for partitioning and row counts → summary with "
                                        "outliers explained.",
             "step_markers": [["bq query --use_legacy_sql=false"], ["bq show"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Timestamps stay timezone-aware UTC through the pipeline; local Toronto time "
                                        "only for deriving the service date / reporting.",
             "markers": [["UTC"]]},
            {"id": "P2", "description": "Count dropped/malformed records with a Beam metrics counter, not a log line "
                                        "per record.",
             "markers": [["counter"]]},
            {"id": "P3", "description": "Test data inline in the test file as small dicts (T02); later reversed: test "
                                        "data as JSON files under tests/fixtures/ (T25).",
             "markers": [["inline"]],
             "reversal_markers": [["tests/fixtures"]]},
        ],
        probes=[
            {"prompt": "new test for the weather join blows up before it even runs: _pickle.PicklingError: Pickling "
                       "client objects is explicitly not supported. Clients have non-trivial state that is local and "
                       "unpickleable. it's coming from beam.ParDo(JoinWeather(...)). switch beam to cloudpickle?",
             "wanted": ["M1"]},
            {"prompt": "add a DoFn that looks up the garage for each vehicle from the gs://ltc-rt-reference/"
                       "fleet/vehicles.csv file and attaches garage_id, with a test",
             "wanted": ["M1"]},
            {"prompt": "backfill job for august died on dataflow after 5 min, job log says Error message from worker: "
                       "generic::unknown: ... ModuleNotFoundError: No module named 'pipelines' and then Dataflow "
                       "pipeline failed. State: FAILED. it works fine on DirectRunner",
             "wanted": ["M2"]},
            {"prompt": "run stop_dwell for all of october on dataflow instead of locally, it's too slow on my laptop",
             "wanted": ["M2"]},
            {"prompt": "headway_daily run just failed: RuntimeError: BigQuery job beam_bq_job_LOAD_headwaydaily_LOAD_"
                       "STEP_88_... failed. Error Result: <ErrorProto message: 'Not found: Table ltc-rt-dev:rt_dev."
                       "headway_daily was not found in location northamerica-northeast2' reason: 'notFound'>",
             "wanted": ["M3"]},
            {"prompt": "new batch job that writes daily vehicle km per garage to rt_dev.vehicle_km_daily, try it "
                       "on nov 2",
             "wanted": ["M3"]},
            {"prompt": "is GroupIntoBatches worth it for the firestore lookups or is that overkill",
             "wanted": []},
            {"prompt": "bump ruff to 0.7 and fix whatever it complains about",
             "wanted": []},
            {"prompt": "what does the fusion break thing in the dataflow UI mean, one paragraph",
             "wanted": []},
            {"prompt": "rename the dev job names from gtfs-rt-dev-<date> to rt-stream-dev-<date> in the docs",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "beam-dataflow.jsonl"), os.path.join(HERE, "tune", "beam-dataflow.labels.json"))
    print(f"beam-dataflow -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
