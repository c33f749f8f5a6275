"""perl-legacy: Dana Whitfield, maintainer of a 15-year-old Perl 5.36 monolith at Northgate Freight (logistics).

Stack: Mojolicious app + legacy CGI::Application part, DBIx::Class on MySQL 8, Carton/cpanfile, prove with
Test::More/Test2, Perl::Critic, perltidy, Template Toolkit, cron jobs and Gearman workers, Docker Compose for
local MySQL/Redis, Rex deploys, git on Bitbucket.

Written blind for fresh/; measured once held out (round 18), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "dana"
R = "/home/dana/src/logi-core"
MODEL = "claude-opus-4-6"
INC = ("lib /home/dana/src/logi-core/local/lib/perl5/x86_64-linux /home/dana/src/logi-core/local/lib/perl5 "
       "/usr/local/lib/perl5/site_perl/5.36.3/x86_64-linux /usr/local/lib/perl5/site_perl/5.36.3 "
       "/usr/local/lib/perl5/vendor_perl/5.36.3/x86_64-linux /usr/local/lib/perl5/vendor_perl/5.36.3 "
       "/usr/local/lib/perl5/5.36.3/x86_64-linux /usr/local/lib/perl5/5.36.3")


def P(rel):
    return f"{R}/{rel}"


def cpu(w=1):
    return (f"Files={{f}}, Tests={{n}}, {w:2d} wallclock secs ( 0.{w+1}4 usr  0.03 sys +  {w}.71 cusr  0.22 csys =  "
            f"{w+2}.00 CPU)")


def prove_ok(files, secs=3):
    out = []
    n = 0
    for f, k in files:
        out.append(f"{f} .. ok")
        n += k
    out.append("All tests successful.")
    out.append(cpu(secs).format(f=len(files), n=n))
    out.append("Result: PASS")
    return "\n".join(out)


def prove_dubious(tfile, msg, line):
    return (f"{tfile} .. {msg}\nCompilation failed in require at {tfile} line {line}.\n"
            f"BEGIN failed--compilation aborted at {tfile} line {line}.\n"
            f"{tfile} .. Dubious, test returned 2 (wstat 512, 0x200)\nNo subtests run \n\n"
            "Test Summary Report\n-------------------\n"
            f"{tfile} (Wstat: 512 (exited 2) Tests: 0 Failed: 0)\n  Non-zero exit status: 2\n"
            "  Parse errors: No plan found in TAP output\n"
            "Files=1, Tests=0,  0 wallclock secs ( 0.01 usr  0.00 sys +  0.21 cusr  0.03 csys =  0.25 CPU)\n"
            "Result: FAIL")


def cant_locate(mod, src, line):
    pm = mod.replace("::", "/") + ".pm"
    return (f"Can't locate {pm} in @INC (you may need to install the {mod} module) (@INC contains: {INC}) "
            f"at {src} line {line}.\nBEGIN failed--compilation aborted at {src} line {line}.")


def carton_installed(dists):
    out = [f"Installing modules using {R}/cpanfile"]
    out += [f"Successfully installed {d}" for d in dists]
    out.append(f"{len(dists)} distribution{'s' if len(dists) > 1 else ''} installed")
    out.append(f"Complete! Modules were installed into {R}/local")
    return "\n".join(out)


def no_rel(tfile, rel, src, tline, ntests):
    return (f"{tfile} .. \n# Tests were run but no plan was declared and done_testing() was not seen.\n"
            f"DBIx::Class::ResultSource::_resolve_join(): No such relationship {rel} on {src} at {tfile} line {tline}\n"
            f"{tfile} .. Dubious, test returned 255 (wstat 65280, 0xff00)\n"
            f"All {ntests} subtests passed \n\nTest Summary Report\n-------------------\n"
            f"{tfile} (Wstat: 65280 (exited 255) Tests: {ntests} Failed: 0)\n  Non-zero exit status: 255\n"
            "  Parse errors: No plan found in TAP output\n"
            "Files=1, Tests=%d,  1 wallclock secs ( 0.02 usr  0.00 sys +  0.88 cusr  0.09 csys =  0.99 CPU)\n"
            "Result: FAIL" % ntests)


def cfg_missing(script):
    return (f"Config file not found: /etc/logi/logi.yml at lib/Logi/Config.pm line 31.\n"
            f"\tLogi::Config::load(\"Logi::Config\") called at lib/Logi/Script.pm line 18\n"
            f"\tLogi::Script::new(\"Logi::Script\") called at {script} line 12")


FILES = {
    P("cpanfile"): """requires 'perl', '5.036';
requires 'Mojolicious', '== 9.38';
requires 'CGI::Application', '== 4.61';
requires 'CGI::Application::Plugin::TT';
requires 'DBIx::Class', '== 0.082843';
requires 'DBD::mysql', '== 4.050';
requires 'Template', '== 3.102';
requires 'Gearman::Worker';
requires 'Redis', '== 2.000';
requires 'YAML::XS';
requires 'DateTime';

on test => sub {
    requires 'Test::More', '1.302199';
    requires 'Test2::Suite';
    requires 'Test::Mojo';
};

on develop => sub {
    requires 'Perl::Critic', '== 1.152';
    requires 'Perl::Tidy', '== 20240511';
};
""",
    P("lib/Logi/Schema/Result/Shipment.pm"): """package Logi::Schema::Result::Shipment;
use strict;
use warnings;
use base 'DBIx::Class::Core';

__PACKAGE__->table('shipment');
__PACKAGE__->add_columns(
    id           => { data_type => 'integer', is_auto_increment => 1 },
    reference    => { data_type => 'varchar', size => 32 },
    customer_id  => { data_type => 'integer' },
    status       => { data_type => 'varchar', size => 16 },
    weight_kg    => { data_type => 'decimal', size => [ 10, 2 ] },
    created_at   => { data_type => 'datetime' },
);
__PACKAGE__->set_primary_key('id');
__PACKAGE__->add_unique_constraint( [qw/reference/] );

__PACKAGE__->belongs_to( customer => 'Logi::Schema::Result::Customer', 'customer_id' );

1;
""",
    P("lib/Logi/Schema/Result/Route.pm"): """package Logi::Schema::Result::Route;
use strict;
use warnings;
use base 'DBIx::Class::Core';

__PACKAGE__->table('route');
__PACKAGE__->add_columns(
    id         => { data_type => 'integer', is_auto_increment => 1 },
    code       => { data_type => 'varchar', size => 16 },
    depot_id   => { data_type => 'integer' },
    driver_id  => { data_type => 'integer', is_nullable => 1 },
    run_date   => { data_type => 'date' },
);
__PACKAGE__->set_primary_key('id');

1;
""",
    P("lib/Logi/Schema/Result/Invoice.pm"): """package Logi::Schema::Result::Invoice;
use strict;
use warnings;
use base 'DBIx::Class::Core';

__PACKAGE__->table('invoice');
__PACKAGE__->add_columns(
    id          => { data_type => 'integer', is_auto_increment => 1 },
    number      => { data_type => 'varchar', size => 20 },
    customer_id => { data_type => 'integer' },
    total_pence => { data_type => 'integer' },
    issued_on   => { data_type => 'date' },
);
__PACKAGE__->set_primary_key('id');
__PACKAGE__->belongs_to( customer => 'Logi::Schema::Result::Customer', 'customer_id' );

1;
""",
    P("docker-compose.yml"): """services:
  mysql:
    image: mysql:8.0.39
    environment:
      MYSQL_ROOT_PASSWORD: root
      MYSQL_DATABASE: logi_test
      MYSQL_USER: logi
      MYSQL_PASSWORD: logi
    ports: ["3307:3306"]
    volumes: ["./db/schema.sql:/docker-entrypoint-initdb.d/01-schema.sql:ro"]
  redis:
    image: redis:7.2-alpine
    ports: ["6380:6379"]
""",
    P("etc/logi.local.yml"): """db:
  dsn: dbi:mysql:database=logi_test;host=127.0.0.1;port=3307
  user: logi
  password: logi
redis: 127.0.0.1:6380
gearman: [127.0.0.1:4730]
exports_dir: var/exports
""",
    P("bin/cron/nightly_manifest.pl"): """#!/usr/bin/env perl
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../lib";
use Getopt::Long;
use Logi::Script;
use Logi::Export::Manifest;

GetOptions( 'date=s' => \\my $date, 'dry-run' => \\my $dry ) or die "usage: $0 --date YYYY-MM-DD [--dry-run]\\n";
my $app = Logi::Script->new;
my $n = Logi::Export::Manifest->new( schema => $app->schema )->write_day( $date, dry_run => $dry );
$app->log->info("manifest $date: $n rows");
""",
    P("templates/invoice/show.tt"): """[% WRAPPER layout.tt title = "Invoice " _ invoice.number %]
<h1>Invoice [% invoice.number | html %]</h1>
<p>Customer: [% invoice.customer.name | html %]</p>
<p>Issued: [% invoice.issued_on %]</p>
<table class="lines">
[% FOREACH line IN invoice.lines %]
  <tr><td>[% line.description | html %]</td><td>[% line.amount | money %]</td></tr>
