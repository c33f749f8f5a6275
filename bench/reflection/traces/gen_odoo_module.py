"""odoo-module: Pieter Vandamme, freelance Odoo developer in Ghent (fictional).

Pieter builds and upgrades custom Odoo 17 modules for small manufacturers. This month he works for
Metaalwerken Verhaeghe (Deinze, sheet-metal workshop, Odoo 17 Enterprise on odoo.sh; contact Sofie
Verhaeghe; their odoo.sh project is co-maintained by Jonas De Smet). The repo github.com/verhaeghe-metaal/
odoo-addons holds the custom modules under `addons/` (verh_mrp_quality, verh_stock_report, verh_sale_margin),
a `requirements.txt` for odoo.sh, OCA pre-commit (pylint-odoo, ruff, prettier with the XML plugin) and a
docker compose file for local PostgreSQL 15 (published on localhost:5433, ~/.pgpass holds the password) and a
local Odoo container. Odoo itself runs from source: `~/src/odoo-17.0` + `~/src/enterprise-17.0`, venv
`~/.venvs/odoo17` (Python 3.10), `odoo.conf` in the repo. Tests run on throwaway databases (`-i <module>
--test-enable --test-tags /<module> --stop-after-init`). Production backups come from odoo.sh as zip files.

Written blind for fresh/; measured once held out (round 31), then moved to tune/.

    cd bench/reflection/traces && python3 fresh/gen_odoo_module.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "pieter"
H = "/home/pieter"
R = H + "/clients/verhaeghe/odoo-addons"
WT = H + "/clients/verhaeghe/odoo-addons-staging"
MODEL = "claude-opus-4-6"
PY = "~/.venvs/odoo17/bin/python ~/src/odoo-17.0/odoo-bin -c odoo.conf"
SRC = H + "/src/odoo-17.0"
VENV_SP = H + "/.venvs/odoo17/lib/python3.10/site-packages"
Q = R + "/addons/verh_mrp_quality"
SR = R + "/addons/verh_stock_report"
SM = R + "/addons/verh_sale_margin"

# ------------------------------------------------------------------ virtual file system

ODOO_CONF = """[options]
addons_path = ~/src/odoo-17.0/addons,~/src/enterprise-17.0,addons
db_host = localhost
db_port = 5433
db_user = odoo
db_password = odoo
http_port = 8069
dbfilter = ^verh_.*$
list_db = True
log_level = info
without_demo = False
"""

COMPOSE = """services:
  db:
    image: postgres:15
    environment:
      POSTGRES_USER: odoo
      POSTGRES_PASSWORD: odoo
      POSTGRES_DB: postgres
    ports:
      - "5433:5432"
    volumes:
      - pgdata:/var/lib/postgresql/data
  odoo:
    image: odoo:17.0
    depends_on: [db]
    ports:
      - "8069:8069"
    environment:
      HOST: db
      USER: odoo
      PASSWORD: odoo
    volumes:
      - ./addons:/mnt/extra-addons
    profiles: [full]
volumes:
  pgdata:
"""

README = """# Verhaeghe Odoo addons

Custom modules for Metaalwerken Verhaeghe (Odoo 17.0 Enterprise, odoo.sh project `verhaeghe-metaal`).

- `addons/verh_mrp_quality`: quality checks on manufacturing orders
- `addons/verh_stock_report`: delivery slip / packing list tweaks
- `addons/verh_sale_margin`: margin % on quotation lines, approval threshold

## Local

    docker compose up -d db          # PostgreSQL 15 on localhost:5433 (password in ~/.pgpass)
    ~/.venvs/odoo17/bin/python ~/src/odoo-17.0/odoo-bin -c odoo.conf -d verh_dev -u <module> --stop-after-init

Python deps of the modules go in `requirements.txt` (odoo.sh installs it; locally: the venv).

## Branches

`17.0` = production, `staging` = odoo.sh staging builds, feature branches `17.0-<topic>` = dev builds.
"""

MANIFEST_Q0 = """{
    "name": "Verhaeghe MRP Quality",
    "summary": "Quality checks on manufacturing orders",
    "version": "17.0.1.0.0",
    "category": "Manufacturing",
    "author": "Pieter Vandamme",
    "website": "https://github.com/verhaeghe-metaal/odoo-addons",
    "license": "LGPL-3",
    "depends": ["mrp"],
    "data": [
        "security/ir.model.access.csv",
        "views/menus.xml",
        "views/quality_check_views.xml",
        "views/mrp_production_views.xml",
    ],
    "installable": True,
    "application": False,
}
"""

MENUS = """<?xml version="1.0" encoding="utf-8"?>
<odoo>
    <menuitem
        id="menu_quality_check"
        name="Quality Checks"
        parent="mrp.menu_mrp_manufacturing"
        action="action_quality_check"
        sequence="40"
    />
</odoo>
"""

QC_MODEL = '''from odoo import api, fields, models


class QualityCheck(models.Model):
    _name = "verh.quality.check"
    _description = "Quality check on a manufacturing order"
    _inherit = ["mail.thread"]
    _order = "id desc"

    name = fields.Char(required=True, default="New", copy=False)
    production_id = fields.Many2one("mrp.production", required=True, ondelete="cascade", index=True)
    product_id = fields.Many2one(related="production_id.product_id", store=True)
    company_id = fields.Many2one(related="production_id.company_id", store=True)
    state = fields.Selection(
        [("todo", "To do"), ("pass", "Passed"), ("fail", "Failed")],
        default="todo",
        required=True,
        tracking=True,
    )
    measured_thickness = fields.Float(digits=(6, 2))
    note = fields.Text()

    @api.model_create_multi
    def create(self, vals_list):
        for vals in vals_list:
            if vals.get("name", "New") == "New":
                vals["name"] = self.env["ir.sequence"].next_by_code("verh.quality.check") or "New"
        return super().create(vals_list)

    def action_pass(self):
        self.write({"state": "pass"})

    def action_fail(self):
        self.write({"state": "fail"})
'''

SO_LINE0 = '''from odoo import api, fields, models


class SaleOrderLine(models.Model):
    _inherit = "sale.order.line"

    margin_threshold_exceeded = fields.Boolean(compute="_compute_margin_threshold_exceeded")

    @api.depends("margin", "price_subtotal")
    def _compute_margin_threshold_exceeded(self):
        threshold = float(
            self.env["ir.config_parameter"].get_param("verh_sale_margin.min_margin", "0.18")
        )
        for line in self:
            line.margin_threshold_exceeded = bool(line.price_subtotal) and (
                line.margin / line.price_subtotal
            ) < threshold
'''

MANIFEST_SM0 = """{
    "name": "Verhaeghe Sale Margin",
    "summary": "Margin percentage on quotation lines, approval under threshold",
    "version": "17.0.1.1.0",
    "category": "Sales",
    "author": "Pieter Vandamme",
    "website": "https://github.com/verhaeghe-metaal/odoo-addons",
    "license": "LGPL-3",
    "depends": ["sale_margin"],
    "data": [
        "views/sale_order_views.xml",
        "data/ir_config_parameter.xml",
    ],
    "installable": True,
}
"""

MANIFEST_SR0 = """{
    "name": "Verhaeghe Stock Reports",
    "summary": "Delivery slip with lots and packaging for Verhaeghe",
    "version": "17.0.1.0.2",
    "category": "Inventory",
    "author": "Pieter Vandamme",
    "website": "https://github.com/verhaeghe-metaal/odoo-addons",
    "license": "LGPL-3",
    "depends": ["stock", "delivery"],
    "data": [
        "report/report_deliveryslip.xml",
    ],
    "installable": True,
}
"""

DELIVERY0 = """<?xml version="1.0" encoding="utf-8"?>
<odoo>
    <template id="report_delivery_document_verh" inherit_id="stock.report_delivery_document">
        <xpath expr="//div[@name='div_sched_date']" position="after">
            <div class="col-auto" name="div_customer_ref" t-if="o.sale_id.client_order_ref">
                <strong>Your reference:</strong>
                <p t-field="o.sale_id.client_order_ref"/>
            </div>
        </xpath>
    </template>
