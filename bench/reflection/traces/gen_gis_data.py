"""gis-data: Rachel Hughes, geospatial data engineer at Tern Environmental (environmental consultancy, UK).

Stack: Python 3.12 in a miniforge/mamba env `tern-geo` (GDAL 3.9 / OGR, rasterio 1.4, geopandas 1.0, shapely 2.0,
pyproj 3.7), PostGIS 3.4 on PostgreSQL 16 (psql, raster2pgsql), QGIS 3.34 qgis_process, tippecanoe + PMTiles,
Makefile pipelines, S3 via the aws CLI, Jupyter, git on GitHub.

Written blind for fresh/; measured once held out (round 19), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "rachel"
R = "/home/rachel/work/tern-geo-pipelines"
MODEL = "claude-opus-4-6"
ENV = "/home/rachel/miniforge3/envs/tern-geo"
SP = f"{ENV}/lib/python3.12/site-packages"
BUCKET = "s3://tern-geo-deliverables"
HX = random.Random(9127)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


MAKEFILE = """# Tern Environmental - geospatial pipelines
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
BUCKET := s3://tern-geo-deliverables
AWS_PROFILE ?= tern
export AWS_PROFILE

.PHONY: help db load-raster lint test

help: ## list targets
\t@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\\n", $$1, $$2}'

db: ## new project database with PostGIS + staging schema (PROJECT=p2431_riverside)
\tcreatedb $(PROJECT)
\tpsql -d $(PROJECT) -c "CREATE EXTENSION IF NOT EXISTS postgis;"
\tpsql -d $(PROJECT) -c "CREATE SCHEMA IF NOT EXISTS staging;"

load-raster: ## raster into PostGIS as 256x256 tiles (PROJECT= RASTER= TABLE=)
\traster2pgsql -s 27700 -I -C -M -F -t 256x256 $(RASTER) $(TABLE) | psql -v ON_ERROR_STOP=1 -q -d $(PROJECT)

lint: ## ruff
\truff check pipelines tests
\truff format --check pipelines tests

test: ## pytest
\tpytest -q tests
"""

ENV_YML = """name: tern-geo
channels:
  - conda-forge
dependencies:
  - python=3.12
  - gdal=3.9.2
  - rasterio=1.4.1
  - rio-cogeo=5.3.6
  - geopandas=1.0.1
  - shapely=2.0.6
  - pyproj=3.7.0
  - pyogrio=0.10.0
  - psycopg=3.2.3
  - sqlalchemy=2.0.35
  - rasterstats=0.20.0
  - tippecanoe=2.62.2
  - pmtiles=1.22.1
  - jupyterlab=4.2.5
  - pytest=8.3.3
  - ruff=0.6.9
  - awscli=2.18.0
"""

GEOM_PY = '''"""Small geometry helpers shared by the project pipelines."""
from shapely.geometry.base import BaseGeometry


def largest_part(geom: BaseGeometry) -> BaseGeometry:
    """Largest polygon of a (Multi)Polygon, by area."""
    if geom.geom_type == "Polygon":
        return geom
    return max(geom, key=lambda p: p.area)


def hectares(geom: BaseGeometry) -> float:
    """Area in hectares; geometry must be in a metric CRS (we use EPSG:27700)."""
    return geom.area / 10_000
'''

TEST_GEOM = '''from shapely.geometry import MultiPolygon, Polygon, box

from pipelines.common.geom import hectares, largest_part


def test_largest_part_polygon():
    p = box(0, 0, 2, 2)
    assert largest_part(p) is p


def test_hectares():
    assert hectares(box(0, 0, 100, 100)) == 1.0


def test_hectares_site():
    assert round(hectares(box(0, 0, 250, 400)), 2) == 10.0


def test_largest_part_multipolygon():
    mp = MultiPolygon([box(0, 0, 1, 1), box(10, 10, 14, 14)])
    assert largest_part(mp).area == 16
'''

SITE_GEOJSON = """{
"type": "FeatureCollection",
"name": "site_boundary",
"features": [
{ "type": "Feature", "properties": { "site": "Riverside Solar", "ref": "P2431", "area_ha": 38.4 }, "geometry": { "type": "Polygon", "coordinates": [ [ [ -1.283114, 52.155902 ], [ -1.274021, 52.156377 ], [ -1.272455, 52.152040 ], [ -1.275806, 52.149114 ], [ -1.282987, 52.149630 ], [ -1.284530, 52.152811 ], [ -1.283114, 52.155902 ] ] ] } }
]
}
"""

README_ASHBY = """# p2447 Ashby flood risk

Pipeline for the Ashby-de-la-Zouch flood risk assessment (client: NW Leics DC).

1. `data/raw/p2447/` holds the EA 2 m LiDAR DTM tiles, the catchment from the EA catchment explorer and the
   UKCEH Land Cover Map 2021 (25 m).
2. `pipelines/p2447/landcover_stats.py` gives hectares per LCM class inside the catchment.
3. Flood extents (`data/interim/p2447/flood_extents.gpkg`) come from the hydraulic model (Tom).
4. The portal tiles are `portal/p2447/ashby.pmtiles` in the deliverables bucket.
"""

FILES = {
    P("Makefile"): MAKEFILE,
    P("environment.yml"): ENV_YML,
    P("pipelines/common/geom.py"): GEOM_PY,
    P("tests/test_geom_utils.py"): TEST_GEOM,
    P("data/raw/p2431/site_boundary.geojson"): SITE_GEOJSON,
    P("pipelines/p2447/README.md"): README_ASHBY,
}

PROGRESS = "0...10...20...30...40...50...60...70...80...90...100 - done."


def bng_wkt_lines():
    return """PROJCRS["OSGB36 / British National Grid",
    BASEGEOGCRS["OSGB36",
        DATUM["Ordnance Survey of Great Britain 1936",
            ELLIPSOID["Airy 1830",6377563.396,299.3249646,
                LENGTHUNIT["metre",1]]],
        PRIMEM["Greenwich",0,
            ANGLEUNIT["degree",0.0174532925199433]],
        ID["EPSG",4277]],
    CONVERSION["British National Grid",
        METHOD["Transverse Mercator",
            ID["EPSG",9807]],
        PARAMETER["Latitude of natural origin",49,
            ANGLEUNIT["degree",0.0174532925199433],
            ID["EPSG",8801]],
        PARAMETER["Longitude of natural origin",-2,
            ANGLEUNIT["degree",0.0174532925199433],
            ID["EPSG",8802]],
        PARAMETER["Scale factor at natural origin",0.9996012717,
            SCALEUNIT["unity",1],
            ID["EPSG",8805]],
        PARAMETER["False easting",400000,
            LENGTHUNIT["metre",1],
            ID["EPSG",8806]],
        PARAMETER["False northing",-100000,
            LENGTHUNIT["metre",1],
            ID["EPSG",8807]]],
    CS[Cartesian,2],
        AXIS["(E)",east,
            ORDER[1],
            LENGTHUNIT["metre",1]],
        AXIS["(N)",north,
            ORDER[2],
            LENGTHUNIT["metre",1]],
    USAGE[
        SCOPE["Engineering survey, topographic mapping."],
        AREA["United Kingdom (UK) - offshore to boundary of UKCS within 49°45'N to 61°N and 9°W to 2°E; onshore Great Britain (England, Wales and Scotland). Isle of Man onshore."],
        BBOX[49.75,-9.01,61.01,2.01]],
    ID["EPSG",27700]]"""


def ogrinfo_so(path, layer, geom, count, extent, fields, date="2024-03-25"):
    f = "\n".join(fields)
    return f"""INFO: Open of `{path}'
      using driver `ESRI Shapefile' successful.

Layer name: {layer}
Metadata:
  DBF_DATE_LAST_UPDATE={date}
Geometry: {geom}
Feature Count: {count}
Extent: {extent}
Layer SRS WKT:
{bng_wkt_lines()}
Data axis to CRS axis mapping: 1,2
{f}"""


def copy_fail(table, layer, gtype, coltype, line, feat, hexgeom):
    return f"""ERROR 1: COPY statement failed.
ERROR:  Geometry type ({gtype}) does not match column type ({coltype})
CONTEXT:  COPY {table}, line {line}, column geom: "{hexgeom}..."

ERROR 1: Unable to write feature {feat} from layer {layer}.
ERROR 1: Terminating translation prematurely after failed
translation of layer {layer} (use -skipfailures to skip errors)"""


def raster_type_fail(table, fname):
    line = f'CREATE TABLE "public"."{table}" ("rid" serial PRIMARY KEY,"rast" raster,"filename" text);'
    caret = " " * (len("LINE 1: ") + line.index("raster,")) + "^"
    return f"""Processing 1/1: {fname}
psql:<stdin>:2: ERROR:  type "raster" does not exist
LINE 1: {line}
{caret}"""


ADDC = """ addrasterconstraints 
----------------------
 t
(1 row)"""


def mask_traceback(script, line_main, line_call, call):
    return f"""Traceback (most recent call last):
  File "{SP}/rasterio/mask.py", line 80, in raster_geometry_mask
    window = geometry_window(dataset, shapes, pad_x=pad_x, pad_y=pad_y)
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/rasterio/features.py", line 551, in geometry_window
    raise WindowError("windows do not intersect")