[% END %]
</table>
<p class="total">Total: [% invoice.total_pence | money %]</p>
[% END %]
""",
}

SHIP_T = ["t/00-load.t", "t/api/shipments.t", "t/api/tracking.t", "t/cgi/invoice.t", "t/export/manifest.t",
          "t/schema/shipment.t", "t/schema/route.t", "t/workers/label.t"]


def suite(extra=(), secs=11):
    files = [(f, 4 + (i * 7) % 19) for i, f in enumerate(SHIP_T)] + list(extra)
    files.sort()
    return prove_ok(files, secs)


def gen():
    d = Dev("perl-legacy", U, "en", MODEL, seed=5318, files=FILES)

    # ============================================================ S1 Mon 10-05
    with d.session("2026-10-05T08:55:00", R, branch="master", version="2.1.84"):
        t = d.task("morning. I've inherited more of logi-core from Gareth who left. quick tour please: where's the "
                   "Mojo app vs the old CGI::Application stuff, and how do the cron jobs get their config?", tags=["noise"])
        t.glob("{lib,bin,cgi-bin}/**/*.{pm,pl,cgi}", [P(x) for x in [
            "lib/Logi.pm", "lib/Logi/Controller/Shipments.pm", "lib/Logi/Controller/Tracking.pm",
            "lib/Logi/Legacy/Invoice.pm", "lib/Logi/Legacy/Base.pm", "lib/Logi/Config.pm", "lib/Logi/Script.pm",
            "lib/Logi/Schema.pm", "lib/Logi/Schema/Result/Shipment.pm", "lib/Logi/Schema/Result/Route.pm",
            "lib/Logi/Schema/Result/Invoice.pm", "lib/Logi/Worker/Label.pm", "bin/cron/nightly_manifest.pl",
            "bin/cron/purge_sessions.pl", "bin/workers/label_worker.pl", "cgi-bin/invoice.cgi"]])
        t.read(P("cpanfile"))
        t.read(P("bin/cron/nightly_manifest.pl"))
        t.read(P("docker-compose.yml"))
        t.done("""Layout:

- **Mojolicious app**: `lib/Logi.pm` + `lib/Logi/Controller/*` (shipments API, tracking). Config from `logi.conf` via the Mojo plugin.
- **Legacy CGI::Application**: `cgi-bin/invoice.cgi` → `lib/Logi/Legacy/Invoice.pm` (runmodes, TT views in `templates/invoice/`).
- **Schema**: DBIx::Class in `lib/Logi/Schema/Result/*`, shared by both.
- **Cron + Gearman**: `bin/cron/*.pl` and `bin/workers/*.pl` build a `Logi::Script`, which loads YAML config through `Logi::Config` (path from the `LOGI_CONFIG` variable, with a server default). Local values are in `etc/logi.local.yml`.
- Deps are pinned in `cpanfile` and installed by Carton into `local/`; docker-compose gives MySQL 8 on 3307 and Redis on 6380.""")

        t = d.task("bring up the local mysql and redis and check they're healthy", tags=["workflow:W3"])
        t.bash("docker compose up -d mysql redis", "Start local MySQL and Redis",
               err=" Network logi-core_default  Created\n Container logi-core-redis-1  Started\n Container logi-core-mysql-1  Started")
        t.bash("docker compose ps", "Show container status",
               out="NAME                IMAGE              COMMAND                  SERVICE   CREATED          STATUS                    PORTS\n"
                   "logi-core-mysql-1   mysql:8.0.39       \"docker-entrypoint.s…\"   mysql     12 seconds ago   Up 11 seconds             33060/tcp, 0.0.0.0:3307->3306/tcp\n"
                   "logi-core-redis-1   redis:7.2-alpine   \"docker-entrypoint.s…\"   redis     12 seconds ago   Up 11 seconds             0.0.0.0:6380->6379/tcp")
        t.bash("docker compose exec mysql mysqladmin -ulogi -plogi ping", "Ping MySQL",
               out="mysqld is alive", err="mysqladmin: [Warning] Using a password on the command line interface can be insecure.")
        t.done("Both up: MySQL 8.0.39 on 127.0.0.1:3307 (`mysqld is alive`), Redis 7.2 on 6380.")

        t = d.task("the depot wants the nightly manifest as CSV instead of the fixed-width thing. use Text::CSV_XS "
                   "(add it to the cpanfile), rewrite Logi::Export::Manifest and run t/export/manifest.t",
                   tags=["mistake:M1"])
        t.edit(P("cpanfile"), "requires 'DateTime';\n", "requires 'DateTime';\nrequires 'Text::CSV_XS', '1.56';\n")
        d.files[P("lib/Logi/Export/Manifest.pm")] = "package Logi::Export::Manifest;\nuse Moo;\n\nhas schema => ( is => 'ro', required => 1 );\n\n1;\n"
        t.read(P("lib/Logi/Export/Manifest.pm"))
        t.write(P("lib/Logi/Export/Manifest.pm"), """package Logi::Export::Manifest;
use Moo;
use Text::CSV_XS;

has schema => ( is => 'ro', required => 1 );
has dir    => ( is => 'ro', default  => 'var/exports' );

sub write_day {
    my ( $self, $date, %opt ) = @_;
    my $rs = $self->schema->resultset('Shipment')->search(
        { 'DATE(me.created_at)' => $date },
        { order_by => 'me.reference' },
    );
    my $csv = Text::CSV_XS->new( { binary => 1, eol => "\\r\\n" } );
    my $file = "$self->{dir}/manifest-$date.csv";
    return $rs->count if $opt{dry_run};
    open my $fh, '>:encoding(UTF-8)', $file or die "open $file: $!";
    $csv->print( $fh, [qw/reference customer status weight_kg/] );
    my $n = 0;
    while ( my $s = $rs->next ) {
        $csv->print( $fh, [ $s->reference, $s->customer->name, $s->status, $s->weight_kg ] );
        $n++;
    }
    close $fh or die "close $file: $!";
    return $n;
}

1;
""")
        t.fail("carton exec prove -l t/export/manifest.t", "Run the manifest export test",
               prove_dubious("t/export/manifest.t", cant_locate("Text::CSV_XS", "lib/Logi/Export/Manifest.pm", 3), 6), code=1)
        t.say("Text::CSV_XS is in the cpanfile now but not yet in `local/`; installing it with Carton so the snapshot is updated too.")
        t.bash("carton install", "Install new cpanfile deps into local/", out=carton_installed(["Text-CSV_XS-1.56"]), timeout=600000)
        t.bash("carton exec prove -l t/export/manifest.t", "Run the manifest export test",
               out=prove_ok([("t/export/manifest.t", 6)], 1))
        t.done("Manifest is CSV now (`reference,customer,status,weight_kg`, CRLF line ends as the depot's Excel likes). Text::CSV_XS 1.56 is in the cpanfile and `cpanfile.snapshot`; `t/export/manifest.t` passes (6 tests).")

        t = d.task("is there any real difference between Test::More and Test2::V0 for us, or is it taste?", tags=["noise", "no_tools"])
        t.done("""Mostly ergonomics, some substance:

- `Test2::V0` gives `is()` deep comparison with readable diffs, `like()` on structures, `hash {}`/`array {}` builders, `dies {}`/`warning {}` without extra modules, and `mock` built in.
- Test::More today runs on Test2 underneath (since 1.302), so both coexist in one suite and `prove` doesn't care.
- Gotcha: `is()` in Test2::V0 is strict about numbers vs strings in structures; `is_deeply` habits need a little adjusting.

For new files Test2::V0 is the nicer default; no need to migrate old ones.""")

    # ============================================================ S2 Wed 10-07
    with d.session("2026-10-07T09:30:00", R, branch="feature/route-stops", version="2.1.85"):
        t = d.task("GET /api/routes/:id should include its stops, in sequence order. there's a route_stop table already. "
                   "prefetch them, don't do N+1. run t/api/routes.t", tags=["mistake:M3"])
        d.files[P("lib/Logi/Controller/Routes.pm")] = """package Logi::Controller::Routes;
use Mojo::Base 'Mojolicious::Controller', -signatures;

sub show ($c) {
    my $route = $c->schema->resultset('Route')->find( $c->param('id') )
        or return $c->reply->not_found;
    $c->render( json => { id => $route->id, code => $route->code, run_date => $route->run_date . '' } );
}