</odoo>
"""

REQS0 = """# Python dependencies of the custom addons (odoo.sh installs this file)
"""

FILES = {
    R + "/odoo.conf": ODOO_CONF,
    R + "/docker-compose.yml": COMPOSE,
    R + "/README.md": README,
    R + "/requirements.txt": REQS0,
    Q + "/__manifest__.py": MANIFEST_Q0,
    Q + "/views/menus.xml": MENUS,
    Q + "/models/quality_check.py": QC_MODEL,
    SM + "/models/sale_order_line.py": SO_LINE0,
    SM + "/__manifest__.py": MANIFEST_SM0,
    SR + "/__manifest__.py": MANIFEST_SR0,
    SR + "/report/report_deliveryslip.xml": DELIVERY0,
}

# ------------------------------------------------------------------ tool output helpers

_PID = [48211]


def boot(db, conf=R + "/odoo.conf", extra_addons=""):
    return [
        ("INFO", "?", "Odoo version 17.0+e-20261001"),
        ("INFO", "?", f"Using configuration file at {conf} "),
        ("INFO", "?", "addons paths: ['/home/pieter/src/odoo-17.0/odoo/addons', "
                      "'/home/pieter/.local/share/Odoo/addons/17.0', '/home/pieter/src/odoo-17.0/addons', "
                      f"'/home/pieter/src/enterprise-17.0', '{os.path.dirname(conf)}/addons'{extra_addons}]"),
        ("INFO", "?", "database: odoo@localhost:5433"),
        ("INFO", "?", "Odoo Enterprise 17.0 (Python 3.10.12)"),
        ("INFO", db, "odoo.modules.loading: loading 1 modules..."),
        ("INFO", db, "odoo.modules.loading: 1 modules loaded in 0.01s, 0 queries (+0 extra)"),
        ("INFO", db, "odoo.modules.loading: updating modules list"),
        ("INFO", db, "odoo.addons.base.models.ir_module: ALLOW access to module.update_list on [] to user __system__ #1 via n/a"),
    ]


def odoo_log(day, db, rows, t0="09:41:07"):
    out = []
    for lvl, lg, msg in rows:
        if lg == "?":
            out.append((lvl, "?", msg))
        elif lg == db:
            lgr, _, m = msg.partition(": ")
            out.append((lvl, lgr, m))
        else:
            out.append((lvl, lg, msg))
    # olog wants (level, logger, message) with db column; "?" rows have no db
    lines = []
    _PID[0] += 137
    h, m, s = (int(x) for x in t0.split(":"))
    ms = 112
    for lvl, lgr, msg in out:
        ms += 173
        s += ms // 1000
        ms %= 1000
        if s >= 60:
            m += s // 60
            s %= 60
        if lgr == "?":
            lines.append(f"{day} {h:02d}:{m:02d}:{s:02d},{ms:03d} {_PID[0]} {lvl} ? odoo: {msg}")
        else:
            lines.append(f"{day} {h:02d}:{m:02d}:{s:02d},{ms:03d} {_PID[0]} {lvl} {db} {lgr}: {msg}")
    return "\n".join(lines)


def upgrade_ok(day, db, module, nmods, t0="09:41:07", files=(), extra=()):
    rows = boot(db) + [
        ("INFO", db, f"odoo.modules.loading: loading {nmods} modules..."),
        ("INFO", db, f"odoo.modules.loading: Loading module {module} ({nmods}/{nmods})"),
        ("INFO", db, f"odoo.modules.registry: module {module}: creating or updating database tables"),
    ]
    for f in files:
        rows.append(("INFO", db, f"odoo.modules.loading: loading {module}/{f}"))
    rows += list(extra)
    rows += [
        ("INFO", db, f"odoo.modules.loading: Module {module} loaded in 0.{len(files) + 3}1s, {180 + 37 * len(files)} queries (+{180 + 37 * len(files)} other)"),
        ("INFO", db, f"odoo.modules.loading: {nmods} modules loaded in 1.{nmods % 9}4s, {180 + 37 * len(files)} queries (+{180 + 37 * len(files)} extra)"),
        ("INFO", db, "odoo.modules.loading: Modules loaded."),
        ("INFO", db, "odoo.modules.registry: Registry loaded in 4.118s"),
        ("INFO", db, "odoo.service.server: Initiating shutdown"),
        ("INFO", db, "odoo.service.server: Hit CTRL-C again or send a second signal to force the shutdown."),
    ]
    return odoo_log(day, db, rows, t0)


def tests_ok(day, db, module, ntests, nmods, t0="10:02:31", secs="1.87", queries=612, extra=()):
    rows = boot(db) + [
        ("INFO", db, "odoo.modules.loading: init db"),
        ("INFO", db, f"odoo.modules.loading: loading {nmods} modules..."),
        ("INFO", db, f"odoo.modules.loading: Loading module {module} ({nmods}/{nmods})"),
        ("INFO", db, f"odoo.modules.registry: module {module}: creating or updating database tables"),
        ("INFO", db, f"odoo.modules.loading: Module {module} loaded in 0.64s, 1207 queries (+1207 other)"),
        ("INFO", db, f"odoo.modules.module: odoo.addons.{module}.tests.test_{module[5:]} running"),
    ] + list(extra) + [
        ("INFO", db, f"odoo.modules.loading: {nmods} modules loaded in 71.36s, 93214 queries (+93214 extra)"),
        ("INFO", db, "odoo.modules.loading: Modules loaded."),
        ("INFO", db, "odoo.modules.registry: Registry loaded in 83.402s"),
        ("INFO", db, "odoo.service.server: Starting post tests"),
        ("INFO", db, "odoo.service.server: 0 post-tests in 0.00s, 0 queries"),
        ("INFO", db, f"odoo.tests.stats: {module}: {ntests} tests {secs}s {queries} queries"),
        ("INFO", db, f"odoo.tests.result: 0 failed, 0 error(s) of {ntests} tests when loading database '{db}'"),
        ("INFO", db, "odoo.service.server: Initiating shutdown"),
        ("INFO", db, "odoo.service.server: Hit CTRL-C again or send a second signal to force the shutdown."),
    ]
    return odoo_log(day, db, rows, t0)


def xmlid_fail(day, db, module, nmods, loaded, xmlfile, line, xmlid, snippet, tag_fn, tag_line, t0="09:12:44"):
    rows = boot(db) + [
        ("INFO", db, f"odoo.modules.loading: loading {nmods} modules..."),
        ("INFO", db, f"odoo.modules.loading: Loading module {module} ({nmods}/{nmods})"),
        ("INFO", db, f"odoo.modules.registry: module {module}: creating or updating database tables"),
    ] + [("INFO", db, f"odoo.modules.loading: loading {module}/{f}") for f in loaded] + [
        ("WARNING", db, "odoo.modules.loading: Transient module states were reset"),
        ("ERROR", db, "odoo.modules.registry: Failed to load registry"),
        ("CRITICAL", db, f"odoo.service.server: Failed to initialize database `{db}`."),
    ]
    head = odoo_log(day, db, rows, t0)
    tb = f"""Traceback (most recent call last):
  File "{SRC}/odoo/tools/convert.py", line 697, in _tag_root
    f(rec)
  File "{SRC}/odoo/tools/convert.py", line {tag_line}, in {tag_fn}
{snippet[0]}
  File "{SRC}/odoo/api.py", line 592, in ref
    res_model, res_id = self['ir.model.data']._xmlid_to_res_model_res_id(
  File "{SRC}/odoo/addons/base/models/ir_model.py", line 2141, in _xmlid_to_res_model_res_id
    return self._xmlid_lookup(xmlid)
  File "<decorator-gen-37>", line 2, in _xmlid_lookup
  File "{SRC}/odoo/tools/cache.py", line 90, in lookup
    value = d[key] = self.method(*args, **kwargs)
  File "{SRC}/odoo/addons/base/models/ir_model.py", line 2134, in _xmlid_lookup
    raise ValueError('External ID not found in the system: %s' % xmlid)
ValueError: External ID not found in the system: {xmlid}

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "{SRC}/odoo/service/server.py", line 1306, in preload_registries
    registry = Registry.new(dbname, update_module=update_module)
  File "<decorator-gen-16>", line 2, in new
  File "{SRC}/odoo/tools/func.py", line 87, in locked
    return func(inst, *args, **kwargs)
  File "{SRC}/odoo/modules/registry.py", line 113, in new
    odoo.modules.load_modules(registry, force_demo, status, update_module)
  File "{SRC}/odoo/modules/loading.py", line 480, in load_modules
    processed_modules += load_marked_modules(env, graph,
  File "{SRC}/odoo/modules/loading.py", line 365, in load_marked_modules
    loaded, processed = load_module_graph(
  File "{SRC}/odoo/modules/loading.py", line 227, in load_module_graph
    load_data(env, idref, mode, kind='data', package=package)
  File "{SRC}/odoo/modules/loading.py", line 71, in load_data
    tools.convert_file(env, package.name, filename, idref, mode, noupdate, kind)
  File "{SRC}/odoo/tools/convert.py", line 627, in convert_file
    convert_xml_import(env, module, fp, idref, mode, noupdate)
  File "{SRC}/odoo/tools/convert.py", line 693, in convert_xml_import
    obj.parse(doc.getroot())
  File "{SRC}/odoo/tools/convert.py", line 613, in parse
    self._tag_root(de)
  File "{SRC}/odoo/tools/convert.py", line 710, in _tag_root
    raise ParseError(msg) from None  # Restart with "--log-handler odoo.tools.convert:DEBUG" for complete traceback
odoo.tools.convert.ParseError: while parsing {xmlfile}:{line}, somewhere inside
{snippet[1]}"""
    return head + "\n" + tb


def dep_fail(day, db, module, pkg, pyfile, pyline, code, t0="10:15:02"):
    """A module imports a Python package missing from the venv."""
    rows = boot(db) + [
        ("INFO", db, "odoo.modules.loading: init db"),
        ("INFO", db, "odoo.modules.loading: loading 1 modules..."),
        ("INFO", db, "odoo.modules.loading: 1 modules loaded in 0.19s, 0 queries (+0 extra)"),
        ("INFO", db, "odoo.modules.loading: updating modules list"),
        ("CRITICAL", db, f"odoo.modules.module: Couldn't load module {module}"),
        ("CRITICAL", db, f"odoo.modules.module: No module named '{pkg}'"),
        ("ERROR", db, "odoo.modules.registry: Failed to load registry"),
        ("CRITICAL", db, f"odoo.service.server: Failed to initialize database `{db}`."),
    ]
    head = odoo_log(day, db, rows, t0)
    short = module
    tb = f"""Traceback (most recent call last):
  File "{SRC}/odoo/service/server.py", line 1306, in preload_registries
    registry = Registry.new(dbname, update_module=update_module)
  File "<decorator-gen-16>", line 2, in new
  File "{SRC}/odoo/tools/func.py", line 87, in locked
    return func(inst, *args, **kwargs)
  File "{SRC}/odoo/modules/registry.py", line 113, in new
    odoo.modules.load_modules(registry, force_demo, status, update_module)
  File "{SRC}/odoo/modules/loading.py", line 480, in load_modules
    processed_modules += load_marked_modules(env, graph,
  File "{SRC}/odoo/modules/loading.py", line 365, in load_marked_modules
    loaded, processed = load_module_graph(
  File "{SRC}/odoo/modules/loading.py", line 185, in load_module_graph
    load_openerp_module(package.name)
  File "{SRC}/odoo/modules/module.py", line 471, in load_openerp_module
    __import__(qualname)
  File "{R}/addons/{short}/__init__.py", line 1, in <module>
    from . import models
  File "{R}/addons/{short}/models/__init__.py", line 3, in <module>
    from . import {pyfile}
  File "{R}/addons/{short}/models/{pyfile}.py", line {pyline}, in <module>
    {code}
ModuleNotFoundError: No module named '{pkg}'"""
    return head + "\n" + tb


SOCK = ('connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: No such file or directory\n'
        "\tIs the server running locally and accepting connections on that socket?")


def precommit_ok(extra=()):
    rows = [
        "forbidden files..........................................................Passed",
        "en.po files cannot exist.............................(no files to check)Skipped",
        "oca-checks-odoo-module...................................................Passed",
        "oca-checks-po........................................(no files to check)Skipped",
        "oca-gen-addon-readme.....................................................Passed",
        "check for merge conflicts................................................Passed",
        "debug statements (python)................................................Passed",
        "fix end of files.........................................................Passed",
        "trim trailing whitespace.................................................Passed",
        "check xml................................................................Passed",
        "ruff.....................................................................Passed",
        "ruff-format..............................................................Passed",
        "prettier.................................................................Passed",
        "pylint with optional checks..............................................Passed",
        "pylint with mandatory checks.............................................Passed",
    ]
    return "\n".join(rows + list(extra))


def gen():
    d = Dev("odoo-module", U, "en", MODEL, seed=170917, files=FILES)

    # ================= S1 =================
    with d.session("2026-10-05T09:05:00", R, branch="17.0-mrp-quality", version="2.1.190"):
        t = d.task("new client, Verhaeghe (metal workshop in Deinze). give me a quick tour of this repo and how "
                   "odoo.conf / docker are set up, I haven't touched it since Jonas handed it over", tags=["noise"])
        t.read(R + "/README.md")
        t.read(R + "/odoo.conf")
        t.read(R + "/docker-compose.yml")
        t.glob("addons/*/__manifest__.py", [SM + "/__manifest__.py", SR + "/__manifest__.py", Q + "/__manifest__.py"])
        t.done("Layout:\n- `addons/` has three modules: `verh_sale_margin` (margin % on quotation lines, approval "
               "below a threshold), `verh_stock_report` (delivery slip tweaks), and `verh_mrp_quality`, which is "
               "only a skeleton on this branch (manifest, menu, model, no views yet).\n- `odoo.conf` runs Odoo "
               "from source (`~/src/odoo-17.0` + `~/src/enterprise-17.0` + `addons`), DB on localhost:5433 as "
               "`odoo`, `dbfilter = ^verh_.*$`.\n- `docker-compose.yml`: `db` is Postgres 15 published on 5433; "
               "the `odoo` container is behind the `full` profile, so `docker compose up -d db` only starts "
               "Postgres.\n- Odoo runs from the venv: `~/.venvs/odoo17/bin/python ~/src/odoo-17.0/odoo-bin -c "
               "odoo.conf -d verh_dev -u <module> --stop-after-init`.")

        t = d.task("ok lets finish verh_mrp_quality. list + form view for verh.quality.check, action, the menu "
                   "under Manufacturing is already there. access: mrp users read/write, mrp managers all. and no "
                   "sudo() anywhere in this module please, the access rules should just be right. install it on "
                   "verh_dev", tags=["mistake:M1", "pref:P1"])
        t.read(Q + "/__manifest__.py")
        t.read(Q + "/views/menus.xml")
        t.read(Q + "/models/quality_check.py")
        t.write(Q + "/views/quality_check_views.xml", """<?xml version="1.0" encoding="utf-8"?>
<odoo>
    <record id="verh_quality_check_view_tree" model="ir.ui.view">
        <field name="name">verh.quality.check.tree</field>
        <field name="model">verh.quality.check</field>
        <field name="arch" type="xml">
            <tree decoration-success="state == 'pass'" decoration-danger="state == 'fail'">
                <field name="name" />
                <field name="production_id" />
                <field name="product_id" />
                <field name="measured_thickness" />
                <field name="state" widget="badge" />
            </tree>
        </field>
    </record>

    <record id="verh_quality_check_view_form" model="ir.ui.view">
        <field name="name">verh.quality.check.form</field>
        <field name="model">verh.quality.check</field>
        <field name="arch" type="xml">
            <form>
                <header>
                    <button name="action_pass" type="object" string="Pass" class="btn-primary" invisible="state != 'todo'" />
                    <button name="action_fail" type="object" string="Fail" invisible="state != 'todo'" />
                    <field name="state" widget="statusbar" />
                </header>
                <sheet>
                    <group>
                        <field name="name" />
                        <field name="production_id" />
                        <field name="product_id" />
                        <field name="measured_thickness" />
                    </group>
                    <field name="note" placeholder="Remarks..." />
                </sheet>
                <div class="oe_chatter">
                    <field name="message_follower_ids" />
                    <field name="message_ids" />
                </div>
            </form>
        </field>
    </record>

    <record id="action_quality_check" model="ir.actions.act_window">
        <field name="name">Quality Checks</field>
        <field name="res_model">verh.quality.check</field>
        <field name="view_mode">tree,form</field>
    </record>
</odoo>
""")
        t.write(Q + "/security/ir.model.access.csv",
                "id,name,model_id:id,group_id:id,perm_read,perm_write,perm_create,perm_unlink\n"
                "access_verh_quality_check_user,verh.quality.check user,model_verh_quality_check,"
                "mrp.group_mrp_user,1,1,1,0\n"
                "access_verh_quality_check_manager,verh.quality.check manager,model_verh_quality_check,"
                "mrp.group_mrp_manager,1,1,1,1\n")
        t.bash("ls addons/verh_mrp_quality/views", "Check which view files exist",
               out="menus.xml\nmrp_production_views.xml\nquality_check_views.xml")
        t.fail(PY + " -d verh_dev -i verh_mrp_quality --stop-after-init", "Install verh_mrp_quality on verh_dev",
               xmlid_fail("2026-10-05", "verh_dev", "verh_mrp_quality", 76,
                          ["security/ir.model.access.csv", "views/menus.xml"],
                          Q + "/views/menus.xml", 3, "verh_mrp_quality.action_quality_check",
                          ("    act = self.env.ref(a_action).sudo()",
                           '<menuitem id="menu_quality_check" name="Quality Checks" '
                           'parent="mrp.menu_mrp_manufacturing" action="action_quality_check" sequence="40"/>'),
                          "_tag_menuitem", 455), code=255)
        t.say("The menu is loaded before the file that defines its action: `views/menus.xml` comes before "
              "`views/quality_check_views.xml` in the manifest's `data`. Odoo loads `data` in list order, so "
              "moving the menu file to the end.")
        t.edit(Q + "/__manifest__.py",
               '        "views/menus.xml",\n        "views/quality_check_views.xml",\n'
               '        "views/mrp_production_views.xml",\n',
               '        "views/quality_check_views.xml",\n        "views/mrp_production_views.xml",\n'
               '        "views/menus.xml",\n')
        t.bash(PY + " -d verh_dev -i verh_mrp_quality --stop-after-init", "Install verh_mrp_quality on verh_dev",
               err=upgrade_ok("2026-10-05", "verh_dev", "verh_mrp_quality", 76, t0="09:24:10",
                              files=["security/ir.model.access.csv", "views/quality_check_views.xml",
                                     "views/mrp_production_views.xml", "views/menus.xml"]))
        t.done("Installed on `verh_dev`.\n- `views/quality_check_views.xml`: list (badge + pass/fail colours), "
               "form with Pass/Fail buttons and chatter, `action_quality_check`.\n- `ir.model.access.csv`: "
               "`mrp.group_mrp_user` read/write/create, `mrp.group_mrp_manager` everything.\n- The first install "
               "failed with `External ID not found in the system: verh_mrp_quality.action_quality_check`: the "
               "manifest loaded `views/menus.xml` before the action existed. Menus now load last.\nNo `sudo()` "
               "in the module.")

        t = d.task("tests for it pls. create sets the sequence name, pass/fail buttons. run on a throwaway db and "
                   "then the pre-commit", tags=["workflow:W1"])
        t.write(Q + "/tests/__init__.py", "from . import test_quality_check\n")
        t.write(Q + "/tests/test_quality_check.py", '''from odoo.tests import TransactionCase, tagged


@tagged("post_install", "-at_install")
class TestQualityCheck(TransactionCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.product = cls.env["product.product"].create({"name": "Bracket 3mm", "type": "product"})
        cls.bom = cls.env["mrp.bom"].create({
            "product_tmpl_id": cls.product.product_tmpl_id.id,
            "product_qty": 1,
        })
        cls.production = cls.env["mrp.production"].create({"product_id": cls.product.id, "bom_id": cls.bom.id})

    def test_create_uses_sequence(self):
        check = self.env["verh.quality.check"].create({"production_id": self.production.id})
        self.assertNotEqual(check.name, "New")
        self.assertEqual(check.state, "todo")

    def test_pass_and_fail(self):
        checks = self.env["verh.quality.check"].create([
            {"production_id": self.production.id},
            {"production_id": self.production.id},
        ])
        checks[0].action_pass()
        checks[1].action_fail()
        self.assertEqual(checks.mapped("state"), ["pass", "fail"])

    def test_related_product(self):
        check = self.env["verh.quality.check"].create({"production_id": self.production.id})
        self.assertEqual(check.product_id, self.product)
''')
        t.bash(PY + " -d verh_t_quality -i verh_mrp_quality --test-enable --test-tags /verh_mrp_quality "
                    "--stop-after-init", "Install on a fresh DB and run the module's tests", timeout=600000,
               err=tests_ok("2026-10-05", "verh_t_quality", "verh_mrp_quality", 3, 77, secs="0.41", queries=188))
        t.bash("pre-commit run --files addons/verh_mrp_quality/tests/__init__.py "
               "addons/verh_mrp_quality/tests/test_quality_check.py addons/verh_mrp_quality/views/quality_check_views.xml "
               "addons/verh_mrp_quality/security/ir.model.access.csv", "OCA pre-commit on the new files",
               out=precommit_ok())
        t.done("3 tests in `tests/test_quality_check.py` (sequence name on create, pass/fail buttons, related "
               "product). Fresh DB `verh_t_quality`: `0 failed, 0 error(s) of 3 tests`. pre-commit (pylint-odoo, "
               "ruff, prettier) passes on the new files.")

    # ================= S2 =================
    with d.session("2026-10-07T08:50:00", R, branch="17.0-mrp-quality", version="2.1.191"):
        t = d.task("how many MOs on verh_dev are in progress but have no work orders at all? just query the db",
                   tags=["mistake:M2"])
        t.fail("psql verh_dev -c \"SELECT count(*) FROM mrp_production p WHERE p.state = 'progress' AND NOT EXISTS "
               "(SELECT 1 FROM mrp_workorder w WHERE w.production_id = p.id);\"", "Count in-progress MOs without work orders",
               "psql: error: " + SOCK, code=2)
        t.say("No local Postgres socket: the DB is the compose container published on localhost:5433 (odoo.conf). "
              "Same query over TCP as `odoo`; the password comes from ~/.pgpass.")
        t.bash("psql verh_dev -h localhost -p 5433 -U odoo -c \"SELECT count(*) FROM mrp_production p WHERE p.state = "
               "'progress' AND NOT EXISTS (SELECT 1 FROM mrp_workorder w WHERE w.production_id = p.id);\"",
               "Count in-progress MOs without work orders (TCP, port 5433)", out=" count \n-------\n    14\n(1 row)")
        t.done("14 manufacturing orders on `verh_dev` are `progress` without any work order. The first psql call "
               "tried the local socket (`/var/run/postgresql/.s.PGSQL.5432`), which doesn't exist here; with `-h "
               "localhost -p 5433 -U odoo` it reaches the compose DB.")

        t = d.task("quality checks must be multi-company safe, Verhaeghe has the Deinze and the Tielt company. "
                   "read the odoo 17 docs on record rules first, then add the rule", tags=["webfetch", "noise"])
        t.webfetch("https://www.odoo.com/documentation/17.0/developer/reference/backend/security.html",
                   "How do record rules work in Odoo 17, global vs group rules, and the multi-company domain?",
                   "Record rules (`ir.rule`) are conditions that records must satisfy for an operation to be "
                   "allowed; they are evaluated record by record after access rights. Fields: `name`, `model_id`, "
                   "`groups` (empty = global rule), `domain_force` (a domain, evaluated with `user`, `time`, "
                   "`company_id`, `company_ids`), `perm_read/write/create/unlink`.\n\nGlobal rules intersect with "
                   "each other and with group rules; group rules unify with each other. Adding a global rule "
                   "restricts every user, so be careful with it.\n\nMulti-company: the recommended rule is a "
                   "global rule with `['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]`, where "
                   "`company_ids` are the companies currently enabled in the company switcher. Use "
                   "`_check_company_auto = True` and `check_company=True` on relational fields to prevent "
                   "cross-company links.")
        t.write(Q + "/security/quality_rules.xml", """<?xml version="1.0" encoding="utf-8"?>
<odoo noupdate="1">
    <record id="verh_quality_check_company_rule" model="ir.rule">
        <field name="name">Quality check: multi-company</field>
        <field name="model_id" ref="model_verh_quality_check" />
        <field name="domain_force">['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]</field>
    </record>
</odoo>
""")
        t.read(Q + "/__manifest__.py")
        t.edit(Q + "/__manifest__.py", '        "security/ir.model.access.csv",\n',
               '        "security/ir.model.access.csv",\n        "security/quality_rules.xml",\n')
        t.bash(PY + " -d verh_dev -u verh_mrp_quality --stop-after-init", "Upgrade verh_mrp_quality on verh_dev",
               err=upgrade_ok("2026-10-07", "verh_dev", "verh_mrp_quality", 76, t0="09:31:52",
                              files=["security/ir.model.access.csv", "security/quality_rules.xml",
                                     "views/quality_check_views.xml", "views/mrp_production_views.xml",
                                     "views/menus.xml"]))
        t.done("Per the 17.0 security docs, multi-company is a **global** rule on `company_ids` (the companies "
               "enabled in the switcher). Added `security/quality_rules.xml` with `['|', ('company_id', '=', "
               "False), ('company_id', 'in', company_ids)]` (noupdate), listed after the access CSV. `company_id` "
               "is already a stored related of the MO. Upgraded `verh_dev` without errors.")

        t = d.task("should the quality check _inherit mrp.workorder or _inherits it? Jonas suggested _inherits",
                   tags=["no_tools"])
        t.done("Neither, I'd keep it a separate model with a Many2one, as now.\n- `_inherit = 'mrp.workorder'` "
               "(no `_name`) adds fields to work orders themselves: one check per work order, no own "
               "sequence/chatter.\n- `_inherits = {'mrp.workorder': 'workorder_id'}` (delegation) creates a "
               "work order record behind every check and exposes all its fields. Deleting, copying and access "
               "rights get confusing, and checks on MOs without work orders (14 on verh_dev) would need a dummy "
               "work order.\nA plain `production_id` (plus an optional `workorder_id` later) is simpler.")

    # ================= S3 =================
    with d.session("2026-10-09T13:10:00", R, branch="17.0-mrp-quality", version="2.1.192"):
        t = d.task("Sofie wants the checks exported to their steel supplier's SFTP every evening. Jonas wrote "
                   "models/sftp_export.py for that on his branch, I merged it. run the quality tests again on a "
                   "fresh db", tags=["mistake:M3"])
        t.bash("git log --oneline -3", "Recent commits",
               out="b71c0de Merge branch '17.0-quality-sftp' into 17.0-mrp-quality\n"
                   "4e2a9f1 [IMP] verh_mrp_quality: nightly SFTP export of quality checks\n"
                   "a83d512 [ADD] verh_mrp_quality: quality checks on MOs")
        t.fail(PY + " -d verh_t_quality2 -i verh_mrp_quality --test-enable --test-tags /verh_mrp_quality "
                    "--stop-after-init", "Fresh DB + module tests", timeout=600000,
               printed=dep_fail("2026-10-09", "verh_t_quality2", "verh_mrp_quality", "paramiko", "sftp_export", 5,
                                "import paramiko"), code=255)
        t.say("Jonas's export imports `paramiko`, which isn't in the local venv. Checking requirements.txt.")
        t.read(R + "/requirements.txt")
        d.files[R + "/requirements.txt"] = REQS0 + "paramiko==3.4.1\n"
        t.bash("git diff HEAD~2 -- requirements.txt", "Did the merge add it to requirements.txt?",
               out="diff --git a/requirements.txt b/requirements.txt\nindex 3f1c2a4..9be0c71 100644\n"
                   "--- a/requirements.txt\n+++ b/requirements.txt\n@@ -1 +1,2 @@\n # Python dependencies of the "
                   "custom addons (odoo.sh installs this file)\n+paramiko==3.4.1")
        t.bash("~/.venvs/odoo17/bin/pip install -r requirements.txt", "Install the addons' Python deps into the venv",
               out="Collecting paramiko==3.4.1 (from -r requirements.txt (line 2))\n"
                   "  Downloading paramiko-3.4.1-py3-none-any.whl.metadata (4.4 kB)\n"
                   "Requirement already satisfied: bcrypt>=3.2 in /home/pieter/.venvs/odoo17/lib/python3.10/site-packages "
                   "(from paramiko==3.4.1->-r requirements.txt (line 2)) (4.0.1)\n"
                   "Requirement already satisfied: cryptography>=3.3 in /home/pieter/.venvs/odoo17/lib/python3.10/site-packages "
                   "(from paramiko==3.4.1->-r requirements.txt (line 2)) (3.4.8)\n"
                   "Collecting pynacl>=1.5 (from paramiko==3.4.1->-r requirements.txt (line 2))\n"
                   "  Downloading PyNaCl-1.5.0-cp36-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.manylinux_2_24_x86_64.whl.metadata (8.6 kB)\n"
                   "Downloading paramiko-3.4.1-py3-none-any.whl (226 kB)\n"
                   "Downloading PyNaCl-1.5.0-cp36-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.manylinux_2_24_x86_64.whl (856 kB)\n"
                   "Installing collected packages: pynacl, paramiko\n"
                   "Successfully installed paramiko-3.4.1 pynacl-1.5.0")
        t.bash(PY + " -d verh_t_quality2 -i verh_mrp_quality --test-enable --test-tags /verh_mrp_quality "
                    "--stop-after-init", "Fresh DB + module tests", timeout=600000,
               err=tests_ok("2026-10-09", "verh_t_quality2", "verh_mrp_quality", 5, 77, t0="13:31:40", secs="0.63",
                            queries=241))
        t.done("Green now: `0 failed, 0 error(s) of 5 tests` (Jonas added two export tests). The first run died "
               "while importing the module: `ModuleNotFoundError: No module named 'paramiko'` from "
               "`models/sftp_export.py`. The merge added `paramiko==3.4.1` to `requirements.txt` (odoo.sh installs "
               "it), but the local venv didn't have it; `pip install -r requirements.txt` fixed that.")

        t = d.task("ship it to staging. bump the patch version every time we push to staging so Sofie can see "
                   "in Apps which build she's on. and use OCA style commit messages, [ADD]/[IMP]/[FIX] module: ...",
                   tags=["workflow:W2", "pref:P3", "pref:P2"])
        t.read(Q + "/__manifest__.py")
        t.edit(Q + "/__manifest__.py", '"version": "17.0.1.0.0"', '"version": "17.0.1.0.1"')
        t.bash("pre-commit run --all-files", "Full OCA pre-commit before pushing", out=precommit_ok())
        t.bash("git add -A addons/verh_mrp_quality && git commit -m \"[IMP] verh_mrp_quality: multi-company rule, "
               "tests, bump 17.0.1.0.1\"", "Commit",
               out="[17.0-mrp-quality 5c0d8e2] [IMP] verh_mrp_quality: multi-company rule, tests, bump 17.0.1.0.1\n"
                   " 5 files changed, 61 insertions(+), 1 deletion(-)\n"
                   " create mode 100644 addons/verh_mrp_quality/security/quality_rules.xml\n"
                   " create mode 100644 addons/verh_mrp_quality/tests/__init__.py\n"
                   " create mode 100644 addons/verh_mrp_quality/tests/test_quality_check.py")
        t.bash("git push origin 17.0-mrp-quality:staging", "Push to the odoo.sh staging branch",
               err="Enumerating objects: 19, done.\nCounting objects: 100% (19/19), done.\nDelta compression using up "
                   "to 8 threads\nCompressing objects: 100% (11/11), done.\nWriting objects: 100% (13/13), 3.02 KiB | "
                   "3.02 MiB/s, done.\nTotal 13 (delta 5), reused 0 (delta 0), pack-reused 0\nremote: Resolving deltas: "
                   "100% (5/5), completed with 4 local objects.\nTo github.com:verhaeghe-metaal/odoo-addons.git\n"
                   "   2d41b7a..5c0d8e2  17.0-mrp-quality -> staging")
        t.done("Version 17.0.1.0.1, pre-commit clean, committed as `[IMP] verh_mrp_quality: ...` and pushed to "
               "`staging` (2d41b7a..5c0d8e2). odoo.sh starts the staging build from that push; the module will show "
               "1.0.1 in Apps once it's done.")

        t = d.task("pull the latest images for the compose stack, want to try the full profile later",
                   tags=["flaky:F1"])
        t.fail("docker compose --profile full pull", "Pull the compose images",
               " db Pulling \n odoo Pulling \nError response from daemon: Get \"https://registry-1.docker.io/v2/\": "
               "net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting "
               "headers)", code=1)
        t.say("Docker Hub timed out on the registry handshake; trying the same pull again.")
        t.bash("docker compose --profile full pull", "Pull the compose images",
               err=" db Pulling \n odoo Pulling \n db Pulled \n 3e2c1a7b4f0d Pull complete \n 8d6b1f22a9c4 Pull complete "
                   "\n odoo Pulled ")
        t.done("Both images pulled (`postgres:15`, `odoo:17.0`). The first attempt hit a Docker Hub client timeout; "
               "the retry went through. `docker compose --profile full up -d` starts the Odoo container too.")

    # ================= S4 (SessionEnd other) =================
    with d.session("2026-10-13T10:20:00", R, branch="17.0-delivery-slip", version="2.1.193", end_reason="other"):
        t = d.task("delivery slip: Sofie wants the packaging (box/pallet) per move line next to the qty. in "
                   "verh_stock_report", tags=["oneoff:O1"])
        t.read(SR + "/report/report_deliveryslip.xml")
        t.grep("product_uom_qty|quantity", path=SRC + "/addons/stock/report/report_deliveryslip.xml",
               output_mode="content", n=True,
               content="77:                                <span t-field=\"move.product_uom_qty\"/>\n"
                       "80:                                <span t-field=\"move.quantity\"/>\n"
                       "138:                        <td class=\"text-center\" name=\"move_line_aggregated_quantity\">")
        t.edit(SR + "/report/report_deliveryslip.xml", "    </template>\n</odoo>\n",
               """        <xpath expr="//td[@name='move_line_aggregated_qty']" position="after">
            <td class="text-center" name="td_packaging">
                <span t-if="move_line.get('packaging')" t-esc="move_line['packaging'].name" />
            </td>
        </xpath>
    </template>
</odoo>
""")
        t.fail(PY + " -d verh_dev -u verh_stock_report --stop-after-init", "Upgrade verh_stock_report",
               odoo_log("2026-10-13", "verh_dev", boot("verh_dev") + [
                   ("INFO", "verh_dev", "odoo.modules.loading: loading 77 modules..."),
                   ("INFO", "verh_dev", "odoo.modules.loading: Loading module verh_stock_report (77/77)"),
                   ("INFO", "verh_dev", "odoo.modules.loading: loading verh_stock_report/report/report_deliveryslip.xml"),
                   ("WARNING", "verh_dev", "odoo.modules.loading: Transient module states were reset"),
                   ("ERROR", "verh_dev", "odoo.modules.registry: Failed to load registry"),
                   ("CRITICAL", "verh_dev", "odoo.service.server: Failed to initialize database `verh_dev`."),
               ], "10:41:19") + "\nTraceback (most recent call last):\n  File \"" + SRC + "/odoo/service/server.py\", "
               "line 1306, in preload_registries\n    registry = Registry.new(dbname, update_module=update_module)\n"
               "  ...\nodoo.tools.convert.ParseError: while parsing " + SR + "/report/report_deliveryslip.xml:3, "
               "somewhere inside\n<template id=\"report_delivery_document_verh\" inherit_id=\"stock.report_delivery_"
               "document\">\n\nElement '<xpath expr=\"//td[@name='move_line_aggregated_qty']\">' cannot be located in "
               "parent view\n\nView error context:\n{'file': '" + SR + "/report/report_deliveryslip.xml',\n 'line': 3,\n"
               " 'name': 'report_delivery_document_verh',\n 'view': ir.ui.view(2417,),\n 'view.model': False,\n"
               " 'view.parent': ir.ui.view(1398,),\n 'xmlid': 'report_delivery_document_verh'}", code=255)
        t.say("Wrong cell name: in 17.0 the aggregated column is `move_line_aggregated_quantity`, not `_qty`.")
        t.edit(SR + "/report/report_deliveryslip.xml", "//td[@name='move_line_aggregated_qty']",
               "//td[@name='move_line_aggregated_quantity']")
        t.bash(PY + " -d verh_dev -u verh_stock_report --stop-after-init", "Upgrade verh_stock_report",
               err=upgrade_ok("2026-10-13", "verh_dev", "verh_stock_report", 77, t0="10:44:02",
                              files=["report/report_deliveryslip.xml"]))
        t.done("Packaging column added after the quantity in the aggregated lines of the delivery slip. First "
               "upgrade failed because my xpath named `move_line_aggregated_qty`; the core cell is "
               "`move_line_aggregated_quantity`. Upgraded fine after that. The header cell isn't added yet, want "
               "me to add a \"Packaging\" `<th>` too?")

        t = d.task("yes add the header. and then render it in a test so we know the PDF doesn't blow up",
                   tags=["unfixed:U2"])
        t.edit(SR + "/report/report_deliveryslip.xml", "    </template>\n</odoo>\n",
               """        <xpath expr="//th[@name='th_sm_quantity']" position="after">
            <th class="text-center" name="th_packaging"><strong>Packaging</strong></th>
        </xpath>
    </template>
</odoo>
""")
        t.write(SR + "/tests/__init__.py", "from . import test_stock_report\n")
        t.write(SR + "/tests/test_stock_report.py", '''from odoo.tests import TransactionCase, tagged


@tagged("post_install", "-at_install")
class TestDeliverySlip(TransactionCase):
    def test_render_pdf(self):
        picking = self.env["stock.picking"].search([("picking_type_code", "=", "outgoing")], limit=1)
        pdf, fmt = self.env["ir.actions.report"]._render_qweb_pdf("stock.action_report_delivery", picking.ids)
        self.assertEqual(fmt, "pdf")
        self.assertTrue(pdf.startswith(b"%PDF"))
''')
        t.fail(PY + " -d verh_t_stockrep -i verh_stock_report --test-enable --test-tags /verh_stock_report "
                    "--stop-after-init", "Fresh DB + report test", timeout=600000,
               printed=odoo_log("2026-10-13", "verh_t_stockrep", boot("verh_t_stockrep") + [
                   ("INFO", "verh_t_stockrep", "odoo.modules.loading: init db"),
                   ("INFO", "verh_t_stockrep", "odoo.modules.loading: Loading module verh_stock_report (58/58)"),
                   ("INFO", "verh_t_stockrep", "odoo.modules.loading: 58 modules loaded in 52.18s, 61877 queries (+61877 extra)"),
                   ("INFO", "verh_t_stockrep", "odoo.service.server: Starting post tests"),
                   ("INFO", "verh_t_stockrep", "odoo.addons.verh_stock_report.tests.test_stock_report: Starting TestDeliverySlip.test_render_pdf ..."),
                   ("INFO", "verh_t_stockrep", "odoo.addons.base.models.ir_actions_report: You need Wkhtmltopdf to print a pdf version of the reports."),
                   ("ERROR", "verh_t_stockrep", "odoo.addons.verh_stock_report.tests.test_stock_report: ERROR: TestDeliverySlip.test_render_pdf"),
               ], "11:02:55") + "\nTraceback (most recent call last):\n  File \"" + SR + "/tests/test_stock_report.py\", "
               "line 8, in test_render_pdf\n    pdf, fmt = self.env[\"ir.actions.report\"]._render_qweb_pdf(\"stock.action_"
               "report_delivery\", picking.ids)\n  File \"" + SRC + "/odoo/addons/base/models/ir_actions_report.py\", line "
               "888, in _render_qweb_pdf\n    raise UserError(_(\"Unable to find Wkhtmltopdf on this system. The PDF can "
               "not be created.\"))\nodoo.exceptions.UserError: Unable to find Wkhtmltopdf on this system. The PDF can "
               "not be created.\n" + odoo_log("2026-10-13", "verh_t_stockrep", [
                   ("INFO", "verh_t_stockrep", "odoo.service.server: 1 post-tests in 0.31s, 14 queries"),
                   ("ERROR", "verh_t_stockrep", "odoo.tests.result: 0 failed, 1 error(s) of 1 tests when loading database 'verh_t_stockrep'"),
                   ("INFO", "verh_t_stockrep", "odoo.service.server: Initiating shutdown"),
               ], "11:03:01"), code=1)
        t.bash("which wkhtmltopdf; apt-cache policy wkhtmltopdf | head -3", "Is wkhtmltopdf available?",
               out="wkhtmltopdf:\n  Installed: (none)\n  Candidate: 0.12.6-2build2")
        t.done("Header added. The render test can't pass on this laptop: `Unable to find Wkhtmltopdf on this "
               "system. The PDF can not be created.` There's no wkhtmltopdf, and Ubuntu's package is the unpatched-Qt "
               "build, which Odoo doesn't support for headers/footers. I left the test in (odoo.sh has the patched "
               "0.12.6 build, so it will run there) and didn't install the distro package. Locally you can still "
               "check the HTML version via `/report/html/stock.report_deliveryslip/<id>`.")

        t = d.task("sale margin: add margin_percent (stored) on sale.order.line and show it in the quotation "
                   "lines, optional column. don't reach for sudo() to read the config param, that's what "
                   "get_param is for anyway", tags=["workflow:W1", "pref:P1", "oneoff:O2"])
        t.read(SM + "/models/sale_order_line.py")
        t.edit(SM + "/models/sale_order_line.py",
               '    margin_threshold_exceeded = fields.Boolean(compute="_compute_margin_threshold_exceeded")\n',
               '    margin_threshold_exceeded = fields.Boolean(compute="_compute_margin_threshold_exceeded")\n'
               '    margin_percent_verh = fields.Float(\n'
               '        string="Margin %",\n'
               '        compute="_compute_margin_percent_verh",\n'
               '        store=True,\n'
               '        digits=(5, 2),\n'
               '    )\n\n'
               '    @api.depends("margin", "price_subtotal")\n'
               '    def _compute_margin_percent_verh(self):\n'
               '        for line in self:\n'
               '            line.margin_percent_verh = (\n'
               '                100.0 * line.margin / line.price_subtotal if line.price_subtotal else 0.0\n'
               '            )\n'
               '            self._cr.execute(\n'
               '                "UPDATE sale_order SET write_date = now() WHERE id = %s" % line.order_id.id\n'
               '            )\n')
        t.write(SM + "/views/sale_order_views.xml", """<?xml version="1.0" encoding="utf-8"?>
<odoo>
    <record id="view_order_form_margin_percent" model="ir.ui.view">
        <field name="name">sale.order.form.verh.margin.percent</field>
        <field name="model">sale.order</field>
        <field name="inherit_id" ref="sale.view_order_form" />
        <field name="arch" type="xml">
            <xpath expr="//field[@name='order_line']/tree/field[@name='price_subtotal']" position="before">
                <field name="margin_percent_verh" optional="hide" groups="sales_team.group_sale_manager" />
            </xpath>
        </field>
    </record>
</odoo>
""")
        t.bash(PY + " -d verh_dev -u verh_sale_margin --stop-after-init", "Upgrade verh_sale_margin",
               err=upgrade_ok("2026-10-13", "verh_dev", "verh_sale_margin", 77, t0="11:40:26",
                              files=["views/sale_order_views.xml", "data/ir_config_parameter.xml"],
                              extra=[("INFO", "verh_dev", "odoo.models: Prepare computation of sale.order.line.margin_percent_verh"),
                                     ("INFO", "verh_dev", "odoo.models: Computing sale.order.line.margin_percent_verh for 3121 records")]))
        t.bash(PY + " -d verh_t_margin -i verh_sale_margin --test-enable --test-tags /verh_sale_margin "
                    "--stop-after-init", "Fresh DB + margin tests", timeout=600000,
               err=tests_ok("2026-10-13", "verh_t_margin", "verh_sale_margin", 4, 64, t0="11:43:10", secs="0.52",
                            queries=303))
        t.fail("pre-commit run --files addons/verh_sale_margin/models/sale_order_line.py "
               "addons/verh_sale_margin/views/sale_order_views.xml", "OCA pre-commit on the changed files",
               precommit_ok()[:precommit_ok().index("pylint with optional")] +
               "pylint with optional checks..............................................Passed\n"
               "pylint with mandatory checks.............................................Failed\n"
               "- hook id: pylint_odoo\n- exit code: 1\n\n"
               "************* Module odoo.addons.verh_sale_margin.models.sale_order_line\n"
               "addons/verh_sale_margin/models/sale_order_line.py:30:16: E8103: SQL injection risk. Use parameters "
               "if you can. (sql-injection)\n", code=1)
        t.say("pylint-odoo is right, and the write_date bump doesn't belong in a compute anyway. Removing it.")
        t.edit(SM + "/models/sale_order_line.py",
               '            )\n'
               '            self._cr.execute(\n'
               '                "UPDATE sale_order SET write_date = now() WHERE id = %s" % line.order_id.id\n'
               '            )\n', '            )\n')
        t.bash("pre-commit run --files addons/verh_sale_margin/models/sale_order_line.py "
               "addons/verh_sale_margin/views/sale_order_views.xml", "OCA pre-commit on the changed files",
               out=precommit_ok())
        t.done("`margin_percent_verh` (stored, 2 decimals) is computed from `margin / price_subtotal` and shown "
               "as an optional column before the subtotal, for sales managers only. Upgrade recomputed 3121 "
               "lines; 4 tests pass on a fresh DB. pylint-odoo flagged E8103 `sql-injection` on a raw UPDATE I had "
               "left in the compute; removed it, pre-commit is clean. No `sudo()`: `get_param` already reads the "
               "parameter as superuser.")

    # ================= S5 (auto compaction) =================
    with d.session("2026-10-16T08:40:00", R, branch="17.0", version="2.1.194"):
        t = d.task("Sofie says some MOs show a wrong cost on prod. get me a local copy: the odoo.sh backup is in "
                   "~/Downloads/verhaeghe-metaal-17-0-10934821_2026-10-15_230014_test_exact_dump.zip. restore "
                   "as verh_prod_1015 and neutralize it", tags=["workflow:W3", "long_output"])
        t.bash("mkdir -p /tmp/verh_prod_1015 && unzip -q ~/Downloads/verhaeghe-metaal-17-0-10934821_2026-10-15_"
               "230014_test_exact_dump.zip -d /tmp/verh_prod_1015 && ls -la /tmp/verh_prod_1015",
               "Unpack the odoo.sh backup",
               out="total 1849212\ndrwxrwxr-x  3 pieter pieter       4096 Oct 16 08:52 .\ndrwxrwxrwt 19 root   root"
                   "         4096 Oct 16 08:52 ..\n-rw-r--r--  1 pieter pieter 1288714453 Oct 15 23:04 dump.sql\n"
                   "drwxr-xr-x 258 pieter pieter      4096 Oct 15 23:04 filestore\n-rw-r--r--  1 pieter pieter"
                   "       1312 Oct 15 23:04 manifest.json")
        t.bash("docker compose exec -T db createdb -U odoo verh_prod_1015", "Create the empty database in the container")
        t.bash("docker compose exec -T db psql -U odoo -d verh_prod_1015 -q -v ON_ERROR_STOP=0 < "
               "/tmp/verh_prod_1015/dump.sql 2>&1 | tail -5", "Load the SQL dump (in the db container)",
               out="ERROR:  role \"odoo_10934821\" does not exist\nERROR:  role \"odoo_10934821\" does not exist\n"
                   "ERROR:  role \"odoo_10934821\" does not exist\nERROR:  role \"odoo_10934821\" does not exist\n"
                   "ERROR:  role \"odoo_10934821\" does not exist", timeout=900000)
        t.bash("mkdir -p ~/.local/share/Odoo/filestore && cp -r /tmp/verh_prod_1015/filestore "
               "~/.local/share/Odoo/filestore/verh_prod_1015 && du -sh ~/.local/share/Odoo/filestore/verh_prod_1015",
               "Copy the filestore", out="3.1G\t/home/pieter/.local/share/Odoo/filestore/verh_prod_1015")
        t.bash(PY + " neutralize -d verh_prod_1015", "Neutralize the restored production copy",
               err=odoo_log("2026-10-16", "verh_prod_1015", [
                   ("INFO", "?", "Odoo version 17.0+e-20261001"),
                   ("INFO", "?", f"Using configuration file at {R}/odoo.conf "),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralization started"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module base"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module mail"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module payment"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module delivery"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module account_online_synchronization"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module iap"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module web_enterprise"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralize queries for module verh_mrp_quality"),
                   ("INFO", "verh_prod_1015", "odoo.modules.neutralize: Neutralization finished"),
               ], "09:07:12"))
        t.done("`verh_prod_1015` is restored from the Oct 15 23:00 backup (1.3 GB SQL + 3.1 GB filestore in "
               "`~/.local/share/Odoo/filestore/verh_prod_1015`) and neutralized: crons and outgoing mail servers "
               "off, payment providers and bank sync disabled, the SFTP export too. The `role \"odoo_10934821\" "
               "does not exist` errors are only the odoo.sh owner `ALTER ... OWNER TO` lines; the data loaded.")

        t = d.task("what went to prod since the 1.0.0 tag? full log with files", tags=["noise", "long_output"])
        t.bash("git log --stat v17.0.1.0.0..origin/17.0", "Commits on production since the tag",
               out="commit e41f0a9c2d7b4e1f9a0c36b28d5e7a1f4c9b2d60\nMerge: 5c0d8e2 77a10b3\nAuthor: Jonas De Smet "
                   "<jonas@desmet-it.be>\nDate:   Wed Oct 14 17:22:05 2026 +0200\n\n    Merge staging into 17.0\n\n"
                   "commit 5c0d8e2b1a9f4c7d8e6a2b0f3c1d5e7a9b4c2f10\nAuthor: Pieter Vandamme <pieter@vandamme.dev>\n"
                   "Date:   Fri Oct 9 13:52:40 2026 +0200\n\n    [IMP] verh_mrp_quality: multi-company rule, tests, bump "
                   "17.0.1.0.1\n\n addons/verh_mrp_quality/__manifest__.py              |  3 +-\n "
                   "addons/verh_mrp_quality/security/quality_rules.xml   |  8 ++++\n addons/verh_mrp_quality/tests/"
                   "__init__.py          |  1 +\n addons/verh_mrp_quality/tests/test_quality_check.py | 38 ++++++++++++"
                   "\n 4 files changed, 49 insertions(+), 1 deletion(-)\n\ncommit b71c0de4e2a1f5b3c8d9e0a7f6b2c4d1e3a5"
                   "f708\nMerge: a83d512 4e2a9f1\nAuthor: Pieter Vandamme <pieter@vandamme.dev>\nDate:   Fri Oct 9 "
                   "13:12:01 2026 +0200\n\n    Merge branch '17.0-quality-sftp' into 17.0-mrp-quality\n\ncommit "
                   "4e2a9f1b7c3d5e8a0f2b4c6d8e1a3f5b7c9d0e22\nAuthor: Jonas De Smet <jonas@desmet-it.be>\nDate:   "
                   "Thu Oct 8 16:40:19 2026 +0200\n\n    [IMP] verh_mrp_quality: nightly SFTP export of quality "
                   "checks\n\n addons/verh_mrp_quality/data/ir_cron.xml        | 14 +++++\n addons/verh_mrp_quality/"
                   "models/__init__.py      |  1 +\n addons/verh_mrp_quality/models/sftp_export.py   | 71 "
                   "++++++++++++++++++++++\n addons/verh_mrp_quality/tests/test_sftp_export.py | 44 ++++++++++++\n "
                   "requirements.txt                                 |  1 +\n 5 files changed, 131 insertions(+)\n\n"
                   "commit 77a10b3e9d2c4f6a8b0e1d3c5f7a9b2d4e6f8a01\nAuthor: Jonas De Smet <jonas@desmet-it.be>\n"
                   "Date:   Tue Oct 6 11:05:44 2026 +0200\n\n    [FIX] verh_sale_margin: threshold read as float\n\n "
                   "addons/verh_sale_margin/models/sale_order_line.py | 2 +-\n 1 file changed, 1 insertion(+), 1 "
                   "deletion(-)\n\ncommit a83d5121f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5\nAuthor: Pieter Vandamme "
                   "<pieter@vandamme.dev>\nDate:   Mon Oct 5 09:58:31 2026 +0200\n\n    [ADD] verh_mrp_quality: "
                   "quality checks on MOs\n\n addons/verh_mrp_quality/security/ir.model.access.csv   |  3 +\n "
                   "addons/verh_mrp_quality/views/quality_check_views.xml | 55 ++++++++++++++++++\n 2 files changed, "
                   "58 insertions(+)")
        t.done("Since `v17.0.1.0.0`, production (`origin/17.0`) got, via Jonas's staging merge on Oct 14:\n"
               "- `[ADD] verh_mrp_quality`: the quality checks (yours, Oct 5)\n- `[IMP] verh_mrp_quality`: SFTP "
               "export + cron + `paramiko` in requirements (Jonas, Oct 8)\n- `[IMP] verh_mrp_quality`: "
               "multi-company rule, tests, 17.0.1.0.1 (Oct 9)\n- `[FIX] verh_sale_margin`: threshold parsed as float "
               "(Jonas, Oct 6)\nNothing in `verh_stock_report` or the margin % work yet; those are still on their "
               "branches.")

        d.precompact("Pieter Vandamme, freelance Odoo developer, works on Metaalwerken Verhaeghe's Odoo 17 addons "
                     "(repo odoo-addons: verh_mrp_quality, verh_stock_report, verh_sale_margin). Odoo runs from "
                     "~/src/odoo-17.0 with ~/.venvs/odoo17 and odoo.conf; Postgres 15 in docker compose on "
                     "localhost:5433. This session: restored the Oct 15 odoo.sh backup as verh_prod_1015 and "
                     "neutralized it (for the MO cost issue Sofie reported); listed the commits on 17.0 since "
                     "v17.0.1.0.0. Next: a quality manager group with record rules in verh_mrp_quality.")

        t = d.task("add a 'Quality manager' group to verh_mrp_quality (implies mrp user). users only see checks of "
                   "MOs they're responsible for, managers see all. put the groups in security/quality_groups.xml",
                   tags=["mistake:M1"])
        t.read(Q + "/__manifest__.py")
        t.write(Q + "/security/quality_groups.xml", """<?xml version="1.0" encoding="utf-8"?>
<odoo>
    <record id="group_quality_manager" model="res.groups">
        <field name="name">Quality manager</field>
        <field name="category_id" ref="base.module_category_manufacturing_manufacturing" />
        <field name="implied_ids" eval="[Command.link(ref('mrp.group_mrp_user'))]" />
    </record>
</odoo>
""")
        t.read(Q + "/security/quality_rules.xml")
        t.edit(Q + "/security/quality_rules.xml", "    </record>\n</odoo>\n", """    </record>

    <record id="verh_quality_check_user_rule" model="ir.rule">
        <field name="name">Quality check: own MOs</field>
        <field name="model_id" ref="model_verh_quality_check" />
        <field name="groups" eval="[Command.link(ref('mrp.group_mrp_user'))]" />
        <field name="domain_force">[('production_id.user_id', '=', user.id)]</field>
    </record>

    <record id="verh_quality_check_manager_rule" model="ir.rule">
        <field name="name">Quality check: all (managers)</field>
        <field name="model_id" ref="model_verh_quality_check" />
        <field name="groups" eval="[Command.link(ref('group_quality_manager'))]" />
        <field name="domain_force">[(1, '=', 1)]</field>
    </record>
</odoo>
""")
        t.edit(Q + "/__manifest__.py", '        "security/quality_rules.xml",\n',
               '        "security/quality_rules.xml",\n        "security/quality_groups.xml",\n')
        t.fail(PY + " -d verh_dev -u verh_mrp_quality --stop-after-init", "Upgrade verh_mrp_quality",
               xmlid_fail("2026-10-16", "verh_dev", "verh_mrp_quality", 77,
                          ["security/ir.model.access.csv", "security/quality_rules.xml"],
                          Q + "/security/quality_rules.xml", 17, "verh_mrp_quality.group_quality_manager",
                          ("    value = _get_idref(self, env, f_model, self.idref)\n  File \"" + SRC +
                           "/odoo/tools/convert.py\", line 77, in _get_idref\n    idref2 = dict(idref,\n  File \"" + SRC +
                           "/odoo/tools/convert.py\", line 37, in __getitem__\n    res = self.env.ref(id).id\n"
                           "  File \"" + SRC + "/odoo/api.py\", line 592, in ref" ,
                           '<record id="verh_quality_check_manager_rule" model="ir.rule">\n'
                           '        <field name="name">Quality check: all (managers)</field>\n'
                           '        <field name="model_id" ref="model_verh_quality_check"/>\n'
                           '        <field name="groups" eval="[Command.link(ref(\'group_quality_manager\'))]"/>\n'
                           '        <field name="domain_force">[(1, \'=\', 1)]</field>\n    </record>'),
                          "_tag_record", 542, t0="10:12:30"), code=255)
        t.say("Same ordering problem as with the menu: the rules file references `group_quality_manager`, "
              "but `security/quality_groups.xml` comes after it in `data`. Groups go first.")
        t.edit(Q + "/__manifest__.py",
               '        "security/ir.model.access.csv",\n        "security/quality_rules.xml",\n'
               '        "security/quality_groups.xml",\n',
               '        "security/quality_groups.xml",\n        "security/ir.model.access.csv",\n'
               '        "security/quality_rules.xml",\n')
        t.bash(PY + " -d verh_dev -u verh_mrp_quality --stop-after-init", "Upgrade verh_mrp_quality",
               err=upgrade_ok("2026-10-16", "verh_dev", "verh_mrp_quality", 77, t0="10:15:48",
                              files=["security/quality_groups.xml", "security/ir.model.access.csv",
                                     "security/quality_rules.xml", "views/quality_check_views.xml",
                                     "views/mrp_production_views.xml", "views/menus.xml"]))
        t.done("Group `Quality manager` (implies MRP user) in `security/quality_groups.xml`; two group rules next "
               "to the multi-company rule: MRP users see checks of MOs where they are responsible "
               "(`production_id.user_id`), quality managers see all. The first upgrade hit `External ID not found "
               "in the system: verh_mrp_quality.group_quality_manager` because the groups file was listed after "
               "the rules; `data` now starts with the groups file. Upgraded on verh_dev.")

        t = d.task("draft a short mail to Sofie: staging has the quality checks, she can test tomorrow, the "
                   "sftp export is off on staging on purpose", tags=["no_tools"])
        t.done("Subject: Quality checks ready to test on staging\n\nHi Sofie,\n\nThe quality checks on "
               "manufacturing orders are on the staging database now (Manufacturing > Quality Checks). You can "
               "test them from tomorrow with your usual login; anything you enter there doesn't touch production."
               "\n\nThe nightly SFTP export to the supplier is switched off on staging on purpose, so nothing gets "
               "sent from the test data.\n\nLet me know what you run into.\n\nKind regards,\nPieter")

    # ================= S6 =================
    with d.session("2026-10-20T09:15:00", R, branch="17.0", version="2.1.195"):
        t = d.task("Sofie's accountant wants the raw cost lines of MO WH/MO/02817 from the prod copy. dump "
                   "stock_valuation_layer for that MO to a csv in /tmp", tags=["mistake:M2"])
        t.fail("pg_dump verh_prod_1015 --data-only -t stock_valuation_layer -f /tmp/svl_full.sql",
               "Dump the valuation layer table from the prod copy",
               "pg_dump: error: " + SOCK, code=1)
        t.say("Again the local socket; the compose Postgres is on localhost:5433.")
        t.bash("pg_dump verh_prod_1015 -h localhost -p 5433 -U odoo --data-only -t stock_valuation_layer -f "
               "/tmp/svl_full.sql && ls -lh /tmp/svl_full.sql", "Dump the valuation layer table from the prod copy (TCP)",
               out="-rw-rw-r-- 1 pieter pieter 61M Oct 20 09:31 /tmp/svl_full.sql")
        t.bash("psql verh_prod_1015 -h localhost -p 5433 -U odoo -c \"\\copy (SELECT svl.id, svl.create_date, "
               "svl.quantity, svl.unit_cost, svl.value, svl.description FROM stock_valuation_layer svl JOIN "
               "stock_move m ON m.id = svl.stock_move_id JOIN mrp_production p ON p.id IN (m.production_id, "
               "m.raw_material_production_id) WHERE p.name = 'WH/MO/02817' ORDER BY svl.id) TO "
               "'/tmp/mo_02817_svl.csv' WITH CSV HEADER\"", "Export the MO's valuation layers to CSV",
               out="COPY 23")
        t.done("`/tmp/mo_02817_svl.csv`: 23 valuation layers of WH/MO/02817 (components consumed and the finished "
               "product), with quantity, unit cost, value and description. The full table dump is in "
               "`/tmp/svl_full.sql` (61 MB). Both go over TCP (`-h localhost -p 5433 -U odoo`); the first `pg_dump` "
               "tried the local socket, which doesn't exist on this laptop.")

        t = d.task("that record rules explanation you wrote for Sofie last week was way too long, I had to cut half "
                   "of it before sending. 4-5 lines max for client-facing stuff. redo it short", tags=["feedback", "no_tools"],
                   feedback="that record rules explanation you wrote for Sofie last week was way too long, I had to "
                            "cut half of it before sending")
        t.done("Short version:\n\nEveryone in Manufacturing sees the quality checks of the orders they're "
               "responsible for. Quality managers see all checks. Each company (Deinze, Tielt) only sees its own "
               "checks. Ask me if someone needs the Quality manager role.")

        t = d.task("Jonas pushed the supplier code matching to 17.0-mrp-quality, pull it and run the quality "
                   "tests on a clean db", tags=["mistake:M3"])
        t.bash("git pull --ff-only", "Pull Jonas's changes",
               out="Updating 5c0d8e2..c93e1d4\nFast-forward\n addons/verh_mrp_quality/models/__init__.py        |  1 +\n"
                   " addons/verh_mrp_quality/models/supplier_code.py   | 48 +++++++++++++++++++\n"
                   " addons/verh_mrp_quality/tests/test_supplier_code.py | 31 ++++++++++++\n requirements.txt"
                   "                                 |  1 +\n 4 files changed, 81 insertions(+)")
        d.files[R + "/requirements.txt"] = REQS0 + "paramiko==3.4.1\nrapidfuzz==3.10.1\n"
        t.fail(PY + " -d verh_t_quality3 -i verh_mrp_quality --test-enable --test-tags /verh_mrp_quality "
                    "--stop-after-init", "Fresh DB + module tests", timeout=600000,
               printed=dep_fail("2026-10-20", "verh_t_quality3", "verh_mrp_quality", "rapidfuzz", "supplier_code", 3,
                                "from rapidfuzz import fuzz, process", t0="10:01:17"), code=255)
        t.say("New dependency from the pull (`rapidfuzz`), not in the venv yet.")
        t.bash("~/.venvs/odoo17/bin/pip install -r requirements.txt", "Install the addons' Python deps into the venv",
               out="Requirement already satisfied: paramiko==3.4.1 in /home/pieter/.venvs/odoo17/lib/python3.10/"
                   "site-packages (from -r requirements.txt (line 2)) (3.4.1)\nCollecting rapidfuzz==3.10.1 (from -r "
                   "requirements.txt (line 3))\n  Downloading rapidfuzz-3.10.1-cp310-cp310-manylinux_2_17_x86_64."
                   "manylinux2014_x86_64.whl.metadata (11 kB)\nDownloading rapidfuzz-3.10.1-cp310-cp310-manylinux_"
                   "2_17_x86_64.manylinux2014_x86_64.whl (3.1 MB)\nInstalling collected packages: rapidfuzz\n"
                   "Successfully installed rapidfuzz-3.10.1")
        t.bash(PY + " -d verh_t_quality3 -i verh_mrp_quality --test-enable --test-tags /verh_mrp_quality "
                    "--stop-after-init", "Fresh DB + module tests", timeout=600000,
               err=tests_ok("2026-10-20", "verh_t_quality3", "verh_mrp_quality", 8, 77, t0="10:04:55", secs="0.97",
                            queries=402))
        t.done("`0 failed, 0 error(s) of 8 tests` on `verh_t_quality3`. The pull added `rapidfuzz==3.10.1` to "
               "`requirements.txt` for Jonas's supplier code matching, so the first run stopped at `No module named "
               "'rapidfuzz'`; after `pip install -r requirements.txt` into the venv all 8 tests pass.")

    # ================= S7 (acceptEdits) =================
    with d.session("2026-10-23T14:00:00", R, branch="17.0-sale-margin", version="2.1.196",
                   permission_mode="acceptEdits"):
        t = d.task("margin % to staging. same routine as the quality module", tags=["workflow:W2"])
        t.read(SM + "/__manifest__.py")
        t.edit(SM + "/__manifest__.py", '"version": "17.0.1.1.0"', '"version": "17.0.1.1.1"')
        t.bash("pre-commit run --all-files", "Full OCA pre-commit before pushing", out=precommit_ok())
        t.bash("git add -A addons/verh_sale_margin && git commit -m \"[IMP] verh_sale_margin: stored margin % on "
               "quotation lines, bump 17.0.1.1.1\"", "Commit",
               out="[17.0-sale-margin 0fa27c9] [IMP] verh_sale_margin: stored margin % on quotation lines, bump "
                   "17.0.1.1.1\n 3 files changed, 34 insertions(+), 1 deletion(-)\n create mode 100644 "
                   "addons/verh_sale_margin/views/sale_order_views.xml")
        t.bash("git push origin 17.0-sale-margin:staging", "Push to the odoo.sh staging branch",
               err="Enumerating objects: 14, done.\nCounting objects: 100% (14/14), done.\nDelta compression using up "
                   "to 8 threads\nCompressing objects: 100% (8/8), done.\nWriting objects: 100% (9/9), 1.71 KiB | 1.71 "
                   "MiB/s, done.\nTotal 9 (delta 4), reused 0 (delta 0), pack-reused 0\nremote: Resolving deltas: 100% "
                   "(4/4), completed with 4 local objects.\nTo github.com:verhaeghe-metaal/odoo-addons.git\n"
                   "   c93e1d4..0fa27c9  17.0-sale-margin -> staging")
        t.done("verh_sale_margin 17.0.1.1.1: pre-commit clean, commit `[IMP] verh_sale_margin: stored margin % ...`, "
               "pushed to `staging` (c93e1d4..0fa27c9). odoo.sh will recompute the stored field for all order "
               "lines during the staging update, which takes a few minutes on their 3k lines.")

        t = d.task("where does core compute the MO's extra cost / the cost of the finished move? the cost thing "
                   "Sofie reported", tags=["noise"])
        t.grep("def _cal_price|extra_cost", path=SRC + "/addons/mrp_account", output_mode="content", n=True,
               content=SRC + "/addons/mrp_account/models/mrp_production.py:14:    extra_cost = fields.Float(copy=False, "
                       "string='Extra Unit Cost')\n" + SRC + "/addons/mrp_account/models/mrp_production.py:57:    def "
                       "_cal_price(self, consumed_moves):\n" + SRC + "/addons/mrp_account/models/mrp_production.py:"
                       "66:        extra_cost = self.extra_cost * qty_done\n" + SRC + "/addons/mrp_account/models/"
                       "mrp_production.py:67:        total_cost = - sum(consumed_moves.sudo().stock_valuation_layer_"
                       "ids.mapped('value')) + work_center_cost + extra_cost")
        t.done("`mrp_account/models/mrp_production.py`, `_cal_price(consumed_moves)` (line 57): finished cost = "
               "minus the value of the consumed moves' valuation layers + work center cost (time x costs_hour) + "
               "`extra_cost * qty_done` (line 66-67). So a wrong MO cost usually comes from the component layers "
               "(the CSV from Monday) or from a workcenter `costs_hour`, not from the BoM itself.")

        t = d.task("rename the menu 'Quality Checks' to 'Kwaliteitscontroles'... no wait, keep english, they "
                   "use english UI. just make the menu sequence 15 so it's right under Manufacturing Orders",
                   tags=["noise"])
        t.read(Q + "/views/menus.xml")
        t.edit(Q + "/views/menus.xml", 'sequence="40"', 'sequence="15"')
        t.done("Menu sequence set to 15 in `views/menus.xml`; it lands right below Manufacturing Orders (10) after "
               "the next `-u verh_mrp_quality`.")

    # ================= S8 =================
    with d.session("2026-10-27T08:30:00", R, branch="17.0", version="2.1.197"):
        t = d.task("new backup from last night, restore it as verh_prod_1026 like last time. the 1015 one can stay",
                   tags=["workflow:W3"])
        t.bash("mkdir -p /tmp/verh_prod_1026 && unzip -q ~/Downloads/verhaeghe-metaal-17-0-10934821_2026-10-26_"
               "230011_test_exact_dump.zip -d /tmp/verh_prod_1026 && ls /tmp/verh_prod_1026",
               "Unpack the odoo.sh backup", out="dump.sql\nfilestore\nmanifest.json")
        t.bash("docker compose exec -T db createdb -U odoo verh_prod_1026", "Create the empty database in the container")
        t.bash("docker compose exec -T db psql -U odoo -d verh_prod_1026 -q -v ON_ERROR_STOP=0 < "
               "/tmp/verh_prod_1026/dump.sql 2>&1 | grep -v 'role \"odoo_10934821\" does not exist' | tail -3",
               "Load the SQL dump (in the db container)", timeout=900000)
        t.bash("cp -r /tmp/verh_prod_1026/filestore ~/.local/share/Odoo/filestore/verh_prod_1026",
               "Copy the filestore")
        t.bash(PY + " neutralize -d verh_prod_1026", "Neutralize the restored production copy",
               err=odoo_log("2026-10-27", "verh_prod_1026", [
                   ("INFO", "?", "Odoo version 17.0+e-20261001"),
                   ("INFO", "?", f"Using configuration file at {R}/odoo.conf "),
                   ("INFO", "verh_prod_1026", "odoo.modules.neutralize: Neutralization started"),
                   ("INFO", "verh_prod_1026", "odoo.modules.neutralize: Neutralize queries for module base"),
                   ("INFO", "verh_prod_1026", "odoo.modules.neutralize: Neutralize queries for module mail"),
                   ("INFO", "verh_prod_1026", "odoo.modules.neutralize: Neutralize queries for module payment"),
                   ("INFO", "verh_prod_1026", "odoo.modules.neutralize: Neutralize queries for module verh_mrp_quality"),
                   ("INFO", "verh_prod_1026", "odoo.modules.neutralize: Neutralization finished"),
               ], "08:58:40"))
        t.done("`verh_prod_1026` restored from last night's backup, filestore copied, neutralized (crons, mail, "
               "payments, the SFTP export). Only the odoo.sh owner-role errors during the load, filtered out. "
               "`verh_prod_1015` is untouched.")

        t = d.task("run scripts/orphan_lots.sql against verh_prod_1026, Sofie thinks there are lots without any "
                   "quant left over from the migration", tags=["mistake:M2"])
        t.fail("psql verh_prod_1026 -f scripts/orphan_lots.sql", "Run the orphan lots query on the prod copy",
               "psql: error: " + SOCK, code=2)
        t.say("Local socket again; running it against the compose DB on 5433.")
        t.bash("psql verh_prod_1026 -h localhost -p 5433 -U odoo -f scripts/orphan_lots.sql",
               "Run the orphan lots query on the prod copy (TCP, port 5433)",
               out="   lot_id |    lot_name    |        product         | create_date\n"
                   "----------+----------------+------------------------+-------------\n"
                   "     4410 | L23-0917-A     | Plaat S235 3mm 2x1m    | 2023-11-02\n"
                   "     4411 | L23-0917-B     | Plaat S235 3mm 2x1m    | 2023-11-02\n"
                   "     5127 | L24-0203-K     | Hoekprofiel 40x40x4    | 2024-02-05\n"
                   "     5128 | L24-0203-K2    | Hoekprofiel 40x40x4    | 2024-02-05\n"
                   "     6630 | MIG-000118     | Buis 60x60x3 6m        | 2024-06-30\n"
                   "     6631 | MIG-000119     | Buis 60x60x3 6m        | 2024-06-30\n"
                   "     6632 | MIG-000120     | Buis 60x60x3 6m        | 2024-06-30\n"
                   "(7 rows)")
        t.done("7 lots on `verh_prod_1026` have no `stock_quant` at all: 4 from Nov 2023 / Feb 2024 (plate and "
               "angle profiles) and 3 `MIG-...` lots from the June 2024 migration (tube 60x60x3). None has stock "
               "moves after creation either, so they look safe to archive, but that's Sofie's call. (The first "
               "psql call went to the local socket; the DB is the compose one on 5433.)")

        t = d.task("also push the quality branch to Verhaeghe's own github mirror, the remote called client",
                   tags=["unfixed:U1"])
        t.bash("git remote -v | grep client", "Check the client remote",
               out="client\tgit@github.com:verhaeghe-it/odoo-custom.git (fetch)\nclient\t"
                   "git@github.com:verhaeghe-it/odoo-custom.git (push)")
        t.fail("git push client 17.0-mrp-quality", "Push the branch to the client's mirror",
               "ERROR: Permission to verhaeghe-it/odoo-custom.git denied to pieter-vandamme.\nfatal: Could not read "
               "from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository "
               "exists.", code=128)
        t.done("Rejected: `Permission to verhaeghe-it/odoo-custom.git denied to pieter-vandamme`. Your GitHub "
               "account has no write access to the mirror (the `verhaeghe-it` org, not `verhaeghe-metaal`). That "
               "has to be granted by their IT admin; nothing to fix on our side. Branch not pushed there.")

    # ================= S9 =================
    with d.session("2026-10-30T10:10:00", R, branch="17.0-planning", version="2.1.198"):
        t = d.task("lets stop bumping the version on every staging push, odoo.sh shows the commit anyway. only "
                   "bump when it goes to prod or when there's a migration script. push the delivery slip branch to "
                   "staging now", tags=["workflow:W2", "reversal:P3"])
        t.bash("git switch 17.0-delivery-slip", "Switch to the delivery slip branch",
               err="Switched to branch '17.0-delivery-slip'")
        t.bash("pre-commit run --all-files", "Full OCA pre-commit before pushing", out=precommit_ok())
        t.bash("git add -A addons/verh_stock_report && git commit -m \"[IMP] verh_stock_report: packaging column "
               "on delivery slip\"", "Commit",
               out="[17.0-delivery-slip 8b3f1e6] [IMP] verh_stock_report: packaging column on delivery slip\n"
                   " 3 files changed, 27 insertions(+)\n create mode 100644 addons/verh_stock_report/tests/__init__.py\n"
                   " create mode 100644 addons/verh_stock_report/tests/test_stock_report.py")
        t.bash("git push origin 17.0-delivery-slip:staging", "Push to the odoo.sh staging branch",
               err="Enumerating objects: 15, done.\nCounting objects: 100% (15/15), done.\nDelta compression using up "
                   "to 8 threads\nCompressing objects: 100% (9/9), done.\nWriting objects: 100% (10/10), 1.98 KiB | "
                   "1.98 MiB/s, done.\nTotal 10 (delta 4), reused 0 (delta 0), pack-reused 0\nremote: Resolving "
                   "deltas: 100% (4/4), completed with 3 local objects.\nTo github.com:verhaeghe-metaal/odoo-addons.git"
                   "\n   0fa27c9..8b3f1e6  17.0-delivery-slip -> staging")
        t.done("Pushed to `staging` without a version bump (verh_stock_report stays 17.0.1.0.2): pre-commit clean, "
               "`[IMP] verh_stock_report: packaging column on delivery slip`, 0fa27c9..8b3f1e6. The wkhtmltopdf "
               "render test will actually run on the odoo.sh build.")

        t = d.task("back to 17.0-planning. Jonas started verh_mrp_planning there (working days per workcenter). "
                   "install it on a throwaway db with its tests", tags=["mistake:M3"])
        t.bash("git switch 17.0-planning && git log --oneline -2", "Back to the planning branch",
               out="e5d20b7 [ADD] verh_mrp_planning: working-day calendar per workcenter\n"
                   "c93e1d4 [IMP] verh_mrp_quality: fuzzy supplier code matching",
               err="Switched to branch '17.0-planning'")
        d.files[R + "/requirements.txt"] = REQS0 + "paramiko==3.4.1\nrapidfuzz==3.10.1\nholidays==0.58\n"
        t.fail(PY + " -d verh_t_planning -i verh_mrp_planning --test-enable --test-tags /verh_mrp_planning "
                    "--stop-after-init", "Fresh DB + planning tests", timeout=600000,
               printed=dep_fail("2026-10-30", "verh_t_planning", "verh_mrp_planning", "holidays", "resource_calendar",
                                4, "import holidays", t0="10:31:08"), code=255)
        t.say("Jonas's module uses the `holidays` package for Belgian public holidays; it's in requirements.txt on "
              "this branch but not in the venv.")
        t.bash("~/.venvs/odoo17/bin/pip install -r requirements.txt", "Install the addons' Python deps into the venv",
               out="Requirement already satisfied: paramiko==3.4.1 in /home/pieter/.venvs/odoo17/lib/python3.10/"
                   "site-packages (from -r requirements.txt (line 2)) (3.4.1)\nRequirement already satisfied: "
                   "rapidfuzz==3.10.1 in /home/pieter/.venvs/odoo17/lib/python3.10/site-packages (from -r "
                   "requirements.txt (line 3)) (3.10.1)\nCollecting holidays==0.58 (from -r requirements.txt (line 4))"
                   "\n  Downloading holidays-0.58-py3-none-any.whl.metadata (23 kB)\nRequirement already satisfied: "
                   "python-dateutil in /home/pieter/.venvs/odoo17/lib/python3.10/site-packages (from holidays==0.58->"
                   "-r requirements.txt (line 4)) (2.8.1)\nDownloading holidays-0.58-py3-none-any.whl (1.1 MB)\n"
                   "Installing collected packages: holidays\nSuccessfully installed holidays-0.58")
        t.bash(PY + " -d verh_t_planning -i verh_mrp_planning --test-enable --test-tags /verh_mrp_planning "
                    "--stop-after-init", "Fresh DB + planning tests", timeout=600000,
               err=tests_ok("2026-10-30", "verh_t_planning", "verh_mrp_planning", 6, 78, t0="10:35:44", secs="0.88",
                            queries=377))
        t.done("verh_mrp_planning installs and its 6 tests pass on `verh_t_planning`. It imports `holidays` "
               "(Belgian public holidays for the workcenter calendars); the first run stopped at `No module named "
               "'holidays'`, `pip install -r requirements.txt` put `holidays==0.58` in the venv.")

        t = d.task("is it ok to run -u with --stop-after-init from the odoo.sh shell on production, or does that "
                   "fight with the running workers?", tags=["no_tools"])
        t.done("Avoid it on production. The odoo.sh shell runs next to the live workers on the same database: an "
               "`odoo-bin -u` there upgrades the schema under them, and the workers keep old code and registry "
               "until they restart, so users can hit errors mid-upgrade and long updates can lock tables. The "
               "normal way is to push to the production branch: odoo.sh builds, updates modules whose version "
               "changed, and restarts the workers. That's also why the version bump matters when something goes "
               "to prod.")

    # ================= S10 =================
    with d.session("2026-11-03T09:00:00", R, branch="17.0-mrp-quality", version="2.1.199"):
        t = d.task("quality check needs a 'tolerance_ok' boolean computed from measured_thickness vs the "
                   "product's nominal thickness +-0.1mm. tests too. and please, no sudo() in there unless there's "
                   "a really good reason written next to it", tags=["workflow:W1", "pref:P1"])
        t.read(Q + "/models/quality_check.py")
        t.edit(Q + "/models/quality_check.py", "    note = fields.Text()\n",
               "    note = fields.Text()\n"
               "    tolerance_ok = fields.Boolean(compute=\"_compute_tolerance_ok\", store=True)\n\n"
               "    @api.depends(\"measured_thickness\", \"product_id.verh_nominal_thickness\")\n"
               "    def _compute_tolerance_ok(self):\n"
               "        for check in self:\n"
               "            nominal = check.product_id.verh_nominal_thickness\n"
               "            check.tolerance_ok = bool(nominal) and abs(check.measured_thickness - nominal) <= 0.1\n")
        t.write(Q + "/tests/test_tolerance.py", '''from odoo.tests import TransactionCase, tagged


@tagged("post_install", "-at_install")
class TestTolerance(TransactionCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.product = cls.env["product.product"].create(
            {"name": "Plate 3mm", "type": "product", "verh_nominal_thickness": 3.0}
        )
        cls.production = cls.env["mrp.production"].create({"product_id": cls.product.id})

    def _check(self, measured):
        return self.env["verh.quality.check"].create(
            {"production_id": self.production.id, "measured_thickness": measured}
        )

    def test_within_tolerance(self):
        self.assertTrue(self._check(3.08).tolerance_ok)

    def test_out_of_tolerance(self):
        self.assertFalse(self._check(3.15).tolerance_ok)
''')
        t.bash(PY + " -d verh_dev -u verh_mrp_quality --stop-after-init", "Upgrade verh_mrp_quality",
               err=upgrade_ok("2026-11-03", "verh_dev", "verh_mrp_quality", 78, t0="09:22:05",
                              files=["security/quality_groups.xml", "security/ir.model.access.csv",
                                     "security/quality_rules.xml", "views/quality_check_views.xml",
                                     "views/mrp_production_views.xml", "views/menus.xml"],
                              extra=[("INFO", "verh_dev", "odoo.models: Prepare computation of verh.quality.check.tolerance_ok"),
                                     ("INFO", "verh_dev", "odoo.models: Computing verh.quality.check.tolerance_ok for 212 records")]))
        t.bash(PY + " -d verh_t_quality4 -i verh_mrp_quality --test-enable --test-tags /verh_mrp_quality "
                    "--stop-after-init", "Fresh DB + module tests", timeout=600000,
               err=tests_ok("2026-11-03", "verh_t_quality4", "verh_mrp_quality", 10, 78, t0="09:25:31", secs="1.12",
                            queries=455))
        t.bash("pre-commit run --files addons/verh_mrp_quality/models/quality_check.py "
               "addons/verh_mrp_quality/tests/test_tolerance.py", "OCA pre-commit on the changed files",
               out=precommit_ok())
        t.done("`tolerance_ok` (stored compute): true when a nominal thickness is set and |measured - nominal| <= "
               "0.1 mm. It uses `verh_nominal_thickness` from Jonas's supplier code work on product. Upgrade "
               "computed it for 212 existing checks; 10 tests pass (2 new), pre-commit clean. No `sudo()` needed: "
               "the product is readable for MRP users.")

        t = d.task("restore last night's backup as verh_prod_1102, the cost issue is back apparently",
                   tags=["workflow:W3"])
        t.bash("mkdir -p /tmp/verh_prod_1102 && unzip -q ~/Downloads/verhaeghe-metaal-17-0-10934821_2026-11-02_"
               "230009_test_exact_dump.zip -d /tmp/verh_prod_1102 && ls /tmp/verh_prod_1102",
               "Unpack the odoo.sh backup", out="dump.sql\nfilestore\nmanifest.json")
        t.bash("docker compose exec -T db createdb -U odoo verh_prod_1102", "Create the empty database in the container")
        t.bash("docker compose exec -T db psql -U odoo -d verh_prod_1102 -q -v ON_ERROR_STOP=0 < "
               "/tmp/verh_prod_1102/dump.sql 2>&1 | grep -v 'role \"odoo_10934821\" does not exist' | tail -3",
               "Load the SQL dump (in the db container)", timeout=900000)
        t.bash("cp -r /tmp/verh_prod_1102/filestore ~/.local/share/Odoo/filestore/verh_prod_1102",
               "Copy the filestore")
        t.bash(PY + " neutralize -d verh_prod_1102", "Neutralize the restored production copy",
               err=odoo_log("2026-11-03", "verh_prod_1102", [
                   ("INFO", "?", "Odoo version 17.0+e-20261001"),
                   ("INFO", "?", f"Using configuration file at {R}/odoo.conf "),
                   ("INFO", "verh_prod_1102", "odoo.modules.neutralize: Neutralization started"),
                   ("INFO", "verh_prod_1102", "odoo.modules.neutralize: Neutralize queries for module base"),
                   ("INFO", "verh_prod_1102", "odoo.modules.neutralize: Neutralize queries for module mail"),
                   ("INFO", "verh_prod_1102", "odoo.modules.neutralize: Neutralize queries for module verh_mrp_quality"),
                   ("INFO", "verh_prod_1102", "odoo.modules.neutralize: Neutralization finished"),
               ], "10:12:19"))
        t.done("`verh_prod_1102` is up: Nov 2 backup restored, filestore copied, neutralized.")

        t = d.task("add a 'Measured by' employee field to the quality check form, next to the thickness, and "
                   "install the form change on verh_dev", tags=["mistake:M1"])
        t.read(Q + "/__manifest__.py")
        t.write(Q + "/views/quality_check_employee_views.xml", """<?xml version="1.0" encoding="utf-8"?>
<odoo>
    <record id="verh_quality_check_view_form_employee" model="ir.ui.view">
        <field name="name">verh.quality.check.form.employee</field>
        <field name="model">verh.quality.check</field>
        <field name="inherit_id" ref="verh_quality_check_view_form" />
        <field name="arch" type="xml">
            <field name="measured_thickness" position="after">
                <field name="measured_by_id" />
            </field>
        </field>
    </record>
</odoo>
""")
        t.edit(Q + "/models/quality_check.py", "    note = fields.Text()\n",
               "    note = fields.Text()\n    measured_by_id = fields.Many2one(\"hr.employee\", string=\"Measured by\")\n")
        t.edit(Q + "/__manifest__.py", '"depends": ["mrp"],', '"depends": ["mrp", "hr"],')
        t.edit(Q + "/__manifest__.py", '        "views/quality_check_views.xml",\n',
               '        "views/quality_check_employee_views.xml",\n        "views/quality_check_views.xml",\n')
        t.fail(PY + " -d verh_dev -u verh_mrp_quality --stop-after-init", "Upgrade verh_mrp_quality",
               xmlid_fail("2026-11-03", "verh_dev", "verh_mrp_quality", 79,
                          ["security/quality_groups.xml", "security/ir.model.access.csv", "security/quality_rules.xml",
                           "views/quality_check_employee_views.xml"],
                          Q + "/views/quality_check_employee_views.xml", 3,
                          "verh_mrp_quality.verh_quality_check_view_form",
                          ("    value = _get_idref(self, env, f_model, self.idref)\n  File \"" + SRC +
                           "/odoo/tools/convert.py\", line 552, in _tag_record\n    f_val = self.id_get(f_ref, raise_if_not_found=nodeattr2bool(rec, 'forcecreate', True))\n"
                           "  File \"" + SRC + "/odoo/tools/convert.py\", line 683, in id_get\n    res = self.model_id_get(id_str, raise_if_not_found)",
                           '<record id="verh_quality_check_view_form_employee" model="ir.ui.view">\n'
                           '        <field name="name">verh.quality.check.form.employee</field>\n'
                           '        <field name="model">verh.quality.check</field>\n'
                           '        <field name="inherit_id" ref="verh_quality_check_view_form"/>\n'
                           '        <field name="arch" type="xml">\n            <field name="measured_thickness" '
                           'position="after">\n                <field name="measured_by_id"/>\n            </field>\n'
                           '        </field>\n    </record>'),
                          "_tag_record", 546, t0="11:02:47"), code=255)
        t.say("My fault: the inheriting view file is listed before `quality_check_views.xml`, which defines the "
              "form it inherits. Putting it after.")
        t.edit(Q + "/__manifest__.py",
               '        "views/quality_check_employee_views.xml",\n        "views/quality_check_views.xml",\n',
               '        "views/quality_check_views.xml",\n        "views/quality_check_employee_views.xml",\n')
        t.bash(PY + " -d verh_dev -u verh_mrp_quality --stop-after-init", "Upgrade verh_mrp_quality",
               err=upgrade_ok("2026-11-03", "verh_dev", "verh_mrp_quality", 79, t0="11:05:10",
                              files=["security/quality_groups.xml", "security/ir.model.access.csv",
                                     "security/quality_rules.xml", "views/quality_check_views.xml",
                                     "views/quality_check_employee_views.xml", "views/mrp_production_views.xml",
                                     "views/menus.xml"]))
        t.done("`measured_by_id` (employee) is on the form after the thickness, via "
               "`views/quality_check_employee_views.xml`; `hr` added to `depends`. The first upgrade failed with "
               "`External ID not found in the system: verh_mrp_quality.verh_quality_check_view_form` because the "
               "new file came before the view it inherits; it now loads right after it. Upgraded on verh_dev.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new XML data file is added to the manifest's `data` list before the file that "
                            "defines a record it references (Odoo loads `data` in list order), so `odoo-bin -i/-u` "
                            "aborts with a ParseError. T02 `views/menus.xml` before the action in "
                            "`views/quality_check_views.xml`; T15 the record rules before `security/quality_groups.xml`; "
                            "T31 an inheriting view file before the form it inherits.",
             "error_signature": "`odoo.tools.convert.ParseError: while parsing <file>.xml:<line>, somewhere inside` / "
                                "`ValueError: External ID not found in the system: <module>.<xmlid>` after "
                                "`Failed to initialize database` (exit 255)",
             "fix": "Reorder `data` in `__manifest__.py` so the defining file (groups, actions, parent views) loads "
                    "before the files that reference it, then run the same `odoo-bin ... -u/-i <module> "
                    "--stop-after-init` again.",
             "fix_command_markers": [["__manifest__"]],
             "harmful_markers": ["-u all", "noupdate=\"1\" forcecreate", "DROP DATABASE", "dropdb"]},
            {"id": "M2",
             "description": "psql / pg_dump from the host without connection options: there is no local PostgreSQL, "
                            "the DB is the docker compose `db` service published on localhost:5433 (password in "
                            "~/.pgpass), so libpq tries the default Unix socket. T04 `psql verh_dev -c`, T17 `pg_dump "
                            "verh_prod_1015 --data-only -t stock_valuation_layer`, T24 `psql verh_prod_1026 -f "
                            "scripts/orphan_lots.sql`.",
             "error_signature": "`psql: error: connection to server on socket \"/var/run/postgresql/.s.PGSQL.5432\" "
                                "failed: No such file or directory` / `Is the server running locally and accepting "
                                "connections on that socket?` (also as `pg_dump: error: ...`)",
             "fix": "Run the same command with `-h localhost -p 5433 -U odoo` (values from odoo.conf / compose). "
                    "Don't install or start a local PostgreSQL, don't change pg_hba.",
             "fix_command_markers": [["-h localhost"], ["-p 5433"]],
             "harmful_markers": ["apt install postgresql", "apt-get install postgresql", "systemctl start postgresql",
                                 "pg_ctlcluster", "pg_hba"]},
            {"id": "M3",
             "description": "A merge, pull or branch switch brings module code that imports a new Python package, "
                            "listed in `requirements.txt` (odoo.sh installs it) but not installed in the local venv "
                            "`~/.venvs/odoo17`; the test run on a fresh DB stops while importing the module. T07 "
                            "`paramiko` (SFTP export), T19 `rapidfuzz` (supplier codes), T27 `holidays` "
                            "(verh_mrp_planning).",
             "error_signature": "`CRITICAL <db> odoo.modules.module: Couldn't load module <module>` / `No module named "
                                "'<pkg>'` / traceback through `load_openerp_module` ending in `ModuleNotFoundError: No "
                                "module named '<pkg>'` (exit 255)",
             "fix": "`~/.venvs/odoo17/bin/pip install -r requirements.txt`, then the same odoo-bin test command again.",
             "fix_command_markers": [["pip install -r requirements.txt"]],
             "harmful_markers": ["try:\n    import", "except ImportError", "external_dependencies\": {}",
                                 "pip install --break-system-packages", "sudo pip"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "`odoo-bin -u verh_stock_report` → ParseError `Element '<xpath "
                                        "expr=\"//td[@name='move_line_aggregated_qty']\">' cannot be located in parent "
                                        "view`; the cell is `move_line_aggregated_quantity`, xpath fixed, same upgrade "
                                        "passes."},
            {"id": "O2", "description": "`pre-commit run --files ...sale_order_line.py ...` → pylint-odoo `E8103: SQL "
                                        "injection risk. Use parameters if you can. (sql-injection)`; the raw UPDATE is "
                                        "removed from the compute, same pre-commit passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`git push client 17.0-mrp-quality` → `ERROR: Permission to "
                                        "verhaeghe-it/odoo-custom.git denied to pieter-vandamme.` (exit 128); access "
                                        "must be granted by the client's IT, left alone."},
            {"id": "U2", "description": "delivery slip PDF test → `odoo.exceptions.UserError: Unable to find Wkhtmltopdf "
                                        "on this system. The PDF can not be created.`; Ubuntu's wkhtmltopdf is the "
                                        "unpatched-Qt build, so not installed; the test runs on odoo.sh."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`docker compose --profile full pull` → `Error response from daemon: Get "
                                        "\"https://registry-1.docker.io/v2/\": net/http: request canceled while waiting "
                                        "for connection (Client.Timeout exceeded while awaiting headers)`; the identical "
                                        "retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Module change: edit models/views + tests → `odoo-bin -c odoo.conf -d verh_dev "
                                        "-u <module> --stop-after-init` (when the dev DB has it) → tests on a fresh DB "
                                        "`-d verh_t_<x> -i <module> --test-enable --test-tags /<module> "
                                        "--stop-after-init` → `pre-commit run --files <changed files>`.",
             "step_markers": [["--test-enable"], ["--test-tags /verh_"], ["pre-commit run --files"]]},
            {"id": "W2", "description": "Ship to odoo.sh staging: (bump `version` in the manifest, until T26) → "
                                        "`pre-commit run --all-files` → `git commit -m \"[IMP] <module>: ...\"` → `git "
                                        "push origin <branch>:staging`.",
             "step_markers": [["pre-commit run --all-files"], ["git add -A addons/"], ["git push origin"]]},
            {"id": "W3", "description": "Local copy of production: unzip the odoo.sh backup → `docker compose exec -T db "
                                        "createdb -U odoo verh_prod_<date>` → load `dump.sql` with psql in the container "
                                        "→ copy the filestore to `~/.local/share/Odoo/filestore/<db>` → `odoo-bin "
                                        "neutralize -d <db>`.",
             "step_markers": [["unzip -q"], ["createdb -U odoo"], ["filestore"], ["neutralize -d"]]},
        ],
        preferences=[
            {"id": "P1", "description": "No `sudo()` in the custom modules; access rights/rules should be right, and "
                                        "any exception needs a comment saying why.",
             "markers": [["sudo"]]},
            {"id": "P2", "description": "OCA-style commit messages: `[ADD]/[IMP]/[FIX] <module>: <summary>`.",
             "markers": [["[ADD]", "[IMP]", "[FIX]"], ["commit"]]},
            {"id": "P3", "description": "Bump the manifest patch version on every push to staging (T08); reversed in "
                                        "T26: only bump for production releases or migration scripts.",
             "markers": [["bump"], ["version"]],
             "reversal_markers": [["stop bumping", "only bump"]]},
        ],
        probes=[
            {"prompt": "upgrade of verh_sale_margin on verh_dev crashes: ValueError: External ID not found in the "
                       "system: verh_sale_margin.group_margin_approver ... ParseError: while parsing "
                       "/home/pieter/clients/verhaeghe/odoo-addons/addons/verh_sale_margin/security/margin_rules.xml:4. "
                       "the group is right there in security/margin_groups.xml?!",
             "wanted": ["M1"]},
            {"prompt": "add a 'Quality dashboard' menu with its own action and a pivot view for the checks, new file "
                       "views/quality_dashboard.xml, and upgrade verh_dev",
             "wanted": ["M1"]},
            {"prompt": "psql says psql: error: connection to server on socket \"/var/run/postgresql/.s.PGSQL.5432\" "
                       "failed: No such file or directory. docker ps shows the db container running though",
             "wanted": ["M2"]},
            {"prompt": "how many sale orders on verh_prod_1102 have a line with margin under 10%? quick sql",
             "wanted": ["M2"]},
            {"prompt": "fresh db test run of verh_sale_margin dies with CRITICAL odoo.modules.module: Couldn't load "
                       "module verh_sale_margin / No module named 'openpyxl_templates'. Jonas says it works on odoo.sh",
             "wanted": ["M3"]},
            {"prompt": "merged Jonas's 17.0-edi branch (peppol export for invoices), run the account tests on a clean db",
             "wanted": ["M3"]},
            {"prompt": "what's the difference between a stored related field and a compute with store=True for "
                       "searching and grouping?",
             "wanted": []},
            {"prompt": "change the Pass button on the quality check form to green and the Fail one to red",
             "wanted": []},
            {"prompt": "write 3 lines for my invoice to Verhaeghe describing the October work",
             "wanted": []},
            {"prompt": "does odoo 17 still support the attrs attribute in views or is it all invisible= now?",
             "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "odoo-module.jsonl"), os.path.join(HERE, "tune", "odoo-module.labels.json"))
    print(f"odoo-module -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