rasterio.errors.WindowError: windows do not intersect

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "{P(script)}", line {line_main}, in <module>
    main()
  File "{P(script)}", line {line_call}, in main
    {call}
  File "{SP}/rasterio/mask.py", line 180, in mask
    shape_mask, transform, window = raster_geometry_mask(
                                    ^^^^^^^^^^^^^^^^^^^^^
  File "{SP}/rasterio/mask.py", line 86, in raster_geometry_mask
    raise ValueError('Input shapes do not overlap raster.')
ValueError: Input shapes do not overlap raster."""


def upload(src, dst):
    return f"upload: {src} to {dst}"


# ---------------------------------------------------------------- workflows
def W1_validity(t, db, table, invalid=0, total=0):
    if invalid:
        t.bash(f'psql -d {db} -c "SELECT ST_IsValid(geom) AS valid, count(*) FROM {table} GROUP BY 1;"',
               "Check geometry validity",
               out=f""" valid | count 
-------+-------
 f     | {invalid:>5}
 t     | {total - invalid:>5}
(2 rows)""")
        t.bash(f'psql -d {db} -c "UPDATE {table} SET geom = ST_Multi(ST_CollectionExtract(ST_MakeValid(geom), 3)) '
               f'WHERE NOT ST_IsValid(geom);"', "Repair the invalid polygons in place", out=f"UPDATE {invalid}")
        t.bash(f'psql -d {db} -c "SELECT count(*) FILTER (WHERE NOT ST_IsValid(geom)) AS invalid, count(*) FROM {table};"',
               "Re-check validity",
               out=f""" invalid | count 
---------+-------
       0 | {total:>5}
(1 row)""")
    else:
        t.bash(f'psql -d {db} -c "SELECT ST_IsValid(geom) AS valid, count(*) FROM {table} GROUP BY 1;"',
               "Check geometry validity",
               out=f""" valid | count 
-------+-------
 t     | {total:>5}
(1 row)""")


def W2(t, src, aligned, cog, key, compress, size, dims, validate_extra=""):
    w, h = dims
    t.bash(f"gdalwarp -overwrite -t_srs EPSG:27700 -tr {size} {size} -tap -r bilinear -dstnodata -9999 "
           f"-co TILED=YES {src} {aligned}",
           "Snap the DTM to the BNG grid",
           out=f"Creating output file that is {w}P x {h}L.\nUsing internal nodata values (e.g. -9999) for image {src}.\n"
               f"Copying nodata values from source {src} to destination {aligned}.\nProcessing {src} [1/1] : {PROGRESS}")
    co = " ".join(f"-co {c}" for c in compress)
    t.bash(f"gdal_translate -of COG {co} -co BLOCKSIZE=512 -co OVERVIEWS=AUTO {aligned} {cog}",
           "Write the Cloud Optimized GeoTIFF", out=f"Input file size is {w}, {h}\n{PROGRESS}")
    t.bash(f"rio cogeo validate {cog}", "Validate the COG",
           out=f"{cog} is a valid cloud optimized GeoTIFF{validate_extra}")
    t.bash(f"aws s3 cp {cog} {BUCKET}/{key} --profile tern", "Upload the deliverable",
           out=upload(cog, f"{BUCKET}/{key}"))


def W3_export(t, src, layer_args, out, desc, sql=None):
    if sql:
        t.bash(f'ogr2ogr -f GeoJSONSeq -t_srs EPSG:4326 {out} {src} -sql "{sql}"', desc)
    else:
        t.bash(f"ogr2ogr -f GeoJSONSeq -t_srs EPSG:4326 {out} {src} {layer_args}", desc)


def pmtiles_show(name, bounds, center, maxz, addressed, entries, contents, layers):
    lyr = ",".join('{"id":"%s","description":"","minzoom":0,"maxzoom":%d,"fields":{%s}}' % (n, maxz, f) for n, f in layers)
    return f"""pmtiles spec version: 3
tile type: mvt
bounds: (long: {bounds[0]:.6f}, lat: {bounds[1]:.6f}) (long: {bounds[2]:.6f}, lat: {bounds[3]:.6f})
min zoom: 0
max zoom: {maxz}
center: (long: {center[0]:.6f}, lat: {center[1]:.6f})
center zoom: 0
addressed tiles count: {addressed}
tile entries count: {entries}
tile contents count: {contents}
clustered: true
internal compression: gzip
tile compression: gzip
vector_layers [{lyr}]
antimeridian_adjusted_bounds {bounds[0]:.6f},{bounds[1]:.6f},{bounds[2]:.6f},{bounds[3]:.6f}
description {name}
format pbf
generator tippecanoe v2.62.2
generator_options tippecanoe -o ...
name {name}
type overlay
version 2"""


# ---------------------------------------------------------------- scripts written by Claude (M1)
CLIP_DTM = '''"""Clip the EA LiDAR 1 m DTM to the Riverside site boundary plus a 50 m buffer."""
from pathlib import Path

import geopandas as gpd
import rasterio
from rasterio.mask import mask

RAW = Path("data/raw/p2431")
OUT = Path("data/interim/p2431/dtm_site.tif")
BUFFER_M = 50
NODATA = -9999.0


def main() -> None:
    site = gpd.read_file(RAW / "site_boundary.geojson")
    with rasterio.open(RAW / "lidar/dtm_1m_SP41.tif") as src:
        shapes = site.buffer(BUFFER_M).geometry
        out, transform = mask(src, shapes, crop=True, nodata=NODATA)
        profile = src.profile | {
            "height": out.shape[1],
            "width": out.shape[2],
            "transform": transform,
            "nodata": NODATA,
        }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with rasterio.open(OUT, "w", **profile) as dst:
        dst.write(out)
    print(f"wrote {OUT} ({out.shape[2]} x {out.shape[1]} px, {transform.a:.1f} m)")


if __name__ == "__main__":
    main()
'''

LCM_STATS = '''"""Hectares per UKCEH Land Cover Map 2021 class inside the Ashby catchment."""
from pathlib import Path

import geopandas as gpd
import numpy as np
import rasterio
from rasterio.mask import mask

RAW = Path("data/raw/p2447")
OUT = Path("data/processed/p2447/landcover_catchment.csv")
LCM_CLASSES = {
    1: "Deciduous woodland", 2: "Coniferous woodland", 3: "Arable", 4: "Improved grassland",
    5: "Neutral grassland", 6: "Calcareous grassland", 7: "Acid grassland", 8: "Fen",
    9: "Heather", 10: "Heather grassland", 11: "Bog", 12: "Inland rock", 13: "Saltwater",
    14: "Freshwater", 15: "Supralittoral rock", 16: "Supralittoral sediment", 17: "Littoral rock",
    18: "Littoral sediment", 19: "Saltmarsh", 20: "Urban", 21: "Suburban",
}


def main() -> None:
    catchment = gpd.read_file(RAW / "catchment.geojson")
    with rasterio.open(RAW / "lcm2021_25m.tif") as lcm:
        data, _ = mask(lcm, catchment.geometry, crop=True, nodata=0)
        pixel_ha = abs(lcm.res[0] * lcm.res[1]) / 10_000
    classes, counts = np.unique(data[0][data[0] > 0], return_counts=True)
    rows = [(int(c), LCM_CLASSES[int(c)], n * pixel_ha) for c, n in zip(classes, counts)]
    rows.sort(key=lambda r: r[2], reverse=True)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w") as f:
        f.write("class,name,hectares\\n")
        for c, name, ha in rows:
            f.write(f"{c},{name},{ha:.2f}\\n")
    total = sum(r[2] for r in rows)
    for c, name, ha in rows:
        print(f"{c:>3}  {name:<22} {ha:>9.1f} ha  {100 * ha / total:5.1f} %")
    print(f"     {'total':<22} {total:>9.1f} ha")


if __name__ == "__main__":
    main()
'''

NDVI_PARCELS = '''"""Mean summer 2026 NDVI per Wenlock habitat parcel."""
from pathlib import Path

import geopandas as gpd
import numpy as np
import rasterio
from rasterio.mask import mask
from sqlalchemy import create_engine

NDVI = Path("data/interim/p2452/s2_ndvi_2026_summer.tif")
OUT = Path("data/processed/p2452/parcel_ndvi.gpkg")
SQL = "SELECT parcel_id, habitat, condition, geom FROM staging.wenlock_habitat_parcels"


def main() -> None:
    engine = create_engine("postgresql+psycopg://localhost/p2452_wenlock")
    parcels = gpd.read_postgis(SQL, engine, geom_col="geom")
    means = []
    with rasterio.open(NDVI) as ndvi:
        for geom in parcels.geometry:
            data, _ = mask(ndvi, [geom], crop=True, filled=False)
            means.append(float(np.ma.mean(data[0])))
    parcels["ndvi_mean"] = np.round(means, 3)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    parcels.to_file(OUT, layer="parcel_ndvi", driver="GPKG")
    print(f"wrote {OUT}: {len(parcels)} parcels, mean NDVI {parcels.ndvi_mean.mean():.2f}, CRS {parcels.crs.to_string()}")


if __name__ == "__main__":
    main()
'''


def line_of(text, needle):
    return text[:text.index(needle)].count("\n") + 1


def gen():
    global HX
    HX = random.Random(9127)
    d = Dev("gis-data", U, "en", MODEL, seed=20260907, files=FILES)

    # ============================================================ S1 Mon 09-07
    with d.session("2026-09-07T09:10:00", R, branch="main", version="2.1.60"):
        t = d.task("morning. I'm picking up three client projects this month (p2431 Riverside solar, p2447 Ashby flood, "
                   "p2452 Wenlock BNG). give me a quick tour of the repo and the make targets so we're on the same page",
                   tags=["noise"])
        t.glob("**/*.py", [P(x) for x in ["pipelines/__init__.py", "pipelines/common/__init__.py", "pipelines/common/geom.py",
                                          "pipelines/common/io.py", "pipelines/p2398/flood_zones.py",
                                          "pipelines/p2398/export_gpkg.py", "tests/test_geom_utils.py", "tests/conftest.py"]])
        t.read(P("Makefile"))
        t.read(P("environment.yml"))
        t.bash("gdalinfo --version && python -c \"import rasterio, geopandas, shapely, pyproj; print(rasterio.__version__, "
               "geopandas.__version__, shapely.__version__, pyproj.__version__, pyproj.proj_version_str)\" && "
               "psql -d p2398_calder -Atc 'SELECT postgis_full_version();' | cut -c1-120",
               "Check tool versions in the env",
               out="GDAL 3.9.2, released 2024/08/13\n1.4.1 1.0.1 2.0.6 3.7.0 9.5.0\n"
                   'POSTGIS="3.4.3 e365945" [EXTENSION] PGSQL="160" GEOS="3.12.1-CAPI-1.18.1" PROJ="9.4.0 NETWORK_ENABLED=OFF')
        t.done("""Layout:

- **`pipelines/<project>/`** — one folder per job (only `p2398` so far), plus `pipelines/common/` for helpers (`geom.py`: `largest_part`, `hectares`; `io.py`).
- **`data/raw|interim|processed|deliverables/<project>/`** — the usual stages; `data/` is not in git, deliverables go to `s3://tern-geo-deliverables/<project>/`.
- **`tests/`** — pytest, currently just the geometry helpers.

Make targets:
- `make db PROJECT=<name>` — `createdb`, `CREATE EXTENSION postgis`, `staging` schema.
- `make load-raster PROJECT= RASTER= TABLE=` — `raster2pgsql -s 27700 -I -C -M -F -t 256x256 … | psql -v ON_ERROR_STOP=1`.
- `make lint` (ruff check + format check), `make test` (pytest).

The env is `tern-geo` from `environment.yml`: GDAL 3.9.2, rasterio 1.4.1 + rio-cogeo, geopandas 1.0.1 / shapely 2.0.6 / pyproj 3.7, tippecanoe 2.62 and the pmtiles CLI, awscli v2. The Makefile exports `AWS_PROFILE=tern` for its own targets.""")

        t = d.task("set up p2431 Riverside: new project db via make, then load the client's site boundary "
                   "(data/raw/p2431/site_boundary.geojson) into staging.site_boundary. In the database everything lives "
                   "in British National Grid, EPSG:27700 — reproject on the way in.", tags=["pref:P1"])
        t.bash("make db PROJECT=p2431_riverside", "Create the project database",
               out='createdb p2431_riverside\npsql -d p2431_riverside -c "CREATE EXTENSION IF NOT EXISTS postgis;"\n'
                   'CREATE EXTENSION\npsql -d p2431_riverside -c "CREATE SCHEMA IF NOT EXISTS staging;"\nCREATE SCHEMA')
        t.read(P("data/raw/p2431/site_boundary.geojson"))
        t.bash('ogr2ogr -f PostgreSQL PG:"dbname=p2431_riverside" data/raw/p2431/site_boundary.geojson '
               '-nln staging.site_boundary -t_srs EPSG:27700 -lco GEOMETRY_NAME=geom -lco FID=gid',
               "Load the site boundary reprojected to BNG")
        t.bash('psql -d p2431_riverside -c "SELECT gid, site, ST_SRID(geom), round((ST_Area(geom)/10000)::numeric, 2) AS ha '
               'FROM staging.site_boundary;"', "Check SRID and area",
               out=""" gid |      site       | st_srid |  ha   
-----+-----------------+---------+-------
   1 | Riverside Solar |   27700 | 38.41
(1 row)""")
        t.done("`p2431_riverside` exists (PostGIS + `staging`), and `staging.site_boundary` holds the one site polygon in "
               "EPSG:27700: 38.41 ha, which matches the client's `area_ha` of 38.4. The GeoJSON itself is WGS84 (RFC 7946), "
               "so ogr2ogr reprojected it with `-t_srs EPSG:27700`.")

        t = d.task("load the EA Flood Map for Planning flood zone 3 shapefile (data/raw/p2431/ea_flood_zone_3/) into "
                   "staging.ea_flood_zone_3 and check the geometries", tags=["workflow:W1", "mistake:M2"])
        shp = "data/raw/p2431/ea_flood_zone_3/Flood_Map_for_Planning_Flood_Zone_3.shp"
        t.bash(f"ogrinfo -so -al {shp}", "Inspect the shapefile",
               out=ogrinfo_so(shp, "Flood_Map_for_Planning_Flood_Zone_3", "Polygon", 1873,
                              "(412003.450000, 286114.200000) - (431987.100000, 301220.650000)",
                              ["layer: String (50.0)", "type: String (50.0)", "mod_date: Date (10.0)"]))
        t.fail(f'ogr2ogr -f PostgreSQL PG:"dbname=p2431_riverside" {shp} -nln staging.ea_flood_zone_3 '
               "-t_srs EPSG:27700 -lco GEOMETRY_NAME=geom -lco FID=gid -overwrite", "Load flood zone 3 into staging",
               copy_fail("ea_flood_zone_3", "Flood_Map_for_Planning_Flood_Zone_3", "MultiPolygon", "Polygon", 212, 211,
                         "0106000020346C000002000000010300000001000000" + hx(24).upper()))
        t.say("The shapefile reports its layer as `Polygon` (shapefiles can't declare multi types), so ogr2ogr created a "
              "`geometry(Polygon,27700)` column, and the first multi-part flood zone broke the COPY. Promoting everything "
              "to MultiPolygon on load keeps the typed column:")
        t.bash(f'ogr2ogr -f PostgreSQL PG:"dbname=p2431_riverside" {shp} -nln staging.ea_flood_zone_3 '
               "-t_srs EPSG:27700 -nlt PROMOTE_TO_MULTI -lco GEOMETRY_NAME=geom -lco FID=gid -overwrite",
               "Load flood zone 3 as MultiPolygon")
        t.bash('psql -d p2431_riverside -c "\\d staging.ea_flood_zone_3"', "Check the table definition",
               out="""                                        Table "staging.ea_flood_zone_3"
  Column  |            Type             | Collation | Nullable |                         Default                          
----------+-----------------------------+-----------+----------+----------------------------------------------------------
 gid      | integer                     |           | not null | nextval('staging.ea_flood_zone_3_gid_seq'::regclass)
 layer    | character varying(50)       |           |          | 
 type     | character varying(50)       |           |          | 
 mod_date | date                        |           |          | 
 geom     | geometry(MultiPolygon,27700) |           |          | 
Indexes:
    "ea_flood_zone_3_pkey" PRIMARY KEY, btree (gid)
    "ea_flood_zone_3_geom_geom_idx" gist (geom)""")
        W1_validity(t, "p2431_riverside", "staging.ea_flood_zone_3", invalid=4, total=1873)
        t.done("`staging.ea_flood_zone_3` has all 1873 features as `MultiPolygon` (27700). The first load failed because "
               "the shapefile layer says `Polygon` but some zones are multi-part; `-nlt PROMOTE_TO_MULTI` fixed that. "
               "4 geometries were invalid (self-intersecting rings, typical of the EA product); repaired with "
               "`ST_MakeValid` and kept as polygons, 0 invalid now.")

        t = d.task("quick question: client GPS points come in WGS84 and go to BNG. is the default pyproj/PROJ "
                   "transform good enough or do I need the OSTN15 grid? accuracy target is about 1 m",
                   tags=["noise", "no_tools"])
        t.done("""For a 1 m target you want OSTN15.

- Without the grid, PROJ uses the 7-parameter Helmert (EPSG:1314, "OSGB36 to WGS 84 (6)"), which is only good to roughly **2–5 m** across GB.
- With the grid (`uk_os_OSTN15_NTv2_OSGBtoETRS.tif` from PROJ-data / the CDN), the transformation is the OS definitive one, **~0.1 m**.
- PROJ picks the grid-based operation automatically if the file is available: either install `proj-data` in the env, or set `PROJ_NETWORK=ON` so it fetches it on demand.

Check what you'd get with `projinfo -s EPSG:4326 -t EPSG:27700 --spatial-test intersects` — the first operation listed should be the OSTN15 one and not say "grid not found".""")

    # ============================================================ S2 Wed 09-09
    with d.session("2026-09-09T13:40:00", R, branch="p2431-riverside", version="2.1.61"):
        t = d.task("write pipelines/p2431/clip_dtm.py: clip the EA 1 m LiDAR DTM (data/raw/p2431/lidar/dtm_1m_SP41.tif) "
                   "to the site boundary geojson plus a 50 m buffer, output data/interim/p2431/dtm_site.tif. run it",
                   tags=["mistake:M1"])
        t.bash("gdalinfo data/raw/p2431/lidar/dtm_1m_SP41.tif | head -n 12", "Check the DTM's CRS and grid",
               out="""Driver: GTiff/GeoTIFF
Files: data/raw/p2431/lidar/dtm_1m_SP41.tif
Size is 5000, 5000
Coordinate System is:
PROJCRS["OSGB36 / British National Grid",
    BASEGEOGCRS["OSGB36",
        DATUM["Ordnance Survey of Great Britain 1936",
            ELLIPSOID["Airy 1830",6377563.396,299.3249646,
                LENGTHUNIT["metre",1]]],
        PRIMEM["Greenwich",0,
            ANGLEUNIT["degree",0.0174532925199433]],
        ID["EPSG",4277]],""")
        t.write(P("pipelines/p2431/clip_dtm.py"), CLIP_DTM)
        call = "out, transform = mask(src, shapes, crop=True, nodata=NODATA)"
        t.fail("python pipelines/p2431/clip_dtm.py", "Run the clip",
               f"""{P('pipelines/p2431/clip_dtm.py')}:{line_of(CLIP_DTM, 'shapes = site.buffer')}: UserWarning: Geometry is in a geographic CRS. Results from 'buffer' are likely incorrect. Use 'GeoSeries.to_crs()' to re-project geometries to a projected CRS before this operation.

  shapes = site.buffer(BUFFER_M).geometry
""" + mask_traceback("pipelines/p2431/clip_dtm.py", line_of(CLIP_DTM, "    main()\n") + 0, line_of(CLIP_DTM, call),
                     call + "\n" + " " * 21 + "^" * 49))
        t.say("The boundary GeoJSON is in WGS84 degrees and the DTM is in BNG metres, so the shapes land near (−1.28, 52.15) "
              "in BNG coordinates — nowhere near the raster (and the 50 m buffer was 50 degrees). Reprojecting the "
              "boundary to the raster's CRS before buffering:")
        t.edit(P("pipelines/p2431/clip_dtm.py"), "        shapes = site.buffer(BUFFER_M).geometry",
               "        shapes = site.to_crs(src.crs).buffer(BUFFER_M).geometry")
        t.bash("python pipelines/p2431/clip_dtm.py", "Run the clip again",
               out="wrote data/interim/p2431/dtm_site.tif (742 x 771 px, 1.0 m)")
        t.done("`data/interim/p2431/dtm_site.tif` is written: 742 × 771 px at 1 m, nodata −9999, in EPSG:27700. The first run "
               "failed with `Input shapes do not overlap raster.` because the boundary was still in WGS84; the script now "
               "does `site.to_crs(src.crs)` before the 50 m buffer, so the buffer is in metres too.")

        t = d.task("now make it a deliverable: COG in data/deliverables/p2431/, then up to the deliverables bucket under "
                   "p2431/dtm/. Compress with LZW — their GIS team is still on ArcMap 10.8 and it chokes on anything else.",
                   tags=["workflow:W2", "pref:P3"])
        W2(t, "data/interim/p2431/dtm_site.tif", "data/interim/p2431/dtm_site_aligned.tif",
           "data/deliverables/p2431/p2431_dtm_1m_site.tif", "p2431/dtm/p2431_dtm_1m_site.tif",
           ["COMPRESS=LZW"], 1, (742, 771))
        t.done("Delivered: `s3://tern-geo-deliverables/p2431/dtm/p2431_dtm_1m_site.tif` — snapped to the 1 m BNG grid "
               "(`-tap`), COG with LZW, 512 px blocks and internal overviews; `rio cogeo validate` is happy. LZW without a "
               "predictor is the safest choice for ArcMap 10.8.")

        t = d.task("run gdalinfo -stats on the clipped DTM and tell me if anything looks off before I send the link",
                   tags=["noise", "long_output"])
        t.bash("ls -l data/deliverables/p2431/", "List the deliverables folder",
               out="total 2196\n-rw-rw-r-- 1 rachel rachel 2243817 Sep  9 14:31 p2431_dtm_1m_site.tif")
        t.bash("gdalinfo -stats data/deliverables/p2431/p2431_dtm_1m_site.tif", "Compute statistics",
               out=f"""Driver: GTiff/GeoTIFF
Files: data/deliverables/p2431/p2431_dtm_1m_site.tif
       data/deliverables/p2431/p2431_dtm_1m_site.tif.aux.xml
Size is 742, 771
Coordinate System is:
{bng_wkt_lines()}
Data axis to CRS axis mapping: 1,2
Origin = (446112.000000000000000,259031.000000000000000)
Pixel Size = (1.000000000000000,-1.000000000000000)
Metadata:
  AREA_OR_POINT=Area
Image Structure Metadata:
  COMPRESSION=LZW
  INTERLEAVE=BAND
  LAYOUT=COG
Corner Coordinates:
Upper Left  (  446112.000,  259031.000) (  1h17'23.89"W, 52d12' 3.61"N)
Lower Left  (  446112.000,  258260.000) (  1h17'24.08"W, 52d11'38.67"N)
Upper Right (  446854.000,  259031.000) (  1h16'44.91"W, 52d12' 3.49"N)
Lower Right (  446854.000,  258260.000) (  1h16'45.11"W, 52d11'38.55"N)
Center      (  446483.000,  258645.500) (  1h17' 4.50"W, 52d11'51.08"N)
Band 1 Block=512x512 Type=Float32, ColorInterp=Gray
  Min=61.214 Max=118.733 
  Minimum=61.214, Maximum=118.733, Mean=79.418, StdDev=11.207
  NoData Value=-9999
  Overviews: 371x386
  Metadata:
    STATISTICS_MAXIMUM=118.73300170898
    STATISTICS_MEAN=79.418431297104
    STATISTICS_MINIMUM=61.214000701904
    STATISTICS_STDDEV=11.207154821944
    STATISTICS_VALID_PERCENT=71.36""")
        t.done("""Nothing alarming:

- **CRS / grid**: EPSG:27700, 1 m pixels, origin on whole metres (the `-tap` snap worked).
- **Values**: 61.2–118.7 m AOD, mean 79.4 — plausible for the Cherwell valley floor rising to the ridge in the NE; no negative or absurd spikes, so no water/void artefacts made it through.
- **Nodata**: −9999, valid 71.4 % — the rest is the area outside the buffered boundary, as expected for a clip of an irregular polygon.
- **Structure**: `LAYOUT=COG`, LZW, one overview level.

One note: `-stats` wrote a `.aux.xml` next to the deliverable. Don't upload that one; the S3 copy is the COG alone.""")

    # ============================================================ S3 Fri 09-11
    with d.session("2026-09-11T10:05:00", R, branch="p2447-ashby", version="2.1.62"):
        t = d.task("Ashby flood (p2447): new project db p2447_ashby, then get the 2 m DTM "
                   "(data/interim/p2447/dtm_2m_27700.tif) into it as a tiled raster so Tom can sample depths in QGIS",
                   tags=["mistake:M3"])
        t.bash("make db PROJECT=p2447_ashby", "Create the project database",
               out='createdb p2447_ashby\npsql -d p2447_ashby -c "CREATE EXTENSION IF NOT EXISTS postgis;"\n'
                   'CREATE EXTENSION\npsql -d p2447_ashby -c "CREATE SCHEMA IF NOT EXISTS staging;"\nCREATE SCHEMA')
        cmd = ("raster2pgsql -s 27700 -I -C -M -F -t 256x256 data/interim/p2447/dtm_2m_27700.tif public.dtm_2m "
               "| psql -v ON_ERROR_STOP=1 -q -d p2447_ashby")
        t.fail(cmd, "Load the DTM as 256x256 tiles", raster_type_fail("dtm_2m", "data/interim/p2447/dtm_2m_27700.tif"), code=3)
        t.say("`make db` only creates the `postgis` extension; since PostGIS 3 the raster type lives in the separate "
              "`postgis_raster` extension. Adding it to this database, then the same load:")
        t.bash('psql -d p2447_ashby -c "CREATE EXTENSION IF NOT EXISTS postgis_raster;"', "Enable PostGIS raster",
               out="CREATE EXTENSION")
        t.bash(cmd, "Load the DTM as 256x256 tiles", out=ADDC, err="Processing 1/1: data/interim/p2447/dtm_2m_27700.tif")
        t.bash('psql -d p2447_ashby -c "SELECT count(*) AS tiles, ST_SRID(rast) AS srid, ST_PixelWidth(rast) AS px '
               'FROM public.dtm_2m GROUP BY 2, 3;"', "Check the tiles",
               out=""" tiles | srid  | px 
-------+-------+----
  1092 | 27700 |  2
(1 row)""")
        t.done("`public.dtm_2m` is in `p2447_ashby`: 1092 tiles of 256×256, 2 m, SRID 27700, with a GiST index on the "
               "convex hulls and the raster constraints (so QGIS sees it in `raster_columns`). The first attempt failed "
               "with `type \"raster\" does not exist` — the new database only had `postgis`, not `postgis_raster`.")

        t = d.task("export the flood zone 3 polygons that intersect the Riverside site for the client, clipped to the site. "
                   "GeoPackage please, never shapefiles — field names get truncated and the .prj goes walkabout",
                   tags=["pref:P2", "noise"])
        t.bash("mkdir -p data/deliverables/p2431 && ogr2ogr -f GPKG data/deliverables/p2431/p2431_flood_zone_3_site.gpkg "
               'PG:"dbname=p2431_riverside" -nln flood_zone_3_site -sql "SELECT f.gid, f.layer, f.type, '
               "ST_Multi(ST_Intersection(f.geom, s.geom))::geometry(MultiPolygon,27700) AS geom FROM staging.ea_flood_zone_3 f "
               'JOIN staging.site_boundary s ON ST_Intersects(f.geom, s.geom)"', "Export the clipped flood zones to GPKG")
        t.bash("ogrinfo -so data/deliverables/p2431/p2431_flood_zone_3_site.gpkg flood_zone_3_site", "Check the export",
               out="""INFO: Open of `data/deliverables/p2431/p2431_flood_zone_3_site.gpkg'
      using driver `GPKG' successful.

Layer name: flood_zone_3_site
Geometry: Multi Polygon
Feature Count: 3
Extent: (446208.310000, 258377.920000) - (446790.440000, 258841.060000)
Layer SRS WKT:
PROJCRS["OSGB36 / British National Grid",
    ...
    ID["EPSG",27700]]
Data axis to CRS axis mapping: 1,2
FID Column = fid
Geometry Column = geom
gid: Integer (0.0)
layer: String (50.0)
type: String (50.0)""")
        t.done("`data/deliverables/p2431/p2431_flood_zone_3_site.gpkg`, layer `flood_zone_3_site`: 3 MultiPolygons "
               "(the zone 3 parts inside the site), EPSG:27700, full field names. Noted on the format — GeoPackage for "
               "deliverables from now on.")

        t = d.task("client portal for Ashby: build a PMTiles of the modelled flood extents "
                   "(data/interim/p2447/flood_extents.gpkg, layer flood_extents) and the watercourses "
                   "(data/interim/p2447/watercourses.gpkg) and put it in the bucket under portal/p2447/",
                   tags=["workflow:W3"])
        t.bash("mkdir -p data/tiles/p2447", "Create the tiles folder")
        W3_export(t, "data/interim/p2447/flood_extents.gpkg", "flood_extents", "data/tiles/p2447/flood_extents.geojsonl",
                  "Export flood extents as WGS84 GeoJSONSeq")
        W3_export(t, "data/interim/p2447/watercourses.gpkg", "watercourses", "data/tiles/p2447/watercourses.geojsonl",
                  "Export watercourses as WGS84 GeoJSONSeq")
        t.bash("tippecanoe -o data/tiles/p2447/ashby.pmtiles -zg --drop-densest-as-needed --extend-zooms-if-still-dropping "
               "-n 'Ashby flood extents' -L flood_extents:data/tiles/p2447/flood_extents.geojsonl "
               "-L watercourses:data/tiles/p2447/watercourses.geojsonl", "Build the PMTiles",
               err="""2113 features, 4187342 bytes of geometry, 25 bytes of separate metadata, 39021 bytes of string pool
Choosing a maxzoom of -z13 for features about 17 feet (5 meters) apart
Choosing a maxzoom of -z15 for resolution of about 3 feet (1 meters) within features
  99.9%  15/16213/10728""")
        t.bash("pmtiles show data/tiles/p2447/ashby.pmtiles", "Inspect the archive",
               out=pmtiles_show("Ashby flood extents", (-1.524017, 52.736511, -1.421532, 52.789634), (-1.472775, 52.763072),
                                15, 2318, 2209, 2164,
                                [("flood_extents", '"return_period":"String","depth_max":"Number"'),
                                 ("watercourses", '"name":"String","form":"String"')]))
        t.bash("ls -lh data/tiles/p2447/", "Check file sizes",
               out="""total 31M
-rw-rw-r-- 1 rachel rachel 9.8M Sep 11 11:24 ashby.pmtiles
-rw-rw-r-- 1 rachel rachel  19M Sep 11 11:21 flood_extents.geojsonl
-rw-rw-r-- 1 rachel rachel 2.1M Sep 11 11:21 watercourses.geojsonl""")
        t.bash(f"aws s3 cp data/tiles/p2447/ashby.pmtiles {BUCKET}/portal/p2447/ashby.pmtiles "
               "--content-type application/vnd.pmtiles --profile tern", "Upload the tiles",
               out=upload("data/tiles/p2447/ashby.pmtiles", f"{BUCKET}/portal/p2447/ashby.pmtiles"))
        t.done("`s3://tern-geo-deliverables/portal/p2447/ashby.pmtiles` is up: two layers (`flood_extents`, "
               "`watercourses`), z0–15, 2318 addressed tiles. tippecanoe picked maxzoom 15 from the feature density; "
               "`--drop-densest-as-needed` may thin the smallest extents at low zooms.")

    # ============================================================ S4 Tue 09-15
    with d.session("2026-09-15T09:30:00", R, branch="p2447-ashby", version="2.1.63", end_reason="other"):
        t = d.task("Tom says small flood polygons vanish below z11 on the portal. check the tippecanoe docs for how to keep "
                   "every polygon at low zooms without blowing the tile size", tags=["noise", "webfetch"])
        t.webfetch("https://github.com/felt/tippecanoe/blob/main/README.md",
                   "Which options keep all features at low zooms, and how do tile size and feature limits interact?",
                   """- `--drop-densest-as-needed`: if a tile is too big, drop the least-visible features (densest areas first) at that zoom.
- `--coalesce-densest-as-needed`: instead of dropping, merge the densest features into their neighbours.
- `--no-feature-limit`: don't limit tiles to 200,000 features. `--no-tile-size-limit`: don't limit tiles to 500K bytes.
- `-pf` / `-pk` are the short forms of `--no-feature-limit` / `--no-tile-size-limit`.
- `--drop-rate` / `-r`: rate at which dots are dropped at zoom levels below basezoom (points only).
- `--no-tiny-polygon-reduction`: don't combine the area of very small polygons into small squares that represent their combined area.
- `--extend-zooms-if-still-dropping`: if even the tile at maxzoom is too big, keep adding zoom levels.
- `-S` / `--simplification`: multiply the tolerance for line and polygon simplification.""")
        t.done("""Two things are thinning them:

1. **`--drop-densest-as-needed`** drops features when a low-zoom tile exceeds 500 KB — dense clusters of small extents go first.
2. **Tiny-polygon reduction** (on by default) replaces polygons smaller than a pixel with little squares that only represent their combined area — at z9–10 a 40 m pond-sized extent is well under a pixel.

For a flood layer I'd use `--coalesce-densest-as-needed` instead of dropping (shapes merge rather than disappear) plus `--no-tiny-polygon-reduction`. Only if tiles still come out too big would I add `--no-tile-size-limit` (`-pk`), which the portal copes with for a layer this size but makes z8–10 tiles heavier. I'd avoid `--no-feature-limit` — it's not the feature count that bites here.""")

        t = d.task("load Natural England's SSSI units (data/raw/p2447/ne_sssi_units/SSSI_Units_England.shp) into "
                   "staging.ne_sssi_units in p2447_ashby. reproject to 27700 on the way in if it isn't already — nothing "
                   "goes into the db in lat/long", tags=["workflow:W1", "mistake:M2", "pref:P1"])
        shp = "data/raw/p2447/ne_sssi_units/SSSI_Units_England.shp"
        t.bash(f"ogrinfo -so -al {shp}", "Inspect the shapefile",
               out=ogrinfo_so(shp, "SSSI_Units_England", "Polygon", 22731,
                              "(87207.810000, 7092.880000) - (655604.690000, 657534.100000)",
                              ["SSSI_NAME: String (254.0)", "ID: Integer64 (10.0)", "UNIT_NO: String (10.0)",
                               "CONDITION: String(50.0)".replace("String(", "String ("), "STATUS: String (50.0)",
                               "SHAPE_AREA: Real (24.15)"], date="2025-11-03"))
        cmd = (f'ogr2ogr -f PostgreSQL PG:"dbname=p2447_ashby" {shp} -nln staging.ne_sssi_units -t_srs EPSG:27700 '
               '-spat 430000 305000 450000 325000 -lco GEOMETRY_NAME=geom -lco FID=gid -overwrite')
        t.fail(cmd, "Load SSSI units around Ashby into staging",
               copy_fail("ne_sssi_units", "SSSI_Units_England", "MultiPolygon", "Polygon", 37, 36,
                         "0106000020346C000003000000010300000001000000" + hx(24).upper()))
        t.say("Same shapefile limitation: the layer type is `Polygon` but some SSSI units are multi-part, and the typed "
              "column rejects them. Re-running with the geometry type promoted to multi:")
        t.bash(cmd.replace(" -lco GEOMETRY_NAME", " -nlt PROMOTE_TO_MULTI -lco GEOMETRY_NAME"),
               "Load SSSI units as MultiPolygon")
        W1_validity(t, "p2447_ashby", "staging.ne_sssi_units", invalid=0, total=148)
        t.done("`staging.ne_sssi_units` in `p2447_ashby`: 148 units within a 20 km box around Ashby (`-spat` in BNG), all "
               "valid, `MultiPolygon` in EPSG:27700 (the source was already BNG). The first load stopped at a multi-part "
               "unit; `-nlt PROMOTE_TO_MULTI` made the column `MultiPolygon`.")

        t = d.task("ArcMap question: the client asked whether the COG needs an external .ovr for their pyramids or if "
                   "the internal overviews are enough. what do I tell them?", tags=["noise", "no_tools"])
        t.done("""Tell them the internal overviews are enough.

- A COG stores its overviews inside the TIFF, after the full-resolution IFD. ArcMap 10.x reads internal TIFF overviews as pyramids, so it won't prompt to build them (if it does, they can click "No").
- An external `.ovr` is only needed for formats without internal overviews, or if someone builds pyramids on a copy that they can't write into.
- If ArcMap asks anyway, it's usually because the file is read-only on a share and it wants its own `.ovr` — harmless, but they can switch pyramid building off under *Customize → ArcMap Options → Raster → Raster Dataset*.""")

    # ============================================================ S5 Fri 09-18
    with d.session("2026-09-18T14:00:00", R, branch="p2447-ashby", version="2.1.64"):
        t = d.task("the README section you wrote for the Ashby pipeline last week was way too long, I had to cut half of "
                   "it before it went in. write one for p2431 Riverside in pipelines/p2431/README.md — 10 lines max, what "
                   "runs in which order and where the outputs go, nothing else", tags=["feedback", "noise"],
                   feedback="the README section you wrote for the Ashby pipeline last week was way too long, I had to "
                            "cut half of it before it went in. 10 lines max, what runs in which order and where the "
                            "outputs go, nothing else")
        t.read(P("pipelines/p2447/README.md"))
        t.write(P("pipelines/p2431/README.md"), """# p2431 Riverside solar

1. `make db PROJECT=p2431_riverside`, then load `site_boundary.geojson` and EA flood zone 3 into `staging` (EPSG:27700).
2. `python pipelines/p2431/clip_dtm.py` → `data/interim/p2431/dtm_site.tif` (site + 50 m).
3. COG → `data/deliverables/p2431/p2431_dtm_1m_site.tif` → `s3://tern-geo-deliverables/p2431/dtm/`.
4. Flood zone 3 ∩ site → `data/deliverables/p2431/p2431_flood_zone_3_site.gpkg`.
""")
        t.done("Written, 6 lines: the four steps in order with their outputs. I used your trimmed Ashby README as the model "
               "— no background, no parameter explanations.")

        t = d.task("pytest tests/test_geom_utils.py started failing after I updated the env (shapely went to 2.0.6). fix it",
                   tags=["oneoff:O1"])
        fail_out = """..F.                                                                     [100%]
=================================== FAILURES ===================================
________________________ test_largest_part_multipolygon ________________________

    def test_largest_part_multipolygon():
        mp = MultiPolygon([box(0, 0, 1, 1), box(10, 10, 14, 14)])
>       assert largest_part(mp).area == 16

tests/test_geom_utils.py:20: 
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

geom = <MULTIPOLYGON (((1 0, 1 1, 0 1, 0 0, 1 0)), ((14 10, 14 14, 10 14, 10 10, 1...>

    def largest_part(geom: BaseGeometry) -> BaseGeometry:
        \"\"\"Largest polygon of a (Multi)Polygon, by area.\"\"\"
        if geom.geom_type == "Polygon":
            return geom
>       return max(geom, key=lambda p: p.area)
E       TypeError: 'MultiPolygon' object is not iterable

pipelines/common/geom.py:9: TypeError
=========================== short test summary info ============================
FAILED tests/test_geom_utils.py::test_largest_part_multipolygon - TypeError: 'MultiPolygon' object is not iterable
1 failed, 3 passed in 0.41s"""
        t.fail("pytest -q tests/test_geom_utils.py", "Run the geometry tests", fail_out)
        t.read(P("pipelines/common/geom.py"))
        t.edit(P("pipelines/common/geom.py"), "    return max(geom, key=lambda p: p.area)",
               "    return max(geom.geoms, key=lambda p: p.area)")
        t.bash("pytest -q tests/test_geom_utils.py", "Run the geometry tests again",
               out="....                                                                     [100%]\n4 passed in 0.38s")
        t.done("Fixed in `pipelines/common/geom.py`: shapely 2 multi-part geometries are no longer iterable, the parts are "
               "in `.geoms`. `largest_part` now does `max(geom.geoms, key=…)`; all 4 tests pass.")

        t = d.task("land cover breakdown for the Ashby catchment: new script pipelines/p2447/landcover_stats.py, clip UKCEH "
                   "LCM 2021 (data/raw/p2447/lcm2021_25m.tif) to data/raw/p2447/catchment.geojson (from the EA catchment "
                   "explorer) and give me hectares per class, plus a csv in data/processed/p2447/", tags=["mistake:M1"])
        t.write(P("pipelines/p2447/landcover_stats.py"), LCM_STATS)
        call = "data, _ = mask(lcm, catchment.geometry, crop=True, nodata=0)"
        t.fail("python pipelines/p2447/landcover_stats.py", "Run the land cover stats",
               mask_traceback("pipelines/p2447/landcover_stats.py", line_of(LCM_STATS, "    main()\n"),
                              line_of(LCM_STATS, call), call + "\n" + " " * 18 + "^" * 53))
        t.bash("ogrinfo -so data/raw/p2447/catchment.geojson catchment | sed -n '1,9p'", "Check the catchment's CRS",
               out="""INFO: Open of `data/raw/p2447/catchment.geojson'
      using driver `GeoJSON' successful.

Layer name: catchment
Geometry: Polygon
Feature Count: 1
Extent: (-1.562207, 52.701395) - (-1.388419, 52.812076)
Layer SRS WKT:
GEOGCRS["WGS 84",""")
        t.say("The catchment is WGS84 (degrees), the LCM raster is BNG — the mask shapes don't overlap the raster's "
              "extent at all. Reprojecting the catchment to the raster's CRS inside the `with` block:")
        t.edit(P("pipelines/p2447/landcover_stats.py"),
               """    catchment = gpd.read_file(RAW / "catchment.geojson")
    with rasterio.open(RAW / "lcm2021_25m.tif") as lcm:
""", """    catchment = gpd.read_file(RAW / "catchment.geojson")
    with rasterio.open(RAW / "lcm2021_25m.tif") as lcm:
        catchment = catchment.to_crs(lcm.crs)
""")
        t.bash("python pipelines/p2447/landcover_stats.py", "Run the land cover stats again",
               out="""  4  Improved grassland        4312.6 ha   44.1 %
  3  Arable                    2874.3 ha   29.4 %
 21  Suburban                   781.9 ha    8.0 %
  1  Deciduous woodland         713.4 ha    7.3 %
 20  Urban                      402.1 ha    4.1 %
  5  Neutral grassland          341.8 ha    3.5 %
  2  Coniferous woodland        196.3 ha    2.0 %
 14  Freshwater                  97.6 ha    1.0 %
  7  Acid grassland              44.9 ha    0.5 %
  6  Calcareous grassland         8.1 ha    0.1 %
     total                     9773.0 ha""")
        t.done("""Catchment land cover (UKCEH LCM 2021, 25 m), 9773 ha in total:

| class | ha | % |
|---|---|---|
| Improved grassland | 4312.6 | 44.1 |
| Arable | 2874.3 | 29.4 |
| Suburban + Urban | 1184.0 | 12.1 |
| Deciduous + coniferous woodland | 909.7 | 9.3 |
| Neutral / acid / calcareous grassland | 394.8 | 4.1 |
| Freshwater | 97.6 | 1.0 |

CSV: `data/processed/p2447/landcover_catchment.csv`. The first run failed (`Input shapes do not overlap raster.`) because the catchment GeoJSON is WGS84; the script now reprojects it with `catchment.to_crs(lcm.crs)` before masking.""")

        t = d.task("good. lint, run the tests, commit the ashby bits and open a PR against main — keep the description short",
                   tags=["noise"])
        t.bash("make lint", "Run ruff",
               out="ruff check pipelines tests\nAll checks passed!\nruff format --check pipelines tests\n14 files already formatted")
        t.bash("make test", "Run the test suite",
               out="pytest -q tests\n....                                                                     [100%]\n4 passed in 0.44s")
        t.bash("git status --short", "See what's changed",
               out="?? pipelines/p2431/README.md\n M pipelines/common/geom.py\n?? pipelines/p2447/landcover_stats.py")
        t.bash("git add pipelines/common/geom.py pipelines/p2447/landcover_stats.py pipelines/p2431/README.md && "
               "git commit -m \"p2447: land cover per catchment (LCM 2021); fix largest_part for shapely 2; p2431 README\"",
               "Commit", out=f"[p2447-ashby {hx(7)}] p2447: land cover per catchment (LCM 2021); fix largest_part for shapely 2; "
                             "p2431 README\n 3 files changed, 58 insertions(+), 1 deletion(-)\n create mode 100644 pipelines/p2431/README.md\n"
                             " create mode 100644 pipelines/p2447/landcover_stats.py")
        t.bash("git push -u origin p2447-ashby", "Push the branch",
               err="To github.com:tern-env/tern-geo-pipelines.git\n * [new branch]      p2447-ashby -> p2447-ashby",
               out="branch 'p2447-ashby' set up to track 'origin/p2447-ashby'.")
        t.bash("gh pr create --base main --title \"p2447: land cover stats + shapely 2 fix\" --body \"- landcover_stats.py: "
               "hectares per LCM 2021 class in the Ashby catchment (csv in data/processed/p2447/)\n- largest_part uses .geoms "
               "(shapely 2)\n- p2431 README\"", "Open the PR",
               out="https://github.com/tern-env/tern-geo-pipelines/pull/41",
               err="\nCreating pull request for p2447-ashby into main in tern-env/tern-geo-pipelines\n")
        t.done("PR #41: https://github.com/tern-env/tern-geo-pipelines/pull/41 — ruff and the 4 tests pass; three-line "
               "description (land cover stats, the shapely 2 fix, the p2431 README).")

    # ============================================================ S6 Tue 09-22
    with d.session("2026-09-22T09:15:00", R, branch="p2452-wenlock", version="2.1.66"):
        t = d.task("Wenlock (p2452): the client wants the LiDAR DTM as a deliverable too. tiles are "
                   "data/raw/p2452/lidar/*.tif (2 m). mosaic, COG, upload under p2452/dtm/. same LZW as last time",
                   tags=["workflow:W2"])
        t.glob("data/raw/p2452/lidar/*.tif", [P(f"data/raw/p2452/lidar/{x}_DTM_2m.tif") for x in
                                              ["SO5898", "SO6098", "SO5800", "SO6000"]])
        t.bash("gdalbuildvrt data/interim/p2452/dtm_2m.vrt data/raw/p2452/lidar/*.tif", "Mosaic the tiles as a VRT",
               out="0...10...20...30...40...50...60...70...80...90...100 - done.")
        t.bash("gdalinfo data/interim/p2452/dtm_2m.vrt | grep -E '^Size|Pixel Size|NoData|Origin'", "Check the mosaic",
               out="Size is 2000, 2000\nOrigin = (358000.000000000000000,302000.000000000000000)\n"
                   "Pixel Size = (2.000000000000000,-2.000000000000000)\n  NoData Value=-9999")
        W2(t, "data/interim/p2452/dtm_2m.vrt", "data/interim/p2452/dtm_2m_27700.tif",
           "data/deliverables/p2452/p2452_dtm_2m.tif", "p2452/dtm/p2452_dtm_2m.tif", ["COMPRESS=LZW"], 2, (2000, 2000))
        t.done("Delivered `s3://tern-geo-deliverables/p2452/dtm/p2452_dtm_2m.tif`: the four 2 km tiles mosaicked "
               "(4 km × 4 km, 2000 × 2000 px at 2 m), COG with LZW and internal overviews, validated.")

        t = d.task("what's landed on main in the last couple of weeks? Sam and Tom have been pushing", tags=["noise", "long_output"])
        log = "\n".join(f"{hx(7)} {m}" for m in [
            "p2452: habitat parcel loader for the UKHab survey export (Sam)",
            "p2447: hydraulic model outputs -> flood_extents.gpkg (Tom)",
            "p2447: add depth grids for 1in30/1in100/1in100+CC (Tom)",
            "common: io.read_boundary accepts KML",
            "p2452: survey points schema + QA notebook (Sam)",
            "p2431: flood zone 3 export for client",
            "p2431: clip_dtm.py + README",
            "env: shapely 2.0.6, rasterio 1.4.1, rio-cogeo 5.3.6",
            "common: fix largest_part for shapely 2 (.geoms)",
            "p2447: landcover_stats.py (LCM 2021)",
            "notebooks: strip outputs from ashby_qc.ipynb",
            "p2398: final deliverables archived to glacier",
            "ci: run ruff format --check",
            "p2452: BNG metric calculator export mapping (Sam)",
            "p2447: watercourses from OS Open Rivers clipped to catchment (Tom)",
            "Makefile: load-raster target",
            "p2398: remove scratch scripts",
            "docs: data retention policy for client data",
            "common: hectares() helper + tests",
            "p2452: Sentinel-2 NDVI composite notes (Sam)",
            "env: tippecanoe 2.62.2, pmtiles 1.22.1",
            "p2447: catchment from EA catchment explorer",
            "ci: pytest on push",
            "README: project folder conventions",
        ])
        t.bash("git fetch -q origin && git log --oneline --no-merges origin/main --since='2 weeks ago'",
               "List recent commits on main", out=log)
        t.done("""24 commits in two weeks, grouped:

- **Wenlock (p2452, Sam)**: habitat parcel loader for the UKHab export, survey points schema + QA notebook, BNG metric calculator mapping, NDVI composite notes.
- **Ashby (p2447, Tom)**: model outputs into `flood_extents.gpkg`, depth grids for 1 in 30 / 1 in 100 / 1 in 100 + climate change, watercourses from OS Open Rivers, the catchment; plus your `landcover_stats.py`.
- **Riverside (p2431)**: clip_dtm.py, README, the flood zone 3 export.
- **Shared**: `largest_part` fix for shapely 2, `hectares()` + tests, `read_boundary` accepts KML, `load-raster` make target.
- **Env/CI**: shapely 2.0.6 / rasterio 1.4.1 / rio-cogeo 5.3.6, tippecanoe 2.62.2 + pmtiles 1.22.1, ruff format check and pytest in CI.
- **Housekeeping**: p2398 archived to Glacier and scratch scripts removed, data retention doc, README conventions.""")

        d.precompact("""Analysis: Rachel Hughes (Tern Environmental) works in tern-geo/tern-geo-pipelines: Python 3.12 env tern-geo (GDAL 3.9.2, rasterio 1.4.1, geopandas 1.0.1, shapely 2.0.6), PostGIS 3.4 per-project databases (`make db PROJECT=…`), tippecanoe/PMTiles, aws CLI profile tern, deliverables in s3://tern-geo-deliverables. Projects: p2431 Riverside solar, p2447 Ashby flood, p2452 Wenlock BNG. Branch p2452-wenlock.

Summary:
1. Wenlock DTM: four 2 m tiles mosaicked via gdalbuildvrt, snapped with gdalwarp -tap, COG (LZW, client on ArcMap 10.8), validated, uploaded to s3://tern-geo-deliverables/p2452/dtm/p2452_dtm_2m.tif.
2. git log of main for the last two weeks summarised by project (Sam on Wenlock parcels/survey points/NDVI notes, Tom on Ashby model outputs and depth grids).
Pending: nothing.""")

        t = d.task("new db for Wenlock, p2452_wenlock, and put Sam's Sentinel-2 NDVI composite "
                   "(data/interim/p2452/s2_ndvi_2026_summer.tif) in it as a raster table ndvi_summer. auto tile size is fine",
                   tags=["mistake:M3"])
        t.bash("make db PROJECT=p2452_wenlock", "Create the project database",
               out='createdb p2452_wenlock\npsql -d p2452_wenlock -c "CREATE EXTENSION IF NOT EXISTS postgis;"\n'
                   'CREATE EXTENSION\npsql -d p2452_wenlock -c "CREATE SCHEMA IF NOT EXISTS staging;"\nCREATE SCHEMA')
        t.bash("gdalsrsinfo -o epsg data/interim/p2452/s2_ndvi_2026_summer.tif", "Check the composite's CRS",
               out="EPSG:32630")
        cmd = ("raster2pgsql -s 32630 -I -C -F -t auto -Y data/interim/p2452/s2_ndvi_2026_summer.tif public.ndvi_summer "
               "| psql -v ON_ERROR_STOP=1 -q -d p2452_wenlock")
        t.fail(cmd, "Load the NDVI composite", raster_type_fail("ndvi_summer", "data/interim/p2452/s2_ndvi_2026_summer.tif"),
               code=3)
        t.say("The fresh database has only the `postgis` extension — the `raster` type comes from `postgis_raster`. "
              "Creating it, then the same load:")
        t.bash('psql -d p2452_wenlock -c "CREATE EXTENSION postgis_raster;"', "Enable PostGIS raster",
               out="CREATE EXTENSION")
        t.bash(cmd, "Load the NDVI composite", out=ADDC,
               err="Processing 1/1: data/interim/p2452/s2_ndvi_2026_summer.tif")
        t.bash('psql -d p2452_wenlock -c "SELECT r_table_name, srid, scale_x, blocksize_x, blocksize_y FROM raster_columns;"',
               "Check the raster registration",
               out=""" r_table_name | srid  | scale_x | blocksize_x | blocksize_y 
--------------+-------+---------+-------------+-------------
 ndvi_summer  | 32630 |      10 |         200 |         200
(1 row)""")
        t.done("`public.ndvi_summer` is loaded in `p2452_wenlock`: 10 m, SRID 32630 (the composite is UTM 30N, as it came "
               "from Sentinel Hub — I kept it native rather than resampling), auto tiles of 200×200, constraints and index "
               "in place. The first load failed on `type \"raster\" does not exist` until `postgis_raster` was created.")

        t = d.task("copy that NDVI tif to the client's own bucket, s3://wenlock-estates-gis/incoming/, they gave us access "
                   "last week", tags=["unfixed:U1"])
        t.fail("aws s3 cp data/interim/p2452/s2_ndvi_2026_summer.tif s3://wenlock-estates-gis/incoming/"
               "p2452_s2_ndvi_2026_summer.tif --profile tern", "Upload to the client's bucket",
               "upload failed: data/interim/p2452/s2_ndvi_2026_summer.tif to s3://wenlock-estates-gis/incoming/"
               "p2452_s2_ndvi_2026_summer.tif An error occurred (AccessDenied) when calling the PutObject operation: "
               "User: arn:aws:iam::418273650912:user/rachel.hughes is not authorized to perform: s3:PutObject on "
               "resource: \"arn:aws:s3:::wenlock-estates-gis/incoming/p2452_s2_ndvi_2026_summer.tif\" because no "
               "resource-based policy allows the s3:PutObject action")
        t.bash("aws sts get-caller-identity --profile tern", "Check which identity is used",
               out='{\n    "UserId": "AIDAWBG3K7QX5RZ2N4T6P",\n    "Account": "418273650912",\n'
                   '    "Arn": "arn:aws:iam::418273650912:user/rachel.hughes"\n}')
        t.done("Not uploaded. The client's bucket policy doesn't grant our account `s3:PutObject` on `incoming/` "
               "(\"no resource-based policy allows the s3:PutObject action\"); we're calling as "
               "`arn:aws:iam::418273650912:user/rachel.hughes`. That has to be fixed on their side — they need a bucket "
               "policy statement allowing `s3:PutObject` for that ARN (or our account) on `wenlock-estates-gis/incoming/*`. "
               "Until then I can share a presigned link from our deliverables bucket if that helps.")

    # ============================================================ S7 Fri 09-25 (acceptEdits)
    with d.session("2026-09-25T10:00:00", R, branch="p2452-wenlock", version="2.1.67", permission_mode="acceptEdits"):
        t = d.task("portal tiles for Wenlock: Sam loaded the habitat parcels into staging.wenlock_habitat_parcels in "
                   "p2452_wenlock. PMTiles with habitat + condition, bucket portal/p2452/", tags=["workflow:W3", "flaky:F1"])
        t.bash("mkdir -p data/tiles/p2452", "Create the tiles folder")
        W3_export(t, 'PG:"dbname=p2452_wenlock"', None, "data/tiles/p2452/habitat_parcels.geojsonl",
                  "Export parcels as WGS84 GeoJSONSeq",
                  sql="SELECT parcel_id, habitat, condition, geom FROM staging.wenlock_habitat_parcels")
        t.bash("tippecanoe -o data/tiles/p2452/wenlock.pmtiles -zg --coalesce-densest-as-needed --no-tiny-polygon-reduction "
               "-n 'Wenlock habitat baseline' -L habitat_parcels:data/tiles/p2452/habitat_parcels.geojsonl",
               "Build the PMTiles",
               err="""214 features, 1876210 bytes of geometry, 8 bytes of separate metadata, 4410 bytes of string pool
Choosing a maxzoom of -z14 for features about 11 feet (3 meters) apart
Choosing a maxzoom of -z14 for resolution of about 7 feet (2 meters) within features
  99.9%  14/8086/5449""")
        t.bash("pmtiles show data/tiles/p2452/wenlock.pmtiles", "Inspect the archive",
               out=pmtiles_show("Wenlock habitat baseline", (-2.624881, 52.569213, -2.562044, 52.604530),
                                (-2.593463, 52.586872), 14, 486, 471, 466,
                                [("habitat_parcels", '"parcel_id":"String","habitat":"String","condition":"String"')]))
        up = (f"aws s3 cp data/tiles/p2452/wenlock.pmtiles {BUCKET}/portal/p2452/wenlock.pmtiles "
              "--content-type application/vnd.pmtiles --profile tern")
        t.fail(up, "Upload the tiles",
               f'upload failed: data/tiles/p2452/wenlock.pmtiles to {BUCKET}/portal/p2452/wenlock.pmtiles Connection was '
               'closed before we received a valid response from endpoint URL: '
               '"https://tern-geo-deliverables.s3.eu-west-2.amazonaws.com/portal/p2452/wenlock.pmtiles".')
        t.bash(up, "Upload the tiles", out=upload("data/tiles/p2452/wenlock.pmtiles", f"{BUCKET}/portal/p2452/wenlock.pmtiles"))
        t.done("`s3://tern-geo-deliverables/portal/p2452/wenlock.pmtiles` is up: one layer `habitat_parcels` with "
               "`parcel_id`, `habitat`, `condition`, z0–14, 214 parcels. I used `--coalesce-densest-as-needed` and "
               "`--no-tiny-polygon-reduction` so small parcels stay visible at low zooms (what Tom asked for on Ashby). "
               "The first upload dropped the connection mid-request; the same command went through on retry.")

        t = d.task("load the ecologist's survey points (data/raw/p2452/survey_points_2026.gpkg) into "
                   "staging.survey_points in p2452_wenlock", tags=["workflow:W1"])
        gp = "data/raw/p2452/survey_points_2026.gpkg"
        t.bash(f"ogrinfo -so -al {gp}", "Inspect the GeoPackage",
               out=f"""INFO: Open of `{gp}'
      using driver `GPKG' successful.

Layer name: survey_points_2026
Geometry: Point
Feature Count: 412
Extent: (358214.000000, 297801.000000) - (362655.000000, 301744.000000)
Layer SRS WKT:
{bng_wkt_lines()}
Data axis to CRS axis mapping: 1,2
FID Column = fid
Geometry Column = geom
point_id: String (16.0)
surveyor: String (40.0)
survey_date: Date
habitat_code: String (12.0)
condition: String (20.0)
notes: String (0.0)""")
        t.bash(f'ogr2ogr -f PostgreSQL PG:"dbname=p2452_wenlock" {gp} -nln staging.survey_points -t_srs EPSG:27700 '
               "-lco GEOMETRY_NAME=geom -lco FID=gid -overwrite", "Load survey points into staging")
        W1_validity(t, "p2452_wenlock", "staging.survey_points", invalid=0, total=412)
        t.bash('psql -d p2452_wenlock -c "SELECT count(*) FILTER (WHERE NOT ST_Within(p.geom, b.geom)) AS outside '
               'FROM staging.survey_points p, (SELECT ST_Union(geom) AS geom FROM staging.wenlock_habitat_parcels) b;"',
               "Check points fall inside the parcels",
               out=""" outside 
---------
       3
(1 row)""")
        t.done("`staging.survey_points`: 412 points, EPSG:27700, all valid. 3 points fall outside every habitat parcel — "
               "worth asking the ecologist whether they're boundary-hedge records or GPS drift; I left them in.")

        t = d.task("where do the portal layer names get wired up? I want to rename habitat_parcels but can't remember "
                   "what reads it", tags=["noise"])
        t.grep("habitat_parcels|flood_extents", output_mode="content", n=True,
               content=f"""{P('portal/config/p2447.json')}:6:      "source-layer": "flood_extents",
{P('portal/config/p2447.json')}:14:      "source-layer": "watercourses",
{P('portal/config/p2452.json')}:6:      "source-layer": "habitat_parcels",
{P('portal/config/p2452.json')}:9:        "match", ["get", "habitat"],""")
        t.done("Only the portal config reads it: `portal/config/p2452.json` line 6, `\"source-layer\": \"habitat_parcels\"`. "
               "If you rename it, change the `-L <name>:…` in the tippecanoe call and that `source-layer` together, "
               "and re-upload both — the portal caches the config for 5 minutes, so expect a short gap.")

    # ============================================================ S8 Tue 09-29
    with d.session("2026-09-29T09:00:00", R, branch="p2452-wenlock", version="2.1.69"):
        t = d.task("add a make target check-cog that runs rio cogeo validate on every tif under data/deliverables, and "
                   "run it", tags=["oneoff:O2"])
        t.read(P("Makefile"))
        t.edit(P("Makefile"), """test: ## pytest
\tpytest -q tests
""", """test: ## pytest
\tpytest -q tests

check-cog: ## validate every deliverable GeoTIFF as COG
    @for f in data/deliverables/*/*.tif; do rio cogeo validate "$$f"; done
""")
        ln = line_of(d.files[P("Makefile")], "    @for f in")
        t.fail("make check-cog", "Run the new target", f"Makefile:{ln}: *** missing separator.  Stop.", code=2)
        t.say("The recipe line got four spaces instead of a tab. Fixing the indentation:")
        t.edit(P("Makefile"), '    @for f in data/deliverables/*/*.tif; do rio cogeo validate "$$f"; done',
               '\t@for f in data/deliverables/*/*.tif; do rio cogeo validate "$$f"; done')
        t.edit(P("Makefile"), ".PHONY: help db load-raster lint test", ".PHONY: help db load-raster lint test check-cog")
        t.bash("make check-cog", "Run the new target",
               out="""data/deliverables/p2431/p2431_dtm_1m_site.tif is a valid cloud optimized GeoTIFF
data/deliverables/p2452/p2452_dtm_2m.tif is a valid cloud optimized GeoTIFF""")
        t.done("`make check-cog` validates every `data/deliverables/*/*.tif`; both current deliverables pass. The first run "
               "hit `missing separator` because I indented the recipe with spaces — it's a tab now, and the target is in "
               "`.PHONY`.")

        t = d.task("what does -tap actually do in gdalwarp, and is it a problem that I use it on deliverables?",
                   tags=["noise", "no_tools"])
        t.done("""`-tap` (target aligned pixels) snaps the output extent to whole multiples of the resolution given with `-tr`. With `-tr 1 1` every pixel edge falls on a whole metre in BNG, so:

- outputs from different runs line up pixel-for-pixel (mosaics, differencing two DTMs, stacking with other 1 m products),
- the extent grows by up to one pixel on each side compared with the exact input bounds.

It's not a problem for deliverables — it's the reason they line up with the EA's own 1 m tiles, which are on the same grid. The only cost is resampling if the source wasn't already on that grid (then the `-r` method matters: bilinear for a DTM, nearest for classes).""")

        t = d.task("NDVI per habitat parcel for Wenlock: pipelines/p2452/ndvi_parcels.py. parcels from "
                   "staging.wenlock_habitat_parcels, NDVI from data/interim/p2452/s2_ndvi_2026_summer.tif. mean NDVI per "
                   "parcel into a GeoPackage in data/processed/p2452/. output stays in EPSG:27700, same as the db — "
                   "I don't want UTM leaking into deliverables", tags=["mistake:M1", "pref:P1"])
        t.bash("gdalsrsinfo -o epsg data/interim/p2452/s2_ndvi_2026_summer.tif && "
               'psql -d p2452_wenlock -Atc "SELECT Find_SRID(\'staging\', \'wenlock_habitat_parcels\', \'geom\');"',
               "Check both CRSs", out="EPSG:32630\n27700")
        t.write(P("pipelines/p2452/ndvi_parcels.py"), NDVI_PARCELS)
        call = "data, _ = mask(ndvi, [geom], crop=True, filled=False)"
        t.fail("python pipelines/p2452/ndvi_parcels.py", "Run the NDVI per parcel",
               mask_traceback("pipelines/p2452/ndvi_parcels.py", line_of(NDVI_PARCELS, "    main()\n"),
                              line_of(NDVI_PARCELS, call), call + "\n" + " " * 22 + "^" * 47))
        t.say("The parcels are BNG and the NDVI raster is UTM 30N, so each parcel is looked up at BNG coordinates in a UTM "
              "raster. I'll mask with a UTM copy of the parcels and keep the 27700 frame for the output:")
        t.edit(P("pipelines/p2452/ndvi_parcels.py"), """    with rasterio.open(NDVI) as ndvi:
        for geom in parcels.geometry:""", """    with rasterio.open(NDVI) as ndvi:
        for geom in parcels.to_crs(ndvi.crs).geometry:""")
        t.bash("python pipelines/p2452/ndvi_parcels.py", "Run the NDVI per parcel again",
               out="wrote data/processed/p2452/parcel_ndvi.gpkg: 214 parcels, mean NDVI 0.61, CRS EPSG:27700")
        t.done("`data/processed/p2452/parcel_ndvi.gpkg` (layer `parcel_ndvi`): 214 parcels with `ndvi_mean`, geometry in "
               "EPSG:27700. The first run failed with `Input shapes do not overlap raster.` — parcels in BNG, raster in "
               "UTM 30N. Masking now uses `parcels.to_crs(ndvi.crs)`, only for the lookup; the GeoPackage keeps the original "
               "BNG geometries.")

        t = d.task("client's moved to ArcGIS Pro, so forget LZW: re-issue the Riverside DTM COG with DEFLATE and "
                   "PREDICTOR=3 (it's float), same key in the bucket", tags=["workflow:W2", "reversal:P3"])
        W2(t, "data/interim/p2431/dtm_site.tif", "data/interim/p2431/dtm_site_aligned.tif",
           "data/deliverables/p2431/p2431_dtm_1m_site.tif", "p2431/dtm/p2431_dtm_1m_site.tif",
           ["COMPRESS=DEFLATE", "PREDICTOR=3"], 1, (742, 771))
        t.bash("ls -l data/deliverables/p2431/p2431_dtm_1m_site.tif", "Compare the size",
               out="-rw-rw-r-- 1 rachel rachel 1402318 Sep 29 11:02 data/deliverables/p2431/p2431_dtm_1m_site.tif")
        t.done("Re-issued at the same key, `s3://tern-geo-deliverables/p2431/dtm/p2431_dtm_1m_site.tif`: DEFLATE with "
               "floating-point predictor (`PREDICTOR=3`), validated. 1.4 MB against 2.2 MB with LZW. ArcGIS Pro reads "
               "both; I'll use DEFLATE + PREDICTOR=3 for float rasters from now on.")

    # ============================================================ S9 Thu 10-01
    with d.session("2026-10-01T13:20:00", R, branch="p2431-riverside", version="2.1.70"):
        t = d.task("how many flood zone 3 polygons touch the Riverside site and how many hectares of the site are in zone 3?",
                   tags=["noise"])
        t.bash('psql -d p2431_riverside -c "SELECT count(*) AS polygons, round((sum(ST_Area(ST_Intersection(f.geom, s.geom)))'
               '/10000)::numeric, 2) AS ha_in_fz3 FROM staging.ea_flood_zone_3 f JOIN staging.site_boundary s '
               'ON ST_Intersects(f.geom, s.geom);"', "Count and measure flood zone 3 on site",
               out=""" polygons | ha_in_fz3 
----------+-----------
        3 |      6.87
(1 row)""")
        t.bash('psql -d p2431_riverside -c "SELECT f.type, round((sum(ST_Area(ST_Intersection(f.geom, s.geom)))/10000)::numeric, 2) '
               'AS ha FROM staging.ea_flood_zone_3 f JOIN staging.site_boundary s ON ST_Intersects(f.geom, s.geom) GROUP BY 1 ORDER BY 2 DESC;"',
               "Split by flood zone type",
               out="""        type         |  ha  
---------------------+------
 Fluvial Models      | 5.92
 Fluvial / Tidal     | 0.95
(2 rows)""")
        t.done("3 flood zone 3 polygons touch the site; together they cover **6.87 ha**, about 18 % of the 38.41 ha site "
               "(5.92 ha from the modelled fluvial zone, 0.95 ha from the older fluvial/tidal outline along the brook).")

        t = d.task("the client sent their drainage layout from CAD: data/raw/p2431/client_drainage/Watercourses.shp. "
                   "load it to staging.client_watercourses", tags=["workflow:W1", "mistake:M2"])
        shp = "data/raw/p2431/client_drainage/Watercourses.shp"
        t.bash(f"ogrinfo -so -al {shp}", "Inspect the shapefile",
               out=ogrinfo_so(shp, "Watercourses", "Line String", 96,
                              "(446031.220000, 258114.870000) - (447102.540000, 259310.660000)",
                              ["Layer: String (254.0)", "Handle: String (16.0)", "Type: String (40.0)",
                               "Width_m: Real (19.11)"], date="2026-09-28"))
        base = (f'ogr2ogr -f PostgreSQL PG:"dbname=p2431_riverside" {shp} -nln staging.client_watercourses '
                "-t_srs EPSG:27700 -lco GEOMETRY_NAME=geom -lco FID=gid -overwrite")
        t.fail(base, "Load the client's watercourses",
               copy_fail("client_watercourses", "Watercourses", "MultiLineString", "LineString", 9, 8,
                         "0105000020346C000002000000010200000004000000" + hx(24).upper()))
        t.say("Lines this time: the shapefile says `Line String`, but some CAD polylines are multi-part, so the "
              "`LineString` column refuses them. Promoting to multi:")
        t.bash(base.replace(" -overwrite", " -nlt PROMOTE_TO_MULTI -overwrite"), "Load as MultiLineString")
        t.bash(f'psql -d p2431_riverside -c "SELECT ST_IsValid(geom) AS valid, GeometryType(geom), count(*) '
               f'FROM staging.client_watercourses GROUP BY 1, 2;"', "Check geometry validity",
               out=""" valid |  geometrytype   | count 
-------+-----------------+-------
 t     | MULTILINESTRING |    96
(1 row)""")
        t.done("`staging.client_watercourses`: 96 features as `MultiLineString` in EPSG:27700, all valid. The first load "
               "hit `Geometry type (MultiLineString) does not match column type (LineString)`; `-nlt PROMOTE_TO_MULTI` "
               "fixed it. The CAD attributes (`Layer`, `Handle`, `Type`, `Width_m`) came through unchanged.")

        t = d.task("the CAD lines are split at every drawing vertex group. dissolve them by Type with the QGIS algorithm "
                   "(headless, qgis_process) into data/interim/p2431/watercourses_dissolved.gpkg so the ecologist gets the "
                   "same result as in the desktop", tags=["noise"])
        t.bash("qgis_process help native:dissolve | sed -n '1,25p'", "Check the dissolve parameters",
               out="""Dissolve (native:dissolve)

----------------
Description
----------------
This algorithm takes a vector layer and combines their features into new features. One or more attributes can be specified to dissolve features belonging to the same class (having the same value for the specified attributes), alternatively all features can be dissolved in a single one.

----------------
Arguments
----------------

INPUT: Input layer
	Argument type:	source
	Acceptable values:
		- Path to a vector layer
FIELD: Dissolve field(s) (optional)
	Argument type:	field
	Acceptable values:
		- The name of an existing field
		- ; delimited list of existing field names
SEPARATE_DISJOINT: Keep disjoint features separate
	Default value:	false
	Argument type:	boolean""")
        t.bash('qgis_process run native:dissolve -- INPUT="postgres://dbname=p2431_riverside table=staging.client_watercourses '
               '(geom)" FIELD=Type SEPARATE_DISJOINT=false OUTPUT=data/interim/p2431/watercourses_dissolved.gpkg',
               "Dissolve the watercourses by Type",
               out="""
----------------
Inputs
----------------

FIELD:	Type
INPUT:	postgres://dbname=p2431_riverside table=staging.client_watercourses (geom)
OUTPUT:	data/interim/p2431/watercourses_dissolved.gpkg
SEPARATE_DISJOINT:	false


0...10...20...30...40...50...60...70...80...90...
----------------
Results
----------------

OUTPUT:	data/interim/p2431/watercourses_dissolved.gpkg""")
        t.bash("ogrinfo -so data/interim/p2431/watercourses_dissolved.gpkg watercourses_dissolved | grep -E 'Geometry|Feature Count'",
               "Check the result", out="Geometry: Multi Line String\nFeature Count: 4\nGeometry Column = geom")
        t.done("`data/interim/p2431/watercourses_dissolved.gpkg`: the 96 CAD pieces dissolved into 4 features, one per "
               "`Type` (ditch, culvert, main river, field drain), MultiLineString in EPSG:27700. It's the same "
               "`native:dissolve` the desktop uses, run headless with qgis_process straight from the PostGIS table.")

        t = d.task("pull the EA Recorded Flood Outlines straight from their WFS into staging so we can compare with the "
                   "site", tags=["unfixed:U2"])
        wfs = "https://environment.data.gov.uk/spatialdata/recorded-flood-outlines/wfs"
        t.fail(f'ogrinfo -so "WFS:{wfs}"', "List the WFS layers",
               f"""ERROR 1: HTTP error code : 503
FAILURE:
Unable to open datasource `WFS:{wfs}' with the following drivers.
  -> `WFS'""")
        t.bash(f'curl -sI "{wfs}?SERVICE=WFS&REQUEST=GetCapabilities"', "Check the service directly",
               out="""HTTP/2 503 
content-type: text/html
content-length: 2381
date: Thu, 01 Oct 2026 13:41:07 GMT
retry-after: 3600
x-cache: Error from cloudfront
via: 1.1 6b1f0e2c4d5e9a7b.cloudfront.net (CloudFront)""")
        t.done("Not loaded: the EA WFS is returning **503** (CloudFront error, `retry-after: 3600`), so it's down on their "
               "side, not our request. Options: try again in an hour, or download the Recorded Flood Outlines as a "
               "GeoPackage from the Defra Data Services Platform and load that file instead.")

    # ============================================================ S10 Mon 10-05
    with d.session("2026-10-05T09:40:00", R, branch="p2447-ashby", version="2.1.72"):
        t = d.task("Tom re-ran the model; new extents are in data/interim/p2447/flood_extents.gpkg. rebuild the Ashby "
                   "portal tiles and this time keep every polygon visible at low zoom", tags=["workflow:W3"])
        W3_export(t, "data/interim/p2447/flood_extents.gpkg", "flood_extents", "data/tiles/p2447/flood_extents.geojsonl",
                  "Re-export flood extents as WGS84 GeoJSONSeq")
        t.bash("tippecanoe -o data/tiles/p2447/ashby.pmtiles --force -zg --coalesce-densest-as-needed "
               "--no-tiny-polygon-reduction --extend-zooms-if-still-dropping -n 'Ashby flood extents' "
               "-L flood_extents:data/tiles/p2447/flood_extents.geojsonl "
               "-L watercourses:data/tiles/p2447/watercourses.geojsonl", "Rebuild the PMTiles",
               err="""2241 features, 4402876 bytes of geometry, 25 bytes of separate metadata, 40117 bytes of string pool
Choosing a maxzoom of -z13 for features about 17 feet (5 meters) apart
Choosing a maxzoom of -z15 for resolution of about 3 feet (1 meters) within features
  99.9%  15/16213/10728""")
        t.bash("pmtiles show data/tiles/p2447/ashby.pmtiles", "Inspect the archive",
               out=pmtiles_show("Ashby flood extents", (-1.524017, 52.736511, -1.421532, 52.789634), (-1.472775, 52.763072),
                                15, 2402, 2291, 2245,
                                [("flood_extents", '"return_period":"String","depth_max":"Number"'),
                                 ("watercourses", '"name":"String","form":"String"')]))
        t.bash(f"aws s3 cp data/tiles/p2447/ashby.pmtiles {BUCKET}/portal/p2447/ashby.pmtiles "
               "--content-type application/vnd.pmtiles --profile tern", "Upload the tiles",
               out=upload("data/tiles/p2447/ashby.pmtiles", f"{BUCKET}/portal/p2447/ashby.pmtiles"))
        t.done("Rebuilt and uploaded `portal/p2447/ashby.pmtiles` with the new model run (2241 features). Small extents "
               "now merge instead of disappearing (`--coalesce-densest-as-needed`) and sub-pixel polygons are kept as they "
               "are (`--no-tiny-polygon-reduction`). Watercourses are the same export as before.")

        t = d.task("Tom wants the modelled 1 in 100 depth grid (data/interim/p2447/depth_1in100_2m.tif) in a separate "
                   "scratch db, p2447_ashby_depths, so he can hammer it without touching the main one. use the "
                   "load-raster target", tags=["mistake:M3"])
        t.bash("make db PROJECT=p2447_ashby_depths", "Create the scratch database",
               out='createdb p2447_ashby_depths\npsql -d p2447_ashby_depths -c "CREATE EXTENSION IF NOT EXISTS postgis;"\n'
                   'CREATE EXTENSION\npsql -d p2447_ashby_depths -c "CREATE SCHEMA IF NOT EXISTS staging;"\nCREATE SCHEMA')
        mk = "make load-raster PROJECT=p2447_ashby_depths RASTER=data/interim/p2447/depth_1in100_2m.tif TABLE=public.depth_1in100"
        recipe = ("raster2pgsql -s 27700 -I -C -M -F -t 256x256 data/interim/p2447/depth_1in100_2m.tif public.depth_1in100 "
                  "| psql -v ON_ERROR_STOP=1 -q -d p2447_ashby_depths")
        mline = line_of(d.files[P("Makefile")], "\traster2pgsql")
        t.fail(mk, "Load the depth grid", recipe + "\n" +
               raster_type_fail("depth_1in100", "data/interim/p2447/depth_1in100_2m.tif") +
               f"\nmake: *** [Makefile:{mline}: load-raster] Error 3", code=2)
        t.say("Same gap as with the other new databases: `make db` sets up `postgis` only, and raster tables need "
              "`postgis_raster`. Adding it here and re-running the target:")
        t.bash('psql -d p2447_ashby_depths -c "CREATE EXTENSION IF NOT EXISTS postgis_raster;"', "Enable PostGIS raster",
               out="CREATE EXTENSION")
        t.bash(mk, "Load the depth grid", out=recipe + "\n" + ADDC,
               err="Processing 1/1: data/interim/p2447/depth_1in100_2m.tif")
        t.bash('psql -d p2447_ashby_depths -c "SELECT round(max((ST_SummaryStats(rast)).max)::numeric, 2) AS max_depth_m, '
               'count(*) AS tiles FROM public.depth_1in100;"', "Sanity-check the depths",
               out=""" max_depth_m | tiles 
-------------+-------
        2.87 |   418
(1 row)""")
        t.done("`public.depth_1in100` is in `p2447_ashby_depths`: 418 tiles (256×256, 2 m, SRID 27700), max depth 2.87 m. "
               "`make load-raster` first failed on `type \"raster\" does not exist` — the new database didn't have "
               "`postgis_raster` yet.")

        t = d.task("write me a 4-line note for the Ashby client on what's on the portal now. plain English, no jargon",
                   tags=["noise", "no_tools"])
        t.done("""The flood map on the portal now shows the updated model results (run of 2 October) for the whole Ashby catchment.
You can switch between the modelled flood extents and the watercourses; all areas at risk stay visible when you zoom out.
Click an area to see the flood scenario it belongs to and the deepest water expected there.
The land cover summary and the 2 m ground model are available on request as files for your GIS team.""")

    # ---------------------------------------------------------------- answer key
    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Claude writes a rasterio clip/zonal script that masks a raster with vector shapes read in "
                            "another CRS (client GeoJSON in WGS84, parcels in BNG vs a UTM raster) without reprojecting "
                            "them; the shapes land outside the raster's extent.",
             "error_signature": "rasterio: 'rasterio.errors.WindowError: windows do not intersect' then "
                                "'ValueError: Input shapes do not overlap raster.' from rasterio.mask.mask(..., crop=True) "
                                "(python pipelines/<project>/<script>.py)",
             "fix": "Reproject the shapes to the raster's CRS before masking (`gdf.to_crs(src.crs)`), then re-run the "
                    "same script.",
             "fix_command_markers": [["to_crs"]],
             "harmful_markers": ["crop=False", "allow_override=True", "set_crs("]},
            {"id": "M2",
             "description": "ogr2ogr loads a shapefile into PostGIS; the shapefile declares Polygon / Line String but "
                            "contains multi-part features, so the typed geometry column rejects them during COPY.",
             "error_signature": "ogr2ogr -f PostgreSQL: 'ERROR 1: COPY statement failed.' / 'ERROR:  Geometry type "
                                "(MultiPolygon) does not match column type (Polygon)' (or MultiLineString / LineString), "
                                "then 'Terminating translation prematurely after failed translation of layer …'",
             "fix": "Re-run the same ogr2ogr with `-nlt PROMOTE_TO_MULTI`.",
             "fix_command_markers": [["PROMOTE_TO_MULTI"]],
             "harmful_markers": ["-skipfailures", "-explodecollections", "-nlt GEOMETRY"]},
            {"id": "M3",
             "description": "A raster is loaded with raster2pgsql (directly or via `make load-raster`) into a project "
                            "database freshly made with `make db`, which only creates the postgis extension; the raster "
                            "type lives in postgis_raster since PostGIS 3.",
             "error_signature": "psql:<stdin>:2: ERROR:  type \"raster\" does not exist / LINE 1: CREATE TABLE "
                                "\"public\".\"<t>\" (\"rid\" serial PRIMARY KEY,\"rast\" raster,… (exit 3; via make: "
                                "'make: *** [Makefile:<l>: load-raster] Error 3')",
             "fix": "`psql -d <db> -c \"CREATE EXTENSION [IF NOT EXISTS] postgis_raster;\"`, then repeat the same load.",
             "fix_command_markers": [["postgis_raster"]],
             "harmful_markers": ["dropdb", "DROP DATABASE", "DROP EXTENSION"]},
        ],
        one_off_failures=[
            {"id": "O1",
             "description": "shapely 2: `TypeError: 'MultiPolygon' object is not iterable` in largest_part "
                            "(pytest tests/test_geom_utils.py); fixed with `.geoms`, same pytest passes."},
            {"id": "O2",
             "description": "New Makefile recipe indented with spaces: `Makefile:<l>: *** missing separator.  Stop.`; "
                            "replaced with a tab, `make check-cog` passes."},
        ],
        unfixed_failures=[
            {"id": "U1",
             "description": "`aws s3 cp` to the client's bucket: AccessDenied on PutObject, 'no resource-based policy "
                            "allows the s3:PutObject action'; needs the client to change their bucket policy."},
            {"id": "U2",
             "description": "`ogrinfo` on the EA Recorded Flood Outlines WFS: 'ERROR 1: HTTP error code : 503' (service "
                            "down, retry-after 3600); reported, not retried."},
        ],
        flaky_retries=[
            {"id": "F1",
             "description": "`aws s3 cp` of the Wenlock PMTiles: 'Connection was closed before we received a valid "
                            "response from endpoint URL'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1",
             "description": "Vector intake into a project database: `ogrinfo -so -al <src>` → `ogr2ogr -f PostgreSQL "
                            "PG:… -nln staging.<t> -t_srs EPSG:27700 -lco GEOMETRY_NAME=geom` → ST_IsValid check "
                            "(repair with ST_MakeValid if needed).",
             "step_markers": [["ogrinfo -so"], ["ogr2ogr -f PostgreSQL"], ["ST_IsValid"]]},
            {"id": "W2",
             "description": "Raster deliverable: `gdalwarp -t_srs EPSG:27700 -tr … -tap` → `gdal_translate -of COG` → "
                            "`rio cogeo validate` → `aws s3 cp` to s3://tern-geo-deliverables/<project>/.",
             "step_markers": [["gdalwarp"], ["-of COG"], ["rio cogeo validate"], ["aws s3 cp"]]},
            {"id": "W3",
             "description": "Portal tiles: `ogr2ogr -f GeoJSONSeq -t_srs EPSG:4326` → `tippecanoe -o <x>.pmtiles` → "
                            "`pmtiles show` → `aws s3 cp … --content-type application/vnd.pmtiles` under portal/<project>/.",
             "step_markers": [["GeoJSONSeq"], ["tippecanoe"], ["pmtiles show"], ["aws s3 cp"]]},
        ],
        preferences=[
            {"id": "P1",
             "description": "Everything stored and analysed in British National Grid (EPSG:27700); other CRSs only on the "
                            "way in (reproject) or for web tiles.",
             "markers": [["27700"]]},
            {"id": "P2",
             "description": "Vector deliverables as GeoPackage, never shapefiles.",
             "markers": [["GeoPackage"], ["shapefile"]]},
            {"id": "P3",
             "description": "GeoTIFF deliverables compressed with LZW for the client's ArcMap 10.8 (stated T06); reversed "
                            "when the client moved to ArcGIS Pro: DEFLATE with PREDICTOR=3.",
             "markers": [["LZW"]],
             "reversal_markers": [["DEFLATE"], ["LZW"]]},
        ],
        probes=[
            {"prompt": "python pipelines/p2452/canopy_height.py dies with ValueError: Input shapes do not overlap raster. "
                       "the woodland polygons definitely sit on top of the CHM in QGIS",
             "wanted": ["M1"]},
            {"prompt": "Write a script that clips the Environment Agency's national LiDAR DSM tile for SP45 to the "
                       "client's KML red line boundary and saves it under data/interim/p2460/.",
             "wanted": ["M1"]},
            {"prompt": "ogr2ogr into PostGIS stops with ERROR:  Geometry type (MultiPolygon) does not match column type "
                       "(Polygon) on the ancient woodland inventory shapefile. what's wrong with it?",
             "wanted": ["M2"]},
            {"prompt": "Load the Priority Habitat Inventory shapefile for the Wenlock area into staging.phi in "
                       "p2452_wenlock.",
             "wanted": ["M2"]},
            {"prompt": "raster2pgsql | psql gives psql:<stdin>:2: ERROR:  type \"raster\" does not exist on the new "
                       "p2460 database. postgis is definitely installed",
             "wanted": ["M3"]},
            {"prompt": "Set up a database for the new Hartwell project (p2460_hartwell) and load the 1 m DTM into it as a "
                       "raster table.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between ST_Intersects and ST_Overlaps for checking which SSSI units touch "
                       "a site?",
             "wanted": []},
            {"prompt": "Explain in two sentences what a PMTiles archive is compared with a folder of XYZ tiles.",
             "wanted": []},
            {"prompt": "Write the SQL for the total length of client watercourses inside flood zone 3 on the Riverside "
                       "site.",
             "wanted": []},
            {"prompt": "Is it worth moving our notebooks from geopandas' fiona engine to pyogrio? Short answer.",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "gis-data.jsonl"), os.path.join(HERE, "tune", "gis-data.labels.json"))
    print(f"gis-data -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