1;
"""
        t.grep("CREATE TABLE `route_stop`", path=P("db/schema.sql"), output_mode="content", n=True, A=9,
               content="""412:CREATE TABLE `route_stop` (
413-  `id` int NOT NULL AUTO_INCREMENT,
414-  `route_id` int NOT NULL,
415-  `seq` smallint NOT NULL,
416-  `postcode` varchar(8) NOT NULL,
417-  `eta` datetime DEFAULT NULL,
418-  PRIMARY KEY (`id`),
419-  KEY `route_stop_route_seq` (`route_id`,`seq`),
420-  CONSTRAINT `route_stop_fk_route` FOREIGN KEY (`route_id`) REFERENCES `route` (`id`)
421-) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;""")
        t.glob("lib/Logi/Schema/Result/Route*.pm", [P("lib/Logi/Schema/Result/Route.pm"), P("lib/Logi/Schema/Result/RouteStop.pm")])
        t.read(P("lib/Logi/Controller/Routes.pm"))
        t.edit(P("lib/Logi/Controller/Routes.pm"), """    my $route = $c->schema->resultset('Route')->find( $c->param('id') )
        or return $c->reply->not_found;
    $c->render( json => { id => $route->id, code => $route->code, run_date => $route->run_date . '' } );""",
               """    my $route = $c->schema->resultset('Route')->find(
        $c->param('id'),
        { prefetch => 'stops', order_by => 'stops.seq' },
    ) or return $c->reply->not_found;
    $c->render( json => {
        id       => $route->id,
        code     => $route->code,
        run_date => $route->run_date . '',
        stops    => [ map { { seq => $_->seq, postcode => $_->postcode, eta => $_->eta . '' } } $route->stops ],
    } );""")
        t.fail("carton exec prove -l t/api/routes.t", "Run route API test",
               no_rel("t/api/routes.t", "stops", "Route", 19, 2))
        t.say("Route has no `stops` relationship yet, so the prefetch can't resolve. Adding RouteStop's result class link in Route.pm.")
        t.read(P("lib/Logi/Schema/Result/Route.pm"))
        t.edit(P("lib/Logi/Schema/Result/Route.pm"), "__PACKAGE__->set_primary_key('id');\n",
               "__PACKAGE__->set_primary_key('id');\n\n__PACKAGE__->has_many( stops => 'Logi::Schema::Result::RouteStop', 'route_id' );\n")
        t.bash("carton exec prove -l t/api/routes.t", "Run route API test", out=prove_ok([("t/api/routes.t", 5)], 1))
        t.done("`GET /api/routes/:id` now returns `stops` (seq, postcode, eta) from a single prefetch query ordered by `stops.seq`. Route.pm got the `has_many stops` to RouteStop; t/api/routes.t passes 5/5.")

        t = d.task("ok push it. critic and full prove first", tags=["workflow:W1"])
        t.bash("carton exec perltidy --profile=.perltidyrc -b -bext='/' lib/Logi/Controller/Routes.pm lib/Logi/Schema/Result/Route.pm",
               "perltidy changed files in place")
        t.bash("git diff --stat", "See what perltidy touched",
               out=" lib/Logi/Controller/Routes.pm   | 16 ++++++++++++----\n lib/Logi/Schema/Result/Route.pm |  2 ++\n t/api/routes.t                  | 18 +++++++++++++++---\n 3 files changed, 30 insertions(+), 6 deletions(-)")
        t.bash("carton exec perlcritic --profile .perlcriticrc lib/Logi/Controller/Routes.pm lib/Logi/Schema/Result/Route.pm",
               "Perl::Critic on changed files", out="lib/Logi/Controller/Routes.pm source OK\nlib/Logi/Schema/Result/Route.pm source OK")
        t.bash("carton exec prove -lr t/", "Full test suite", out=suite([("t/api/routes.t", 5)]), timeout=300000)
        t.bash("git add -A && git commit -m \"Routes API: include stops via prefetch\"", "Commit",
               out="[feature/route-stops 8c41d2e] Routes API: include stops via prefetch\n 3 files changed, 31 insertions(+), 3 deletions(-)")
        t.bash("git push -u origin feature/route-stops", "Push branch",
               err="remote: \nremote: Create pull request for feature/route-stops:\nremote:   https://bitbucket.org/northgate-freight/logi-core/pull-requests/new?source=feature/route-stops&t=1\nremote: \nTo bitbucket.org:northgate-freight/logi-core.git\n * [new branch]      feature/route-stops -> feature/route-stops",
               out="branch 'feature/route-stops' set up to track 'origin/feature/route-stops'.")
        t.done("Critic clean, full suite green (9 files), pushed `feature/route-stops`. PR link: https://bitbucket.org/northgate-freight/logi-core/pull-requests/new?source=feature/route-stops")

        t = d.task("write a test for Logi::Util::Postcode::normalise, new file t/util/postcode.t. Test2::V0 please, "
                   "not Test::More, for anything new", tags=["pref:P1", "oneoff:O1"])
        d.files[P("lib/Logi/Util/Postcode.pm")] = """package Logi::Util::Postcode;
use strict;
use warnings;
use Exporter 'import';
our @EXPORT_OK = qw(normalise);

sub normalise {
    my ($pc) = @_;
    return undef unless defined $pc;
    ( my $s = uc $pc ) =~ s/\\s+//g;
    return undef unless $s =~ /^([A-Z]{1,2}[0-9]{1,2})([0-9][A-Z]{2})$/;
    return "$1 $2";
}

1;
"""
        t.read(P("lib/Logi/Util/Postcode.pm"))
        t.write(P("t/util/postcode.t"), """use Test2::V0;
use Logi::Util::Postcode qw(normalise);

is normalise('ls11ab'),   'LS1 1AB',  'lower case, no space';
is normalise(' M1  2AB'), 'M1 2AB',   'extra spaces';
is normalise('EC1A1BB'),  'EC1A 1BB', 'EC1A style';
is normalise('nonsense'), undef,      'invalid gives undef';
is normalise(undef),      undef,      'undef in, undef out';

done_testing;
""")
        t.fail("carton exec prove -l t/util/postcode.t", "Run the postcode test",
               "t/util/postcode.t .. \nnot ok 3 - EC1A style\n\n#   Failed test 'EC1A style'\n#   at t/util/postcode.t line 6.\n"
               "# +-----------+----+-----------+\n# | GOT       | OP | CHECK     |\n# +-----------+----+-----------+\n"
               "# | <UNDEF>   | eq | EC1A 1BB  |\n# +-----------+----+-----------+\n# Seeded srand with seed '20261007' from local date.\n"
               "t/util/postcode.t .. Failed 1/5 subtests \n\nTest Summary Report\n-------------------\n"
               "t/util/postcode.t (Wstat: 256 (exited 1) Tests: 5 Failed: 1)\n  Failed test:  3\n  Non-zero exit status: 1\n"
               "Files=1, Tests=5,  0 wallclock secs ( 0.01 usr  0.00 sys +  0.12 cusr  0.02 csys =  0.15 CPU)\nResult: FAIL")
        t.say("Real bug: the outward-code regex only allows digits after the area letters, so `EC1A` (letter after the district digit) isn't matched. Widening it.")
        t.edit(P("lib/Logi/Util/Postcode.pm"), "/^([A-Z]{1,2}[0-9]{1,2})([0-9][A-Z]{2})$/",
               "/^([A-Z]{1,2}[0-9][0-9A-Z]?)([0-9][A-Z]{2})$/")
        t.bash("carton exec prove -l t/util/postcode.t", "Run the postcode test", out=prove_ok([("t/util/postcode.t", 5)], 0))
        t.done("t/util/postcode.t (Test2::V0) covers the five cases; it found that EC1A-style outward codes were rejected, fixed in `normalise`. 5/5 pass.")

    # ============================================================ S3 Fri 10-09
    with d.session("2026-10-09T10:10:00", R, branch="master", version="2.1.86"):
        t = d.task("route-stops got merged. deploy master to staging and check it's alive", tags=["workflow:W2", "flaky:F1"])
        t.fail("git fetch origin", "Fetch from Bitbucket",
               "ssh: connect to host bitbucket.org port 22: Connection timed out\nfatal: Could not read from remote repository.\n\n"
               "Please make sure you have the correct access rights\nand the repository exists.", code=128)
        t.bash("git fetch origin", "Fetch from Bitbucket",
               err="From bitbucket.org:northgate-freight/logi-core\n   5b2e0a1..d41f7c9  master     -> origin/master")
        t.bash("git merge --ff-only origin/master", "Fast-forward master",
               out="Updating 5b2e0a1..d41f7c9\nFast-forward\n lib/Logi/Controller/Routes.pm      | 16 ++++++++++++----\n lib/Logi/Schema/Result/Route.pm    |  2 ++\n t/api/routes.t                     | 18 +++++++++++++++---\n 3 files changed, 30 insertions(+), 6 deletions(-)")
        t.bash("rex -E staging deploy", "Deploy to staging with Rex", timeout=600000,
               out="[2026-10-09 10:14:02] INFO - Running task deploy on stg-app1.logi.internal\n"
                   "[2026-10-09 10:14:09] INFO - Uploading release 20261009101402 (d41f7c9)\n"
                   "[2026-10-09 10:14:31] INFO - carton install --deployment: done\n"
                   "[2026-10-09 10:14:33] INFO - Switching /srv/logi-core/current -> releases/20261009101402\n"
                   "[2026-10-09 10:14:35] INFO - Service hypnotoad reloaded\n"
                   "[2026-10-09 10:14:36] INFO - Running task deploy on stg-worker1.logi.internal\n"
                   "[2026-10-09 10:14:58] INFO - Service gearman-workers restarted\n"
                   "[2026-10-09 10:14:58] INFO - All tasks successful on all hosts")
        t.bash("curl -fsS https://staging.logi.northgate-freight.co.uk/healthz", "Health check staging",
               out='{"db":"ok","redis":"ok","release":"d41f7c9","status":"ok"}')
        t.done("Staging runs d41f7c9 (`/healthz` ok, db and redis ok). The first `git fetch` timed out on port 22; the identical retry worked.")

        t = d.task("the nightly manifest cron didn't write anything on staging last night. run it locally for "
                   "2026-10-08 with --dry-run so we see what it would do", tags=["mistake:M2"])
        t.fail("carton exec perl bin/cron/nightly_manifest.pl --date 2026-10-08 --dry-run", "Dry-run the manifest cron locally",
               cfg_missing("bin/cron/nightly_manifest.pl"), code=2)
        t.say("Logi::Config falls back to the server path when `LOGI_CONFIG` isn't set. Pointing it at the local YAML.")
        t.read(P("etc/logi.local.yml"))
        t.bash("carton exec env LOGI_CONFIG=etc/logi.local.yml perl bin/cron/nightly_manifest.pl --date 2026-10-08 --dry-run",
               "Dry-run with local config",
               out="[2026-10-09 10:22:41.118] [41287] [info] manifest 2026-10-08: 0 rows")
        t.bash("docker compose exec mysql mysql -ulogi -plogi logi_test -e \"SELECT DATE(created_at) d, COUNT(*) FROM shipment GROUP BY d ORDER BY d DESC LIMIT 3\"",
               "Check which days have shipments locally",
               out="d\tCOUNT(*)\n2026-10-02\t41\n2026-10-01\t38\n2026-09-30\t52",
               err="mysql: [Warning] Using a password on the command line interface can be insecure.")
        t.done("Locally the job runs and reports 0 rows for 2026-10-08 simply because the test DB's newest shipments are from 2026-10-02. So the script itself works; on staging, check the cron log in `/srv/logi-core/shared/log/cron.log` for the same night — most likely staging also had no shipments that day or the cron env lost its config path.")

        t = d.task("what does Mojolicious 9.38 changelog say? we're pinned there, is there anything worth upgrading for?",
                   tags=["noise", "webfetch"])
        t.webfetch("https://metacpan.org/dist/Mojolicious/changes", "Summarise changes after 9.38 relevant to an app upgrading",
                   "9.39 (2024-11-11): Added support for the SameSite=None cookie attribute in more places; fixed a Windows test. "
                   "9.40 (2025-04-05): Improved Mojo::Promise error messages; deprecated Mojo::Util::monkey_patch warnings cleanup. "
                   "9.41 (2025-06-10): Security fix for Mojo::Util::secure_compare timing with unequal lengths; Mojo::UserAgent follows "
                   "308 redirects for POST. Requires Perl 5.16+.")
        t.done("Worth it mainly for **9.41**: `secure_compare` timing fix (relevant if we compare tokens with it — `Logi::Controller::Tracking` does) and UA following 308 on POST. 9.39/9.40 are small. No breaking changes listed between 9.38 and 9.41; bump the pin in the cpanfile when convenient.")

    # ============================================================ S4 Tue 10-13 (acceptEdits)
    with d.session("2026-10-13T09:05:00", R, branch="feature/LOG-412-invoice-vat", version="2.1.88", permission_mode="acceptEdits"):
        t = d.task("LOG-412: invoice page should show VAT separately. commit message has to start with the Jira key "
                   "like LOG-412: ..., the release notes script greps for it. push when green",
                   tags=["workflow:W1", "pref:P3"])
        t.read(P("templates/invoice/show.tt"))
        t.edit(P("templates/invoice/show.tt"), """<p class="total">Total: [% invoice.total_pence | money %]</p>""",
               """<p class="net">Net: [% invoice.net_pence | money %]</p>
<p class="vat">VAT (20%): [% invoice.vat_pence | money %]</p>
<p class="total">Total: [% invoice.total_pence | money %]</p>""")
        t.read(P("lib/Logi/Schema/Result/Invoice.pm"))
        t.edit(P("lib/Logi/Schema/Result/Invoice.pm"), "__PACKAGE__->belongs_to( customer",
               """sub net_pence { my $self = shift; return int( $self->total_pence / 1.2 + 0.5 ) }
sub vat_pence { my $self = shift; return $self->total_pence - $self->net_pence }

__PACKAGE__->belongs_to( customer""")
        t.bash("carton exec perltidy --profile=.perltidyrc -b -bext='/' lib/Logi/Schema/Result/Invoice.pm", "perltidy in place")
        t.bash("carton exec perlcritic --profile .perlcriticrc lib/Logi/Schema/Result/Invoice.pm", "Perl::Critic",
               out="lib/Logi/Schema/Result/Invoice.pm source OK")
        t.bash("carton exec prove -lr t/", "Full test suite", out=suite([("t/api/routes.t", 5), ("t/util/postcode.t", 5)]), timeout=300000)
        t.bash("git commit -am \"LOG-412: show net and VAT separately on invoice page\"", "Commit",
               out="[feature/LOG-412-invoice-vat 2f9a07b] LOG-412: show net and VAT separately on invoice page\n 2 files changed, 6 insertions(+)")
        t.bash("git push -u origin feature/LOG-412-invoice-vat", "Push",
               out="branch 'feature/LOG-412-invoice-vat' set up to track 'origin/feature/LOG-412-invoice-vat'.",
               err="To bitbucket.org:northgate-freight/logi-core.git\n * [new branch]      feature/LOG-412-invoice-vat -> feature/LOG-412-invoice-vat")
        t.done("Invoice page shows Net / VAT (20%) / Total; `net_pence`/`vat_pence` are derived on the Result class. Critic and full suite green, committed as `LOG-412: …` and pushed.")

        t = d.task("the invoice page should also list the PO number if the customer gave one. render test is t/cgi/invoice.t",
                   tags=["oneoff:O2"])
        t.edit(P("templates/invoice/show.tt"), """<p>Issued: [% invoice.issued_on %]</p>""",
               """<p>Issued: [% invoice.issued_on %]</p>
[% IF invoice.po_number %]<p>PO: [% invoice.po_number | html %]</p>[% END %]
[% END %]""")
        t.fail("carton exec prove -l t/cgi/invoice.t", "Run the invoice render test",
               "t/cgi/invoice.t .. \nnot ok 2 - invoice page renders\n\n#   Failed test 'invoice page renders'\n#   at t/cgi/invoice.t line 27.\n"
               "# file error - parse error - invoice/show.tt line 12: unexpected token (END)\n#   [% END %]\n"
               "t/cgi/invoice.t .. Failed 1/4 subtests \n\nTest Summary Report\n-------------------\n"
               "t/cgi/invoice.t (Wstat: 256 (exited 1) Tests: 4 Failed: 1)\n  Failed test:  2\n  Non-zero exit status: 1\n"
               "Files=1, Tests=4,  1 wallclock secs ( 0.02 usr  0.00 sys +  0.61 cusr  0.05 csys =  0.68 CPU)\nResult: FAIL")
        t.say("I left a stray `[% END %]` after the IF line; removing it.")
        t.edit(P("templates/invoice/show.tt"), """[% IF invoice.po_number %]<p>PO: [% invoice.po_number | html %]</p>[% END %]
[% END %]""", """[% IF invoice.po_number %]<p>PO: [% invoice.po_number | html %]</p>[% END %]""")
        t.bash("carton exec prove -l t/cgi/invoice.t", "Run the invoice render test", out=prove_ok([("t/cgi/invoice.t", 4)], 1))
        t.done("PO number shows under the issue date when present. My first edit had a stray `[% END %]` (TT parse error); fixed, t/cgi/invoice.t 4/4.")

        t = d.task("add a test for net_pence/vat_pence in t/schema/invoice.t. again Test2 style, keep the old suites as they are",
                   tags=["pref:P1"])
        t.write(P("t/schema/invoice.t"), """use Test2::V0;
use Logi::Schema;

my $schema = Logi::Schema->connect('dbi:SQLite::memory:');
$schema->deploy;
my $inv = $schema->resultset('Invoice')->new_result( { total_pence => 12000 } );

is $inv->net_pence, 10000, 'net from gross';
is $inv->vat_pence, 2000,  'vat is the rest';
is $schema->resultset('Invoice')->new_result( { total_pence => 1 } )->vat_pence, 0, 'rounding on tiny totals';

done_testing;
""")
        t.bash("carton exec prove -l t/schema/invoice.t", "Run the invoice schema test", out=prove_ok([("t/schema/invoice.t", 3)], 0))
        t.done("t/schema/invoice.t (Test2::V0, in-memory SQLite) — 3 tests pass, including rounding on a 1p total.")

        t = d.task("dump prove -lrv for t/api/ so I can eyeball the API tests' names", tags=["noise", "long_output"])
        lines = []
        for f, names in [("t/api/routes.t", ["GET /api/routes/1 200", "content type json", "has stops", "stops in seq order", "404 for unknown id"]),
                         ("t/api/shipments.t", [f"shipment case {i}: {x}" for i, x in enumerate(["create 201", "duplicate ref 409", "missing weight 422",
                                                                                                  "list paginates", "filter by status", "filter by customer", "show 200", "show 404", "cancel 204",
                                                                                                  "cancel twice 409", "label queued", "audit row written"], 1)]),
                         ("t/api/tracking.t", ["token required", "bad token 403", "events in order", "eta present", "delivered state", "json schema ok"])]:
            lines.append(f"{f} .. ")
            for i, n in enumerate(names, 1):
                lines.append(f"ok {i} - {n}")
            lines.append(f"1..{len(names)}")
            lines.append("ok")
        lines += ["All tests successful.", "Files=3, Tests=23,  2 wallclock secs ( 0.03 usr  0.01 sys +  1.61 cusr  0.14 csys =  1.79 CPU)", "Result: PASS"]
        t.bash("carton exec prove -lrv t/api/", "Verbose API tests", out="\n".join(lines))
        t.done("23 tests in 3 files, all ok. The shipments tests are numbered 'shipment case N: …' — readable enough; routes and tracking have plain names.")

    # ============================================================ S5 Thu 10-15
    with d.session("2026-10-15T08:40:00", R, branch="feature/eta-window", version="2.1.89"):
        t = d.task("docker's probably down after the reboot, get mysql+redis back", tags=["workflow:W3"])
        t.bash("docker compose up -d mysql redis", "Start local MySQL and Redis",
               err=" Container logi-core-redis-1  Started\n Container logi-core-mysql-1  Started")
        t.bash("docker compose ps", "Show container status",
               out="NAME                IMAGE              COMMAND                  SERVICE   CREATED      STATUS         PORTS\n"
                   "logi-core-mysql-1   mysql:8.0.39       \"docker-entrypoint.s…\"   mysql     9 days ago   Up 8 seconds   33060/tcp, 0.0.0.0:3307->3306/tcp\n"
                   "logi-core-redis-1   redis:7.2-alpine   \"docker-entrypoint.s…\"   redis     9 days ago   Up 8 seconds   0.0.0.0:6380->6379/tcp")
        t.done("Both containers back up (MySQL on 3307, Redis on 6380).")

        t = d.task("tracking API should return the ETA window in the customer's timezone. use DateTime::Format::MySQL to "
                   "parse the DB values, add it to cpanfile, run t/api/tracking.t", tags=["mistake:M1"])
        t.read(P("cpanfile"))
        t.edit(P("cpanfile"), "requires 'DateTime';\n", "requires 'DateTime';\nrequires 'DateTime::Format::MySQL', '0.08';\n")
        d.files[P("lib/Logi/Controller/Tracking.pm")] = """package Logi::Controller::Tracking;
use Mojo::Base 'Mojolicious::Controller', -signatures;

sub show ($c) {
    my $s = $c->stash('shipment');
    $c->render( json => { reference => $s->reference, status => $s->status, eta => $s->eta_from } );
}

1;
"""
        t.grep("DateTime::Format", path=P("lib"), output_mode="files_with_matches", filenames=[])
        t.read(P("lib/Logi/Controller/Tracking.pm"))
        t.edit(P("lib/Logi/Controller/Tracking.pm"), """use Mojo::Base 'Mojolicious::Controller', -signatures;
""", """use Mojo::Base 'Mojolicious::Controller', -signatures;
use DateTime::Format::MySQL;

sub _local ($raw, $tz) {
    return undef unless $raw;
    my $dt = DateTime::Format::MySQL->parse_datetime($raw);
    $dt->set_time_zone('UTC')->set_time_zone($tz);
    return $dt->strftime('%Y-%m-%dT%H:%M%z');
}
""")
        t.edit(P("lib/Logi/Controller/Tracking.pm"), "eta => $s->eta_from } );",
               "eta_from => _local( $s->get_column('eta_from'), $s->customer->timezone ),\n        eta_to => _local( $s->get_column('eta_to'), $s->customer->timezone ) } );")
        t.fail("carton exec prove -l t/api/tracking.t", "Run tracking API test",
               prove_dubious("t/api/tracking.t",
                             cant_locate("DateTime::Format::MySQL", "lib/Logi/Controller/Tracking.pm", 3)
                             + "\nCompilation failed in require at lib/Logi.pm line 9.", 4))
        t.say("The new module isn't installed into local/ yet — running Carton before repeating the test.")
        t.bash("carton install", "Install new deps", out=carton_installed(["DateTime-Format-Builder-0.83", "DateTime-Format-MySQL-0.08"]), timeout=600000)
        t.bash("carton exec prove -l t/api/tracking.t", "Run tracking API test", out=prove_ok([("t/api/tracking.t", 6)], 1))
        t.done("Tracking now returns `eta_from`/`eta_to` as ISO strings in the customer's timezone (DB values are UTC). DateTime::Format::MySQL 0.08 added to cpanfile and installed (it pulled in DateTime::Format::Builder); tracking test 6/6.")

        t = d.task("can you check how many shipments the reporting replica has for last week? host reports-replica.logi.internal, "
                   "user ro_dana, pw in ~/.my.cnf", tags=["unfixed:U1"])
        t.fail("mysql -h reports-replica.logi.internal -u ro_dana logistics -e \"SELECT COUNT(*) FROM shipment WHERE created_at >= '2026-10-05' AND created_at < '2026-10-12'\"",
               "Count last week's shipments on the replica",
               "ERROR 2003 (HY000): Can't connect to MySQL server on 'reports-replica.logi.internal:3306' (110)")
        t.done("Can't reach the replica from here: `ERROR 2003 … (110)` is a connection timeout, so it's network (VPN/firewall), not credentials. Connect the office VPN and I'll re-run the count — the query is ready.")

    # ============================================================ S6 Mon 10-19 (ends 'other')
    with d.session("2026-10-19T13:20:00", R, branch="fix/label-worker", version="2.1.90", end_reason="other"):
        t = d.task("the label gearman worker is dropping jobs with an empty zpl. start it locally against the docker "
                   "stack and feed it shipment NGF-20418 so we can see", tags=["mistake:M2"])
        t.fail("carton exec perl bin/workers/label_worker.pl --once --shipment NGF-20418", "Run label worker once",
               cfg_missing("bin/workers/label_worker.pl").replace("line 12", "line 15"), code=2)
        t.say("Same as the cron scripts: without `LOGI_CONFIG` it looks for the server config. Passing the local one.")
        t.bash("carton exec env LOGI_CONFIG=etc/logi.local.yml perl bin/workers/label_worker.pl --once --shipment NGF-20418",
               "Run label worker once with local config",
               out="[2026-10-19 13:24:07.552] [52011] [info] label NGF-20418: carrier=DPD service=next_day\n"
                   "[2026-10-19 13:24:07.561] [52011] [warn] label NGF-20418: template dpd_next_day.zpl.tt rendered 0 bytes\n"
                   "[2026-10-19 13:24:07.562] [52011] [info] job done (empty payload)")
        t.grep("dpd_next_day", path=P("templates/labels"), output_mode="files_with_matches", filenames=[])
        t.glob("templates/labels/*.zpl.tt", [P("templates/labels/dpd_next.zpl.tt"), P("templates/labels/dhl_express.zpl.tt"),
                                             P("templates/labels/royalmail_48.zpl.tt")])
        t.done("Reproduced: the worker asks for `dpd_next_day.zpl.tt` but the file is `dpd_next.zpl.tt`, TT returns nothing and the worker happily marks the job done with an empty payload. Two fixes to make: map service `next_day` → `dpd_next`, and make the worker fail the job when the rendered label is empty. Want both?")

        t = d.task("yes both. then deploy to staging", tags=["workflow:W2"])
        d.files[P("lib/Logi/Worker/Label.pm")] = """package Logi::Worker::Label;
use Moo;

has tt => ( is => 'ro', required => 1 );

sub template_for {
    my ( $self, $carrier, $service ) = @_;
    return lc("${carrier}_${service}") . '.zpl.tt';
}

sub render {
    my ( $self, $shipment ) = @_;
    my $out = '';
    $self->tt->process( 'labels/' . $self->template_for( $shipment->carrier, $shipment->service ), { s => $shipment }, \\$out )
        or die $self->tt->error . "\\n";
    return $out;
}

1;
"""
        t.read(P("lib/Logi/Worker/Label.pm"))
        t.edit(P("lib/Logi/Worker/Label.pm"), """    return lc("${carrier}_${service}") . '.zpl.tt';""",
               """    my %alias = ( dpd_next_day => 'dpd_next' );
    my $name = lc("${carrier}_${service}");
    return ( $alias{$name} // $name ) . '.zpl.tt';""")
        t.edit(P("lib/Logi/Worker/Label.pm"), """        or die $self->tt->error . "\\n";
    return $out;""", """        or die $self->tt->error . "\\n";
    die "empty label for " . $shipment->reference . "\\n" unless length $out;
    return $out;""")
        t.bash("carton exec prove -l t/workers/label.t", "Run label worker tests", out=prove_ok([("t/workers/label.t", 7)], 1))
        t.bash("git commit -am \"Label worker: map DPD next_day template, fail on empty label\" && git push -u origin fix/label-worker",
               "Commit and push", out="[fix/label-worker a7c3e19] Label worker: map DPD next_day template, fail on empty label\n 1 file changed, 5 insertions(+), 1 deletion(-)\nbranch 'fix/label-worker' set up to track 'origin/fix/label-worker'.",
               err="To bitbucket.org:northgate-freight/logi-core.git\n * [new branch]      fix/label-worker -> fix/label-worker")
        t.bash("rex -E staging deploy --branch fix/label-worker", "Deploy branch to staging", timeout=600000,
               out="[2026-10-19 13:41:10] INFO - Running task deploy on stg-app1.logi.internal\n"
                   "[2026-10-19 13:41:17] INFO - Uploading release 20261019134110 (a7c3e19)\n"
                   "[2026-10-19 13:41:36] INFO - carton install --deployment: done\n"
                   "[2026-10-19 13:41:38] INFO - Service hypnotoad reloaded\n"
                   "[2026-10-19 13:41:39] INFO - Running task deploy on stg-worker1.logi.internal\n"
                   "[2026-10-19 13:42:02] INFO - Service gearman-workers restarted\n"
                   "[2026-10-19 13:42:02] INFO - All tasks successful on all hosts")
        t.bash("curl -fsS https://staging.logi.northgate-freight.co.uk/healthz", "Health check staging",
               out='{"db":"ok","redis":"ok","release":"a7c3e19","status":"ok"}')
        t.done("Both fixes in (alias `dpd_next_day` → `dpd_next.zpl.tt`; empty label now dies so Gearman marks the job failed and it's retried/visible). Label tests 7/7, branch pushed and on staging (a7c3e19, healthz ok).")

        t = d.task("remind me: gearman job retries — is that the worker or the client side?", tags=["noise", "no_tools"])
        t.done("Client side. The client submits with a retry count (`Gearman::Task->new(..., retry_count => 3)` or `submit_job` options); when a worker fails the job (dies → `work_fail`), gearmand hands it back and the client resubmits up to that count. The worker just fails; it doesn't decide about retries. Our `Logi::Queue::submit_label` sets `retry_count => 2`.")

    # ============================================================ S7 Wed 10-21
    with d.session("2026-10-21T09:15:00", R, branch="feature/LOG-433-invoice-lines", version="2.1.92"):
        t = d.task("LOG-433: invoice csv export should have one row per invoice line with the shipment reference. "
                   "prefetch lines and their shipment. test is t/export/invoice_csv.t", tags=["mistake:M3"])
        d.files[P("lib/Logi/Export/InvoiceCSV.pm")] = """package Logi::Export::InvoiceCSV;
use Moo;
use Text::CSV_XS;

has schema => ( is => 'ro', required => 1 );

sub rows {
    my ( $self, $month ) = @_;
    my $rs = $self->schema->resultset('Invoice')->search( { issued_on => { -like => "$month-%" } } );
    return [ map { [ $_->number, $_->total_pence ] } $rs->all ];
}

1;
"""
        t.read(P("lib/Logi/Export/InvoiceCSV.pm"))
        t.grep("invoice_id", path=P("lib/Logi/Schema/Result"), output_mode="content", n=True,
               content="""lib/Logi/Schema/Result/InvoiceLine.pm:9:    invoice_id   => { data_type => 'integer' },
lib/Logi/Schema/Result/InvoiceLine.pm:16:__PACKAGE__->belongs_to( invoice  => 'Logi::Schema::Result::Invoice',  'invoice_id' );""")
        t.edit(P("lib/Logi/Export/InvoiceCSV.pm"), """    my $rs = $self->schema->resultset('Invoice')->search( { issued_on => { -like => "$month-%" } } );
    return [ map { [ $_->number, $_->total_pence ] } $rs->all ];""",
               """    my $rs = $self->schema->resultset('Invoice')->search(
        { issued_on => { -like => "$month-%" } },
        { prefetch => { lines => 'shipment' }, order_by => [ 'me.number', 'lines.id' ] },
    );
    my @out;
    for my $inv ( $rs->all ) {
        push @out, [ $inv->number, $_->shipment->reference, $_->amount_pence ] for $inv->lines;
    }
    return \\@out;""")
        t.fail("carton exec prove -l t/export/invoice_csv.t", "Run invoice CSV test",
               no_rel("t/export/invoice_csv.t", "lines", "Invoice", 22, 1))
        t.say("`Invoice` has no `lines` relationship, so the prefetch fails. Declaring it (InvoiceLine already belongs_to shipment).")
        t.read(P("lib/Logi/Schema/Result/Invoice.pm"))
        t.edit(P("lib/Logi/Schema/Result/Invoice.pm"), "__PACKAGE__->belongs_to( customer => 'Logi::Schema::Result::Customer', 'customer_id' );\n",
               "__PACKAGE__->belongs_to( customer => 'Logi::Schema::Result::Customer', 'customer_id' );\n"
               "__PACKAGE__->has_many( lines => 'Logi::Schema::Result::InvoiceLine', 'invoice_id' );\n")
        t.bash("carton exec prove -l t/export/invoice_csv.t", "Run invoice CSV test", out=prove_ok([("t/export/invoice_csv.t", 4)], 1))
        t.done("Invoice CSV is one row per line: number, shipment reference, amount. One query via `prefetch => { lines => 'shipment' }`; added `has_many lines` on Invoice. Test 4/4.")

        d.precompact("""Analysis: Dana maintains northgate-freight/logi-core (Perl 5.36; Mojolicious 9.38 API + legacy CGI::Application invoices with TT; DBIx::Class on MySQL 8 via docker compose on 3307; Carton; cron + Gearman workers using Logi::Config; Rex deploys to stg-app1/stg-worker1; Bitbucket).
Summary:
1. Done so far: CSV nightly manifest (Text::CSV_XS), route stops in API, postcode normaliser + Test2 test, invoice VAT display (LOG-412), PO number on invoice, tracking ETA window in customer tz, label worker template alias + empty label failure (on staging), invoice CSV per line (LOG-433, branch feature/LOG-433-invoice-lines, not yet pushed).
2. Preferences: new tests in Test2::V0; commit messages start with the Jira key (LOG-nnn:).
3. Open: reporting replica unreachable without VPN.""")

        t = d.task("that staging deploy summary you wrote on monday was a wall of text, I pasted it into slack and "
                   "nobody read it. cut half of it next time: release, hosts, healthz, done",
                   tags=["feedback", "noise", "no_tools"],
                   feedback="that staging deploy summary you wrote on monday was a wall of text, I pasted it into slack and nobody read it. cut half of it next time: release, hosts, healthz, done")
        t.done("Understood. Deploy summaries from now on: release id, hosts, healthz result — one line each.")

        t = d.task("new subs in InvoiceCSV: use the 5.36 signatures, no more my ($self, ...) = @_ in code we touch",
                   tags=["pref:P2"])
        t.read(P("lib/Logi/Export/InvoiceCSV.pm"))
        t.edit(P("lib/Logi/Export/InvoiceCSV.pm"), "use Moo;\n", "use v5.36;\nuse Moo;\n")
        t.edit(P("lib/Logi/Export/InvoiceCSV.pm"), """sub rows {
    my ( $self, $month ) = @_;""", """sub rows ( $self, $month ) {""")
        t.bash("carton exec perl -Ilib -c lib/Logi/Export/InvoiceCSV.pm", "Compile check", err="lib/Logi/Export/InvoiceCSV.pm syntax OK")
        t.bash("carton exec prove -l t/export/invoice_csv.t", "Run invoice CSV test", out=prove_ok([("t/export/invoice_csv.t", 4)], 1))
        t.done("`use v5.36` (strict, warnings, signatures) at the top of InvoiceCSV.pm and `rows ($self, $month)` uses a signature. Compiles, test still 4/4.")

    # ============================================================ S8 Mon 10-26
    with d.session("2026-10-26T08:50:00", R, branch="feature/LOG-441-xlsx", version="2.1.94"):
        t = d.task("stack up please, then run the full suite so I know master is sane before I start", tags=["workflow:W3"])
        t.bash("docker compose up -d mysql redis", "Start local MySQL and Redis",
               err=" Container logi-core-mysql-1  Running\n Container logi-core-redis-1  Started")
        t.bash("docker compose ps", "Show container status",
               out="NAME                IMAGE              COMMAND                  SERVICE   CREATED       STATUS          PORTS\n"
                   "logi-core-mysql-1   mysql:8.0.39       \"docker-entrypoint.s…\"   mysql     3 weeks ago   Up 2 days       33060/tcp, 0.0.0.0:3307->3306/tcp\n"
                   "logi-core-redis-1   redis:7.2-alpine   \"docker-entrypoint.s…\"   redis     3 weeks ago   Up 6 seconds    0.0.0.0:6380->6379/tcp")
        t.bash("carton exec prove -lr t/", "Full test suite", timeout=300000,
               out=suite([("t/api/routes.t", 5), ("t/util/postcode.t", 5), ("t/schema/invoice.t", 3), ("t/export/invoice_csv.t", 4)], 12))
        t.done("Stack up, full suite green on master (12 files).")

        t = d.task("finance wants the monthly invoice export as xlsx too. Excel::Writer::XLSX, add to cpanfile, "
                   "new method to_xlsx next to rows, test in t/export/invoice_xlsx.t", tags=["mistake:M1"])
        t.read(P("cpanfile"))
        t.read(P("lib/Logi/Export/InvoiceCSV.pm"))
        t.edit(P("cpanfile"), "requires 'Text::CSV_XS', '1.56';\n", "requires 'Text::CSV_XS', '1.56';\nrequires 'Excel::Writer::XLSX', '1.14';\n")
        t.edit(P("lib/Logi/Export/InvoiceCSV.pm"), "use Text::CSV_XS;\n", "use Text::CSV_XS;\nuse Excel::Writer::XLSX;\n")
        t.edit(P("lib/Logi/Export/InvoiceCSV.pm"), "\n1;\n", """
sub to_xlsx ( $self, $month, $file ) {
    my $wb = Excel::Writer::XLSX->new($file) or die "cannot create $file: $!";
    my $ws = $wb->add_worksheet($month);
    $ws->write_row( 0, 0, [ 'Invoice', 'Shipment', 'Amount (p)' ] );
    my $r = 1;
    $ws->write_row( $r++, 0, $_ ) for $self->rows($month)->@*;
    $wb->close;
    return $r - 1;
}

1;
""")
        t.write(P("t/export/invoice_xlsx.t"), """use Test2::V0;
use File::Temp qw(tempdir);
use lib 't/lib';
use Logi::Test::DB qw(fixture_schema);
use Logi::Export::InvoiceCSV;

my $dir = tempdir( CLEANUP => 1 );
my $x = Logi::Export::InvoiceCSV->new( schema => fixture_schema('invoices') );
is $x->to_xlsx( '2026-09', "$dir/i.xlsx" ), 5, 'five lines written';
ok -s "$dir/i.xlsx", 'file not empty';

done_testing;
""")
        t.fail("carton exec prove -l t/export/invoice_xlsx.t", "Run xlsx export test",
               prove_dubious("t/export/invoice_xlsx.t",
                             cant_locate("Excel::Writer::XLSX", "lib/Logi/Export/InvoiceCSV.pm", 5), 5))
        t.say("New dependency not in local/ yet; installing from the cpanfile, then the same test again.")
        t.bash("carton install", "Install new deps", out=carton_installed(["Archive-Zip-1.68", "Excel-Writer-XLSX-1.14"]), timeout=600000)
        t.bash("carton exec prove -l t/export/invoice_xlsx.t", "Run xlsx export test", out=prove_ok([("t/export/invoice_xlsx.t", 2)], 1))
        t.done("`to_xlsx($month, $file)` writes one sheet per month with a header row and reuses `rows`. Excel::Writer::XLSX 1.14 (+ Archive::Zip) installed and snapshotted; t/export/invoice_xlsx.t 2/2.")

        t = d.task("read lib/Logi/Config.pm and tell me in two lines how it picks the config file", tags=["noise"])
        d.files[P("lib/Logi/Config.pm")] = """package Logi::Config;
use strict;
use warnings;
use YAML::XS qw(LoadFile);

my $DEFAULT = '/etc/logi/logi.yml';
my $cached;

sub load {
    my ($class) = @_;
    return $cached if $cached;
    my $file = $ENV{LOGI_CONFIG} || $DEFAULT;
    # Gareth 2014: do NOT fall back to a repo file, prod once ran with dev creds
    die "Config file not found: $file" unless -f $file;
    return $cached = LoadFile($file);
}

1;
"""
        t.read(P("lib/Logi/Config.pm"))
        t.done("It uses the `LOGI_CONFIG` environment variable, else the server default path, and dies if the file isn't there.\nNo repo fallback on purpose (2014 comment: prod once ran with dev credentials); the result is cached per process.")

    # ============================================================ S9 Wed 10-28
    with d.session("2026-10-28T10:00:00", R, branch="feature/session-purge", version="2.1.95"):
        t = d.task("purge_sessions.pl should also clear expired CGI sessions from redis, not only mysql. implement and run it "
                   "locally with --older-than 30d --verbose", tags=["mistake:M2"])
        d.files[P("bin/cron/purge_sessions.pl")] = """#!/usr/bin/env perl
use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../lib";
use Getopt::Long;
use Logi::Script;

GetOptions( 'older-than=s' => \\( my $age = '30d' ), verbose => \\my $v ) or die "usage\\n";
my $app = Logi::Script->new;
my $n = $app->schema->resultset('Session')->expired($age)->delete;
$app->log->info("purged $n mysql sessions") if $v;
"""
        t.read(P("bin/cron/purge_sessions.pl"))
        t.edit(P("bin/cron/purge_sessions.pl"), """$app->log->info("purged $n mysql sessions") if $v;
""", """$app->log->info("purged $n mysql sessions") if $v;

my ( $cursor, $r ) = ( 0, 0 );
do {
    ( $cursor, my $keys ) = $app->redis->scan( $cursor, MATCH => 'cgisess:*', COUNT => 500 );
    for my $k (@$keys) {
        $r += $app->redis->del($k) if $app->redis->ttl($k) == -1;
    }
} while $cursor;
$app->log->info("purged $r redis sessions without ttl") if $v;
""")
        t.fail("carton exec perl bin/cron/purge_sessions.pl --older-than 30d --verbose", "Run the purge job locally",
               cfg_missing("bin/cron/purge_sessions.pl").replace("line 12", "line 10"), code=2)
        t.say("Needs the local config via `LOGI_CONFIG`, same as the other scripts.")
        t.bash("carton exec env LOGI_CONFIG=etc/logi.local.yml perl bin/cron/purge_sessions.pl --older-than 30d --verbose",
               "Run the purge job with local config",
               out="[2026-10-28 10:09:51.204] [60772] [info] purged 14 mysql sessions\n"
                   "[2026-10-28 10:09:51.231] [60772] [info] purged 3 redis sessions without ttl")
        t.done("Purge now also scans `cgisess:*` in Redis and deletes keys that have no TTL (the old CGI::Session driver never set one). Locally: 14 MySQL and 3 Redis sessions purged.")

        t = d.task("ship it. and drop the Jira prefix from commit messages from now on, we moved tickets to Bitbucket "
                   "issues — plain sentence, issue number at the end like (#57)", tags=["workflow:W1", "reversal:P3"])
        t.bash("carton exec perltidy --profile=.perltidyrc -b -bext='/' bin/cron/purge_sessions.pl", "perltidy in place")
        t.bash("carton exec perlcritic --profile .perlcriticrc bin/cron/purge_sessions.pl", "Perl::Critic",
               out="bin/cron/purge_sessions.pl source OK")
        t.bash("carton exec prove -lr t/", "Full test suite", timeout=300000,
               out=suite([("t/api/routes.t", 5), ("t/util/postcode.t", 5), ("t/schema/invoice.t", 3), ("t/export/invoice_csv.t", 4), ("t/export/invoice_xlsx.t", 2)], 12))
        t.bash("git commit -am \"Purge expired CGI sessions from Redis too (#57)\"", "Commit",
               out="[feature/session-purge 1e6b3f0] Purge expired CGI sessions from Redis too (#57)\n 1 file changed, 10 insertions(+)")
        t.bash("git push -u origin feature/session-purge", "Push",
               out="branch 'feature/session-purge' set up to track 'origin/feature/session-purge'.",
               err="To bitbucket.org:northgate-freight/logi-core.git\n * [new branch]      feature/session-purge -> feature/session-purge")
        t.done("Critic + full suite green, committed as `Purge expired CGI sessions from Redis too (#57)` (no Jira key) and pushed.")

        t = d.task("log into vm-app3 and tail the hypnotoad log, something's off on prod app3", tags=["unfixed:U2"])
        t.fail("ssh deploy@vm-app3.logi.internal 'tail -n 100 /srv/logi-core/shared/log/production.log'", "Tail prod log on app3",
               "deploy@vm-app3.logi.internal: Permission denied (publickey).", code=255)
        t.done("app3 rejects my key for `deploy` (publickey). app1/app2 accept it, so app3's `authorized_keys` probably wasn't updated when the key was rotated — someone with console access needs to add it. I didn't try other users.")

    # ============================================================ S10 Mon 11-02
    with d.session("2026-11-02T09:00:00", R, branch="feature/driver-on-route", version="2.1.97"):
        t = d.task("routes list in the driver app should show the driver's name. join driver in Logi::Controller::Routes "
                   "list action, test t/api/routes.t", tags=["mistake:M3"])
        d.files[P("lib/Logi/Controller/Routes.pm")] += """
sub list ($c) {
    my @r = $c->schema->resultset('Route')->search( { run_date => $c->param('date') }, { order_by => 'code' } )->all;
    $c->render( json => [ map { { id => $_->id, code => $_->code } } @r ] );
}
"""
        t.read(P("lib/Logi/Controller/Routes.pm"))
        t.edit(P("lib/Logi/Controller/Routes.pm"), """    my @r = $c->schema->resultset('Route')->search( { run_date => $c->param('date') }, { order_by => 'code' } )->all;
    $c->render( json => [ map { { id => $_->id, code => $_->code } } @r ] );""",
               """    my @r = $c->schema->resultset('Route')->search(
        { run_date => $c->param('date') },
        { prefetch => 'driver', order_by => 'me.code' },
    )->all;
    $c->render( json => [ map { { id => $_->id, code => $_->code, driver => $_->driver ? $_->driver->name : undef } } @r ] );""")
        t.fail("carton exec prove -l t/api/routes.t", "Run route API tests",
               no_rel("t/api/routes.t", "driver", "Route", 41, 5))
        t.say("Route has `driver_id` but no `driver` relationship; adding a nullable link to Driver.")
        t.read(P("lib/Logi/Schema/Result/Route.pm"))
        t.edit(P("lib/Logi/Schema/Result/Route.pm"), "__PACKAGE__->has_many( stops",
               "__PACKAGE__->belongs_to( driver => 'Logi::Schema::Result::Driver', 'driver_id', { join_type => 'left' } );\n__PACKAGE__->has_many( stops")
        t.bash("carton exec prove -l t/api/routes.t", "Run route API tests", out=prove_ok([("t/api/routes.t", 8)], 1))
        t.done("Route list includes `driver` (name or null). Route.pm has a left-join `belongs_to driver`; prefetched, so still one query. routes.t 8/8.")

        t = d.task("add a test for the unassigned-driver case, Test2::V0 as usual for new test code", tags=["pref:P1"])
        t.write(P("t/api/routes_unassigned.t"), """use Test2::V0;
use Test::Mojo;
use lib 't/lib';
use Logi::Test::DB qw(fixture_app);

my $t = Test::Mojo->new( fixture_app('routes') );
$t->get_ok('/api/routes?date=2026-11-02')->status_is(200);
is $t->tx->res->json->[2], hash { field code => 'LS-07'; field driver => undef; etc; }, 'unassigned route has null driver';

done_testing;
""")
        t.bash("carton exec prove -l t/api/routes_unassigned.t", "Run new test", out=prove_ok([("t/api/routes_unassigned.t", 3)], 1))
        t.done("t/api/routes_unassigned.t (Test2::V0 + Test::Mojo): route LS-07 with no driver returns `driver: null`. 3/3.")

        t = d.task("merged to master. deploy production", tags=["workflow:W2"])
        t.bash("git pull --ff-only", "Update master", out="Updating 1e6b3f0..6f02b8a\nFast-forward\n lib/Logi/Controller/Routes.pm    | 9 ++++++---\n lib/Logi/Schema/Result/Route.pm  | 1 +\n t/api/routes.t                   | 12 ++++++++++++\n t/api/routes_unassigned.t        | 11 +++++++++++\n 4 files changed, 30 insertions(+), 3 deletions(-)")
        t.bash("rex -E production deploy", "Deploy to production", timeout=600000,
               out="[2026-11-02 09:38:12] INFO - Running task deploy on vm-app1.logi.internal\n"
                   "[2026-11-02 09:38:40] INFO - Service hypnotoad reloaded\n"
                   "[2026-11-02 09:38:41] INFO - Running task deploy on vm-app2.logi.internal\n"
                   "[2026-11-02 09:39:08] INFO - Service hypnotoad reloaded\n"
                   "[2026-11-02 09:39:09] INFO - Running task deploy on vm-worker1.logi.internal\n"
                   "[2026-11-02 09:39:31] INFO - Service gearman-workers restarted\n"
                   "[2026-11-02 09:39:31] INFO - All tasks successful on all hosts")
        t.bash("curl -fsS https://logi.northgate-freight.co.uk/healthz", "Health check production",
               out='{"db":"ok","redis":"ok","release":"6f02b8a","status":"ok"}')
        t.done("Release 6f02b8a\nHosts: vm-app1, vm-app2, vm-worker1\nhealthz: ok")

        t = d.task("is it worth moving the CGI::Application invoice part into Mojo this quarter? gut feeling, short",
                   tags=["noise", "no_tools"])
        t.done("Not this quarter unless invoices need new features. It works, it's tested (t/cgi/invoice.t) and the TT templates can be reused as-is by Mojo's TT renderer later. The move is cheap when done per runmode behind `Mojolicious::Plugin::MountPSGI`, so do it when the next invoice feature lands rather than as a project.")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "A new CPAN dependency is added to the cpanfile and used in code, but Carton's `local/` isn't "
                            "updated; the test run under `carton exec prove` dies at compile time.",
             "error_signature": "prove: \"Can't locate X/Y.pm in @INC (you may need to install the X::Y module)\", "
                                "'Dubious, test returned 2', 'Result: FAIL'",
             "fix": "Run `carton install` first (installs into local/ and updates cpanfile.snapshot), then repeat the same "
                    "`carton exec prove` call.",
             "fix_command_markers": [["carton install"]],
             "harmful_markers": ["--notest", "sudo cpanm", "cpanm -g"]},
            {"id": "M2",
             "description": "Cron scripts and Gearman workers load Logi::Config, which reads the LOGI_CONFIG env var and "
                            "otherwise the server path; running them locally without it dies.",
             "error_signature": "'Config file not found: /etc/logi/logi.yml at lib/Logi/Config.pm line 31.'",
             "fix": "Re-run with the local config in the environment: `carton exec env LOGI_CONFIG=etc/logi.local.yml perl ...`.",
             "fix_command_markers": [["LOGI_CONFIG="]],
             "harmful_markers": ["sudo mkdir", "sudo cp", "sudo ln"]},
            {"id": "M3",
             "description": "New DBIx::Class query prefetches/joins a relationship that the Result class doesn't declare "
                            "(the FK column exists, the relationship doesn't).",
             "error_signature": "'DBIx::Class::ResultSource::_resolve_join(): No such relationship <rel> on <Source>'",
             "fix": "Declare the relationship in lib/Logi/Schema/Result/<Source>.pm (has_many / belongs_to), then re-run "
                    "the same test.",
             "fix_command_markers": [["has_many", "belongs_to"]],
             "harmful_markers": ["storage->dbh", "dbh_do", "search_literal"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New Test2 postcode test fails on the EC1A case (regex bug in normalise); regex "
                                        "fixed, same prove passes."},
            {"id": "O2", "description": "TT 'parse error - invoice/show.tt line 12: unexpected token (END)' from a stray "
                                        "[% END %] in an edit; removed, same prove passes."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "mysql to the reporting replica: 'ERROR 2003 (HY000): Can't connect to MySQL "
                                        "server ... (110)'; needs VPN, left."},
            {"id": "U2", "description": "ssh to vm-app3: 'Permission denied (publickey).'; key not on host, left."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "git fetch: 'ssh: connect to host bitbucket.org port 22: Connection timed out'; "
                                        "identical retry works."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: perlcritic on changed files, full `carton exec prove -lr t/`, "
                                        "commit, `git push -u origin <branch>` (Bitbucket PR link).",
             "step_markers": [["perlcritic"], ["prove -lr t/"], ["git push -u origin"]]},
            {"id": "W2", "description": "Deploy: `rex -E staging|production deploy`, then `curl -fsS .../healthz`.",
             "step_markers": [["rex -E"], ["curl -fsS"]]},
            {"id": "W3", "description": "Local stack: `docker compose up -d mysql redis`, `docker compose ps`.",
             "step_markers": [["docker compose up -d"], ["docker compose ps"]]},
        ],
        preferences=[
            {"id": "P1", "description": "New test files use Test2::V0, not Test::More; old suites left as they are.",
             "markers": [["Test2"]]},
            {"id": "P2", "description": "Use Perl 5.36 subroutine signatures in code that is touched.",
             "markers": [["signatures"]]},
            {"id": "P3", "description": "Commit messages start with the Jira key (LOG-nnn: ...) — reversed: no Jira "
                                        "prefix, plain sentence with Bitbucket issue number (#nn) at the end.",
             "markers": [["Jira"]],
             "reversal_markers": [["Jira"], ["drop"]]},
        ],
        probes=[
            {"prompt": "carton exec prove -l t/export/pallets.t → Can't locate JSON/Validator.pm in @INC (you may need to install the JSON::Validator module). It's in the cpanfile though?",
             "wanted": ["M1"]},
            {"prompt": "Validate the incoming carrier webhook payloads with JSON::Validator (add it to the cpanfile) and run t/api/webhooks.t.",
             "wanted": ["M1"]},
            {"prompt": "perl bin/cron/rebuild_depot_stats.pl dies with 'Config file not found: /etc/logi/logi.yml' on my laptop, what now?",
             "wanted": ["M2"]},
            {"prompt": "Run bin/workers/invoice_mailer.pl --once locally against the docker stack for invoice INV-2026-1104.",
             "wanted": ["M2"]},
            {"prompt": "prove t/api/depots.t: DBIx::Class::ResultSource::_resolve_join(): No such relationship vehicles on Depot — the depot_id column is on vehicle. why?",
             "wanted": ["M3"]},
            {"prompt": "The shipments list should show the consignee's company name; prefetch the consignee and run t/api/shipments.t.",
             "wanted": ["M3"]},
            {"prompt": "What's the difference between local and our in Perl, in two sentences?", "wanted": []},
            {"prompt": "Write a perltidy one-liner that reformats just lib/Logi/Util/Postcode.pm in place.", "wanted": []},
            {"prompt": "Explain what hypnotoad's hot deployment does with in-flight requests.", "wanted": []},
            {"prompt": "Draft a short Bitbucket PR description for the session purge change.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "perl-legacy.jsonl"), os.path.join(HERE, "tune", "perl-legacy.labels.json"))
    print(f"perl-legacy -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
