"""quarkus-kube: Ana, Java 21 backend developer on Brightcart's loyalty service (Quarkus 3).

Stack: single-module Maven project (Maven wrapper), Quarkus 3.27 (REST + Jackson, reactive REST client,
Hibernate ORM with Panache, Flyway, Hibernate Validator, SmallRye Health, Micrometer/Prometheus, Vert.x event
bus, cache, scheduler), PostgreSQL via Dev Services (Testcontainers) in tests, native builds in the Mandrel
builder container, container images with Jib (distroless native base), Kubernetes manifests from the Quarkus
Kubernetes extension applied with kubectl to the `loyalty-dev` namespace, CloudNativePG database in the
cluster, Spotless, GitLab + glab, trivy.

Written blind for fresh/; measured once held out (round 9), then moved to tune/.

    cd bench/reflection/traces && python3 gen.py && python3 check.py
"""
import datetime as _dt
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "ana"
R = "/home/ana/dev/loyalty-quarkus"
MODEL = "claude-opus-4-6"
GL = "https://gitlab.brightcart.io/loyalty/loyalty-quarkus"
REG = "registry.brightcart.io/loyalty/loyalty-service"
NS = "loyalty-dev"
DEV_HOST = "https://loyalty.dev.brightcart.io"
PKG = "io/brightcart/loyalty"
J = f"src/main/java/{PKG}"
T = f"src/test/java/{PKG}"
MIG = "src/main/resources/db/migration"

# own RNG for hashes / timings so the Dev RNG stays untouched
HX = random.Random(51019)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def P(rel):
    return f"{R}/{rel}"


def sha():
    return hx(7)


def pod_suffix():
    return "".join(HX.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(5))


def rs_hash():
    return "".join(HX.choice("bcdfghjklmnpqrstvwxz2456789") for _ in range(10))


POM = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>io.brightcart.loyalty</groupId>
  <artifactId>loyalty-service</artifactId>
  <version>1.14.0-SNAPSHOT</version>

  <properties>
    <maven.compiler.release>21</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
    <quarkus.platform.group-id>io.quarkus.platform</quarkus.platform.group-id>
    <quarkus.platform.artifact-id>quarkus-bom</quarkus.platform.artifact-id>
    <quarkus.platform.version>3.27.3</quarkus.platform.version>
    <compiler-plugin.version>3.14.0</compiler-plugin.version>
    <surefire-plugin.version>3.5.3</surefire-plugin.version>
    <spotless.version>2.46.1</spotless.version>
    <skipITs>true</skipITs>
  </properties>

  <dependencyManagement>
    <dependencies>
      <dependency>
        <groupId>${quarkus.platform.group-id}</groupId>
        <artifactId>${quarkus.platform.artifact-id}</artifactId>
        <version>${quarkus.platform.version}</version>
        <type>pom</type>
        <scope>import</scope>
      </dependency>
    </dependencies>
  </dependencyManagement>

  <dependencies>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-rest-jackson</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-rest-client-jackson</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-hibernate-orm-panache</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-jdbc-postgresql</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-flyway</artifactId>
    </dependency>
    <dependency>
      <groupId>org.flywaydb</groupId>
      <artifactId>flyway-database-postgresql</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-hibernate-validator</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-cache</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-smallrye-health</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-micrometer-registry-prometheus</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-kubernetes</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-container-image-jib</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-arc</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-junit5</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-junit5-mockito</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>io.rest-assured</groupId>
      <artifactId>rest-assured</artifactId>
      <scope>test</scope>
    </dependency>
    <dependency>
      <groupId>org.awaitility</groupId>
      <artifactId>awaitility</artifactId>
      <scope>test</scope>
    </dependency>
  </dependencies>

  <build>
    <plugins>
      <plugin>
        <groupId>${quarkus.platform.group-id}</groupId>
        <artifactId>quarkus-maven-plugin</artifactId>
        <version>${quarkus.platform.version}</version>
        <extensions>true</extensions>
        <executions>
          <execution>
            <goals>
              <goal>build</goal>
              <goal>generate-code</goal>
              <goal>generate-code-tests</goal>
              <goal>native-image-agent</goal>
            </goals>
          </execution>
        </executions>
      </plugin>
      <plugin>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>${compiler-plugin.version}</version>
        <configuration>
          <parameters>true</parameters>
        </configuration>
      </plugin>
      <plugin>
        <artifactId>maven-surefire-plugin</artifactId>
        <version>${surefire-plugin.version}</version>
        <configuration>
          <systemPropertyVariables>
            <java.util.logging.manager>org.jboss.logmanager.LogManager</java.util.logging.manager>
            <maven.home>${maven.home}</maven.home>
          </systemPropertyVariables>
        </configuration>
      </plugin>
      <plugin>
        <artifactId>maven-failsafe-plugin</artifactId>
        <version>${surefire-plugin.version}</version>
        <executions>
          <execution>
            <goals>
              <goal>integration-test</goal>
              <goal>verify</goal>
            </goals>
          </execution>
        </executions>
        <configuration>
          <systemPropertyVariables>
            <native.image.path>${project.build.directory}/${project.build.finalName}-runner</native.image.path>
            <java.util.logging.manager>org.jboss.logmanager.LogManager</java.util.logging.manager>
            <maven.home>${maven.home}</maven.home>
          </systemPropertyVariables>
        </configuration>
      </plugin>
      <plugin>
        <groupId>com.diffplug.spotless</groupId>
        <artifactId>spotless-maven-plugin</artifactId>
        <version>${spotless.version}</version>
        <configuration>
          <java>
            <palantirJavaFormat>
              <version>2.74.0</version>
            </palantirJavaFormat>
            <removeUnusedImports/>
          </java>
        </configuration>
        <executions>
          <execution>
            <goals>
              <goal>check</goal>
            </goals>
            <phase>verify</phase>
          </execution>
        </executions>
      </plugin>
    </plugins>
  </build>

  <profiles>
    <profile>
      <id>native</id>
      <activation>
        <property>
          <name>native</name>
        </property>
      </activation>
      <properties>
        <skipITs>false</skipITs>
        <quarkus.native.enabled>true</quarkus.native.enabled>
      </properties>
    </profile>
  </profiles>
</project>
"""

APP_PROPS = """quarkus.application.name=loyalty-service
quarkus.banner.enabled=false

# --- datasource ---------------------------------------------------------------
# dev/test: Dev Services (Testcontainers). In the cluster the values come from the
# loyalty-service-db secret (envFrom), see the kubernetes section below.
quarkus.datasource.db-kind=postgresql
quarkus.datasource.devservices.image-name=docker.io/postgres:17
%prod.quarkus.datasource.jdbc.url=jdbc:postgresql://loyalty-db-rw:5432/loyalty
%prod.quarkus.datasource.username=${DB_USER}
%prod.quarkus.datasource.password=${DB_PASSWORD}

quarkus.flyway.migrate-at-start=true
quarkus.hibernate-orm.log.sql=false

# --- PartnerHub offers ----------------------------------------------------------
quarkus.rest-client.partner-offers.url=https://api.partnerhub.example.net
%dev.quarkus.rest-client.partner-offers.url=http://localhost:8089
%test.quarkus.rest-client.partner-offers.url=http://localhost:8089

# --- loyalty rules --------------------------------------------------------------
loyalty.points.base-rate=1.0
loyalty.tier.silver-threshold=2000
loyalty.tier.gold-threshold=10000

quarkus.cache.caffeine.member-by-card.expire-after-write=10M

# --- management (health + metrics on :9000, not exposed through the ingress) ------
quarkus.management.enabled=true

# --- container image / native ---------------------------------------------------
quarkus.native.container-build=true
quarkus.container-image.registry=registry.brightcart.io
quarkus.container-image.group=loyalty
quarkus.container-image.name=loyalty-service
quarkus.jib.base-native-image=quay.io/quarkus/quarkus-distroless-image:2.0

# --- kubernetes (target/kubernetes/kubernetes.yml) --------------------------------
quarkus.kubernetes.replicas=2
quarkus.kubernetes.add-version-to-label-selectors=false
quarkus.kubernetes.ingress.expose=true
quarkus.kubernetes.ingress.host=loyalty.dev.brightcart.io
quarkus.kubernetes.env.secrets=loyalty-service-db
quarkus.kubernetes.env.configmaps=loyalty-service-config
quarkus.kubernetes.resources.requests.memory=96Mi
quarkus.kubernetes.resources.limits.memory=192Mi
"""

MEMBER = """package io.brightcart.loyalty.member;

import io.quarkus.hibernate.orm.panache.PanacheEntity;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;

@Entity
@Table(name = "member")
public class Member extends PanacheEntity {

    @Column(name = "card_number", nullable = false, unique = true, length = 19)
    public String cardNumber;

    @Column(nullable = false)
    public String email;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public Tier tier = Tier.BRONZE;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public MemberStatus status = MemberStatus.ACTIVE;

    @Column(name = "joined_at", nullable = false)
    public Instant joinedAt;

    public static Optional<Member> findByCardNumber(String cardNumber) {
        return find("cardNumber", cardNumber).firstResultOptional();
    }
}
"""

TIER = """package io.brightcart.loyalty.member;

import java.math.BigDecimal;

public enum Tier {
    BRONZE(new BigDecimal("1.00")),
    SILVER(new BigDecimal("1.25")),
    GOLD(new BigDecimal("1.50"));

    private final BigDecimal multiplier;

    Tier(BigDecimal multiplier) {
        this.multiplier = multiplier;
    }

    public BigDecimal multiplier() {
        return multiplier;
    }
}
"""

MEMBER_LOOKUP = """package io.brightcart.loyalty.member;

import io.quarkus.cache.CacheResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.NotFoundException;

@ApplicationScoped
public class MemberLookup {

    /** Card scans at the till hit this on every purchase; cached for 10 minutes. */
    @CacheResult(cacheName = "member-by-card")
    public MemberCard byCard(String cardNumber) {
        Member member = Member.findByCardNumber(cardNumber).orElseThrow(NotFoundException::new);
        return new MemberCard(member.id, member.cardNumber, member.tier, member.status);
    }

    public record MemberCard(Long memberId, String cardNumber, Tier tier, MemberStatus status) {}
}
"""

MEMBER_RESOURCE = """package io.brightcart.loyalty.member;

import io.brightcart.loyalty.member.MemberLookup.MemberCard;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.RestPath;

@Path("/api/v1/members")
@Produces(MediaType.APPLICATION_JSON)
public class MemberResource {

    @Inject
    MemberLookup lookup;

    @GET
    @Path("/by-card/{cardNumber}")
    public MemberCard byCard(@RestPath String cardNumber) {
        return lookup.byCard(cardNumber);
    }
}
"""

LEDGER = """package io.brightcart.loyalty.points;

import io.quarkus.hibernate.orm.panache.PanacheEntity;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "points_ledger")
public class PointsLedgerEntry extends PanacheEntity {

    @Column(name = "member_id", nullable = false)
    public Long memberId;

    @Column(nullable = false)
    public long points;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    public EntryType type;

    @Column(name = "receipt_id", length = 40)
    public String receiptId;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    public enum EntryType {
        EARN,
        REDEEM,
        ADJUST
    }

    public static long balanceOf(long memberId) {
        return getEntityManager()
                .createQuery(
                        "select coalesce(sum(e.points), 0) from PointsLedgerEntry e where e.memberId = :m", Long.class)
                .setParameter("m", memberId)
                .getSingleResult();
    }
}
"""

CALC = """package io.brightcart.loyalty.points;

import io.brightcart.loyalty.member.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import org.eclipse.microprofile.config.inject.ConfigProperty;

@ApplicationScoped
public class PointsCalculator {

    private final BigDecimal baseRate;

    public PointsCalculator(@ConfigProperty(name = "loyalty.points.base-rate") BigDecimal baseRate) {
        this.baseRate = baseRate;
    }

    /** Points for a purchase: euros x base rate x tier multiplier, rounded down. */
    public long pointsFor(long amountCents, Tier tier) {
        BigDecimal euros = BigDecimal.valueOf(amountCents, 2);
        return euros.multiply(baseRate).multiply(tier.multiplier()).longValue();
    }
}
"""

CALC_TEST = """package io.brightcart.loyalty.points;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brightcart.loyalty.member.Tier;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class PointsCalculatorTest {

    private final PointsCalculator calculator = new PointsCalculator(new BigDecimal("1.0"));

    @Test
    void bronzeEarnsOnePointPerEuro() {
        assertEquals(42, calculator.pointsFor(4_200, Tier.BRONZE));
    }

    @Test
    void silverMultiplierApplies() {
        assertEquals(52, calculator.pointsFor(4_200, Tier.SILVER));
    }

    @Test
    void goldMultiplierApplies() {
        assertEquals(63, calculator.pointsFor(4_200, Tier.GOLD));
    }

    @Test
    void centsAreRoundedDown() {
        assertEquals(9, calculator.pointsFor(999, Tier.BRONZE));
    }

    @Test
    void zeroAmountEarnsNothing() {
        assertEquals(0, calculator.pointsFor(0, Tier.GOLD));
    }
}
"""

SERVICE = """package io.brightcart.loyalty.points;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.points.PointsLedgerEntry.EntryType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;

@ApplicationScoped
public class PointsService {

    @Inject
    PointsCalculator calculator;

    @Transactional
    public PointsLedgerEntry credit(Member member, long amountCents, String receiptId) {
        long points = calculator.pointsFor(amountCents, member.tier);
        return append(member.id, points, EntryType.EARN, receiptId);
    }

    @Transactional
    public PointsLedgerEntry redeem(Member member, long points) {
        long balance = PointsLedgerEntry.balanceOf(member.id);
        if (points > balance) {
            throw new InsufficientPointsException(member.id, points, balance);
        }
        return append(member.id, -points, EntryType.REDEEM, null);
    }

    private PointsLedgerEntry append(Long memberId, long points, EntryType type, String receiptId) {
        PointsLedgerEntry entry = new PointsLedgerEntry();
        entry.memberId = memberId;
        entry.points = points;
        entry.type = type;
        entry.receiptId = receiptId;
        entry.createdAt = Instant.now();
        entry.persist();
        return entry;
    }
}
"""

POINTS_RESOURCE = """package io.brightcart.loyalty.points;

import io.brightcart.loyalty.member.Member;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestPath;

@Path("/api/v1/members/{memberId}/points")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PointsResource {

    @Inject
    PointsService pointsService;

    @GET
    public BalanceView balance(@RestPath long memberId) {
        Member member = Member.<Member>findByIdOptional(memberId).orElseThrow(NotFoundException::new);
        return new BalanceView(member.id, PointsLedgerEntry.balanceOf(member.id), member.tier);
    }

    @POST
    @Path("/earn")
    public Response earn(@RestPath long memberId, @Valid EarnRequest req) {
        Member member = Member.<Member>findByIdOptional(memberId).orElseThrow(NotFoundException::new);
        PointsLedgerEntry entry = pointsService.credit(member, req.amountCents(), req.receiptId());
        return Response.status(Response.Status.CREATED)
                .entity(new EarnView(entry.id, entry.points))
                .build();
    }

    @POST
    @Path("/redeem")
    public RedeemView redeem(@RestPath long memberId, @Valid RedeemRequest req) {
        Member member = Member.<Member>findByIdOptional(memberId).orElseThrow(NotFoundException::new);
        PointsLedgerEntry entry = pointsService.redeem(member, req.points());
        return new RedeemView(entry.id, PointsLedgerEntry.balanceOf(member.id));
    }
}
"""

PARTNER_CLIENT = """package io.brightcart.loyalty.offers;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

@Path("/v2")
@RegisterRestClient(configKey = "partner-offers")
public interface PartnerOffersClient {

    @GET
    @Path("/offers")
    Uni<List<PartnerOffer>> offers(@QueryParam("tier") String tier, @QueryParam("country") String country);

    @GET
    @Path("/offers/featured")
    Uni<List<PartnerOffer>> featured(@QueryParam("country") String country);
}
"""

PARTNER_OFFER = """package io.brightcart.loyalty.offers;

import java.time.Instant;

public record PartnerOffer(String id, String partner, String title, int pointsCost, Instant expiresAt) {}
"""

MEMBER_RESOURCE_TEST = """package io.brightcart.loyalty.member;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.brightcart.loyalty.testsupport.TestMembers;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class MemberResourceTest {

    @Test
    void findsMemberByCard() {
        Member m = TestMembers.create("6006 0012 3456 7890", Tier.SILVER);

        given().when()
                .get("/api/v1/members/by-card/{card}", m.cardNumber)
                .then()
                .statusCode(200)
                .body("memberId", equalTo(m.id.intValue()))
                .body("tier", equalTo("SILVER"));
    }

    @Test
    void unknownCardIs404() {
        given().when().get("/api/v1/members/by-card/{card}", "0000").then().statusCode(404);
    }
}
"""

TEST_MEMBERS = """package io.brightcart.loyalty.testsupport;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.points.PointsLedgerEntry;
import io.brightcart.loyalty.points.PointsLedgerEntry.EntryType;
import io.quarkus.narayana.jta.QuarkusTransaction;
import java.time.Instant;
import java.util.UUID;

/** Test data helpers; each call commits its own transaction. */
public final class TestMembers {

    private TestMembers() {}

    public static Member create(String cardNumber, Tier tier) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Member m = new Member();
            m.cardNumber = cardNumber;
            m.email = "m-" + UUID.randomUUID() + "@example.test";
            m.tier = tier;
            m.joinedAt = Instant.parse("2024-03-01T10:00:00Z");
            m.persist();
            return m;
        });
    }

    public static Member create(Tier tier) {
        return create(String.valueOf(6_006_000_000_000_000L + (long) (Math.random() * 999_999_999L)), tier);
    }

    public static void ledger(Member m, long points, EntryType type, Instant at) {
        QuarkusTransaction.requiringNew().run(() -> {
            PointsLedgerEntry e = new PointsLedgerEntry();
            e.memberId = m.id;
            e.points = points;
            e.type = type;
            e.createdAt = at;
            e.persist();
        });
    }
}
"""

V3 = """create sequence points_ledger_seq start with 1 increment by 50;

create table points_ledger (
    id          bigint      not null primary key,
    member_id   bigint      not null references member (id),
    points      bigint      not null,
    type        varchar(16) not null,
    created_at  timestamptz not null,
    constraint points_ledger_type_check check (type in ('EARN', 'REDEEM'))
);

create index ix_points_ledger_member on points_ledger (member_id);
"""

V7 = """alter table points_ledger drop constraint points_ledger_type_check;
alter table points_ledger
    add constraint points_ledger_type_check check (type in ('EARN', 'REDEEM', 'ADJUST'));
"""

V12 = """-- card numbers were unique in practice; make it official (see LOY-412)
alter table member add constraint uq_member_card_number unique (card_number);
"""

CHANGELOG = """# Changelog

All notable changes to loyalty-service. Versions follow the tags `vX.Y.Z`.

## 1.13.0 - 2026-10-08

- Member status (`ACTIVE`/`BLOCKED`) with the admin endpoint to block a card (LOY-398)
- Card numbers are unique in the database (LOY-412)
- Cache card lookups for 10 minutes (`member-by-card`)

## 1.12.0 - 2026-09-24

- ADJUST ledger entries for customer service corrections (LOY-377)
- Receipt id is unique per member (duplicate receipts are rejected with 409)
"""

README = """# loyalty-service

Points, tiers and partner offers for Brightcart's loyalty programme. Quarkus 3, Java 21.

## Run

    ./mvnw quarkus:dev          # Dev Services starts PostgreSQL in a container
    ./mvnw test                 # same for @QuarkusTest

## Deploy a branch to the dev namespace

Native image, built in the Mandrel builder container and pushed with Jib:

    ./mvnw package -Dnative -DskipTests -Dquarkus.container-image.build=true \\
        -Dquarkus.container-image.push=true -Dquarkus.container-image.tag=dev-$(git rev-parse --short HEAD)
    kubectl apply -n loyalty-dev -f target/kubernetes/kubernetes.yml
    kubectl -n loyalty-dev rollout status deploy/loyalty-service

`main` is deployed to dev by CI; tags `vX.Y.Z` go to staging and, after approval, to prod.

## Dev database

CloudNativePG cluster `loyalty-db` in `loyalty-dev` (service `loyalty-db-rw`). Credentials in the
`loyalty-db-app` secret. We use local port 15432 for it.
"""

FILES = {
    P("pom.xml"): POM,
    P("README.md"): README,
    P("CHANGELOG.md"): CHANGELOG,
    P("src/main/resources/application.properties"): APP_PROPS,
    P(f"{J}/member/Member.java"): MEMBER,
    P(f"{J}/member/Tier.java"): TIER,
    P(f"{J}/member/MemberLookup.java"): MEMBER_LOOKUP,
    P(f"{J}/member/MemberResource.java"): MEMBER_RESOURCE,
    P(f"{J}/points/PointsLedgerEntry.java"): LEDGER,
    P(f"{J}/points/PointsCalculator.java"): CALC,
    P(f"{J}/points/PointsService.java"): SERVICE,
    P(f"{J}/points/PointsResource.java"): POINTS_RESOURCE,
    P(f"{J}/offers/PartnerOffersClient.java"): PARTNER_CLIENT,
    P(f"{J}/offers/PartnerOffer.java"): PARTNER_OFFER,
    P(f"{T}/points/PointsCalculatorTest.java"): CALC_TEST,
    P(f"{T}/member/MemberResourceTest.java"): MEMBER_RESOURCE_TEST,
    P(f"{T}/testsupport/TestMembers.java"): TEST_MEMBERS,
    P(f"{MIG}/V3__points_ledger.sql"): V3,
    P(f"{MIG}/V7__ledger_type_adjust.sql"): V7,
    P(f"{MIG}/V12__member_card_number_unique.sql"): V12,
}

MIGRATIONS = [
    "1 - init", "2 - member", "3 - points ledger", "4 - member tier", "5 - ledger receipt id",
    "6 - member email lower idx", "7 - ledger type adjust", "8 - member joined at", "9 - partner links",
    "10 - ledger receipt unique", "11 - member status", "12 - member card number unique",
]
MIG_FILES = [f"V{m.split(' - ')[0]}__{m.split(' - ')[1].replace(' ', '_')}.sql" for m in MIGRATIONS]


# ============================================================ output helpers

class State:
    """Things that change over the month and show up in tool output."""
    version = "1.14.0-SNAPSHOT"
    quarkus = "3.27.3"
    main_sources = 41
    test_sources = 14
    migrations = list(MIGRATIONS)
    features = None


def wait(d, secs):
    """A long-running command: move the fake clock on by roughly its duration."""
    d.clock += _dt.timedelta(seconds=secs)


def local(d):
    """Lisbon wall clock for tool output (WEST until 2026-10-25 01:00 UTC, then WET)."""
    off = 1 if d.clock < _dt.datetime(2026, 10, 25, 1, 0) else 0
    return d.clock + _dt.timedelta(hours=off), ("+01:00" if off else "Z")


class LogClock:
    def __init__(self, d, lead_s=0.0):
        self.t, _ = local(d)
        self.t += _dt.timedelta(seconds=lead_s)

    def __call__(self, lo=3, hi=60):
        self.t += _dt.timedelta(milliseconds=HX.randint(lo, hi))
        return self.t.strftime("%Y-%m-%d %H:%M:%S,") + f"{self.t.microsecond // 1000:03d}"


def mvn_head():
    key = "< io.brightcart.loyalty:loyalty-service >"
    n = 72 - len(key)
    left = n // 2
    return [
        "[INFO] Scanning for projects...",
        "[INFO] ",
        f"[INFO] {'-' * left}{key}{'-' * (n - left)}",
        f"[INFO] Building loyalty-service {State.version}",
        "[INFO]   from pom.xml",
        "[INFO] --------------------------------[ jar ]---------------------------------",
    ]


def mvn_compile(main_changed=True, test_changed=True, tests=True):
    q = State.quarkus
    out = [
        "[INFO] ",
        "[INFO] --- resources:3.3.1:resources (default-resources) @ loyalty-service ---",
        f"[INFO] Copying {4 + len(State.migrations)} resources from src/main/resources to target/classes",
        "[INFO] ",
        f"[INFO] --- quarkus:{q}:generate-code (default) @ loyalty-service ---",
        "[INFO] ",
        "[INFO] --- compiler:3.14.0:compile (default-compile) @ loyalty-service ---",
    ]
    if main_changed:
        out += ["[INFO] Recompiling the module because of changed source code.",
                f"[INFO] Compiling {State.main_sources} source files with javac [debug parameters release 21] to target/classes"]
    else:
        out += ["[INFO] Nothing to compile - all classes are up to date."]
    if not tests:
        return out
    out += [
        "[INFO] ",
        f"[INFO] --- quarkus:{q}:generate-code-tests (default) @ loyalty-service ---",
        "[INFO] ",
        "[INFO] --- resources:3.3.1:testResources (default-testResources) @ loyalty-service ---",
        "[INFO] Copying 2 resources from src/test/resources to target/test-classes",
        "[INFO] ",
        "[INFO] --- compiler:3.14.0:testCompile (default-testCompile) @ loyalty-service ---",
    ]
    if test_changed:
        out += ["[INFO] Recompiling the module because of changed dependency.",
                f"[INFO] Compiling {State.test_sources} source files with javac [debug parameters release 21] to target/test-classes"]
    else:
        out += ["[INFO] Nothing to compile - all classes are up to date."]
    return out


def surefire_start():
    return [
        "[INFO] ",
        "[INFO] --- surefire:3.5.3:test (default-test) @ loyalty-service ---",
        "[INFO] Using auto detected provider org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
        "[INFO] ",
        "[INFO] -------------------------------------------------------",
        "[INFO]  T E S T S",
        "[INFO] -------------------------------------------------------",
    ]


FEATURES = ("agroal, cache, cdi, flyway, hibernate-orm, hibernate-orm-panache, hibernate-validator, "
            "jdbc-postgresql, kubernetes, micrometer, narayana-jta, rest, rest-client, rest-client-jackson, "
            "rest-jackson, smallrye-context-propagation, smallrye-health, vertx")


def quarkus_boot(lc, features=None):
    port = HX.randint(32768, 33999)
    cid = hx(12)
    b = f"(build-{HX.randint(8, 60)})"
    lines = [
        f"{lc()} INFO  [org.tes.doc.DockerClientProviderStrategy] {b} Found Docker environment with local Unix socket (unix:///var/run/docker.sock)",
        f"{lc()} INFO  [org.tes.DockerClientFactory] {b} Docker host IP address is localhost",
        f"{lc(20, 90)} INFO  [org.tes.DockerClientFactory] {b} Connected to docker: ",
        "  Server Version: 28.5.1",
        "  API Version: 1.51",
        "  Operating System: Fedora Linux 42 (Workstation Edition)",
        "  Total Memory: 31785 MB",
        f"{lc(300, 700)} INFO  [org.tes.DockerClientFactory] {b} Checking the system...",
        f"{lc()} INFO  [org.tes.DockerClientFactory] {b} \u2714\ufe0e Docker server version should be at least 1.6.0",
        f"{lc()} INFO  [tc.doc.io/postgres:17] {b} Creating container for image: docker.io/postgres:17",
        f"{lc(80, 200)} INFO  [tc.doc.io/postgres:17] {b} Container docker.io/postgres:17 is starting: {cid}{hx(52)}",
        f"{lc(1100, 1700)} INFO  [tc.doc.io/postgres:17] {b} Container docker.io/postgres:17 started in PT1.{HX.randint(200, 699)}S",
        f"{lc()} INFO  [tc.doc.io/postgres:17] {b} Container is started (JDBC URL: jdbc:postgresql://localhost:{port}/quarkus?loggerLevel=OFF)",
        f"{lc()} INFO  [io.qua.dev.pos.dep.PostgresqlDevServicesProcessor] {b} Dev Services for default datasource (postgresql) started - container ID is {cid}",
        f"{lc(900, 1600)} INFO  [org.fly.cor.int.dat.bas.BaseDatabaseType] (main) Database: jdbc:postgresql://localhost:{port}/quarkus (PostgreSQL 17.6)",
        f"{lc()} INFO  [org.fly.cor.int.sch.JdbcTableSchemaHistory] (main) Schema history table \"public\".\"flyway_schema_history\" does not exist yet",
        f"{lc()} INFO  [org.fly.cor.int.com.DbValidate] (main) Successfully validated {len(State.migrations)} migrations (execution time 00:00.0{HX.randint(20, 60)}s)",
        f"{lc()} INFO  [org.fly.cor.int.sch.JdbcTableSchemaHistory] (main) Creating Schema History table \"public\".\"flyway_schema_history\" ...",
        f"{lc()} INFO  [org.fly.cor.int.com.DbMigrate] (main) Current version of schema \"public\": << Empty Schema >>",
    ]
    for m in State.migrations:
        lines.append(f"{lc(5, 30)} INFO  [org.fly.cor.int.com.DbMigrate] (main) Migrating schema \"public\" to version \"{m}\"")
    n = len(State.migrations)
    lines += [
        f"{lc()} INFO  [org.fly.cor.int.com.DbMigrate] (main) Successfully applied {n} migrations to schema \"public\", now at version v{n} (execution time 00:00.{HX.randint(180, 320)}s)",
        f"{lc(300, 800)} INFO  [io.quarkus] (main) loyalty-service {State.version} on JVM (powered by Quarkus {State.quarkus}) started in {HX.randint(5, 8)}.{HX.randint(100, 999)}s. Listening on: http://localhost:8081. Management interface listening on http://localhost:9001.",
        f"{lc(0, 2)} INFO  [io.quarkus] (main) Profile test activated. ",
        f"{lc(0, 2)} INFO  [io.quarkus] (main) Installed features: [{features or State.features or FEATURES}]",
    ]
    return lines


def tests_run_line(fq, run, fail=0, err=0, secs=None, failed=False):
    secs = secs or f"{HX.randint(0, 9)}.{HX.randint(10, 999):03d}"
    tail = " <<< FAILURE!" if (fail or err) else ""
    lvl = "[ERROR]" if (fail or err) else "[INFO]"
    return f"{lvl} Tests run: {run}, Failures: {fail}, Errors: {err}, Skipped: 0, Time elapsed: {secs} s{tail} -- in {fq}"


def mvn_success(d, secs):
    t, z = local(d)
    t += _dt.timedelta(seconds=secs)
    return [
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] BUILD SUCCESS",
        "[INFO] ------------------------------------------------------------------------",
        f"[INFO] Total time:  {secs:.3f} s" if secs < 60 else f"[INFO] Total time:  {int(secs) // 60:02d}:{int(secs) % 60:02d} min",
        f"[INFO] Finished at: {t.strftime('%Y-%m-%dT%H:%M:%S')}{z}",
        "[INFO] ------------------------------------------------------------------------",
    ]


def mvn_failure(d, secs, goal_line, help_link="MojoFailureException", extra=None):
    t, z = local(d)
    t += _dt.timedelta(seconds=secs)
    out = [
        "[INFO] ------------------------------------------------------------------------",
        "[INFO] BUILD FAILURE",
        "[INFO] ------------------------------------------------------------------------",
        f"[INFO] Total time:  {secs:.3f} s",
        f"[INFO] Finished at: {t.strftime('%Y-%m-%dT%H:%M:%S')}{z}",
        "[INFO] ------------------------------------------------------------------------",
        f"[ERROR] {goal_line}",
    ]
    out += extra or []
    out += [
        "[ERROR] -> [Help 1]",
        "[ERROR] ",
        "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
        "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
        "[ERROR] ",
        "[ERROR] For more information about the errors and solutions, please read the following articles:",
        f"[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/{help_link}",
    ]
    return out


SUREFIRE_FAIL = ("Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.3:test (default-test) "
                 "on project loyalty-service: There are test failures.")
SUREFIRE_FAIL_EXTRA = [
    "[ERROR] ",
    f"[ERROR] See {R}/target/surefire-reports for the individual test results.",
    "[ERROR] See dump files (if any exist) [date].dump, [date]-jvmRun[N].dump and [date].dumpstream.",
]


def test_run_ok(d, classes, main_changed=True, test_changed=True, features=None):
    """classes: list of (fqcn, n_tests, quarkus?) in run order. Returns the full output of a green run."""
    lc = LogClock(d, 6)
    out = mvn_head() + mvn_compile(main_changed, test_changed) + surefire_start()
    booted = False
    total = 0
    for fq, n, qk in classes:
        out.append(f"[INFO] Running {fq}")
        if qk and not booted:
            out += quarkus_boot(lc, features)
            booted = True
        out.append(tests_run_line(fq, n))
        total += n
    if booted:
        out.append(f"{lc(40, 200)} INFO  [io.quarkus] (main) loyalty-service stopped in 0.0{HX.randint(40, 99)}s")
    out += ["[INFO] ", "[INFO] Results:", "[INFO] ", f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0",
            "[INFO] "]
    secs = (22 if booted else 6) + HX.random() * 12
    return "\n".join(out + mvn_success(d, secs))


def verify_ok(d, classes, main_changed=False, test_changed=False):
    """Full ./mvnw verify: tests, jar, quarkus:build (JVM + kubernetes manifests), failsafe skipped, spotless:check."""
    lc = LogClock(d, 6)
    out = mvn_head() + mvn_compile(main_changed, test_changed) + surefire_start()
    booted = False
    total = 0
    for fq, n, qk in classes:
        out.append(f"[INFO] Running {fq}")
        if qk and not booted:
            out += quarkus_boot(lc)
            booted = True
        out.append(tests_run_line(fq, n))
        total += n
    out.append(f"{lc(40, 200)} INFO  [io.quarkus] (main) loyalty-service stopped in 0.0{HX.randint(40, 99)}s")
    q = State.quarkus
    out += [
        "[INFO] ", "[INFO] Results:", "[INFO] ", f"[INFO] Tests run: {total}, Failures: 0, Errors: 0, Skipped: 0",
        "[INFO] ",
        "[INFO] ",
        "[INFO] --- jar:3.4.1:jar (default-jar) @ loyalty-service ---",
        f"[INFO] Building jar: {R}/target/loyalty-service-{State.version}.jar",
        "[INFO] ",
        f"[INFO] --- quarkus:{q}:build (default) @ loyalty-service ---",
        f"[INFO] [io.quarkus.deployment.QuarkusAugmentor] Quarkus augmentation completed in {HX.randint(2400, 3900)}ms",
        "[INFO] ",
        "[INFO] --- failsafe:3.5.3:integration-test (default) @ loyalty-service ---",
        "[INFO] Tests are skipped.",
        "[INFO] ",
        "[INFO] --- failsafe:3.5.3:verify (default) @ loyalty-service ---",
        "[INFO] Tests are skipped.",
        "[INFO] ",
        "[INFO] --- spotless:2.46.1:check (default) @ loyalty-service ---",
        f"[INFO] Spotless.Java is keeping {State.main_sources + State.test_sources} files clean - 0 needs changes to be clean, "
        f"{HX.randint(2, 6)} were already clean, {State.main_sources + State.test_sources - 4} were skipped because caching determined they were already clean",
    ]
    return "\n".join(out + mvn_success(d, 48 + HX.random() * 20))


def spotless_apply(d, changed, total=None):
    total = total or (State.main_sources + State.test_sources)
    out = mvn_head() + [
        "[INFO] ",
        "[INFO] --- spotless:2.46.1:apply (default-cli) @ loyalty-service ---",
        f"[INFO] Spotless.Java is keeping {total} files clean - {changed} were changed to be clean, "
        f"{HX.randint(1, 4)} were already clean, {total - changed - 3} were skipped because caching determined they were already clean",
    ]
    return "\n".join(out + mvn_success(d, 2.5 + HX.random() * 2))


def native_build(d, tag, secs_total):
    """./mvnw package -Dnative -DskipTests with container image build + push (Jib), as printed."""
    q = State.quarkus
    v = State.version
    src = f"{R}/target/loyalty-service-{v}-native-image-source-jar"
    out = mvn_head() + mvn_compile(True, True) + [
        "[INFO] ",
        "[INFO] --- surefire:3.5.3:test (default-test) @ loyalty-service ---",
        "[INFO] Tests are skipped.",
        "[INFO] ",
        "[INFO] --- jar:3.4.1:jar (default-jar) @ loyalty-service ---",
        f"[INFO] Building jar: {R}/target/loyalty-service-{v}.jar",
        "[INFO] ",
        f"[INFO] --- quarkus:{q}:build (default) @ loyalty-service ---",
        f"[INFO] [io.quarkus.deployment.pkg.steps.JarResultBuildStep] Building native image source jar: {src}/loyalty-service-{v}-runner.jar",
        f"[INFO] [io.quarkus.deployment.pkg.steps.NativeImageBuildStep] Building native image from {src}/loyalty-service-{v}-runner.jar",
        "[INFO] [io.quarkus.deployment.pkg.steps.NativeImageBuildContainerRunner] Using docker to run the native image builder",
        "[INFO] [io.quarkus.deployment.pkg.steps.NativeImageBuildContainerRunner] Pulling builder image 'quay.io/quarkus/ubi9-quarkus-mandrel-builder-image:jdk-21'",
        "jdk-21: Pulling from quarkus/ubi9-quarkus-mandrel-builder-image",
        f"Digest: sha256:{hx(64)}",
        "Status: Image is up to date for quay.io/quarkus/ubi9-quarkus-mandrel-builder-image:jdk-21",
        "quay.io/quarkus/ubi9-quarkus-mandrel-builder-image:jdk-21",
        "[INFO] [io.quarkus.deployment.pkg.steps.NativeImageBuildStep] Running Quarkus native-image plugin on MANDREL 23.1.8.0 JDK 21.0.8+9-LTS",
        f"[INFO] [io.quarkus.deployment.pkg.steps.NativeImageBuildRunner] docker run --env LANG=C --rm --user 1000:1000 -v {src}:/project:z --entrypoint /bin/bash quay.io/quarkus/ubi9-quarkus-mandrel-builder-image:jdk-21 -c native-image $(cat native-image.args) -J-Xmx5g",
        "=" * 120,
        f"GraalVM Native Image: Generating 'loyalty-service-{v}-runner' (executable)...",
        "=" * 120,
        "For detailed information and explanations on the build output, visit:",
        "https://github.com/oracle/graal/blob/master/docs/reference-manual/native-image/BuildOutput.md",
        "-" * 120,
    ]
    a = HX.randint(62, 84)
    c = HX.randint(78, 104)
    steps = [
        ("[1/8] Initializing...", f"({HX.randint(5, 8)}.{HX.randint(0, 9)}s @ 0.2{HX.randint(0, 9)}GB)"),
    ]
    out.append(f"{steps[0][0]:<104}{steps[0][1]:>16}")
    out += [
        " Java version: 21.0.8+9-LTS, vendor version: Mandrel-23.1.8.0-Final",
        " Graal compiler: optimization level: 2, target machine: x86-64-v3",
        " C compiler: gcc (redhat, x86_64, 11.5.0)",
        " Garbage collector: Serial GC (max heap size: 80% of RAM)",
        " 2 user-specific feature(s):",
        " - io.quarkus.runner.Feature: Auto-generated class by Quarkus from the existing extensions",
        " - io.quarkus.runtime.graal.DisableLoggingFeature: Disables INFO logging during the analysis phase",
    ]
    rows = [
        ("[2/8] Performing analysis...  [*******]", f"({a}.{HX.randint(0, 9)}s @ 1.9{HX.randint(0, 9)}GB)"),
    ]
    out.append(f"{rows[0][0]:<104}{rows[0][1]:>16}")
    rt = HX.randint(24000, 25500)
    out += [
        f"   {rt:,} reachable types   (88.{HX.randint(1, 9)}% of   {rt + 3100:,} total)",
        f"   {HX.randint(36000, 38000):,} reachable fields    (56.{HX.randint(1, 9)}% of   {HX.randint(65000, 67000):,} total)",
        f"  {HX.randint(121000, 126000):,} reachable methods   (60.{HX.randint(1, 9)}% of  {HX.randint(202000, 206000):,} total)",
        f"    7,{HX.randint(100, 900)} types, {HX.randint(100, 160)} fields, and {HX.randint(2500, 2900):,} methods registered for reflection",
        f"       64 types,    70 fields, and    58 methods registered for JNI access",
        "        4 native libraries: dl, pthread, rt, z",
    ]
    for lab, t in [("[3/8] Building universe...", f"({HX.randint(9, 12)}.{HX.randint(0, 9)}s @ 2.2{HX.randint(0, 9)}GB)"),
                   ("[4/8] Parsing methods...      [***]", f"({HX.randint(5, 8)}.{HX.randint(0, 9)}s @ 1.8{HX.randint(0, 9)}GB)"),
                   ("[5/8] Inlining methods...     [****]", f"({HX.randint(3, 5)}.{HX.randint(0, 9)}s @ 2.0{HX.randint(0, 9)}GB)"),
                   ("[6/8] Compiling methods...    [*********]", f"({c}.{HX.randint(0, 9)}s @ 2.5{HX.randint(0, 9)}GB)"),
                   ("[7/8] Layouting methods...    [***]", f"({HX.randint(6, 9)}.{HX.randint(0, 9)}s @ 2.6{HX.randint(0, 9)}GB)"),
                   ("[8/8] Creating image...       [***]", f"({HX.randint(8, 11)}.{HX.randint(0, 9)}s @ 2.0{HX.randint(0, 9)}GB)")]:
        out.append(f"{lab:<104}{t:>16}")
    mb_code = HX.randint(44, 49)
    mb_heap = HX.randint(52, 58)
    out += [
        f"  {mb_code}.{HX.randint(10, 99)}MB (42.{HX.randint(10, 99)}%) for code area:    {HX.randint(74000, 78000):,} compilation units",
        f"  {mb_heap}.{HX.randint(10, 99)}MB (50.{HX.randint(10, 99)}%) for image heap:  {HX.randint(560000, 600000):,} objects and {HX.randint(90, 130)} resources",
        f"   7.{HX.randint(10, 99)}MB ( 6.{HX.randint(10, 99)}%) for other data",
        f" {mb_code + mb_heap + 7}.{HX.randint(10, 99)}MB in total",
        "-" * 120,
        f"                       {HX.randint(17, 22)}.{HX.randint(0, 9)}s (9.{HX.randint(0, 9)}% of total time) in {HX.randint(190, 240)} GCs | Peak RSS: 4.{HX.randint(50, 90)}GB | CPU load: 7.{HX.randint(40, 90)}",
        "-" * 120,
        "Build artifacts:",
        f" /project/loyalty-service-{v}-runner (executable)",
        f" /project/loyalty-service-{v}-runner-build-output-stats.json (build_info)",
        "=" * 120,
        f"Finished generating 'loyalty-service-{v}-runner' in 3m {HX.randint(10, 50)}s.",
        "[INFO] [io.quarkus.container.image.jib.deployment.JibProcessor] Starting (local) container image build for native binary using jib.",
        f"[INFO] [io.quarkus.container.image.jib.deployment.JibProcessor] Using base image with digest: sha256:{hx(64)}",
        "[INFO] [io.quarkus.container.image.jib.deployment.JibProcessor] Container entrypoint set to [./application]",
        f"[INFO] [io.quarkus.container.image.jib.deployment.JibProcessor] Pushed container image {REG}:{tag} (sha256:{hx(64)})",
        "",
        f"[INFO] [io.quarkus.deployment.QuarkusAugmentor] Quarkus augmentation completed in {int(secs_total * 1000) - HX.randint(9000, 14000)}ms",
    ]
    return "\n".join(out + mvn_success(d, secs_total))


def apply_out(changed=("deployment.apps/loyalty-service",)):
    res = ["serviceaccount/loyalty-service", "service/loyalty-service", "deployment.apps/loyalty-service",
           "ingress.networking.k8s.io/loyalty-service"]
    return "\n".join(f"{r} {'configured' if r in changed else 'unchanged'}" for r in res)


def rollout_out(replicas=2):
    return (f"Waiting for deployment \"loyalty-service\" rollout to finish: 1 out of {replicas} new replicas have been updated...\n"
            f"Waiting for deployment \"loyalty-service\" rollout to finish: 1 out of {replicas} new replicas have been updated...\n"
            f"Waiting for deployment \"loyalty-service\" rollout to finish: 1 old replicas are pending termination...\n"
            f"Waiting for deployment \"loyalty-service\" rollout to finish: 1 old replicas are pending termination...\n"
            "deployment \"loyalty-service\" successfully rolled out")


def exec_fail(binary):
    """kubectl exec into the distroless native image (containerd 2.x / runc), as printed by kubectl 1.33."""
    if binary.startswith("/"):
        why = f"exec: \"{binary}\": stat {binary}: no such file or directory: unknown"
    else:
        why = f"exec: \"{binary}\": executable file not found in $PATH: unknown"
    return ("error: Internal error occurred: Internal error occurred: error executing command in container: failed to "
            f"exec in container: failed to start exec \"{hx(64)}\": OCI runtime exec failed: exec failed: unable to "
            f"start container process: {why}")


def debug_banner():
    return ("Targeting container \"loyalty-service\". If you don't see processes from this container it may be because "
            "the container runtime doesn't support this feature.\n"
            f"Defaulting debug container name to debugger-{''.join(HX.choice('bcdfghjklmnpqrstvwxz2456789') for _ in range(5))}.")


def psql_refused(prog, host):
    """libpq: connection refused on the local port that the port-forward normally holds."""
    msg = "\tIs the server running on that host and accepting TCP/IP connections?"
    if host == "localhost":
        return (f"{prog}: error: connection to server at \"localhost\" (::1), port 15432 failed: Connection refused\n{msg}\n"
                f"connection to server at \"localhost\" (127.0.0.1), port 15432 failed: Connection refused\n{msg}")
    return f"{prog}: error: connection to server at \"{host}\", port 15432 failed: Connection refused\n{msg}"


def psql_table(headers, rows, align=None):
    """psql aligned output: header centred, text left, numbers right, '(n rows)'."""
    align = align or ["l"] * len(headers)
    widths = [max(len(h), *(len(str(r[i])) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    hdr = "|".join(" " + h.center(w) + " " for h, w in zip(headers, widths))
    sep = "+".join("-" * (w + 2) for w in widths)
    body = []
    for r in rows:
        cells = []
        for i, (v, w) in enumerate(zip(r, widths)):
            s = str(v)
            cells.append(" " + (s.rjust(w) if align[i] == "r" else s.ljust(w)) + " ")
        line = "|".join(cells)
        body.append(line.rstrip() if align[-1] == "r" else line.rstrip())
    n = len(rows)
    return "\n".join([hdr, sep] + body + [f"({n} row{'s' if n != 1 else ''})"])


def git_push_new(branch, n=None):
    enc = branch.replace("/", "%2F")
    n = n or HX.randint(14, 40)
    return (f"Enumerating objects: {n + 12}, done.\n"
            f"Counting objects: 100% ({n + 12}/{n + 12}), done.\n"
            "Delta compression using up to 16 threads\n"
            f"Compressing objects: 100% ({n // 2}/{n // 2}), done.\n"
            f"Writing objects: 100% ({n}/{n}), {HX.randint(3, 9)}.{HX.randint(10, 99)} KiB | {HX.randint(2, 9)}.{HX.randint(10, 99)} MiB/s, done.\n"
            f"Total {n} (delta {n // 3}), reused 0 (delta 0), pack-reused 0 (from 0)\n"
            "remote: \n"
            f"remote: To create a merge request for {branch}, visit:\n"
            f"remote:   {GL}/-/merge_requests/new?merge_request%5Bsource_branch%5D={enc}\n"
            "remote: \n"
            "To gitlab.brightcart.io:loyalty/loyalty-quarkus.git\n"
            f" * [new branch]      {branch} -> {branch}\n"
            f"branch '{branch}' set up to track 'origin/{branch}'.")


def glab_mr_out(branch, iid, title):
    return (f"\nCreating merge request for {branch} into main in loyalty/loyalty-quarkus\n\n"
            f"!{iid} {title} ({branch})\n {GL}/-/merge_requests/{iid}\n")


def pods_table(rows):
    out = ["NAME                               READY   STATUS    RESTARTS   AGE"]
    for name, age in rows:
        out.append(f"{name:<35}1/1     Running   0          {age}")
    return "\n".join(out)


def box_table(headers, rows, center_cols=()):
    """trivy-style table; rows are lists of cell line-lists."""
    widths = [max(len(h), *(len(x) for r in rows for x in r[i])) for i, h in enumerate(headers)]
    top = "\u250c" + "\u252c".join("\u2500" * (w + 2) for w in widths) + "\u2510"
    mid = "\u251c" + "\u253c".join("\u2500" * (w + 2) for w in widths) + "\u2524"
    bot = "\u2514" + "\u2534".join("\u2500" * (w + 2) for w in widths) + "\u2518"
    out = [top, "\u2502" + "\u2502".join(" " + h.center(w) + " " for h, w in zip(headers, widths)) + "\u2502", mid]
    for k, r in enumerate(rows):
        n = max(len(c) for c in r)
        for j in range(n):
            cells = []
            for i, (c, w) in enumerate(zip(r, widths)):
                v = c[j] if j < len(c) else ""
                cells.append(" " + (v.center(w) if i in center_cols else v.ljust(w)) + " ")
            out.append("\u2502" + "\u2502".join(cells) + "\u2502")
        if k < len(rows) - 1:
            out.append(mid)
    out.append(bot)
    return "\n".join(out)


def trivy_report(ts):
    target = f"{REG}:1.14.0 (debian 12.12)"
    summary = box_table(["Target", "Type", "Vulnerabilities", "Secrets"],
                        [[[target], ["debian"], ["2"], ["-"]]], center_cols=(1, 2, 3))
    vulns = box_table(
        ["Library", "Vulnerability", "Severity", "Status", "Installed Version", "Fixed Version", "Title"],
        [[["libc6"], ["CVE-2026-38412"], ["HIGH"], ["affected"], ["2.36-9+deb12u13"], [""],
          ["glibc: heap overflow in iconv() when", "converting to ISO-2022-CN-EXT",
           "https://avd.aquasec.com/nvd/cve-2026-38412"]],
         [["libssl3"], ["CVE-2026-31790"], ["HIGH"], ["affected"], ["3.0.17-1~deb12u3"], [""],
          ["openssl: denial of service via crafted", "X.509 policy constraints",
           "https://avd.aquasec.com/nvd/cve-2026-31790"]]])
    return f"""{ts}\tINFO\t[vulndb] Need to update DB
{ts}\tINFO\t[vulndb] Downloading vulnerability DB...
{ts}\tINFO\t[vulndb] Downloading artifact...\trepo="mirror.gcr.io/aquasec/trivy-db:2"
{ts}\tINFO\t[vulndb] Artifact successfully downloaded\trepo="mirror.gcr.io/aquasec/trivy-db:2"
{ts}\tINFO\t[vuln] Vulnerability scanning is enabled
{ts}\tINFO\t[secret] Secret scanning is enabled
{ts}\tINFO\t[secret] If your scanning is slow, please try '--scanners vuln' to disable secret scanning
{ts}\tINFO\t[secret] Please see https://trivy.dev/v0.67/docs/scanner/secret#recommendation for faster secret detection
{ts}\tINFO\tDetected OS\tfamily="debian" version="12.12"
{ts}\tINFO\t[debian] Detecting vulnerabilities...\tos_version="12" pkg_num=9
{ts}\tINFO\tNumber of language-specific files\tnum=0

Report Summary

{summary}
Legend:
- '-': Not scanned
- '0': Clean (no security findings detected)


{target}
{"=" * len(target)}
Total: 2 (HIGH: 2, CRITICAL: 0)

{vulns}"""


def line_of(d, path, needle, nth=1):
    lines = d.files[path].split("\n")
    hits = [i for i, l in enumerate(lines, 1) if needle in l]
    return hits[nth - 1]


BLOCKING_MSG = ("You have attempted to perform a blocking operation on a IO thread. This is not allowed, as blocking "
                "the IO thread will cause major performance issues with your application. If you want to perform "
                "blocking EntityManager operations make sure you are doing it from a worker thread.")

SESSION_PROXY = "org.hibernate.Session_5b93bee577ae2f8d76647de04cfab36afbf52958_Synthetic_ClientProxy"

ORM_FIND = [
    "\tat io.quarkus.hibernate.orm.runtime.session.TransactionScopedSession.checkBlocking(TransactionScopedSession.java:116)",
    "\tat io.quarkus.hibernate.orm.runtime.session.TransactionScopedSession.find(TransactionScopedSession.java:168)",
    "\tat org.hibernate.engine.spi.SessionLazyDelegator.find(SessionLazyDelegator.java:823)",
    f"\tat {SESSION_PROXY}.find(Unknown Source)",
]

ORM_QUERY = [
    "\tat io.quarkus.hibernate.orm.runtime.session.TransactionScopedSession.checkBlocking(TransactionScopedSession.java:116)",
    "\tat io.quarkus.hibernate.orm.runtime.session.TransactionScopedSession.createQuery(TransactionScopedSession.java:364)",
    "\tat org.hibernate.engine.spi.SessionLazyDelegator.createQuery(SessionLazyDelegator.java:548)",
    "\tat org.hibernate.engine.spi.SessionLazyDelegator.createQuery(SessionLazyDelegator.java:66)",
    f"\tat {SESSION_PROXY}.createQuery(Unknown Source)",
]

REST_IO_TAIL = [
    "\tat org.jboss.resteasy.reactive.server.handlers.InvocationHandler.handle(InvocationHandler.java:29)",
    "\tat io.quarkus.resteasy.reactive.server.runtime.QuarkusResteasyReactiveRequestContext.invokeHandler(QuarkusResteasyReactiveRequestContext.java:183)",
    "\tat org.jboss.resteasy.reactive.common.core.AbstractResteasyReactiveContext.run(AbstractResteasyReactiveContext.java:147)",
    "\tat org.jboss.resteasy.reactive.server.handlers.RestInitialHandler.beginProcessing(RestInitialHandler.java:48)",
    "\tat org.jboss.resteasy.reactive.server.vertx.ResteasyReactiveVertxHandler.handle(ResteasyReactiveVertxHandler.java:23)",
    "\tat org.jboss.resteasy.reactive.server.vertx.ResteasyReactiveVertxHandler.handle(ResteasyReactiveVertxHandler.java:10)",
    "\tat io.vertx.ext.web.impl.RouteState.handleContext(RouteState.java:1291)",
    "\tat io.vertx.ext.web.impl.RoutingContextImplBase.iterateNext(RoutingContextImplBase.java:177)",
    "\tat io.vertx.ext.web.impl.RoutingContextImpl.next(RoutingContextImpl.java:141)",
    "\tat io.quarkus.vertx.http.runtime.options.HttpServerCommonHandlers$1.handle(HttpServerCommonHandlers.java:58)",
    "\tat io.quarkus.vertx.http.runtime.options.HttpServerCommonHandlers$1.handle(HttpServerCommonHandlers.java:36)",
    "\tat io.vertx.ext.web.impl.RouteState.handleContext(RouteState.java:1291)",
    "\tat io.vertx.ext.web.impl.RoutingContextImplBase.iterateNext(RoutingContextImplBase.java:177)",
    "\tat io.vertx.ext.web.impl.RoutingContextImpl.next(RoutingContextImpl.java:141)",
    "\tat io.vertx.ext.web.impl.RouterImpl.handle(RouterImpl.java:66)",
    "\tat io.vertx.ext.web.impl.RouterImpl.handle(RouterImpl.java:40)",
    "\tat io.quarkus.vertx.http.runtime.VertxHttpRecorder$10.handle(VertxHttpRecorder.java:466)",
    "\tat io.quarkus.vertx.http.runtime.VertxHttpRecorder$10.handle(VertxHttpRecorder.java:444)",
    "\tat io.vertx.core.impl.ContextImpl.emit(ContextImpl.java:328)",
    "\tat io.vertx.core.impl.DuplicatedContext.emit(DuplicatedContext.java:168)",
    "\tat io.vertx.core.http.impl.Http1xServerConnection.handleMessage(Http1xServerConnection.java:186)",
    "\tat io.vertx.core.net.impl.ConnectionBase.read(ConnectionBase.java:159)",
    "\tat io.vertx.core.net.impl.VertxHandler.channelRead(VertxHandler.java:153)",
    "\tat io.netty.channel.AbstractChannelHandlerContext.invokeChannelRead(AbstractChannelHandlerContext.java:444)",
    "\tat io.netty.channel.AbstractChannelHandlerContext.invokeChannelRead(AbstractChannelHandlerContext.java:420)",
    "\tat io.netty.channel.AbstractChannelHandlerContext.fireChannelRead(AbstractChannelHandlerContext.java:412)",
    "\tat io.netty.channel.ChannelInboundHandlerAdapter.channelRead(ChannelInboundHandlerAdapter.java:93)",
    "\tat io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtensionHandler.onHttpRequestChannelRead(WebSocketServerExtensionHandler.java:160)",
    "\tat io.netty.handler.codec.http.websocketx.extensions.WebSocketServerExtensionHandler.channelRead(WebSocketServerExtensionHandler.java:83)",
    "\tat io.netty.channel.AbstractChannelHandlerContext.invokeChannelRead(AbstractChannelHandlerContext.java:442)",
    "\tat io.netty.channel.CombinedChannelDuplexHandler$DelegatingChannelHandlerContext.fireChannelRead(CombinedChannelDuplexHandler.java:436)",
    "\tat io.netty.handler.codec.ByteToMessageDecoder.fireChannelRead(ByteToMessageDecoder.java:346)",
    "\tat io.netty.handler.codec.ByteToMessageDecoder.channelRead(ByteToMessageDecoder.java:318)",
    "\tat io.netty.channel.CombinedChannelDuplexHandler.channelRead(CombinedChannelDuplexHandler.java:251)",
    "\tat io.netty.channel.AbstractChannelHandlerContext.invokeChannelRead(AbstractChannelHandlerContext.java:442)",
    "\tat io.netty.channel.DefaultChannelPipeline$HeadContext.channelRead(DefaultChannelPipeline.java:1357)",
    "\tat io.netty.channel.DefaultChannelPipeline.fireChannelRead(DefaultChannelPipeline.java:868)",
    "\tat io.netty.channel.nio.AbstractNioByteChannel$NioByteUnsafe.read(AbstractNioByteChannel.java:166)",
    "\tat io.netty.channel.nio.NioEventLoop.processSelectedKey(NioEventLoop.java:796)",
    "\tat io.netty.channel.nio.NioEventLoop.processSelectedKeysOptimized(NioEventLoop.java:732)",
    "\tat io.netty.channel.nio.NioEventLoop.processSelectedKeys(NioEventLoop.java:658)",
    "\tat io.netty.channel.nio.NioEventLoop.run(NioEventLoop.java:562)",
    "\tat io.netty.util.concurrent.SingleThreadEventExecutor$4.run(SingleThreadEventExecutor.java:998)",
    "\tat io.netty.util.internal.ThreadExecutorMap$2.run(ThreadExecutorMap.java:74)",
    "\tat io.netty.util.concurrent.FastThreadLocalRunnable.run(FastThreadLocalRunnable.java:30)",
    "\tat java.base/java.lang.Thread.run(Thread.java:1583)",
]


def rest_blocking_error(lc, thread, path, resource, method_sig, app_frames):
    """What Quarkus REST logs when a Uni endpoint touches Hibernate ORM on the event loop."""
    eid = f"{hx(8)}-{hx(4)}-{hx(4)}-{hx(4)}-{hx(12)}-{HX.randint(1, 9)}"
    return [
        f"{lc(20, 120)} ERROR [org.jbo.res.rea.ser.cor.RuntimeExceptionMapper] ({thread}) A blocking operation occurred "
        f"on the IO thread. This likely means you need to annotate {resource}#{method_sig} with "
        f"@io.smallrye.common.annotation.Blocking. Alternatively you can annotate the class {resource} to make every "
        "method on the class blocking, or annotate your sub class of the jakarta.ws.rs.core.Application class to make "
        "the whole application blocking",
        f"{lc(1, 6)} ERROR [io.qua.ver.htt.run.QuarkusErrorHandler] ({thread}) HTTP Request to {path} failed, error id: "
        f"{eid}: io.quarkus.runtime.BlockingOperationNotAllowedException: {BLOCKING_MSG}",
    ] + app_frames + REST_IO_TAIL


RA_FRAMES = [
    "\tat java.base/jdk.internal.reflect.DirectConstructorHandleAccessor.newInstance(DirectConstructorHandleAccessor.java:62)",
    "\tat java.base/java.lang.reflect.Constructor.newInstanceWithCaller(Constructor.java:502)",
    "\tat java.base/java.lang.reflect.Constructor.newInstance(Constructor.java:486)",
    "\tat org.codehaus.groovy.reflection.CachedConstructor.invoke(CachedConstructor.java:73)",
    "\tat org.codehaus.groovy.runtime.callsite.ConstructorSite$ConstructorSiteNoUnwrapNoCoerce.callConstructor(ConstructorSite.java:108)",
    "\tat org.codehaus.groovy.runtime.callsite.CallSiteArray.defaultCallConstructor(CallSiteArray.java:57)",
    "\tat io.restassured.internal.ResponseSpecificationImpl$HamcrestAssertionClosure.validate(ResponseSpecificationImpl.groovy:511)",
    "\tat io.restassured.internal.ResponseSpecificationImpl$HamcrestAssertionClosure$validate$1.call(Unknown Source)",
    "\tat io.restassured.internal.ResponseSpecificationImpl.validateResponseIfRequired(ResponseSpecificationImpl.groovy:696)",
    "\tat io.restassured.internal.ResponseSpecificationImpl.this$2$validateResponseIfRequired(ResponseSpecificationImpl.groovy)",
    "\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)",
    "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)",
    "\tat org.codehaus.groovy.runtime.callsite.PlainObjectMetaMethodSite.doInvoke(PlainObjectMetaMethodSite.java:43)",
    "\tat org.codehaus.groovy.runtime.callsite.PogoMetaMethodSite$PogoCachedMethodSiteNoUnwrapNoCoerce.invoke(PogoMetaMethodSite.java:198)",
    "\tat org.codehaus.groovy.runtime.callsite.PogoMetaMethodSite.callCurrent(PogoMetaMethodSite.java:62)",
    "\tat org.codehaus.groovy.runtime.callsite.CallSiteArray.defaultCallCurrent(CallSiteArray.java:49)",
    "\tat io.restassured.internal.ResponseSpecificationImpl.statusCode(ResponseSpecificationImpl.groovy:135)",
    "\tat io.restassured.specification.ResponseSpecification$statusCode$0.callCurrent(Unknown Source)",
    "\tat io.restassured.internal.ResponseSpecificationImpl.statusCode(ResponseSpecificationImpl.groovy:143)",
    "\tat io.restassured.internal.ValidatableResponseOptionsImpl.statusCode(ValidatableResponseOptionsImpl.java:89)",
]

QT_TAIL = [
    "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)",
    "\tat io.quarkus.test.junit.QuarkusTestExtension.runExtensionMethod(QuarkusTestExtension.java:1001)",
    "\tat io.quarkus.test.junit.QuarkusTestExtension.interceptTestMethod(QuarkusTestExtension.java:855)",
    "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
    "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
]


def ra_status_failure(cls_fq, method, line, expected, got, secs):
    simple = cls_fq.rsplit(".", 1)[1]
    block = [
        f"[ERROR] {cls_fq}.{method} -- Time elapsed: {secs} s <<< FAILURE!",
        "java.lang.AssertionError: ",
        "1 expectation failed.",
        f"Expected status code <{expected}> but was <{got}>.",
        "",
    ] + RA_FRAMES + [f"\tat {cls_fq}.{method}({simple}.java:{line})"] + QT_TAIL + [""]
    summary = [f"[ERROR]   {simple}.{method}:{line} 1 expectation failed.",
               f"Expected status code <{expected}> but was <{got}>.", ""]
    return block, summary


def failing_test_run(d, boot_before, run_cls, n, fails, errors, blocks, summaries, kind="Failures",
                     main_changed=True, test_changed=True, log_lines=(), stop_line=None, class_secs=None, lc=None):
    """A `./mvnw test -Dtest=<one class>` run that fails; log_lines are the app log lines printed while it ran."""
    lc_lines = list(log_lines)
    out = mvn_head() + mvn_compile(main_changed, test_changed) + surefire_start()
    out.append(f"[INFO] Running {run_cls}")
    out += boot_before
    out += lc_lines
    out.append(tests_run_line(run_cls, n, fail=fails, err=errors,
                              secs=class_secs or f"{HX.randint(8, 14)}.{HX.randint(100, 999)}"))
    for b in blocks:
        out += b
    if stop_line:
        out.append(stop_line)
    out += ["[INFO] ", "[INFO] Results:", "[INFO] ", f"[ERROR] {kind}: "]
    for s in summaries:
        out += s
    out += ["[INFO] ", f"[ERROR] Tests run: {n}, Failures: {fails}, Errors: {errors}, Skipped: 0", "[INFO] "]
    secs = 20 + HX.random() * 8
    if lc is not None:
        secs = max(secs, (lc.t - local(d)[0]).total_seconds() + 1.5 + HX.random())
    return "\n".join(out + mvn_failure(d, secs, SUREFIRE_FAIL, extra=SUREFIRE_FAIL_EXTRA))


# test inventory: (fqcn, tests, is @QuarkusTest)
def fq(rel):
    return "io.brightcart.loyalty." + rel


TESTS = [
    (fq("HealthTest"), 2, True),
    (fq("member.MemberLookupTest"), 3, True),
    (fq("member.MemberResourceTest"), 2, True),
    (fq("member.MemberStatusResourceTest"), 4, True),
    (fq("points.PointsCalculatorTest"), 5, False),
    (fq("points.PointsResourceTest"), 7, True),
    (fq("points.PointsServiceTest"), 4, True),
]


def set_tests(name, n, qk=True):
    for i, (f, _, q) in enumerate(TESTS):
        if f == name:
            TESTS[i] = (f, n, q)
            return
    TESTS.append((name, n, qk))


def only(*names):
    return [t for t in TESTS if t[0] in names]


GIT_LOG_3W = """b7f04d1 2026-10-16 Marek Nowak    Merge branch 'chore/renovate-2026-10-15' into 'main'
0c9e2aa 2026-10-15 renovate[bot]  chore(deps): update dependency org.awaitility:awaitility to v4.3.0
e41d7b3 2026-10-15 Devi Raman     ci: cache ~/.m2 per branch, drop the ubi8 builder image
9a2f6c1 2026-10-14 Marek Nowak    Merge branch 'feat/member-status-audit' into 'main'
5d83b0e 2026-10-14 Joel Mendes    member status: audit who blocked a card (LOY-405)
71c0e9f 2026-10-13 Joel Mendes    member status: reject earn/redeem for BLOCKED cards
c2a5d4e 2026-10-10 Sofia Reis     test: PointsResourceTest covers duplicate receipt 409
3b9d1fa 2026-10-09 Marek Nowak    Merge tag 'v1.13.0' into main
f0e7a21 2026-10-08 Marek Nowak    chore(release): 1.13.0
8e6c44b 2026-10-08 Marek Nowak    cache card lookups for 10 minutes (member-by-card)
1d2f9e7 2026-10-07 Joel Mendes    V12: unique card numbers (LOY-412)
a7c3e58 2026-10-06 Devi Raman     k8s: requests/limits for the native image, 96Mi/192Mi
64be0d2 2026-10-06 Devi Raman     k8s: add-version-to-label-selectors=false (selector was immutable on every bump)
2f41a9c 2026-10-05 Joel Mendes    member status ACTIVE/BLOCKED + admin endpoint (LOY-398)
90d6e1b 2026-10-02 Marek Nowak    Merge branch 'feat/partnerhub-client' into 'main'
c81a7f3 2026-10-02 Marek Nowak    PartnerHub: reactive rest client for /v2/offers and /v2/offers/featured
4e07b29 2026-10-01 Sofia Reis     test: TestMembers helper, one transaction per call
b3d95c0 2026-09-30 Devi Raman     native: switch base image to quarkus-distroless-image:2.0
77aa1e4 2026-09-30 Devi Raman     management interface on :9000, probes moved there
d95e830 2026-09-29 renovate[bot]  chore(deps): update quarkus.platform.version to v3.27.3
1c6b8fd 2026-09-29 Marek Nowak    spotless: palantir-java-format 2.74.0
e2f9307 2026-09-28 Joel Mendes    ledger: ADJUST entries need a reason in the admin UI (LOY-377 follow-up)"""


def gen():
    d = Dev("quarkus-kube", U, "en", MODEL, seed=20261019, files=FILES)

    # ============================================================ S1  Mon 10-19
    with d.session("2026-10-19T08:10:00", R, branch="main", version="2.1.118"):
        t = d.task("back from 3 weeks off. what landed on main while I was away? short summary please, and call out "
                   "anything that touches points, tiers or how we deploy", tags=["noise", "long_output"])
        t.bash("git pull --ff-only", "Update main",
               out=f"""Updating 3e1a9c2..b7f04d1
Fast-forward
 .gitlab-ci.yml                                     |  21 +-
 CHANGELOG.md                                       |  12 +
 pom.xml                                            |   6 +-
 src/main/java/io/brightcart/loyalty/member/Member.java        |   5 +
 src/main/java/io/brightcart/loyalty/member/MemberLookup.java  |  24 ++
 src/main/java/io/brightcart/loyalty/member/MemberStatus.java  |   6 +
 .../loyalty/member/MemberStatusResource.java       |  58 +++++
 .../brightcart/loyalty/offers/PartnerOffer.java    |   5 +
 .../loyalty/offers/PartnerOffersClient.java        |  22 ++
 .../brightcart/loyalty/points/PointsService.java   |  14 +-
 src/main/resources/application.properties          |  19 +-
 .../db/migration/V11__member_status.sql            |  12 +
 .../db/migration/V12__member_card_number_unique.sql |   2 +
 .../loyalty/member/MemberStatusResourceTest.java   | 104 +++++++++
 .../loyalty/points/PointsResourceTest.java         |  37 ++-
 .../loyalty/testsupport/TestMembers.java           |  45 ++++
 16 files changed, 371 insertions(+), 21 deletions(-)
 create mode 100644 src/main/java/io/brightcart/loyalty/member/MemberLookup.java
 create mode 100644 src/main/java/io/brightcart/loyalty/member/MemberStatus.java
 create mode 100644 src/main/java/io/brightcart/loyalty/member/MemberStatusResource.java
 create mode 100644 src/main/java/io/brightcart/loyalty/offers/PartnerOffer.java
 create mode 100644 src/main/java/io/brightcart/loyalty/offers/PartnerOffersClient.java
 create mode 100644 src/main/resources/db/migration/V11__member_status.sql
 create mode 100644 src/main/resources/db/migration/V12__member_card_number_unique.sql
 create mode 100644 src/test/java/io/brightcart/loyalty/member/MemberStatusResourceTest.java
 create mode 100644 src/test/java/io/brightcart/loyalty/testsupport/TestMembers.java""",
               err="From gitlab.brightcart.io:loyalty/loyalty-quarkus\n   3e1a9c2..b7f04d1  main       -> origin/main")
        t.bash("git log --since='3 weeks ago' --date=short --pretty=format:'%h %ad %<(14,trunc)%an %s'",
               "List commits of the last three weeks", out=GIT_LOG_3W)
        t.bash("git log --since='3 weeks ago' --stat --oneline --no-merges -- src/main/java/io/brightcart/loyalty/points "
               "src/main/java/io/brightcart/loyalty/member src/main/resources/application.properties",
               "Commits touching points, members and config",
               out="""71c0e9f member status: reject earn/redeem for BLOCKED cards
 .../java/io/brightcart/loyalty/points/PointsService.java | 14 +++++++++++---
 1 file changed, 11 insertions(+), 3 deletions(-)
8e6c44b cache card lookups for 10 minutes (member-by-card)
 .../java/io/brightcart/loyalty/member/MemberLookup.java  | 24 ++++++++++++++++++++++++
 src/main/resources/application.properties                |  2 ++
 2 files changed, 26 insertions(+)
a7c3e58 k8s: requests/limits for the native image, 96Mi/192Mi
 src/main/resources/application.properties | 2 ++
 1 file changed, 2 insertions(+)
64be0d2 k8s: add-version-to-label-selectors=false (selector was immutable on every bump)
 src/main/resources/application.properties | 1 +
 1 file changed, 1 insertion(+)
2f41a9c member status ACTIVE/BLOCKED + admin endpoint (LOY-398)
 src/main/java/io/brightcart/loyalty/member/Member.java        |  5 +++++
 src/main/java/io/brightcart/loyalty/member/MemberStatus.java  |  6 ++++++
 .../loyalty/member/MemberStatusResource.java                  | 58 ++++++++++++++++++++
 3 files changed, 69 insertions(+)
c81a7f3 PartnerHub: reactive rest client for /v2/offers and /v2/offers/featured
 src/main/resources/application.properties | 4 ++++
 1 file changed, 4 insertions(+)
b3d95c0 native: switch base image to quarkus-distroless-image:2.0
 src/main/resources/application.properties | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)
77aa1e4 management interface on :9000, probes moved there
 src/main/resources/application.properties | 3 +++
 1 file changed, 3 insertions(+)""")
        t.read(P("src/main/resources/application.properties"))
        t.done("""22 commits since Sep 28, released as **1.13.0** on Oct 8 plus a few things after it.

**Features**
- **Member status** ACTIVE/BLOCKED with an admin endpoint (Joel, LOY-398); since Oct 13 earn/redeem are rejected for BLOCKED cards (`PointsService`), and blocks are audited (LOY-405).
- **Card numbers unique** in the DB (`V12`).
- **Card lookup cache**: `MemberLookup.byCard` is `@CacheResult(member-by-card)`, 10 min expire-after-write.
- **PartnerHub client** (Marek): reactive `PartnerOffersClient` (`/v2/offers`, `/v2/offers/featured`, returns `Uni`), config key `partner-offers`; nothing calls it yet.

**Points / tiers** — only the BLOCKED check in `PointsService`. Tier thresholds are still 2000 / 10000 in `application.properties`, calculation unchanged.

**Deploy / platform** (Devi)
- Native image base is now `quay.io/quarkus/quarkus-distroless-image:2.0`.
- Management interface on **:9000** — health and `/q/metrics` moved there; the ingress only exposes 8080.
- `quarkus.kubernetes.add-version-to-label-selectors=false`: the version label was in the Deployment selector, so every version bump made `kubectl apply` fail on an immutable selector.
- Memory requests/limits 96Mi/192Mi for the native pods.
- CI caches `~/.m2` per branch; ubi8 builder image dropped.

Housekeeping: Quarkus 3.27.3, palantir-java-format 2.74.0 via Spotless, Awaitility 4.3.0, `TestMembers` test helper.""")

        t = d.task("quick one before I start: @QuarkusTest vs @QuarkusIntegrationTest — when does the IT actually run "
                   "against the native binary, and would a plain ./mvnw verify run ours?", tags=["noise", "no_tools"])
        t.done("""- **`@QuarkusTest`** runs inside the test JVM: Quarkus boots in-process (test profile, Dev Services), you can inject beans, use `@InjectMock`, call Panache directly. Surefire runs them in `test`.
- **`@QuarkusIntegrationTest`** runs against the *built artifact* as a separate process — the fast-jar, a container image, or the native executable, whichever `quarkus:build` produced. It is black-box: HTTP only, no injection, no mocks. Failsafe runs them in `integration-test`/`verify`.

So it hits the native binary when the build produced one, i.e. with `-Dnative` (`quarkus.native.enabled=true`). Failsafe finds it through the `native.image.path` system property in the pom.

Would plain `./mvnw verify` run them? No: the pom sets `<skipITs>true</skipITs>` and only the `native` profile flips it to `false`. Plain `verify` = unit/`@QuarkusTest` + JVM build + `spotless:check`, failsafe prints "Tests are skipped". `./mvnw verify -Dnative` builds the native executable in the Mandrel container (a few minutes) and then runs the ITs against it.

Side note: `./mvnw package -Dnative` (what the README uses for dev deploys) stops before `integration-test`, so ITs never run there either.""")

        t = d.task("marketing wants double points on weekends (Sat+Sun, Lisbon time) starting Nov 1. and Marta from finance "
                   "wants the final number rounded half up instead of truncated. put it in PointsCalculator, branch off "
                   "main, tests for the edge cases", tags=["oneoff:O1"])
        t.bash("git switch -c feat/weekend-double-points", "Create the feature branch",
               err="Switched to a new branch 'feat/weekend-double-points'")
        calc = P(f"{J}/points/PointsCalculator.java")
        ct = P(f"{T}/points/PointsCalculatorTest.java")
        svc = P(f"{J}/points/PointsService.java")
        t.read(calc)
        t.read(ct)
        t.grep("pointsFor\\(", output_mode="content", n=True, path=P("src"),
               content="\n".join(
                   [f"{R}/src/main/java/{PKG}/points/PointsService.java:{line_of(d, svc, 'calculator.pointsFor')}:        long points = calculator.pointsFor(amountCents, member.tier);",
                    f"{R}/src/main/java/{PKG}/points/PointsCalculator.java:{line_of(d, calc, 'public long pointsFor')}:    public long pointsFor(long amountCents, Tier tier) {{"]
                   + [f"{R}/src/test/java/{PKG}/points/PointsCalculatorTest.java:{i}:{l}"
                      for i, l in enumerate(d.files[ct].split("\n"), 1) if "calculator.pointsFor(" in l]))
        t.say("Only `PointsService.credit` calls it. I'll add the purchase date as a parameter (the service passes "
              "today's date in Lisbon), keep a promo start date, and round half up at the end.")
        t.write(calc, """package io.brightcart.loyalty.points;

import io.brightcart.loyalty.member.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.LocalDate;
import org.eclipse.microprofile.config.inject.ConfigProperty;

@ApplicationScoped
public class PointsCalculator {

    /** Weekend double points campaign (marketing, LOY-431). */
    static final LocalDate WEEKEND_PROMO_START = LocalDate.of(2026, 11, 1);

    private static final BigDecimal WEEKEND_FACTOR = BigDecimal.valueOf(2);

    private final BigDecimal baseRate;

    public PointsCalculator(@ConfigProperty(name = "loyalty.points.base-rate") BigDecimal baseRate) {
        this.baseRate = baseRate;
    }

    /**
     * Points for a purchase: euros x base rate x tier multiplier, doubled on weekends from
     * {@link #WEEKEND_PROMO_START}, rounded half up.
     *
     * @param purchaseDate the purchase date in Europe/Lisbon
     */
    public long pointsFor(long amountCents, Tier tier, LocalDate purchaseDate) {
        BigDecimal euros = BigDecimal.valueOf(amountCents, 2);
        long points = euros.multiply(baseRate)
                .multiply(tier.multiplier())
                .setScale(0, RoundingMode.HALF_UP)
                .longValue();
        return isPromoWeekend(purchaseDate) ? points * WEEKEND_FACTOR.longValue() : points;
    }

    static boolean isPromoWeekend(LocalDate date) {
        DayOfWeek day = date.getDayOfWeek();
        return !date.isBefore(WEEKEND_PROMO_START) && (day == DayOfWeek.SATURDAY || day == DayOfWeek.SUNDAY);
    }
}
""")
        t.read(svc)
        t.edit(svc, """import jakarta.transaction.Transactional;
import java.time.Instant;""", """import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;""")
        t.edit(svc, """        long points = calculator.pointsFor(amountCents, member.tier);""",
               """        long points = calculator.pointsFor(amountCents, member.tier, LocalDate.now(LISBON));""")
        t.edit(svc, """public class PointsService {
""", """public class PointsService {

    private static final ZoneId LISBON = ZoneId.of("Europe/Lisbon");
""")
        t.write(ct, """package io.brightcart.loyalty.points;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brightcart.loyalty.member.Tier;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class PointsCalculatorTest {

    private static final LocalDate WEDNESDAY = LocalDate.of(2026, 11, 4);
    private static final LocalDate SATURDAY = LocalDate.of(2026, 11, 7);
    private static final LocalDate SUNDAY = LocalDate.of(2026, 11, 8);
    private static final LocalDate SATURDAY_BEFORE_PROMO = LocalDate.of(2026, 10, 31);

    private final PointsCalculator calculator = new PointsCalculator(new BigDecimal("1.0"));

    @Test
    void bronzeEarnsOnePointPerEuro() {
        assertEquals(42, calculator.pointsFor(4_200, Tier.BRONZE, WEDNESDAY));
    }

    @Test
    void silverMultiplierApplies() {
        assertEquals(53, calculator.pointsFor(4_200, Tier.SILVER, WEDNESDAY)); // 52.5 -> 53
    }

    @Test
    void goldMultiplierApplies() {
        assertEquals(63, calculator.pointsFor(4_200, Tier.GOLD, WEDNESDAY));
    }

    @Test
    void roundsHalfUp() {
        assertEquals(10, calculator.pointsFor(950, Tier.BRONZE, WEDNESDAY)); // 9.50 -> 10
        assertEquals(9, calculator.pointsFor(949, Tier.BRONZE, WEDNESDAY)); // 9.49 -> 9
    }

    @Test
    void zeroAmountEarnsNothing() {
        assertEquals(0, calculator.pointsFor(0, Tier.GOLD, SATURDAY));
    }

    @Test
    void weekendDoublesFromPromoStart() {
        assertEquals(84, calculator.pointsFor(4_200, Tier.BRONZE, SATURDAY));
        assertEquals(84, calculator.pointsFor(4_200, Tier.BRONZE, SUNDAY));
        assertEquals(42, calculator.pointsFor(4_200, Tier.BRONZE, SATURDAY_BEFORE_PROMO));
    }

    @Test
    void weekendDoublesBeforeRounding() {
        // 12.30 EUR on a Saturday: 24.6 -> 25, not round(12.3) x 2 = 24
        assertEquals(25, calculator.pointsFor(1_230, Tier.BRONZE, SATURDAY));
    }
}
""")
        ln58 = line_of(d, ct, "assertEquals(25, calculator")
        fail_out = "\n".join(mvn_head() + mvn_compile(True, True) + surefire_start() + [
            f"[INFO] Running {fq('points.PointsCalculatorTest')}",
            tests_run_line(fq("points.PointsCalculatorTest"), 7, fail=1, secs="0.061"),
            f"[ERROR] {fq('points.PointsCalculatorTest')}.weekendDoublesBeforeRounding -- Time elapsed: 0.004 s <<< FAILURE!",
            "org.opentest4j.AssertionFailedError: expected: <25> but was: <24>",
            "\tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)",
            "\tat org.junit.jupiter.api.AssertionFailureBuilder.buildAndThrow(AssertionFailureBuilder.java:132)",
            "\tat org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)",
            "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:166)",
            "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:161)",
            "\tat org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:639)",
            f"\tat {fq('points.PointsCalculatorTest')}.weekendDoublesBeforeRounding(PointsCalculatorTest.java:{ln58})",
            "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
            "",
            "[INFO] ",
            "[INFO] Results:",
            "[INFO] ",
            "[ERROR] Failures: ",
            f"[ERROR]   PointsCalculatorTest.weekendDoublesBeforeRounding:{ln58} expected: <25> but was: <24>",
            "[INFO] ",
            "[ERROR] Tests run: 7, Failures: 1, Errors: 0, Skipped: 0",
            "[INFO] ",
        ] + mvn_failure(d, 7.912, SUREFIRE_FAIL, extra=SUREFIRE_FAIL_EXTRA))
        t.fail("./mvnw test -Dtest=PointsCalculatorTest", "Run the calculator tests", fail_out)
        wait(d, 9)
        t.say("The edge-case test caught my own ordering bug: I round first and double afterwards, so 12.3 -> 12 -> 24. "
              "The weekend factor has to go in before rounding.")
        t.edit(calc, """        BigDecimal euros = BigDecimal.valueOf(amountCents, 2);
        long points = euros.multiply(baseRate)
                .multiply(tier.multiplier())
                .setScale(0, RoundingMode.HALF_UP)
                .longValue();
        return isPromoWeekend(purchaseDate) ? points * WEEKEND_FACTOR.longValue() : points;""",
               """        BigDecimal euros = BigDecimal.valueOf(amountCents, 2);
        BigDecimal points = euros.multiply(baseRate).multiply(tier.multiplier());
        if (isPromoWeekend(purchaseDate)) {
            points = points.multiply(WEEKEND_FACTOR);
        }
        return points.setScale(0, RoundingMode.HALF_UP).longValue();""")
        set_tests(fq("points.PointsCalculatorTest"), 7, False)
        t.bash("./mvnw test -Dtest=PointsCalculatorTest", "Re-run the calculator tests",
               out=test_run_ok(d, only(fq("points.PointsCalculatorTest")), True, True))
        wait(d, 8)
        t.bash("./mvnw test -Dtest='Points*Test'", "Run all points tests (service passes the date now)",
               out=test_run_ok(d, only(fq("points.PointsCalculatorTest"), fq("points.PointsResourceTest"),
                                       fq("points.PointsServiceTest")), False, False), timeout=600000)
        wait(d, 31)
        c = sha()
        t.bash('git add -A && git commit -m "points: weekend double points from Nov 1, round half up (LOY-431)"',
               "Commit", out=f"""[feat/weekend-double-points {c}] points: weekend double points from Nov 1, round half up (LOY-431)
 3 files changed, 58 insertions(+), 13 deletions(-)""")
        t.done("""Done on `feat/weekend-double-points` (committed, not pushed).

- `PointsCalculator.pointsFor(amountCents, tier, purchaseDate)`: euros × base rate × tier multiplier, ×2 on Saturday/Sunday from **2026-11-01**, then **rounded half up** (was truncation).
- `PointsService.credit` passes `LocalDate.now(Europe/Lisbon)`.
- Tests: half-up at .50/.49, Sat/Sun doubling, the Saturday before Nov 1 not doubled, and doubling *before* rounding.

That last test failed on my first version (12.30 € on a Saturday gave 24 instead of 25 because I rounded before doubling); fixed by applying the weekend factor before `setScale`. All 18 points tests pass.

Heads-up for Marta: half-up also changes weekday results — a silver 42 € purchase now earns 53 instead of 52.""")

    # ============================================================ S2  Tue 10-20
    with d.session("2026-10-20T08:35:00", R, branch="feat/partner-offers", version="2.1.118"):
        t = d.task("partner offers for the app: GET /api/v1/members/{id}/offers -> PartnerHub offers for the member's "
                   "tier, country PT, drop expired ones, map to our own OfferView (id, partner, title, pointsCost, "
                   "expiresAt). the client is reactive so the endpoint can return Uni. inject things through the "
                   "constructor please, no @Inject on fields - way easier to unit test. tests with the client mocked",
                   tags=["mistake:M1", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/partner-offers",
               "Branch off an up-to-date main", out="Already up to date.",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "Switched to a new branch 'feat/partner-offers'")
        t.read(P(f"{J}/offers/PartnerOffersClient.java"))
        t.read(P(f"{J}/offers/PartnerOffer.java"))
        t.read(P(f"{T}/member/MemberResourceTest.java"))
        t.read(P(f"{T}/testsupport/TestMembers.java"))
        ov = P(f"{J}/offers/OfferView.java")
        mor = P(f"{J}/offers/MemberOffersResource.java")
        mot = P(f"{T}/offers/MemberOffersResourceTest.java")
        t.write(ov, """package io.brightcart.loyalty.offers;

import java.time.Instant;

public record OfferView(String id, String partner, String title, int pointsCost, Instant expiresAt) {

    static OfferView from(PartnerOffer o) {
        return new OfferView(o.id(), o.partner(), o.title(), o.pointsCost(), o.expiresAt());
    }
}
""")
        t.write(mor, """package io.brightcart.loyalty.offers;

import io.brightcart.loyalty.member.Member;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestPath;

@Path("/api/v1/members/{memberId}/offers")
@Produces(MediaType.APPLICATION_JSON)
public class MemberOffersResource {

    static final String COUNTRY = "PT";

    private final PartnerOffersClient partnerOffers;

    public MemberOffersResource(@RestClient PartnerOffersClient partnerOffers) {
        this.partnerOffers = partnerOffers;
    }

    @GET
    public Uni<List<OfferView>> offers(@RestPath long memberId) {
        Member member = Member.<Member>findByIdOptional(memberId).orElseThrow(NotFoundException::new);
        Instant now = Instant.now();
        return partnerOffers.offers(member.tier.name(), COUNTRY).map(offers -> offers.stream()
                .filter(o -> o.expiresAt() == null || o.expiresAt().isAfter(now))
                .map(OfferView::from)
                .toList());
    }
}
""")
        t.write(mot, """package io.brightcart.loyalty.offers;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.Mockito.when;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.testsupport.TestMembers;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.junit.jupiter.api.Test;

@QuarkusTest
class MemberOffersResourceTest {

    @InjectMock
    @RestClient
    PartnerOffersClient partnerOffers;

    @Test
    void returnsOffersForMemberTier() {
        Member m = TestMembers.create(Tier.GOLD);
        when(partnerOffers.offers("GOLD", "PT"))
                .thenReturn(Uni.createFrom().item(List.of(offer("po-1", "Galp", Instant.now().plus(7, ChronoUnit.DAYS)))));

        given().when()
                .get("/api/v1/members/{id}/offers", m.id)
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].partner", equalTo("Galp"));
    }

    @Test
    void dropsExpiredOffers() {
        Member m = TestMembers.create(Tier.SILVER);
        when(partnerOffers.offers("SILVER", "PT"))
                .thenReturn(Uni.createFrom().item(List.of(
                        offer("po-2", "Worten", Instant.now().minus(1, ChronoUnit.HOURS)),
                        offer("po-3", "Sonae", Instant.now().plus(2, ChronoUnit.DAYS)))));

        given().when()
                .get("/api/v1/members/{id}/offers", m.id)
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].id", equalTo("po-3"));
    }

    @Test
    void unknownMemberIs404() {
        given().when().get("/api/v1/members/{id}/offers", 999_999).then().statusCode(404);
    }

    private static PartnerOffer offer(String id, String partner, Instant expiresAt) {
        return new PartnerOffer(id, partner, partner + " offer", 500, expiresAt);
    }
}
""")
        State.main_sources += 2
        State.test_sources += 1
        lc = LogClock(d, 9)
        boot = quarkus_boot(lc)
        ln_find = line_of(d, mor, "findByIdOptional(memberId)")
        frames = ORM_FIND + [
            "\tat io.quarkus.hibernate.orm.panache.common.runtime.AbstractJpaOperations.findByIdOptional(AbstractJpaOperations.java:215)",
            "\tat io.brightcart.loyalty.member.Member.findByIdOptional(Member.java)",
            f"\tat io.brightcart.loyalty.offers.MemberOffersResource.offers(MemberOffersResource.java:{ln_find})",
            "\tat io.brightcart.loyalty.offers.MemberOffersResource$quarkusrestinvoker$offers_3f1c0a9e2d7b4c6e8a5f0b1d2c3e4f5a6b7c8d9e.invoke(Unknown Source)",
        ]
        res = "io.brightcart.loyalty.offers.MemberOffersResource"
        logs = []
        ids = []
        for i in range(3):
            mid = 1 + i if i < 2 else 999999
            ids.append(mid)
            logs += rest_blocking_error(lc, f"vert.x-eventloop-thread-{i % 2}", f"/api/v1/members/{mid}/offers", res,
                                        "offers(long)", frames)
        cls = fq("offers.MemberOffersResourceTest")
        b1, s1 = ra_status_failure(cls, "dropsExpiredOffers", line_of(d, mot, ".statusCode(200)", 2), 200, 500, "0.052")
        b2, s2 = ra_status_failure(cls, "returnsOffersForMemberTier", line_of(d, mot, ".statusCode(200)"), 200, 500, "0.418")
        b3, s3 = ra_status_failure(cls, "unknownMemberIs404", line_of(d, mot, "statusCode(404)"), 404, 500, "0.031")
        out = failing_test_run(d, boot, cls, 3, 3, 0, [b1, b2, b3], [s1, s2, s3], log_lines=logs,
                               class_secs="9.874", lc=lc,
                               stop_line=f"{lc(40, 200)} INFO  [io.quarkus] (main) loyalty-service stopped in 0.071s")
        t.fail("./mvnw test -Dtest=MemberOffersResourceTest", "Run the new offers tests", out, timeout=600000)
        wait(d, 33)
        t.say("All three requests die with a 500 before the client is even called: `Member.findByIdOptional` runs on "
              "the Vert.x event loop. In Quarkus REST an endpoint that returns `Uni` is dispatched on the IO thread, and "
              "Hibernate ORM (blocking JDBC) refuses to run there. The endpoint mixes a blocking DB lookup with the "
              "reactive client, so it should run on a worker thread: `@Blocking` on the method. The Uni from the client "
              "still composes fine from there.")
        t.edit(mor, """import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;""", """import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;""")
        t.edit(mor, """    @GET
    public Uni<List<OfferView>> offers(@RestPath long memberId) {""", """    @GET
    @Blocking // Panache lookup below is blocking; a Uni return type alone would put us on the event loop
    public Uni<List<OfferView>> offers(@RestPath long memberId) {""")
        set_tests(cls, 3)
        t.bash("./mvnw test -Dtest=MemberOffersResourceTest", "Re-run the offers tests",
               out=test_run_ok(d, only(cls), True, False), timeout=600000)
        wait(d, 29)
        t.done("""`GET /api/v1/members/{memberId}/offers` is in (`feat/partner-offers`, not committed yet):

- `MemberOffersResource` — `PartnerOffersClient` comes in through the constructor (`@RestClient` on the parameter), no field injection. Looks up the member, asks PartnerHub for `tier`/`PT`, drops offers whose `expiresAt` is in the past, maps to `OfferView(id, partner, title, pointsCost, expiresAt)`. Unknown member -> 404.
- `MemberOffersResourceTest` — client replaced with `@InjectMock @RestClient`; happy path, expired filtering, 404. **3/3 green.**

First run: all 3 tests got a 500 with `BlockingOperationNotAllowedException: You have attempted to perform a blocking operation on a IO thread`. Returning `Uni` makes Quarkus REST run the method on the event loop, and the Panache lookup is blocking. Fixed by putting `@Blocking` on the method so it runs on a worker thread; the client's `Uni` is still returned as-is.""")

        t = d.task("PartnerHub can be slow (their p99 was ~8s last time I looked). what's the proper way to put "
                   "connect/read timeouts on the quarkus rest client? check the docs, don't guess. then make the offers "
                   "endpoint give up after 2s and return an empty list instead of breaking the app home screen",
                   tags=["noise", "webfetch"])
        t.webfetch("https://quarkus.io/guides/rest-client",
                   "How do I configure connect and read timeouts for a specific REST client via configuration? Exact "
                   "property names, units, and whether there is a global default.",
                   """**Timeouts for the Quarkus REST Client (quarkus-rest-client)**

Per client, keyed by the `configKey` of `@RegisterRestClient` (or the fully qualified interface name):

- `quarkus.rest-client."config-key".connect-timeout` — timeout for establishing the connection, **in milliseconds**.
- `quarkus.rest-client."config-key".read-timeout` — timeout for the whole response, **in milliseconds**.

Quotes around the key are only needed when it contains dots; `quarkus.rest-client.partner-offers.read-timeout=2000` works.

Global defaults for every client: `quarkus.rest-client.connect-timeout` and `quarkus.rest-client.read-timeout`. The defaults are 15000 ms (connect) and 30000 ms (read).

When a timeout is hit the call fails; with a reactive return type the `Uni` fails with the exception (a `ProcessingException` wrapping the Vert.x timeout), so it can be handled with `onFailure()`. For retries, circuit breakers or method-level timeouts the guide points to SmallRye Fault Tolerance (`@Timeout`, `@Retry`, `@Fallback`).""")
        props = P("src/main/resources/application.properties")
        t.read(props, offset=12, limit=6)
        t.edit(props, """%test.quarkus.rest-client.partner-offers.url=http://localhost:8089
""", """%test.quarkus.rest-client.partner-offers.url=http://localhost:8089
# their p99 is ~8s; the app home screen would rather show no offers than wait
quarkus.rest-client.partner-offers.connect-timeout=1000
quarkus.rest-client.partner-offers.read-timeout=2000
""")
        t.read(mor)
        t.edit(mor, """import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestPath;""", """import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.RestPath;""")
        t.edit(mor, """    static final String COUNTRY = "PT";
""", """    static final String COUNTRY = "PT";

    private static final Logger LOG = Logger.getLogger(MemberOffersResource.class);
""")
        t.edit(mor, """        return partnerOffers.offers(member.tier.name(), COUNTRY).map(offers -> offers.stream()
                .filter(o -> o.expiresAt() == null || o.expiresAt().isAfter(now))
                .map(OfferView::from)
                .toList());""", """        return partnerOffers
                .offers(member.tier.name(), COUNTRY)
                .map(offers -> offers.stream()
                        .filter(o -> o.expiresAt() == null || o.expiresAt().isAfter(now))
                        .map(OfferView::from)
                        .toList())
                .onFailure()
                .recoverWithItem(e -> {
                    LOG.warnf("PartnerHub offers failed, returning empty list: %s", e.toString());
                    return List.of();
                });""")
        t.edit(mot, """    @Test
    void unknownMemberIs404() {""", """    @Test
    void partnerFailureGivesEmptyList() {
        Member m = TestMembers.create(Tier.BRONZE);
        when(partnerOffers.offers("BRONZE", "PT"))
                .thenReturn(Uni.createFrom().failure(new jakarta.ws.rs.ProcessingException("read timeout")));

        given().when()
                .get("/api/v1/members/{id}/offers", m.id)
                .then()
                .statusCode(200)
                .body("size()", equalTo(0));
    }

    @Test
    void unknownMemberIs404() {""")
        set_tests(cls, 4)
        t.bash("./mvnw test -Dtest=MemberOffersResourceTest", "Run the offers tests",
               out=test_run_ok(d, only(cls), True, True), timeout=600000)
        wait(d, 30)
        t.done("""Per the Quarkus REST Client guide the knobs are per client, keyed by the `configKey`, **in milliseconds**:

```properties
quarkus.rest-client.partner-offers.connect-timeout=1000
quarkus.rest-client.partner-offers.read-timeout=2000
```

(Defaults are 15 s connect / 30 s read, so today a slow PartnerHub holds the request for up to 30 s.) Added both to `application.properties`.

When the timeout hits, the client's `Uni` fails, so the endpoint now does `.onFailure().recoverWithItem(...)` -> empty list plus a WARN log line. New test `partnerFailureGivesEmptyList`; 4/4 green.

If you later want retries or a circuit breaker around PartnerHub, that's SmallRye Fault Tolerance (`@Retry`/`@CircuitBreaker`) — not needed for "give up after 2 s".""")

        t = d.task("ok ship it. spotless, full build, push, MR to main", tags=["workflow:W2"])
        t.bash("./mvnw spotless:apply", "Format with Spotless", out=spotless_apply(d, 2))
        t.bash("git status --short", "What changed",
               out=f""" M src/main/resources/application.properties
?? src/main/java/{PKG}/offers/MemberOffersResource.java
?? src/main/java/{PKG}/offers/OfferView.java
?? src/test/java/{PKG}/offers/MemberOffersResourceTest.java""")
        t.bash("./mvnw verify", "Full build: tests, JVM build, spotless:check", out=verify_ok(d, TESTS, True, True),
               timeout=600000)
        wait(d, 71)
        c = sha()
        t.bash('git add -A && git commit -m "offers: GET /members/{id}/offers from PartnerHub, 2s timeout, empty list on failure"',
               "Commit", out=f"""[feat/partner-offers {c}] offers: GET /members/{{id}}/offers from PartnerHub, 2s timeout, empty list on failure
 4 files changed, 164 insertions(+)
 create mode 100644 src/main/java/{PKG}/offers/MemberOffersResource.java
 create mode 100644 src/main/java/{PKG}/offers/OfferView.java
 create mode 100644 src/test/java/{PKG}/offers/MemberOffersResourceTest.java""")
        t.bash("git push -u origin feat/partner-offers", "Push the branch", err=git_push_new("feat/partner-offers"))
        desc87 = """## What

New endpoint `GET /api/v1/members/{memberId}/offers` that returns the PartnerHub offers relevant to a member, for the app home screen.

## Why

Product wants partner offers on the home screen (LOY-420). Marek's reactive `PartnerOffersClient` was merged two weeks ago but had no caller yet.

## How

- `MemberOffersResource` looks up the member (404 if unknown), calls `PartnerOffersClient.offers(tier, "PT")` and maps the result to our own `OfferView` so the app does not depend on PartnerHub's schema.
- Offers whose `expiresAt` is in the past are dropped; offers without `expiresAt` are kept.
- The method returns `Uni<List<OfferView>>` but is marked blocking (worker thread), because the member lookup uses Hibernate ORM and a `Uni` return type would otherwise run it on the event loop.
- The client is constructor-injected.

## Timeouts

- `connect-timeout=1000`, `read-timeout=2000` for the `partner-offers` client (defaults were 15 s / 30 s).
- On any client failure (timeout, 5xx, connection refused) the endpoint returns an empty list and logs a WARN, so the home screen never fails because of PartnerHub.

## Files

- `src/main/java/io/brightcart/loyalty/offers/MemberOffersResource.java` — the endpoint
- `src/main/java/io/brightcart/loyalty/offers/OfferView.java` — response record
- `src/main/resources/application.properties` — timeouts
- `src/test/java/io/brightcart/loyalty/offers/MemberOffersResourceTest.java` — 4 tests

## Testing

- `./mvnw verify` green locally (spotless included).
- Tests cover: happy path, expired offers filtered, PartnerHub failure -> empty list, unknown member -> 404.

## Follow-ups

- Cache PartnerHub responses per tier for a few minutes?
- Metrics for PartnerHub latency/errors.
- Country is hard-coded to PT for now."""
        t.bash(f"glab mr create --source-branch feat/partner-offers --target-branch main "
               f"--title \"Partner offers for members (GET /members/{{id}}/offers)\" --description \"$(cat <<'EOF'\n{desc87}\nEOF\n)\" "
               f"--remove-source-branch --yes", "Open the merge request",
               out=glab_mr_out("feat/partner-offers", 87, "Partner offers for members (GET /members/{id}/offers)"))
        t.done(f"Shipped: spotless fixed formatting in 2 files, `./mvnw verify` green ({sum(x[1] for x in TESTS)} tests, spotless:check OK), "
               f"committed `{c}`, pushed, and opened **!87** -> main: {GL}/-/merge_requests/87 (source branch deleted on merge).")

    # ============================================================ S3  Thu 10-22
    with d.session("2026-10-22T09:05:00", R, branch="main", version="2.1.119"):
        t = d.task("release 1.14.0 today, weekend points (!86) and partner offers (!87) are both merged. usual drill: "
                   "changelog, version, tag, gitlab release", tags=["workflow:W3"])
        t.bash("git switch main && git pull --ff-only", "Update main",
               out="""Updating b7f04d1..4c1d8e2
Fast-forward
 .../loyalty/offers/MemberOffersResource.java       |  56 +++++++++
 .../io/brightcart/loyalty/offers/OfferView.java    |  10 ++
 .../brightcart/loyalty/points/PointsCalculator.java |  37 ++++--
 .../brightcart/loyalty/points/PointsService.java   |   6 +-
 src/main/resources/application.properties          |   3 +
 .../loyalty/offers/MemberOffersResourceTest.java   |  98 ++++++++++++++++
 .../loyalty/points/PointsCalculatorTest.java       |  39 +++++--
 7 files changed, 228 insertions(+), 21 deletions(-)""",
               err="Already on 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "From gitlab.brightcart.io:loyalty/loyalty-quarkus\n   b7f04d1..4c1d8e2  main       -> origin/main")
        t.bash("git log --oneline --no-merges v1.13.0..HEAD", "Changes since 1.13.0",
               out="""8b2e0f7 offers: GET /members/{id}/offers from PartnerHub, 2s timeout, empty list on failure
3d6a1c9 points: weekend double points from Nov 1, round half up (LOY-431)
0c9e2aa chore(deps): update dependency org.awaitility:awaitility to v4.3.0
e41d7b3 ci: cache ~/.m2 per branch, drop the ubi8 builder image
5d83b0e member status: audit who blocked a card (LOY-405)
71c0e9f member status: reject earn/redeem for BLOCKED cards
c2a5d4e test: PointsResourceTest covers duplicate receipt 409""")
        cl = P("CHANGELOG.md")
        t.read(cl, limit=12)
        t.edit(cl, """## 1.13.0 - 2026-10-08
""", """## 1.14.0 - 2026-10-22

- Weekend double points from 2026-11-01 (Sat/Sun, Lisbon time); points are now rounded half up (LOY-431)
- `GET /api/v1/members/{id}/offers`: PartnerHub offers for the member's tier, 2 s timeout, empty list when PartnerHub fails (LOY-420)
- Earn/redeem are rejected for BLOCKED cards; blocking a card is audited (LOY-405)

## 1.13.0 - 2026-10-08
""")
        pom = P("pom.xml")
        t.bash("./mvnw -q versions:set -DnewVersion=1.14.0 -DgenerateBackupPoms=false", "Set the release version")
        d.files[pom] = d.files[pom].replace("<version>1.14.0-SNAPSHOT</version>", "<version>1.14.0</version>", 1)
        c1 = sha()
        t.bash('git commit -am "chore(release): 1.14.0" && git tag -a v1.14.0 -m "loyalty-service 1.14.0"',
               "Commit the release and tag it", out=f"[main {c1}] chore(release): 1.14.0\n 2 files changed, 7 insertions(+), 1 deletion(-)")
        c2 = sha()
        t.bash('./mvnw -q versions:set -DnewVersion=1.15.0-SNAPSHOT -DgenerateBackupPoms=false && '
               'git commit -am "chore: start 1.15.0-SNAPSHOT"', "Back to a snapshot version",
               out=f"[main {c2}] chore: start 1.15.0-SNAPSHOT\n 1 file changed, 1 insertion(+), 1 deletion(-)")
        d.files[pom] = d.files[pom].replace("<version>1.14.0</version>", "<version>1.15.0-SNAPSHOT</version>", 1)
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               err=f"""Enumerating objects: 9, done.
Counting objects: 100% (9/9), done.
Delta compression using up to 16 threads
Compressing objects: 100% (5/5), done.
Writing objects: 100% (6/6), 1.02 KiB | 1.02 MiB/s, done.
Total 6 (delta 3), reused 0 (delta 0), pack-reused 0 (from 0)
To gitlab.brightcart.io:loyalty/loyalty-quarkus.git
   4c1d8e2..{c2}  main -> main
 * [new tag]         v1.14.0 -> v1.14.0""")
        t.bash("glab release create v1.14.0 --name 1.14.0 --notes \"$(awk '/^## 1.14.0/{f=1;next} /^## /{f=0} f' CHANGELOG.md)\"",
               "Create the GitLab release from the changelog section",
               out=f"""\u2022 Validating tag v1.14.0
\u2022 Creating or fetching tag v1.14.0
\u2022 Creating release
\u2713 Release created:\t{GL}/-/releases/v1.14.0
\u2713 Release succeeded after 1.27s.""")
        State.version = "1.15.0-SNAPSHOT"
        t.done(f"""**1.14.0 released.**

- CHANGELOG: weekend double points + half-up rounding (LOY-431), member offers endpoint (LOY-420), BLOCKED cards can't earn/redeem + audit (LOY-405).
- `chore(release): 1.14.0` ({c1}), annotated tag `v1.14.0`, then `chore: start 1.15.0-SNAPSHOT` ({c2}); both pushed with the tag.
- GitLab release: {GL}/-/releases/v1.14.0 (notes = the changelog section).

The tag pipeline builds the native image and deploys to staging; prod still waits for the manual approval.""")

        t = d.task("Sofia says dev still promotes people to SILVER at 2000 points, but Devi bumped the threshold to 2500 "
                   "in the dev configmap yesterday. can you check what the dev pods actually see?", tags=["mistake:M2"])
        t.bash(f"kubectl -n {NS} get configmap loyalty-service-config -o yaml", "Look at the dev configmap",
               out=f"""apiVersion: v1
data:
  LOYALTY_TIER_GOLD_THRESHOLD: "10000"
  LOYALTY_TIER_SILVER_THRESHOLD: "2500"
  QUARKUS_LOG_CATEGORY__IO_BRIGHTCART__LEVEL: DEBUG
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {{"apiVersion":"v1","data":{{"LOYALTY_TIER_GOLD_THRESHOLD":"10000","LOYALTY_TIER_SILVER_THRESHOLD":"2500","QUARKUS_LOG_CATEGORY__IO_BRIGHTCART__LEVEL":"DEBUG"}},"kind":"ConfigMap","metadata":{{"annotations":{{}},"name":"loyalty-service-config","namespace":"loyalty-dev"}}}}
  creationTimestamp: "2026-06-11T09:14:52Z"
  name: loyalty-service-config
  namespace: loyalty-dev
  resourceVersion: "48213377"
  uid: 7c1e4b0a-2f9d-4e35-9a61-0d8c5b7e3f21""")
        t.fail(f"kubectl -n {NS} exec deploy/loyalty-service -- env", "Print the environment of a running pod",
               exec_fail("env"))
        t.say("No `env` binary in the container — the dev pods run the native image on the distroless base "
              "(`quarkus-distroless-image`), which has no shell or coreutils. Let me see which pods are running and "
              "when they started.")
        rs_old = rs_hash()
        p1, p2 = f"loyalty-service-{rs_old}-{pod_suffix()}", f"loyalty-service-{rs_old}-{pod_suffix()}"
        t.bash(f"kubectl -n {NS} get pods -l app.kubernetes.io/name=loyalty-service -o custom-columns="
               "NAME:.metadata.name,STARTED:.status.startTime,IMAGE:.spec.containers[0].image",
               "List the pods with start time and image",
               out=f"""{'NAME':<35}{'STARTED':<23}IMAGE
{p1}   2026-10-20T16:41:07Z   {REG}:main-4c1d8e2
{p2}   2026-10-20T16:41:12Z   {REG}:main-4c1d8e2""")
        t.say("Both pods started on Oct 20, before the configmap change. I'll read the app process's environment from "
              "an ephemeral debug container that shares the pod's process namespace.")
        t.bash(f"kubectl -n {NS} debug {p1} --image=busybox:1.36 --target=loyalty-service --profile=general -i -- "
               "sh -c 'tr \"\\0\" \"\\n\" < /proc/1/environ | grep ^LOYALTY_'",
               "Read the app's environment through an ephemeral busybox container",
               out="LOYALTY_TIER_GOLD_THRESHOLD=10000\nLOYALTY_TIER_SILVER_THRESHOLD=2000", err=debug_banner())
        t.say("Confirmed: the running process still has `LOYALTY_TIER_SILVER_THRESHOLD=2000`. Values from `envFrom` are "
              "copied into the container when it starts; editing the configmap doesn't touch running pods. A rollout "
              "restart picks up 2500.")
        t.bash(f"kubectl -n {NS} rollout restart deploy/loyalty-service && kubectl -n {NS} rollout status "
               "deploy/loyalty-service --timeout=180s", "Restart the deployment and wait",
               out="deployment.apps/loyalty-service restarted\n" + rollout_out())
        wait(d, 47)
        rs_new = rs_hash()
        q1, q2 = f"loyalty-service-{rs_new}-{pod_suffix()}", f"loyalty-service-{rs_new}-{pod_suffix()}"
        t.bash(f"kubectl -n {NS} get pods -l app.kubernetes.io/name=loyalty-service -o name", "New pod names",
               out=f"pod/{q1}\npod/{q2}")
        t.bash(f"kubectl -n {NS} debug pod/{q1} -q --image=busybox:1.36 --target=loyalty-service --profile=general -i -- "
               "sh -c 'tr \"\\0\" \"\\n\" < /proc/1/environ | grep ^LOYALTY_'", "Check the new pod's environment",
               out="LOYALTY_TIER_GOLD_THRESHOLD=10000\nLOYALTY_TIER_SILVER_THRESHOLD=2500")
        t.done(f"""The pods simply predated the change.

- The configmap says `LOYALTY_TIER_SILVER_THRESHOLD: "2500"`, but both pods started on Oct 20 and the app process had `2000`. `envFrom` values are copied into the container at start, so a configmap edit never reaches running pods.
- I ran `kubectl rollout restart deploy/loyalty-service`. The new pods (`{q1}`, …) now have `LOYALTY_TIER_SILVER_THRESHOLD=2500`, so Sofia can re-test.

How I looked inside: `kubectl exec … -- env` doesn't work on these pods, because the native image sits on the distroless base, which has no shell and no coreutils. Instead I attached an ephemeral busybox container with `kubectl debug … --target=loyalty-service --profile=general` and read `/proc/1/environ` of the app process. Ephemeral containers stay listed in a pod's spec until the pod goes away; the restarted pods are clean apart from the one I used for the check.

For the future: whoever edits `loyalty-service-config` has to restart the deployment. Alternatively Devi could add a reloader annotation on the platform side.""")

        t = d.task("draft a short slack reply to Marta (finance) explaining how the weekend double points are rounded "
                   "now, with one example. she's not technical", tags=["noise", "no_tools"])
        t.done("""Hi Marta! Quick summary of the new rounding, live from 1.14.0:

- We add everything up first: amount in euros × tier bonus × 2 on Saturdays and Sundays (from 1 November).
- Only then do we round, and we round half up: .5 and above goes up, below .5 goes down. Before, we always cut the decimals off.

Example: a Bronze member spends €12.30 on a Saturday. 12.30 × 2 = 24.6 points, which rounds to **25**. Under the old rule it would have been 24.

On weekdays half-up matters too: a Silver member spending €42 gets 42 × 1.25 = 52.5, so **53** points (was 52).""")

    # ============================================================ S4  Mon 10-26
    with d.session("2026-10-26T09:20:00", R, branch="feat/tier-history", version="2.1.120"):
        t = d.task("tier history: new table tier_change (member_id, from_tier, to_tier, reason, changed_at) and "
                   "GET /api/v1/members/{id}/tier-history, newest first. TierChange entity as active record like Member "
                   "- extend PanacheEntity, static finders on the entity, that's our pattern. migration V13 + tests. "
                   "branch is already created", tags=["pref:P3"])
        t.read(P(f"{J}/member/Member.java"))
        t.glob("src/main/resources/db/migration/*.sql", [P(f"{MIG}/{f}") for f in MIG_FILES])
        t.read(P(f"{MIG}/V3__points_ledger.sql"))
        v13 = P(f"{MIG}/V13__tier_change.sql")
        tc = P(f"{J}/tier/TierChange.java")
        thr = P(f"{J}/tier/TierHistoryResource.java")
        tht = P(f"{T}/tier/TierHistoryResourceTest.java")
        t.write(v13, """create sequence tier_change_seq start with 1 increment by 50;

create table tier_change (
    id          bigint      not null primary key,
    member_id   bigint      not null references member (id),
    from_tier   varchar(16) not null,
    to_tier     varchar(16) not null,
    reason      varchar(64) not null,
    changed_at  timestamptz not null
);

create index ix_tier_change_member_changed on tier_change (member_id, changed_at desc);
""")
        t.write(tc, """package io.brightcart.loyalty.tier;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.quarkus.hibernate.orm.panache.PanacheEntity;
import io.quarkus.panache.common.Sort;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

@Entity
@Table(name = "tier_change")
public class TierChange extends PanacheEntity {

    @Column(name = "member_id", nullable = false)
    public Long memberId;

    @Enumerated(EnumType.STRING)
    @Column(name = "from_tier", nullable = false, length = 16)
    public Tier fromTier;

    @Enumerated(EnumType.STRING)
    @Column(name = "to_tier", nullable = false, length = 16)
    public Tier toTier;

    @Column(nullable = false, length = 64)
    public String reason;

    @Column(name = "changed_at", nullable = false)
    public Instant changedAt;

    /** Records a change from the member's current tier; the caller updates {@code member.tier}. */
    public static TierChange record(Member member, Tier to, String reason, Instant at) {
        TierChange change = new TierChange();
        change.memberId = member.id;
        change.fromTier = member.tier;
        change.toTier = to;
        change.reason = reason;
        change.changedAt = at;
        change.persist();
        return change;
    }

    public static List<TierChange> forMember(long memberId) {
        return list("memberId", Sort.descending("changedAt", "id"), memberId);
    }
}
""")
        t.write(thr, """package io.brightcart.loyalty.tier;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.jboss.resteasy.reactive.RestPath;

@Path("/api/v1/members/{memberId}/tier-history")
@Produces(MediaType.APPLICATION_JSON)
public class TierHistoryResource {

    @GET
    public List<TierChangeView> history(@RestPath long memberId) {
        if (Member.findById(memberId) == null) {
            throw new NotFoundException();
        }
        return TierChange.forMember(memberId).stream().map(TierChangeView::from).toList();
    }

    public record TierChangeView(Tier from, Tier to, String reason, Instant changedAt) {

        static TierChangeView from(TierChange c) {
            return new TierChangeView(c.fromTier, c.toTier, c.reason, c.changedAt);
        }
    }
}
""")
        t.write(tht, """package io.brightcart.loyalty.tier;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.testsupport.TestMembers;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import org.junit.jupiter.api.Test;

@QuarkusTest
class TierHistoryResourceTest {

    @Test
    void newestFirst() {
        Member m = TestMembers.create(Tier.BRONZE);
        QuarkusTransaction.requiringNew().run(() -> {
            Member managed = Member.findById(m.id);
            TierChange.record(managed, Tier.SILVER, "points", Instant.parse("2026-03-01T10:00:00Z"));
            managed.tier = Tier.SILVER;
            TierChange.record(managed, Tier.GOLD, "points", Instant.parse("2026-09-01T10:00:00Z"));
            managed.tier = Tier.GOLD;
        });

        given().when()
                .get("/api/v1/members/{id}/tier-history", m.id)
                .then()
                .statusCode(200)
                .body("size()", equalTo(2))
                .body("[0].to", equalTo("GOLD"))
                .body("[0].from", equalTo("SILVER"))
                .body("[1].to", equalTo("SILVER"));
    }

    @Test
    void emptyForMemberWithoutChanges() {
        Member m = TestMembers.create(Tier.BRONZE);

        given().when().get("/api/v1/members/{id}/tier-history", m.id).then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void unknownMemberIs404() {
        given().when().get("/api/v1/members/{id}/tier-history", 999_999).then().statusCode(404);
    }
}
""")
        State.main_sources += 2
        State.test_sources += 1
        State.migrations.append("13 - tier change")
        set_tests(fq("tier.TierHistoryResourceTest"), 3)
        t.bash("./mvnw test -Dtest=TierHistoryResourceTest", "Run the tier history tests",
               out=test_run_ok(d, only(fq("tier.TierHistoryResourceTest"))), timeout=600000)
        wait(d, 28)
        c_th = sha()
        t.bash('git add -A && git commit -m "tier history: tier_change table (V13) + GET /members/{id}/tier-history"',
               "Commit", out=f"""[feat/tier-history {c_th}] tier history: tier_change table (V13) + GET /members/{{id}}/tier-history
 4 files changed, 153 insertions(+)
 create mode 100644 src/main/java/{PKG}/tier/TierChange.java
 create mode 100644 src/main/java/{PKG}/tier/TierHistoryResource.java
 create mode 100644 src/main/resources/db/migration/V13__tier_change.sql
 create mode 100644 src/test/java/{PKG}/tier/TierHistoryResourceTest.java""")
        t.done("""Tier history is in, committed on `feat/tier-history`:

- **V13** `tier_change` (id from `tier_change_seq`, FK to member, from/to tier, reason, changed_at) + index `(member_id, changed_at desc)`.
- **`TierChange`** extends `PanacheEntity` like `Member`, with the static finders on the entity: `TierChange.record(member, to, reason, at)` stores a change from the member's current tier, and `TierChange.forMember(id)` returns it newest first (ties by id).
- **`GET /api/v1/members/{id}/tier-history`** -> `[{from, to, reason, changedAt}]`, 404 for unknown members. Plain return type, so it runs on a worker thread.
- Tests: ordering, empty history, 404. 3/3 green.

Nothing writes `tier_change` yet; the recalculation work will call `TierChange.record`.""")

        t = d.task("for the tier history backfill I need numbers from dev: members per tier, and how many members have "
                   "ledger entries older than 12 months. query the dev db, creds are in the loyalty-db-app secret",
                   tags=["mistake:M3"])
        q_tier = (f"PGPASSWORD=$(kubectl -n {NS} get secret loyalty-db-app -o jsonpath='{{.data.password}}' | base64 -d) "
                  "psql -h localhost -p 15432 -U loyalty -d loyalty -c \"select tier, count(*) from member group by tier order by 2 desc\"")
        t.fail(q_tier, "Members per tier on the dev database", psql_refused("psql", "localhost"), code=2)
        t.say("Nothing is listening on localhost:15432 — the port-forward to the dev cluster's database isn't running. "
              "Starting it in the background and checking that it's up.")
        t.bash(f"kubectl -n {NS} port-forward svc/loyalty-db-rw 15432:5432 > /tmp/pf-loyalty-db.log 2>&1 & "
               "sleep 2; cat /tmp/pf-loyalty-db.log", "Port-forward the dev database to localhost:15432",
               out="Forwarding from 127.0.0.1:15432 -> 5432\nForwarding from [::1]:15432 -> 5432")
        t.bash(q_tier, "Members per tier on the dev database",
               out=psql_table(["tier", "count"], [("BRONZE", 18412), ("SILVER", 4127), ("GOLD", 986)], ["l", "r"]))
        q_old = (f"PGPASSWORD=$(kubectl -n {NS} get secret loyalty-db-app -o jsonpath='{{.data.password}}' | base64 -d) "
                 "psql -h localhost -p 15432 -U loyalty -d loyalty -c \"select count(distinct member_id) as members, "
                 "count(*) as entries, min(created_at)::date as oldest from points_ledger where created_at < now() - interval '12 months'\"")
        t.bash(q_old, "Members with ledger entries older than 12 months",
               out=psql_table(["members", "entries", "oldest"], [(9874, 131560, "2023-02-14")], ["r", "r", "l"]))
        t.done("""Dev database (port-forward to `svc/loyalty-db-rw` on localhost:15432 — it wasn't running, so the first query was refused; I started it and left it running in the background):

| tier | members |
|---|---|
| BRONZE | 18,412 |
| SILVER | 4,127 |
| GOLD | 986 |
| **total** | **23,525** |

Ledger entries older than 12 months: **131,560 entries from 9,874 members**, the oldest from 2023-02-14.

For the backfill: SILVER + GOLD is ~5.1k members, each needing at least one synthetic `tier_change` row, so it's a small batch. If the backfill should also reconstruct *when* someone was promoted from the ledger, the ~9.9k members with old history are the ones where that replay matters.""")

        t = d.task("put feat/tier-history on dev so Sofia can poke at the history endpoint", tags=["workflow:W1", "flaky:F2", "long_output"])
        t.bash("git status -sb && git log --oneline -1", "Check the branch is clean",
               out=f"## feat/tier-history\n{c_th} tier history: tier_change table (V13) + GET /members/{{id}}/tier-history")
        tag = f"dev-{c_th}"
        t.bash("./mvnw package -Dnative -DskipTests -Dquarkus.container-image.build=true "
               "-Dquarkus.container-image.push=true -Dquarkus.container-image.tag=dev-$(git rev-parse --short HEAD)",
               "Native build in the Mandrel container, image pushed with Jib", out=native_build(d, tag, 262.4),
               timeout=600000)
        wait(d, 262)
        apply_cmd = f"kubectl apply -n {NS} -f target/kubernetes/kubernetes.yml"
        t.fail(apply_cmd, "Apply the generated manifests to loyalty-dev",
               "Unable to connect to the server: net/http: TLS handshake timeout")
        t.say("The API server didn't finish the TLS handshake. That's a connection hiccup, not a manifest problem. "
              "Retrying the same apply.")
        t.bash(apply_cmd, "Apply the generated manifests to loyalty-dev", out=apply_out())
        t.bash(f"kubectl -n {NS} rollout status deploy/loyalty-service --timeout=180s", "Wait for the rollout",
               out=rollout_out())
        wait(d, 41)
        lg = LogClock(d, -35)
        t.bash(f"kubectl -n {NS} logs deploy/loyalty-service --tail=40 | grep -E 'DbMigrate|started in'",
               "Check Flyway applied V13 on startup",
               out=f"""{lg()} INFO  [org.fly.cor.int.com.DbMigrate] (main) Current version of schema "public": 12
{lg(20, 30)} INFO  [org.fly.cor.int.com.DbMigrate] (main) Migrating schema "public" to version "13 - tier change"
{lg(70, 90)} INFO  [org.fly.cor.int.com.DbMigrate] (main) Successfully applied 1 migration to schema "public", now at version v13 (execution time 00:00.041s)
{lg(60, 70)} INFO  [io.quarkus] (main) loyalty-service {State.version} native (powered by Quarkus {State.quarkus}) started in 0.214s. Listening on: http://0.0.0.0:8080. Management interface listening on http://0.0.0.0:9000.""")
        t.bash(f"curl -fsS {DEV_HOST}/api/v1/members/1001/tier-history && echo && "
               f"curl -s -o /dev/null -w '%{{http_code}}\\n' {DEV_HOST}/api/v1/members/99999999/tier-history",
               "Smoke-test the endpoint on dev", out="[]\n404")
        t.done(f"""`feat/tier-history` is on dev:

- Native image `{REG}:{tag}` built in the Mandrel container and pushed.
- `kubectl apply` of `target/kubernetes/kubernetes.yml`: the first attempt hit a `TLS handshake timeout` talking to the API server; the identical retry went through. Rollout finished, both pods ready.
- Flyway migrated the dev DB to **v13** at startup (native start 0.21 s).
- `{DEV_HOST}/api/v1/members/1001/tier-history` -> `[]` (nothing writes history yet), unknown member -> 404.

Note for Sofia: `main`'s next CI deploy will replace this build, but V13 stays applied on the dev DB. That's harmless, the table is just unused on `main`.""")

        t = d.task("ship tier history. and keep the MR description short this time: the one for !87 was way too long, "
                   "I had to cut half of it before Marek would read it. one summary line + max 4 bullets, no file-by-file "
                   "walkthrough", tags=["workflow:W2", "feedback"],
                   feedback="the one for !87 was way too long, I had to cut half of it before Marek would read it. one "
                            "summary line + max 4 bullets, no file-by-file walkthrough")
        t.bash("./mvnw spotless:apply", "Format with Spotless", out=spotless_apply(d, 0))
        t.bash("./mvnw verify", "Full build", out=verify_ok(d, TESTS), timeout=600000)
        wait(d, 74)
        t.bash("git push -u origin feat/tier-history", "Push the branch", err=git_push_new("feat/tier-history"))
        t.bash("glab mr create --source-branch feat/tier-history --target-branch main "
               "--title \"Tier history per member (V13 + GET /members/{id}/tier-history)\" --description \"$(cat <<'EOF'\n"
               "Adds a per-member tier history table and a read endpoint.\n\n"
               "- V13: `tier_change` table + `TierChange` entity (active record, like `Member`)\n"
               "- `GET /api/v1/members/{id}/tier-history`, newest first, 404 for unknown members\n"
               "- nothing writes to it yet, the tier recalculation MR will\n"
               "- running on dev (`dev-" + c_th + "`), Sofia is testing\n"
               "EOF\n)\" --remove-source-branch --yes", "Open the merge request",
               out=glab_mr_out("feat/tier-history", 91, "Tier history per member (V13 + GET /members/{id}/tier-history)"))
        t.done(f"""Shipped: spotless had nothing to fix, `./mvnw verify` green ({sum(x[1] for x in TESTS)} tests), branch pushed, **!91** open: {GL}/-/merge_requests/91

The description this time is one summary line plus 4 bullets:
> Adds a per-member tier history table and a read endpoint.
> - V13: `tier_change` table + `TierChange` entity (active record, like `Member`)
> - `GET /api/v1/members/{{id}}/tier-history`, newest first, 404 for unknown members
> - nothing writes to it yet, the tier recalculation MR will
> - running on dev, Sofia is testing

Noted for future MRs: summary line + at most 4 bullets, no file-by-file walkthrough.""")

    # ============================================================ S5  Wed 10-28
    with d.session("2026-10-28T13:30:00", R, branch="feat/tier-recalc", version="2.1.121"):
        t = d.task("tier recalculation: after points are credited, recalculate the member's tier asynchronously over "
                   "the event bus so the earn call doesn't get slower. points EARNED in the last 12 months count, "
                   "thresholds from loyalty.tier.*. record a TierChange when it changes, plus a micrometer counter "
                   "loyalty.tier.recalculations with an outcome tag. constructor injection again please, no field "
                   "@Inject in anything new", tags=["mistake:M1", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/tier-recalc", "Branch off main",
               out="""Updating 9e4b2a7..d51f0c3
Fast-forward
 .../io/brightcart/loyalty/tier/TierChange.java     | 58 ++++++++++++++++
 .../loyalty/tier/TierHistoryResource.java          | 36 ++++++++++
 .../db/migration/V13__tier_change.sql              | 12 ++++
 .../loyalty/tier/TierHistoryResourceTest.java      | 55 +++++++++++++++
 4 files changed, 161 insertions(+)""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "From gitlab.brightcart.io:loyalty/loyalty-quarkus\n   9e4b2a7..d51f0c3  main       -> origin/main\n"
                   "Switched to a new branch 'feat/tier-recalc'")
        pr = P(f"{J}/points/PointsResource.java")
        led = P(f"{J}/points/PointsLedgerEntry.java")
        t.read(pr)
        t.read(led)
        t.grep("loyalty\\.tier", output_mode="content", n=True, path=P("src/main/resources/application.properties"),
               content=f"{line_of(d, P('src/main/resources/application.properties'), 'loyalty.tier.silver')}:loyalty.tier.silver-threshold=2000\n"
                       f"{line_of(d, P('src/main/resources/application.properties'), 'loyalty.tier.gold')}:loyalty.tier.gold-threshold=10000")
        pol = P(f"{J}/tier/TierPolicy.java")
        rec = P(f"{J}/tier/TierRecalculator.java")
        rtest = P(f"{T}/tier/TierRecalculationTest.java")
        t.write(pol, """package io.brightcart.loyalty.tier;

import io.brightcart.loyalty.member.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Tier from the points earned in the last 12 months; thresholds from {@code loyalty.tier.*}. */
@ApplicationScoped
public class TierPolicy {

    private final long silverThreshold;
    private final long goldThreshold;

    public TierPolicy(
            @ConfigProperty(name = "loyalty.tier.silver-threshold") long silverThreshold,
            @ConfigProperty(name = "loyalty.tier.gold-threshold") long goldThreshold) {
        this.silverThreshold = silverThreshold;
        this.goldThreshold = goldThreshold;
    }

    public Tier tierFor(long earnedLast12Months) {
        if (earnedLast12Months >= goldThreshold) {
            return Tier.GOLD;
        }
        if (earnedLast12Months >= silverThreshold) {
            return Tier.SILVER;
        }
        return Tier.BRONZE;
    }
}
""")
        t.edit(led, """    public static long balanceOf(long memberId) {""", """    /** Points earned (EARN entries only) since the given instant. */
    public static long earnedSince(long memberId, Instant since) {
        return getEntityManager()
                .createQuery(
                        "select coalesce(sum(e.points), 0) from PointsLedgerEntry e"
                                + " where e.memberId = :m and e.type = :t and e.createdAt >= :since",
                        Long.class)
                .setParameter("m", memberId)
                .setParameter("t", EntryType.EARN)
                .setParameter("since", since)
                .getSingleResult();
    }

    public static long balanceOf(long memberId) {""")
        t.write(rec, """package io.brightcart.loyalty.tier;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.points.PointsLedgerEntry;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.vertx.ConsumeEvent;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Recalculates a member's tier after points were credited. Fed by PointsResource over the event bus. */
@ApplicationScoped
public class TierRecalculator {

    public static final String ADDRESS = "tier.recalculate";

    private final TierPolicy policy;
    private final MeterRegistry registry;

    public TierRecalculator(TierPolicy policy, MeterRegistry registry) {
        this.policy = policy;
        this.registry = registry;
    }

    @ConsumeEvent(ADDRESS)
    void recalculate(Long memberId) {
        boolean changed = QuarkusTransaction.requiringNew().call(() -> {
            Member member = Member.findById(memberId);
            Instant now = Instant.now();
            Tier target = policy.tierFor(PointsLedgerEntry.earnedSince(memberId, now.minus(365, ChronoUnit.DAYS)));
            if (target == member.tier) {
                return false;
            }
            TierChange.record(member, target, "points", now);
            member.tier = target;
            return true;
        });
        registry.counter("loyalty.tier.recalculations", "outcome", changed ? "changed" : "unchanged")
                .increment();
    }
}
""")
        t.edit(pr, """import io.brightcart.loyalty.member.Member;
import jakarta.inject.Inject;
import jakarta.validation.Valid;""", """import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.tier.TierRecalculator;
import io.vertx.mutiny.core.eventbus.EventBus;
import jakarta.validation.Valid;""")
        t.edit(pr, """    @Inject
    PointsService pointsService;
""", """    private final PointsService pointsService;
    private final EventBus bus;

    public PointsResource(PointsService pointsService, EventBus bus) {
        this.pointsService = pointsService;
        this.bus = bus;
    }
""")
        t.edit(pr, """        PointsLedgerEntry entry = pointsService.credit(member, req.amountCents(), req.receiptId());
        return Response.status(Response.Status.CREATED)""", """        PointsLedgerEntry entry = pointsService.credit(member, req.amountCents(), req.receiptId());
        // credit() has committed here; the recalculation reads the new entry
        bus.send(TierRecalculator.ADDRESS, member.id);
        return Response.status(Response.Status.CREATED)""")
        t.write(rtest, """package io.brightcart.loyalty.tier;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.points.PointsLedgerEntry.EntryType;
import io.brightcart.loyalty.testsupport.TestMembers;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class TierRecalculationTest {

    @Test
    void crossingSilverThresholdPromotesMember() {
        Member m = TestMembers.create(Tier.BRONZE);
        TestMembers.ledger(m, 1_990, EntryType.EARN, Instant.now().minus(30, ChronoUnit.DAYS));

        earn(m, 1_500);

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertEquals(Tier.SILVER, tierOf(m)));
        assertEquals(1, QuarkusTransaction.requiringNew().call(() -> TierChange.forMember(m.id).size()));
    }

    @Test
    void pointsOlderThanAYearDoNotCount() {
        Member m = TestMembers.create(Tier.SILVER);
        TestMembers.ledger(m, 9_000, EntryType.EARN, Instant.now().minus(400, ChronoUnit.DAYS));
        TestMembers.ledger(m, 9_990, EntryType.EARN, Instant.now().minus(10, ChronoUnit.DAYS));

        earn(m, 2_000);

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertEquals(Tier.GOLD, tierOf(m)));
    }

    private static void earn(Member m, long amountCents) {
        given().contentType(ContentType.JSON)
                .body(Map.of("amountCents", amountCents, "receiptId", "r-" + m.id + "-" + amountCents))
                .when()
                .post("/api/v1/members/{id}/points/earn", m.id)
                .then()
                .statusCode(201);
    }

    private static Tier tierOf(Member m) {
        return QuarkusTransaction.requiringNew().call(() -> Member.<Member>findById(m.id).tier);
    }
}
""")
        State.main_sources += 2
        State.test_sources += 1
        lc = LogClock(d, 9)
        boot = quarkus_boot(lc)
        ln_lambda = line_of(d, rec, "Member member = Member.findById(memberId);")
        ln_call = line_of(d, rec, "QuarkusTransaction.requiringNew().call")
        consumer_frames = ORM_FIND + [
            "\tat io.quarkus.hibernate.orm.panache.common.runtime.AbstractJpaOperations.findById(AbstractJpaOperations.java:204)",
            "\tat io.brightcart.loyalty.member.Member.findById(Member.java)",
            f"\tat io.brightcart.loyalty.tier.TierRecalculator.lambda$recalculate$0(TierRecalculator.java:{ln_lambda})",
            "\tat io.quarkus.narayana.jta.TransactionRunnerImpl.call(TransactionRunnerImpl.java:84)",
            f"\tat io.brightcart.loyalty.tier.TierRecalculator.recalculate(TierRecalculator.java:{ln_call})",
            "\tat io.brightcart.loyalty.tier.TierRecalculator_ClientProxy.recalculate(Unknown Source)",
            "\tat io.brightcart.loyalty.tier.TierRecalculator_VertxInvoker_recalculate_9c2d4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d.invokeBean(Unknown Source)",
            "\tat io.quarkus.vertx.runtime.EventConsumerInvoker.invoke(EventConsumerInvoker.java:41)",
            "\tat io.quarkus.vertx.runtime.VertxEventBusConsumerRecorder$3$1.handle(VertxEventBusConsumerRecorder.java:184)",
            "\tat io.quarkus.vertx.runtime.VertxEventBusConsumerRecorder$3$1.handle(VertxEventBusConsumerRecorder.java:113)",
            "\tat io.vertx.core.impl.ContextInternal.dispatch(ContextInternal.java:279)",
            "\tat io.vertx.core.impl.ContextInternal.dispatch(ContextInternal.java:261)",
            "\tat io.vertx.core.eventbus.impl.MessageConsumerImpl.dispatch(MessageConsumerImpl.java:177)",
            "\tat io.vertx.core.eventbus.impl.HandlerRegistration$InboundDeliveryContext.execute(HandlerRegistration.java:137)",
            "\tat io.vertx.core.eventbus.impl.DeliveryContextBase.next(DeliveryContextBase.java:80)",
            "\tat io.vertx.core.eventbus.impl.DeliveryContextBase.dispatch(DeliveryContextBase.java:43)",
            "\tat io.vertx.core.eventbus.impl.HandlerRegistration.dispatch(HandlerRegistration.java:98)",
            "\tat io.vertx.core.eventbus.impl.MessageConsumerImpl.deliver(MessageConsumerImpl.java:183)",
            "\tat io.vertx.core.eventbus.impl.MessageConsumerImpl.doReceive(MessageConsumerImpl.java:168)",
            "\tat io.vertx.core.eventbus.impl.HandlerRegistration.lambda$receive$0(HandlerRegistration.java:49)",
            "\tat io.netty.util.concurrent.AbstractEventExecutor.runTask(AbstractEventExecutor.java:173)",
            "\tat io.netty.util.concurrent.AbstractEventExecutor.safeExecute(AbstractEventExecutor.java:166)",
            "\tat io.netty.util.concurrent.SingleThreadEventExecutor.runAllTasks(SingleThreadEventExecutor.java:472)",
            "\tat io.netty.channel.nio.NioEventLoop.run(NioEventLoop.java:569)",
            "\tat io.netty.util.concurrent.SingleThreadEventExecutor$4.run(SingleThreadEventExecutor.java:998)",
            "\tat io.netty.util.internal.ThreadExecutorMap$2.run(ThreadExecutorMap.java:74)",
            "\tat io.netty.util.concurrent.FastThreadLocalRunnable.run(FastThreadLocalRunnable.java:30)",
            "\tat java.base/java.lang.Thread.run(Thread.java:1583)",
        ]
        logs = []
        for th in ("vert.x-eventloop-thread-1", "vert.x-eventloop-thread-0"):
            logs.append(f"{lc(150, 400)} ERROR [io.qua.ver.cor.run.VertxCoreRecorder] ({th}) Uncaught exception received "
                        f"by Vert.x: io.quarkus.runtime.BlockingOperationNotAllowedException: {BLOCKING_MSG}")
            logs += consumer_frames
            lc(5000, 5100)
        cls = fq("tier.TierRecalculationTest")

        def timeout_block(method, expected, got, needle, secs):
            ln = line_of(d, rtest, needle)
            blk = [
                f"[ERROR] {cls}.{method} -- Time elapsed: {secs} s <<< ERROR!",
                f"org.awaitility.core.ConditionTimeoutException: Assertion condition defined as a Lambda expression in "
                f"{cls} expected: <{expected}> but was: <{got}> within 5 seconds.",
                "\tat org.awaitility.core.ConditionAwaiter.await(ConditionAwaiter.java:167)",
                "\tat org.awaitility.core.AssertionCondition.await(AssertionCondition.java:119)",
                "\tat org.awaitility.core.AssertionCondition.await(AssertionCondition.java:31)",
                "\tat org.awaitility.core.ConditionFactory.until(ConditionFactory.java:1006)",
                "\tat org.awaitility.core.ConditionFactory.untilAsserted(ConditionFactory.java:790)",
                f"\tat {cls}.{method}(TierRecalculationTest.java:{ln})",
            ] + QT_TAIL + [
                f"Caused by: org.opentest4j.AssertionFailedError: expected: <{expected}> but was: <{got}>",
                "\tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)",
                "\tat org.junit.jupiter.api.AssertionFailureBuilder.buildAndThrow(AssertionFailureBuilder.java:132)",
                "\tat org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)",
                "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:182)",
                "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:177)",
                "\tat org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:1145)",
                f"\tat {cls}.lambda${method}$0(TierRecalculationTest.java:{ln})",
                "\tat org.awaitility.core.AssertionCondition.lambda$new$0(AssertionCondition.java:53)",
                "\tat org.awaitility.core.ConditionAwaiter$ConditionPoller.call(ConditionAwaiter.java:248)",
                "\tat org.awaitility.core.ConditionAwaiter$ConditionPoller.call(ConditionAwaiter.java:235)",
                "\tat java.base/java.util.concurrent.FutureTask.run(FutureTask.java:317)",
                "\tat java.base/java.lang.Thread.run(Thread.java:1583)",
                "",
            ]
            summ = [f"[ERROR]   TierRecalculationTest.{method}:{ln} \u00bb ConditionTimeout Assertion condition defined as "
                    f"a Lambda expression in {cls} expected: <{expected}> but was: <{got}> within 5 seconds."]
            return blk, summ

        b1, s1 = timeout_block("crossingSilverThresholdPromotesMember", "SILVER", "BRONZE",
                               "assertEquals(Tier.SILVER, tierOf(m))", "5.412")
        b2, s2 = timeout_block("pointsOlderThanAYearDoNotCount", "GOLD", "SILVER",
                               "assertEquals(Tier.GOLD, tierOf(m))", "5.087")
        out = failing_test_run(d, boot, cls, 2, 0, 2, [b1, b2], [s1, s2], kind="Errors", log_lines=logs,
                               class_secs="16.203", lc=lc,
                               stop_line=f"{lc(40, 200)} INFO  [io.quarkus] (main) loyalty-service stopped in 0.064s")
        t.fail("./mvnw test -Dtest=TierRecalculationTest", "Run the recalculation tests", out, timeout=600000)
        wait(d, 36)
        t.say("The earn calls return 201, but the consumer never gets past `Member.findById`: "
              "`BlockingOperationNotAllowedException` on `vert.x-eventloop-thread-*`. `@ConsumeEvent` methods are "
              "invoked on the event loop by default, and Hibernate ORM won't run there, so the tier never changes and "
              "Awaitility times out. The consumer does blocking DB work, so it has to be marked `@Blocking` to be "
              "dispatched to a worker thread.")
        t.edit(rec, """import io.quarkus.vertx.ConsumeEvent;
import jakarta.enterprise.context.ApplicationScoped;""", """import io.quarkus.vertx.ConsumeEvent;
import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;""")
        t.edit(rec, """    @ConsumeEvent(ADDRESS)
    void recalculate(Long memberId) {""", """    @ConsumeEvent(ADDRESS)
    @Blocking // Hibernate ORM: must not run on the event loop, which is where @ConsumeEvent runs by default
    void recalculate(Long memberId) {""")
        set_tests(cls, 2)
        t.bash("./mvnw test -Dtest=TierRecalculationTest", "Re-run the recalculation tests",
               out=test_run_ok(d, only(cls), True, False), timeout=600000)
        wait(d, 27)
        t.bash("./mvnw test -Dtest='Points*Test,Tier*Test'", "Points and tier tests together (PointsResource changed)",
               out=test_run_ok(d, only(fq("points.PointsCalculatorTest"), fq("points.PointsResourceTest"),
                                       fq("points.PointsServiceTest"), fq("tier.TierHistoryResourceTest"), cls),
                               False, False), timeout=600000)
        wait(d, 34)
        c_rc = sha()
        t.bash('git add -A && git commit -m "tier: async recalculation after earn (event bus), TierChange + counter"',
               "Commit", out=f"""[feat/tier-recalc {c_rc}] tier: async recalculation after earn (event bus), TierChange + counter
 5 files changed, 171 insertions(+), 4 deletions(-)
 create mode 100644 src/main/java/{PKG}/tier/TierPolicy.java
 create mode 100644 src/main/java/{PKG}/tier/TierRecalculator.java
 create mode 100644 src/test/java/{PKG}/tier/TierRecalculationTest.java""")
        t.done("""Tier recalculation is in, committed on `feat/tier-recalc`:

- `PointsResource.earn` sends the member id to `tier.recalculate` on the event bus after `credit()` has committed, and returns 201 straight away.
- `TierRecalculator` (`@ConsumeEvent("tier.recalculate")`, `@Blocking`) sums EARN entries of the last 365 days (`PointsLedgerEntry.earnedSince`), asks `TierPolicy` (thresholds from `loyalty.tier.silver-threshold` / `gold-threshold`), and on a change writes `TierChange.record(…, "points", now)` and updates `member.tier`, all in its own transaction.
- Counter `loyalty.tier.recalculations{outcome=changed|unchanged}` -> `loyalty_tier_recalculations_total` on `/q/metrics`.
- Everything new uses constructor injection; I also moved `PointsResource` from its `@Inject` field to a constructor, since I was adding the `EventBus` there anyway.

First test run: the consumer failed on every event with `BlockingOperationNotAllowedException` (`@ConsumeEvent` runs on the event loop unless told otherwise), so both tests timed out waiting for the new tier. `@Blocking` on the consumer fixed it. Points + tier tests: 23/23 green.""")

        t = d.task("unrelated: someone in the guild said the till shows a stale tier right after a promotion. where do "
                   "card lookups get the tier from? just explain, don't change anything", tags=["noise"])
        t.grep("@CacheResult|@CacheInvalidate|CacheManager", path=P("src/main/java"),
               filenames=[P(f"{J}/member/MemberLookup.java")])
        t.read(P(f"{J}/member/MemberLookup.java"))
        t.grep("member-by-card", output_mode="content", n=True, path=P("src"),
               content=f"{R}/src/main/java/{PKG}/member/MemberLookup.java:{line_of(d, P(f'{J}/member/MemberLookup.java'), '@CacheResult')}:    @CacheResult(cacheName = \"member-by-card\")\n"
                       f"{R}/src/main/resources/application.properties:{line_of(d, P('src/main/resources/application.properties'), 'member-by-card')}:quarkus.cache.caffeine.member-by-card.expire-after-write=10M")
        t.done("""The till calls `GET /api/v1/members/by-card/{card}` -> `MemberLookup.byCard`, which is `@CacheResult(cacheName = "member-by-card")`. The cached `MemberCard` record includes `tier` (and `status`), and the cache entry lives for **10 minutes** after it was written (`expire-after-write=10M`).

Nothing invalidates that cache. There's no `@CacheInvalidate` or `CacheManager` use anywhere in `src/main/java`. So after a promotion (and, once the new recalculation is merged, after any automatic tier change) the till keeps showing the old tier for up to 10 minutes, as long as the card was scanned shortly before.

Options, when you want them:
- invalidate `member-by-card` for that card where the tier changes (`TierRecalculator`, the admin status endpoint): `@CacheInvalidate` on a small method keyed by card number, or `CacheManager.getCache("member-by-card")` + `invalidate(cardNumber)`;
- or leave `tier` out of the cached record and read it fresh. Cheap, since it's one row by primary key after the card lookup.

The same staleness already applies to `status`: a freshly BLOCKED card keeps working at the till for up to 10 minutes.""")

        d.precompact("""Analysis: Ana (Brightcart loyalty team) works on loyalty-quarkus (Quarkus 3.27.3, Java 21, Maven wrapper, Hibernate ORM Panache active record, Flyway V1-V13, Dev Services Postgres 17, native image via Mandrel container + Jib to registry.brightcart.io/loyalty/loyalty-service, distroless base, manifests from quarkus-kubernetes applied to namespace loyalty-dev, GitLab + glab). Current branch feat/tier-recalc.

Summary:
1. Primary requests this session:
   - Async tier recalculation after earn: done. TierPolicy (thresholds from loyalty.tier.*), TierRecalculator (@ConsumeEvent("tier.recalculate") + @Blocking, own transaction via QuarkusTransaction.requiringNew, TierChange.record, counter loyalty.tier.recalculations{outcome}), PointsLedgerEntry.earnedSince, PointsResource sends on the event bus after credit() and now uses constructor injection. Committed on feat/tier-recalc. The first test run failed with BlockingOperationNotAllowedException because @ConsumeEvent runs on the event loop; fixed with @Blocking.
   - Explained the stale tier at the till: MemberLookup.byCard is @CacheResult(member-by-card), expire-after-write 10M, never invalidated; the same applies to status. No change requested.
2. User preferences stated so far: constructor injection, no field @Inject in new code (said twice); short MR descriptions (one summary line + max 4 bullets, no file walkthrough); TierChange as an active-record entity like Member.
3. Files touched: src/main/java/io/brightcart/loyalty/tier/{TierPolicy,TierRecalculator}.java, points/{PointsResource,PointsLedgerEntry}.java, src/test/java/io/brightcart/loyalty/tier/TierRecalculationTest.java.
4. Context: 1.14.0 released Oct 22; !91 (tier history, V13) merged; dev pods read config via envFrom (restart needed after configmap edits); native pods are distroless.
5. Pending: nothing open from the user.""")

        t = d.task("security pinged me: run trivy on the 1.14.0 image (HIGH/CRITICAL only) and tell me if there's "
                   "anything we can fix on our side", tags=["unfixed:U1"])
        trivy_cmd = f"trivy image --severity HIGH,CRITICAL --exit-code 1 {REG}:1.14.0"
        tv_ts = local(d)[0].strftime("%Y-%m-%dT%H:%M:%S") + "Z"
        t.fail(trivy_cmd, "Scan the 1.14.0 image for HIGH/CRITICAL vulnerabilities", trivy_report(tv_ts))
        wait(d, 23)
        t.say("Both findings are in the distroless base's Debian packages (glibc, OpenSSL), not in anything we build, "
              "and Debian has no fixed version yet (`affected`, empty Fixed Version). Checking whether a newer base "
              "image exists that we could rebuild on.")
        t.bash("skopeo inspect --format '{{.Created}} {{.Digest}}' docker://quay.io/quarkus/quarkus-distroless-image:2.0",
               "When was the current base image built?",
               out=f"2026-10-02 04:12:37.918211304 +0000 UTC sha256:{hx(64)}")
        t.bash("curl -fsS 'https://security-tracker.debian.org/tracker/CVE-2026-38412' | grep -o 'bookworm[^<]*<[^>]*>[^<]*' | head -3",
               "Debian tracker status for the glibc CVE",
               out="bookworm</td><td>2.36-9+deb12u13</td><td>vulnerable\nbookworm (security)</td><td>2.36-9+deb12u13</td><td>vulnerable")
        t.done("""Nothing we can fix on our side right now.

`trivy image --severity HIGH,CRITICAL` on `loyalty-service:1.14.0` finds **2 HIGH, 0 CRITICAL**, both in the Debian 12 packages of the distroless base image (`quay.io/quarkus/quarkus-distroless-image:2.0`):

| package | CVE | installed | fixed in |
|---|---|---|---|
| libc6 | CVE-2026-38412 (iconv heap overflow, ISO-2022-CN-EXT) | 2.36-9+deb12u13 | — (affected) |
| libssl3 | CVE-2026-31790 (DoS via X.509 policy constraints) | 3.0.17-1~deb12u3 | — (affected) |

- No Java/library findings: the native binary contains no jars trivy could scan.
- The base image we use was built on Oct 2, and Debian still lists bookworm as **vulnerable** with no fixed package, so rebuilding today would give the same result.
- Relevance: we don't use iconv with ISO-2022-CN-EXT. The OpenSSL issue concerns certificate-policy processing; the app's own TLS (PartnerHub client) goes through Java, not libssl, in the native image.

What to tell security: both are upstream, unfixed in Debian; we'll pick up the fix when the Quarkus distroless image is rebuilt, and a rebuild + redeploy is enough then (no code change). I'd rather not add a `.trivyignore` for them; they should stay visible until fixed.""")

        t = d.task("deploy feat/tier-recalc to dev, Sofia wants to try promotions", tags=["workflow:W1", "long_output"])
        tag = f"dev-{c_rc}"
        t.bash("./mvnw package -Dnative -DskipTests -Dquarkus.container-image.build=true "
               "-Dquarkus.container-image.push=true -Dquarkus.container-image.tag=dev-$(git rev-parse --short HEAD)",
               "Native build + push", out=native_build(d, tag, 247.9), timeout=600000)
        wait(d, 248)
        t.bash(f"kubectl apply -n {NS} -f target/kubernetes/kubernetes.yml && kubectl -n {NS} rollout status "
               "deploy/loyalty-service --timeout=180s", "Apply and wait for the rollout",
               out=apply_out() + "\n" + rollout_out())
        wait(d, 44)
        t.bash(f"curl -fsS {DEV_HOST}/api/v1/members/1001/points", "Smoke test",
               out='{"memberId":1001,"balance":2460,"tier":"BRONZE"}')
        t.done(f"""`feat/tier-recalc` is on dev (`{REG}:{tag}`), rollout complete, `/api/v1/members/1001/points` answers.

For Sofia: member **1001** is BRONZE with 2,460 points, all earned in the last 12 months, so a €40 purchase pushes it over the dev threshold of 2,500 (the configmap value). The new tier shows up in `/tier-history` within a second or so. At the till it can lag up to 10 minutes because of the `member-by-card` cache.""")

    # ============================================================ S6  Fri 10-30
    with d.session("2026-10-30T09:50:00", R, branch="main", version="2.1.121", end_reason="other"):
        t = d.task("release 1.15.0 please. tier history (!91) and recalculation (!93) are merged", tags=["workflow:W3"])
        t.bash("git switch main && git pull --ff-only && git describe --tags --abbrev=0", "Update main, find the last tag",
               out="""Updating 7a3f0d2..e6b18c4
Fast-forward
 .../brightcart/loyalty/points/PointsLedgerEntry.java |  14 ++
 .../brightcart/loyalty/points/PointsResource.java   |  15 +-
 .../io/brightcart/loyalty/tier/TierPolicy.java      |  31 ++++
 .../brightcart/loyalty/tier/TierRecalculator.java   |  45 +++++
 .../loyalty/tier/TierRecalculationTest.java         |  72 +++++++
 5 files changed, 171 insertions(+), 6 deletions(-)
v1.14.0""",
               err="Already on 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "From gitlab.brightcart.io:loyalty/loyalty-quarkus\n   7a3f0d2..e6b18c4  main       -> origin/main")
        t.bash("git log --oneline --no-merges v1.14.0..HEAD", "Changes since 1.14.0",
               out="""c4e1a90 tier: async recalculation after earn (event bus), TierChange + counter
9d0b3f5 tier history: tier_change table (V13) + GET /members/{id}/tier-history
2a7e6c1 chore(deps): update dependency io.rest-assured:rest-assured to v5.5.6
f3b90d8 member: invalidate member-by-card when a card is blocked (LOY-436)""")
        cl = P("CHANGELOG.md")
        t.read(cl, limit=14)
        t.edit(cl, """## 1.14.0 - 2026-10-22
""", """## 1.15.0 - 2026-10-30

- Tier history per member: `tier_change` table (V13) and `GET /api/v1/members/{id}/tier-history` (LOY-433)
- Tiers are recalculated asynchronously after every earn, from the points earned in the last 12 months; counter `loyalty_tier_recalculations_total` (LOY-434)
- Blocking a card clears it from the `member-by-card` cache (LOY-436)

## 1.14.0 - 2026-10-22
""")
        pom = P("pom.xml")
        c1 = sha()
        t.bash('./mvnw -q versions:set -DnewVersion=1.15.0 -DgenerateBackupPoms=false && git commit -am '
               '"chore(release): 1.15.0" && git tag -a v1.15.0 -m "loyalty-service 1.15.0"',
               "Release commit and tag", out=f"[main {c1}] chore(release): 1.15.0\n 2 files changed, 7 insertions(+), 1 deletion(-)")
        c2 = sha()
        t.bash('./mvnw -q versions:set -DnewVersion=1.16.0-SNAPSHOT -DgenerateBackupPoms=false && '
               'git commit -am "chore: start 1.16.0-SNAPSHOT"', "Next snapshot version",
               out=f"[main {c2}] chore: start 1.16.0-SNAPSHOT\n 1 file changed, 1 insertion(+), 1 deletion(-)")
        d.files[pom] = d.files[pom].replace("<version>1.15.0-SNAPSHOT</version>", "<version>1.16.0-SNAPSHOT</version>", 1)
        State.version = "1.16.0-SNAPSHOT"
        t.bash("git push origin main --follow-tags", "Push main and the tag",
               err=f"""Enumerating objects: 9, done.
Counting objects: 100% (9/9), done.
Delta compression using up to 16 threads
Compressing objects: 100% (5/5), done.
Writing objects: 100% (6/6), 1.08 KiB | 1.08 MiB/s, done.
Total 6 (delta 3), reused 0 (delta 0), pack-reused 0 (from 0)
To gitlab.brightcart.io:loyalty/loyalty-quarkus.git
   e6b18c4..{c2}  main -> main
 * [new tag]         v1.15.0 -> v1.15.0""")
        t.bash("awk '/^## 1.15.0/{f=1;next} /^## /{f=0} f' CHANGELOG.md > /tmp/notes-1.15.0.md && "
               "glab release create v1.15.0 --name 1.15.0 --notes-file /tmp/notes-1.15.0.md",
               "GitLab release with the changelog section as notes",
               out=f"""\u2022 Validating tag v1.15.0
\u2022 Creating or fetching tag v1.15.0
\u2022 Creating release
\u2713 Release created:\t{GL}/-/releases/v1.15.0
\u2713 Release succeeded after 0.98s.""")
        t.done(f"""**1.15.0 is out.** Changelog: tier history (LOY-433), async tier recalculation + counter (LOY-434), plus Joel's cache invalidation when a card is blocked (LOY-436).

- `chore(release): 1.15.0` ({c1}) tagged `v1.15.0`, then `1.16.0-SNAPSHOT` ({c2}), pushed with the tag.
- Release: {GL}/-/releases/v1.15.0

The tag pipeline takes it to staging. Prod needs the manual approval in GitLab as usual.""")

        t = d.task("is the tier recalculation counter actually exported on dev now that main is deployed? should be "
                   "loyalty_tier_recalculations_total on /q/metrics. management port 9000 isn't exposed through the "
                   "ingress", tags=["mistake:M2"])
        rec = P(f"{J}/tier/TierRecalculator.java")
        t.grep("loyalty\\.tier\\.recalculations", output_mode="content", n=True, path=P("src/main/java"),
               content=f"{R}/src/main/java/{PKG}/tier/TierRecalculator.java:{line_of(d, rec, 'registry.counter(')}:        "
                       "registry.counter(\"loyalty.tier.recalculations\", \"outcome\", changed ? \"changed\" : \"unchanged\")")
        t.fail(f"kubectl -n {NS} exec deploy/loyalty-service -- curl -s localhost:9000/q/metrics | grep loyalty_tier",
               "Read the metrics from inside a dev pod", exec_fail("curl"))
        t.say("The container has no `curl`; it's the distroless native image, so there's nothing to exec except the app "
              "itself. Since every container in a pod shares the network namespace, an ephemeral curl container "
              "can reach localhost:9000.")
        rs = rs_hash()
        q1, q2 = f"loyalty-service-{rs}-{pod_suffix()}", f"loyalty-service-{rs}-{pod_suffix()}"
        t.bash(f"kubectl -n {NS} get pods -l app.kubernetes.io/name=loyalty-service -o name", "Pod names",
               out=f"pod/{q1}\npod/{q2}")
        t.bash(f"kubectl -n {NS} debug pod/{q1} -q --image=curlimages/curl:8.11.1 --target=loyalty-service -i -- "
               "curl -s localhost:9000/q/metrics | grep '^loyalty_tier'", "Scrape /q/metrics through an ephemeral curl container",
               out='loyalty_tier_recalculations_total{outcome="changed"} 6.0\nloyalty_tier_recalculations_total{outcome="unchanged"} 143.0')
        t.done(f"""Yes, it's exported. On `{q1}`:

```
loyalty_tier_recalculations_total{{outcome="changed"}} 6.0
loyalty_tier_recalculations_total{{outcome="unchanged"}} 143.0
```

That's 149 recalculations since the pod started, 6 of them changed a tier. The counter is per pod, so the other replica has its own numbers; Prometheus/Grafana sum them via the pod's scrape on :9000.

Getting there: `kubectl exec … -- curl` fails on these pods (distroless native image: no curl, no shell). I used `kubectl debug --image=curlimages/curl --target=loyalty-service`, an ephemeral container in the same pod, so `localhost:9000` is the app's management port. The ephemeral container stays in that pod's spec until the pod is replaced.""")

        t = d.task("write the announcement for the #loyalty channel for 1.15.0. 3 bullets, no jargon, the store ops "
                   "people read it too", tags=["noise", "no_tools"])
        t.done("""**Loyalty 1.15.0 is on its way to production** :tada:

- **Tiers now update by themselves.** After every purchase we check the points a member earned in the last 12 months and move them up (or down) automatically. No more waiting for the monthly batch.
- **Tier history.** The app and customer service can now see when a member changed tier and why.
- **Blocked cards stop working right away.** A blocked card used to keep working at the till for up to 10 minutes; now it's rejected immediately.

Note: right after a promotion the till can still show the old tier for a few minutes.""")

    # ============================================================ S7  Tue 11-03
    with d.session("2026-11-03T09:15:00", R, branch="feat/points-expiry", version="2.1.123",
                   permission_mode="acceptEdits"):
        t = d.task("points expiry (LOY-440): points older than 24 months expire. nightly job at 02:30 Lisbon time writes "
                   "one EXPIRE ledger entry per member for whatever is expiring, FIFO against what they already spent. "
                   "put the rules in an ExpiryPolicy class so finance can tweak them later. log with "
                   "io.quarkus.logging.Log, no Logger fields. migration for the new EXPIRE type if needed, and tests",
                   tags=["pref:P2", "oneoff:O2"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/points-expiry", "Branch off main",
               out="Already up to date.",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "Switched to a new branch 'feat/points-expiry'")
        led = P(f"{J}/points/PointsLedgerEntry.java")
        pom = P("pom.xml")
        t.read(led)
        t.grep("points_ledger_type_check", output_mode="content", n=True, path=P("src/main/resources/db/migration"),
               content=f"{R}/{MIG}/V3__points_ledger.sql:9:    constraint points_ledger_type_check check (type in ('EARN', 'REDEEM'))\n"
                       f"{R}/{MIG}/V7__ledger_type_adjust.sql:1:alter table points_ledger drop constraint points_ledger_type_check;\n"
                       f"{R}/{MIG}/V7__ledger_type_adjust.sql:3:    add constraint points_ledger_type_check check (type in ('EARN', 'REDEEM', 'ADJUST'));")
        t.read(P(f"{MIG}/V7__ledger_type_adjust.sql"))
        t.grep("quarkus-scheduler", path=P("pom.xml"), filenames=[])
        t.read(pom, offset=60, limit=16)
        t.edit(pom, """    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-cache</artifactId>
    </dependency>""", """    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-cache</artifactId>
    </dependency>
    <dependency>
      <groupId>io.quarkus</groupId>
      <artifactId>quarkus-scheduler</artifactId>
    </dependency>""")
        v14 = P(f"{MIG}/V14__ledger_type_expire.sql")
        t.write(v14, """alter table points_ledger drop constraint points_ledger_type_check;
alter table points_ledger
    add constraint points_ledger_type_check check (type in ('EARN', 'REDEEM', 'ADJUST', 'EXPIRE'));
""")
        t.edit(led, """import jakarta.persistence.Table;
import java.time.Instant;
""", """import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
""")
        t.edit(led, """        REDEEM,
        ADJUST
    }""", """        REDEEM,
        ADJUST,
        EXPIRE
    }

    /** Members that have EARN entries older than the cutoff. */
    public static List<Long> membersWithEarnBefore(Instant cutoff) {
        return getEntityManager()
                .createQuery(
                        "select distinct e.memberId from PointsLedgerEntry e where e.type = :t and e.createdAt < :c",
                        Long.class)
                .setParameter("t", EntryType.EARN)
                .setParameter("c", cutoff)
                .getResultList();
    }

    public static long earnedBefore(long memberId, Instant cutoff) {
        return getEntityManager()
                .createQuery(
                        "select coalesce(sum(e.points), 0) from PointsLedgerEntry e"
                                + " where e.memberId = :m and e.type = :t and e.createdAt < :c",
                        Long.class)
                .setParameter("m", memberId)
                .setParameter("t", EntryType.EARN)
                .setParameter("c", cutoff)
                .getSingleResult();
    }

    /** Points already used up: redeemed or expired (returned as a positive number). */
    public static long redeemedOrExpired(long memberId) {
        return -getEntityManager()
                .createQuery(
                        "select coalesce(sum(e.points), 0) from PointsLedgerEntry e"
                                + " where e.memberId = :m and e.type in (:types)",
                        Long.class)
                .setParameter("m", memberId)
                .setParameter("types", List.of(EntryType.REDEEM, EntryType.EXPIRE))
                .getSingleResult();
    }""")
        pol = P(f"{J}/expiry/ExpiryPolicy.java")
        job = P(f"{J}/expiry/PointsExpiryJob.java")
        jt = P(f"{T}/expiry/PointsExpiryJobTest.java")
        t.write(pol, """package io.brightcart.loyalty.expiry;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * Expiry rules (finance, LOY-440): points expire 24 months after they were earned, consumed FIFO, i.e. whatever
 * was redeemed or already expired is taken from the oldest points first.
 */
public class ExpiryPolicy {

    public static final ZoneId LISBON = ZoneId.of("Europe/Lisbon");

    static final int VALIDITY_MONTHS = 24;

    /** Points earned before this instant are past their validity on {@code today}. */
    public Instant cutoff(LocalDate today) {
        return today.minusMonths(VALIDITY_MONTHS).atStartOfDay(LISBON).toInstant();
    }

    /** Points that expire now: earned before the cutoff minus everything already redeemed or expired. */
    public long expiring(long earnedBeforeCutoff, long redeemedOrExpired) {
        return Math.max(0, earnedBeforeCutoff - redeemedOrExpired);
    }
}
""")
        t.write(job, """package io.brightcart.loyalty.expiry;

import io.brightcart.loyalty.points.PointsLedgerEntry;
import io.brightcart.loyalty.points.PointsLedgerEntry.EntryType;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

@ApplicationScoped
public class PointsExpiryJob {

    private final ExpiryPolicy policy;

    public PointsExpiryJob(ExpiryPolicy policy) {
        this.policy = policy;
    }

    @Scheduled(
            cron = "0 30 2 * * ?",
            timeZone = "Europe/Lisbon",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void nightly() {
        run(LocalDate.now(ExpiryPolicy.LISBON));
    }

    /** Expires points for every member with EARN entries older than the cutoff. One transaction per member. */
    public int run(LocalDate today) {
        Instant cutoff = policy.cutoff(today);
        List<Long> memberIds =
                QuarkusTransaction.requiringNew().call(() -> PointsLedgerEntry.membersWithEarnBefore(cutoff));
        int members = 0;
        long points = 0;
        for (Long memberId : memberIds) {
            long expired = QuarkusTransaction.requiringNew().call(() -> expireFor(memberId, cutoff));
            if (expired > 0) {
                members++;
                points += expired;
            }
        }
        Log.infof(
                "Points expiry for %s (cutoff %s): %d members checked, %d points expired for %d members",
                today, cutoff, memberIds.size(), points, members);
        return members;
    }

    private long expireFor(Long memberId, Instant cutoff) {
        long expiring = policy.expiring(
                PointsLedgerEntry.earnedBefore(memberId, cutoff), PointsLedgerEntry.redeemedOrExpired(memberId));
        if (expiring > 0) {
            PointsLedgerEntry entry = new PointsLedgerEntry();
            entry.memberId = memberId;
            entry.points = -expiring;
            entry.type = EntryType.EXPIRE;
            entry.createdAt = Instant.now();
            entry.persist();
            Log.debugf("Expired %d points for member %d", expiring, memberId);
        }
        return expiring;
    }
}
""")
        t.write(jt, """package io.brightcart.loyalty.expiry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.points.PointsLedgerEntry;
import io.brightcart.loyalty.points.PointsLedgerEntry.EntryType;
import io.brightcart.loyalty.testsupport.TestMembers;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

@QuarkusTest
class PointsExpiryJobTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 3);

    @Inject
    PointsExpiryJob job;

    @Test
    void expiresUnusedPointsOlderThan24Months() {
        Member m = TestMembers.create(Tier.SILVER);
        TestMembers.ledger(m, 500, EntryType.EARN, Instant.parse("2024-09-01T10:00:00Z"));
        TestMembers.ledger(m, -200, EntryType.REDEEM, Instant.parse("2025-01-10T10:00:00Z"));
        TestMembers.ledger(m, 300, EntryType.EARN, Instant.parse("2026-10-01T10:00:00Z"));

        job.run(TODAY);

        assertEquals(-300, expiredFor(m));
        assertEquals(300, balance(m));
    }

    @Test
    void nothingExpiresWhenOldPointsWereRedeemed() {
        Member m = TestMembers.create(Tier.BRONZE);
        TestMembers.ledger(m, 400, EntryType.EARN, Instant.parse("2024-05-01T10:00:00Z"));
        TestMembers.ledger(m, -450, EntryType.REDEEM, Instant.parse("2026-02-01T10:00:00Z"));
        TestMembers.ledger(m, 100, EntryType.EARN, Instant.parse("2026-01-15T10:00:00Z"));

        job.run(TODAY);

        assertEquals(0, expiredFor(m));
    }

    @Test
    void runningTwiceExpiresOnce() {
        Member m = TestMembers.create(Tier.GOLD);
        TestMembers.ledger(m, 1_000, EntryType.EARN, Instant.parse("2024-01-20T10:00:00Z"));

        job.run(TODAY);
        job.run(TODAY);

        assertEquals(-1_000, expiredFor(m));
    }

    private static long expiredFor(Member m) {
        return QuarkusTransaction.requiringNew().call(() -> PointsLedgerEntry.<PointsLedgerEntry>list(
                        "memberId = ?1 and type = ?2", m.id, EntryType.EXPIRE)
                .stream()
                .mapToLong(e -> e.points)
                .sum());
    }

    private static long balance(Member m) {
        return QuarkusTransaction.requiringNew().call(() -> PointsLedgerEntry.balanceOf(m.id));
    }
}
""")
        State.main_sources += 2
        State.test_sources += 1
        cls = fq("expiry.PointsExpiryJobTest")
        arc = (
            "io.quarkus.builder.BuildException: Build failure: Build failed due to errors\n"
            "\t[error]: Build step io.quarkus.arc.deployment.ArcProcessor#validate threw an exception: "
            "jakarta.enterprise.inject.spi.DeploymentException: jakarta.enterprise.inject.UnsatisfiedResolutionException: "
            "Unsatisfied dependency for type io.brightcart.loyalty.expiry.ExpiryPolicy and qualifiers [@Default]\n"
            "\t- injection target: parameter 'policy' of io.brightcart.loyalty.expiry.PointsExpiryJob constructor\n"
            "\t- declared on CLASS bean [types=[io.brightcart.loyalty.expiry.PointsExpiryJob, java.lang.Object], "
            "qualifiers=[@Default, @Any], target=io.brightcart.loyalty.expiry.PointsExpiryJob]\n"
            "\tThe following classes match by type, but have been skipped during discovery:\n"
            "\t- io.brightcart.loyalty.expiry.ExpiryPolicy has no bean defining annotation (scope, stereotype, etc.)")
        arc_frames = [
            "\tat io.quarkus.arc.processor.BeanDeployment.processErrors(BeanDeployment.java:1621)",
            "\tat io.quarkus.arc.processor.BeanDeployment.init(BeanDeployment.java:340)",
            "\tat io.quarkus.arc.processor.BeanProcessor.initialize(BeanProcessor.java:190)",
            "\tat io.quarkus.arc.deployment.ArcProcessor.validate(ArcProcessor.java:535)",
            "\tat java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)",
            "\tat java.base/java.lang.reflect.Method.invoke(Method.java:580)",
            "\tat io.quarkus.deployment.ExtensionLoader$3.execute(ExtensionLoader.java:856)",
            "\tat io.quarkus.builder.BuildContext.run(BuildContext.java:255)",
            "\tat org.jboss.threads.ContextHandler$1.runWith(ContextHandler.java:18)",
            "\tat org.jboss.threads.EnhancedQueueExecutor$Task.doRunWith(EnhancedQueueExecutor.java:2675)",
            "\tat org.jboss.threads.EnhancedQueueExecutor$Task.run(EnhancedQueueExecutor.java:2654)",
            "\tat org.jboss.threads.EnhancedQueueExecutor.runThreadBody(EnhancedQueueExecutor.java:1627)",
            "\tat org.jboss.threads.EnhancedQueueExecutor$ThreadBody.run(EnhancedQueueExecutor.java:1594)",
            "\tat java.base/java.lang.Thread.run(Thread.java:1583)",
            "\tat org.jboss.threads.JBossThread.run(JBossThread.java:499)",
        ]
        ext_frames = [
            "\tat io.quarkus.test.junit.QuarkusTestExtension.throwBootFailureException(QuarkusTestExtension.java:642)",
            "\tat io.quarkus.test.junit.QuarkusTestExtension.interceptTestClassConstructor(QuarkusTestExtension.java:727)",
            "\tat java.base/java.util.Optional.orElseGet(Optional.java:364)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)",
        ]
        blocks = [[
            f"[ERROR] {cls}.expiresUnusedPointsOlderThan24Months -- Time elapsed: 0.009 s <<< ERROR!",
            "java.lang.RuntimeException: ",
            arc,
        ] + arc_frames + ext_frames + [
            "Caused by: " + arc.split("\n")[0],
        ] + arc.split("\n")[1:] + arc_frames[:4] + ["\t... 11 more", ""]]
        for m in ("nothingExpiresWhenOldPointsWereRedeemed", "runningTwiceExpiresOnce"):
            blocks.append([
                f"[ERROR] {cls}.{m} -- Time elapsed: 0.001 s <<< ERROR!",
                "java.lang.RuntimeException: ",
                arc,
            ] + ext_frames[:2] + ["", ""])
        summaries = [[f"[ERROR]   PointsExpiryJobTest.{m} \u00bb Runtime io.quarkus.builder.BuildException: Build failure: "
                      "Build failed due to errors"] + arc.split("\n")[1:]
                     for m in ("expiresUnusedPointsOlderThan24Months", "nothingExpiresWhenOldPointsWereRedeemed",
                               "runningTwiceExpiresOnce")]
        out = failing_test_run(d, [], cls, 3, 0, 3, blocks, summaries, kind="Errors", class_secs="2.318")
        t.fail("./mvnw test -Dtest=PointsExpiryJobTest", "Run the expiry tests", out, timeout=600000)
        wait(d, 6)
        t.say("Quarkus doesn't start: `ExpiryPolicy` is a plain class without a scope annotation, so ArC never "
              "discovered it as a bean and the job's constructor parameter can't be satisfied. It needs a scope.")
        t.edit(pol, """package io.brightcart.loyalty.expiry;

import java.time.Instant;""", """package io.brightcart.loyalty.expiry;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;""")
        t.edit(pol, """ */
public class ExpiryPolicy {""", """ */
@ApplicationScoped
public class ExpiryPolicy {""")
        State.migrations.append("14 - ledger type expire")
        State.features = FEATURES.replace("rest-jackson, ", "rest-jackson, scheduler, ")
        set_tests(cls, 3)
        t.bash("./mvnw test -Dtest=PointsExpiryJobTest", "Re-run the expiry tests",
               out=test_run_ok(d, only(cls), True, False), timeout=600000)
        wait(d, 29)
        c = sha()
        t.bash('git add -A && git commit -m "points: nightly expiry of points older than 24 months (LOY-440)"', "Commit",
               out=f"""[feat/points-expiry {c}] points: nightly expiry of points older than 24 months (LOY-440)
 6 files changed, 241 insertions(+), 2 deletions(-)
 create mode 100644 src/main/java/{PKG}/expiry/ExpiryPolicy.java
 create mode 100644 src/main/java/{PKG}/expiry/PointsExpiryJob.java
 create mode 100644 src/main/resources/db/migration/V14__ledger_type_expire.sql
 create mode 100644 src/test/java/{PKG}/expiry/PointsExpiryJobTest.java""")
        t.done("""Points expiry is committed on `feat/points-expiry`:

- **`ExpiryPolicy`** (`@ApplicationScoped`): cutoff = today − 24 months at 00:00 Lisbon; expiring = max(0, earned before the cutoff − already redeemed/expired), i.e. FIFO. Finance's rules live only here.
- **`PointsExpiryJob`**: `@Scheduled(cron = "0 30 2 * * ?", timeZone = "Europe/Lisbon", concurrentExecution = SKIP)`; `run(LocalDate)` is public so tests (and a future admin trigger) can call it. One transaction per member, one `EXPIRE` entry with the negative amount. Logging via `io.quarkus.logging.Log` (one INFO summary per run, DEBUG per member), no Logger fields.
- **V14** adds `EXPIRE` to `points_ledger_type_check` (same pattern as V7); `PointsLedgerEntry` gets `EXPIRE` and three queries.
- `quarkus-scheduler` added to the pom.
- Tests: partial expiry after a redemption, nothing to expire when old points were spent, idempotent second run. 3/3 green.

The first test run didn't boot: `ExpiryPolicy` had no bean-defining annotation, so ArC reported `Unsatisfied dependency for type …ExpiryPolicy`. Adding `@ApplicationScoped` fixed it.""")

        t = d.task("Sofia found members with negative balances on dev after Marek's bulk ADJUST import last week. list "
                   "them from the dev db and figure out what happened. don't fix any data yet", tags=["mistake:M3"])
        q_neg = ("psql \"postgresql://loyalty@127.0.0.1:15432/loyalty\" -c \"select member_id, sum(points) as balance "
                 "from points_ledger group by member_id having sum(points) < 0 order by 2 limit 20\"")
        t.fail(q_neg, "Members with a negative balance on dev", psql_refused("psql", "127.0.0.1"), code=2)
        t.bash("ss -ltn 'sport = :15432'", "Is anything listening on 15432?",
               out="State  Recv-Q Send-Q Local Address:Port  Peer Address:PortProcess")
        t.say("No listener, so the port-forward to the dev database isn't running. Starting it in the background.")
        t.bash(f"kubectl port-forward -n {NS} service/loyalty-db-rw 15432:5432 > /tmp/pf-db.log 2>&1 &",
               "Port-forward the dev database")
        t.bash("sleep 2 && pg_isready -h 127.0.0.1 -p 15432", "Wait until it accepts connections",
               out="127.0.0.1:15432 - accepting connections")
        neg = [(20417, -1200), (31877, -800), (11206, -750), (40962, -600), (27731, -450), (35018, -300), (19094, -150)]
        t.bash(q_neg, "Members with a negative balance on dev",
               out=psql_table(["member_id", "balance"], neg, ["r", "r"]))
        q_adj = ("psql \"postgresql://loyalty@127.0.0.1:15432/loyalty\" -c \"select member_id, points, "
                 "coalesce(receipt_id, '-') as receipt, created_at::timestamp(0) as created from points_ledger "
                 "where type = 'ADJUST' and member_id in (20417, 31877, 11206) order by member_id, created_at\"")
        rows = []
        for mid, pts in [(11206, -375), (20417, -600), (31877, -400)]:
            rows.append((mid, pts, "-", "2026-10-27 16:02:11"))
            rows.append((mid, pts, "-", "2026-10-27 16:06:48"))
        t.bash(q_adj, "ADJUST entries of the three worst members",
               out=psql_table(["member_id", "points", "receipt", "created"], rows, ["r", "r", "l", "l"]))
        q_batches = ("psql \"postgresql://loyalty@127.0.0.1:15432/loyalty\" -c \"select date_trunc('minute', created_at)::timestamp(0) "
                     "as batch, count(*) as entries, count(distinct member_id) as members, sum(points) as points from "
                     "points_ledger where type = 'ADJUST' and created_at >= '2026-10-26' group by 1 order by 1\"")
        t.bash(q_batches, "ADJUST batches since Oct 26",
               out=psql_table(["batch", "entries", "members", "points"],
                              [("2026-10-27 16:02:00", 412, 412, -61350), ("2026-10-27 16:06:00", 412, 412, -61350)],
                              ["l", "r", "r", "r"]))
        t.done("""**7 members** are negative on dev:

| member | balance |
|---|---|
| 20417 | −1,200 |
| 31877 | −800 |
| 11206 | −750 |
| 40962 | −600 |
| 27731 | −450 |
| 35018 | −300 |
| 19094 | −150 |

**What happened:** the ADJUST import ran **twice**, at 16:02 and again at 16:06 on Oct 27. Both batches have exactly the same 412 entries for 412 members and −61,350 points in total. Every corrected member got the negative adjustment twice, and the 7 above ended up below zero. The other 405 are "only" over-corrected but still positive, which is worse in a way, because nobody will notice them.

Why nothing stopped it: ADJUST rows have no `receipt_id`, so the unique constraint from V10 (member_id, receipt_id) doesn't apply, and the import has no idempotency key.

Nothing changed in the data. When you want to fix it, the clean option is one compensating `ADJUST` per member for the 16:06 batch (keeps the ledger append-only), plus an import id on ADJUST entries with a unique constraint so a re-run is rejected.

(The first query was refused because the port-forward to `loyalty-db-rw` wasn't running; I started it on 15432, it's still running.)""")

        t = d.task("quarkus 3.27.4 is out, it has the hibernate fix Marek wants. bump it on its own branch off main and "
                   "run the full build", tags=["flaky:F1"])
        t.bash("git switch main && git pull --ff-only && git switch -c chore/quarkus-3.27.4", "New branch off main",
               out="Already up to date.",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "Switched to a new branch 'chore/quarkus-3.27.4'")
        t.read(pom, offset=9, limit=8)
        t.edit(pom, "<quarkus.platform.version>3.27.3</quarkus.platform.version>",
               "<quarkus.platform.version>3.27.4</quarkus.platform.version>")
        bom_line = line_of(d, pom, "<dependency>")
        err = ("Non-resolvable import POM: The following artifacts could not be resolved: "
               "io.quarkus.platform:quarkus-bom:pom:3.27.4 (absent): Could not transfer artifact "
               "io.quarkus.platform:quarkus-bom:pom:3.27.4 from/to central (https://repo.maven.apache.org/maven2): "
               f"Connect timed out @ line {bom_line}, column 19")
        t.fail("./mvnw -ntp verify", "Full build with Quarkus 3.27.4", f"""[INFO] Scanning for projects...
[ERROR] [ERROR] Some problems were encountered while processing the POMs:
[ERROR] {err}
 @ 
[ERROR] The build could not read 1 project -> [Help 1]
[ERROR]   
[ERROR]   The project io.brightcart.loyalty:loyalty-service:{State.version} ({R}/pom.xml) has 1 error
[ERROR]     {err} -> [Help 2]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
[ERROR] Re-run Maven using the -X switch to enable full debug logging.
[ERROR] 
[ERROR] For more information about the errors and solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/ProjectBuildingException
[ERROR] [Help 2] http://cwiki.apache.org/confluence/display/MAVEN/UnresolvableModelException""", timeout=600000)
        wait(d, 21)
        t.say("That's a network timeout fetching the new BOM from Maven Central, not a problem with the version. "
              "Maven doesn't cache transfer errors, so running the same build again should just download it.")
        State.quarkus = "3.27.4"
        # this branch is cut from main: the expiry work (V14, scheduler, its test) is not on it
        saved = (list(State.migrations), State.features, State.main_sources, State.test_sources)
        State.migrations = [m for m in State.migrations if not m.startswith("14 ")]
        State.features, State.main_sources, State.test_sources = None, State.main_sources - 2, State.test_sources - 1
        main_tests = [x for x in TESTS if not x[0].endswith("PointsExpiryJobTest")]
        t.bash("./mvnw -ntp verify", "Full build with Quarkus 3.27.4", out=verify_ok(d, main_tests, True, True),
               timeout=600000)
        wait(d, 96)
        State.migrations, State.features, State.main_sources, State.test_sources = saved
        c = sha()
        t.bash('git commit -am "chore(deps): quarkus 3.27.4" && git push -u origin chore/quarkus-3.27.4',
               "Commit and push", out=f"[chore/quarkus-3.27.4 {c}] chore(deps): quarkus 3.27.4\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err=git_push_new("chore/quarkus-3.27.4", n=3))
        t.done(f"""Quarkus **3.27.4** on `chore/quarkus-3.27.4`, pushed ({c}).

- The first `./mvnw -ntp verify` failed before building anything: `Could not transfer artifact io.quarkus.platform:quarkus-bom:pom:3.27.4 from/to central … Connect timed out`. That was a network blip; the identical re-run downloaded the BOM and went green.
- Full build: {sum(x[1] for x in main_tests)} tests, JVM build and spotless:check all pass on 3.27.4.

This branch doesn't contain the expiry work (that's on `feat/points-expiry`). Open the MR whenever you like, or tell me and I'll do it.""")

    # ============================================================ S8  Mon 11-09
    with d.session("2026-11-09T10:00:00", R, branch="feat/member-summary", version="2.1.124"):
        t = d.task("member summary for the app home screen: GET /api/v1/members/{id}/summary with balance, tier, the 5 "
                   "latest receipts from the receipts service and the featured PartnerHub offers. both clients are "
                   "reactive, call them in parallel. new ReceiptsClient, config key receipts-api "
                   "(https://receipts.internal.brightcart.io in prod, localhost:8090 in dev/test). deps via the "
                   "constructor like everything else, not @Inject fields", tags=["mistake:M1", "pref:P1"])
        t.bash("git switch main && git pull --ff-only && git switch -c feat/member-summary", "Branch off main",
               out="""Updating 51c7e03..a94d2b8
Fast-forward
 pom.xml                                            |   6 +-
 .../brightcart/loyalty/expiry/ExpiryPolicy.java    |  30 +++++
 .../brightcart/loyalty/expiry/PointsExpiryJob.java |  71 +++++++++++
 .../brightcart/loyalty/points/PointsLedgerEntry.java |  43 ++++++-
 .../db/migration/V14__ledger_type_expire.sql       |   3 +
 .../loyalty/expiry/PointsExpiryJobTest.java        |  84 ++++++++++++
 6 files changed, 234 insertions(+), 3 deletions(-)""",
               err="Switched to branch 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "From gitlab.brightcart.io:loyalty/loyalty-quarkus\n   51c7e03..a94d2b8  main       -> origin/main\n"
                   "Switched to a new branch 'feat/member-summary'")
        props = P("src/main/resources/application.properties")
        ov = P(f"{J}/offers/OfferView.java")
        t.read(P(f"{J}/offers/PartnerOffersClient.java"))
        t.read(ov)
        t.read(props, offset=12, limit=10)
        rc = P(f"{J}/receipts/ReceiptsClient.java")
        rr = P(f"{J}/receipts/Receipt.java")
        ms = P(f"{J}/summary/MemberSummary.java")
        msr = P(f"{J}/summary/MemberSummaryResource.java")
        mst = P(f"{T}/summary/MemberSummaryResourceTest.java")
        t.write(rc, """package io.brightcart.loyalty.receipts;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

@Path("/v1/members/{memberId}/receipts")
@RegisterRestClient(configKey = "receipts-api")
public interface ReceiptsClient {

    @GET
    Uni<List<Receipt>> latest(@PathParam("memberId") long memberId, @QueryParam("limit") int limit);
}
""")
        t.write(rr, """package io.brightcart.loyalty.receipts;

import java.time.Instant;

public record Receipt(String id, String store, long amountCents, Instant purchasedAt) {}
""")
        t.edit(props, """quarkus.rest-client.partner-offers.read-timeout=2000
""", """quarkus.rest-client.partner-offers.read-timeout=2000

# --- receipts service --------------------------------------------------------------
quarkus.rest-client.receipts-api.url=https://receipts.internal.brightcart.io
%dev.quarkus.rest-client.receipts-api.url=http://localhost:8090
%test.quarkus.rest-client.receipts-api.url=http://localhost:8090
quarkus.rest-client.receipts-api.connect-timeout=1000
quarkus.rest-client.receipts-api.read-timeout=2000
""")
        t.edit(ov, "    static OfferView from(PartnerOffer o) {", "    public static OfferView from(PartnerOffer o) {")
        t.write(ms, """package io.brightcart.loyalty.summary;

import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.offers.OfferView;
import io.brightcart.loyalty.receipts.Receipt;
import java.util.List;

public record MemberSummary(Long memberId, Tier tier, long balance, List<Receipt> receipts, List<OfferView> offers) {}
""")
        t.write(msr, """package io.brightcart.loyalty.summary;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.offers.OfferView;
import io.brightcart.loyalty.offers.PartnerOffer;
import io.brightcart.loyalty.offers.PartnerOffersClient;
import io.brightcart.loyalty.points.PointsLedgerEntry;
import io.brightcart.loyalty.receipts.Receipt;
import io.brightcart.loyalty.receipts.ReceiptsClient;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestPath;

@Path("/api/v1/members/{memberId}/summary")
@Produces(MediaType.APPLICATION_JSON)
public class MemberSummaryResource {

    static final int RECEIPTS = 5;
    static final String COUNTRY = "PT";

    private final ReceiptsClient receipts;
    private final PartnerOffersClient partnerOffers;

    public MemberSummaryResource(@RestClient ReceiptsClient receipts, @RestClient PartnerOffersClient partnerOffers) {
        this.receipts = receipts;
        this.partnerOffers = partnerOffers;
    }

    @GET
    public Uni<MemberSummary> summary(@RestPath long memberId) {
        Uni<List<Receipt>> latest = receipts.latest(memberId, RECEIPTS).onFailure().recoverWithItem(List.of());
        Uni<List<PartnerOffer>> featured = partnerOffers.featured(COUNTRY).onFailure().recoverWithItem(List.of());
        return Uni.combine().all().unis(latest, featured).with((rs, offers) -> {
            Member member = Member.<Member>findByIdOptional(memberId).orElseThrow(NotFoundException::new);
            long balance = PointsLedgerEntry.balanceOf(memberId);
            return new MemberSummary(
                    member.id,
                    member.tier,
                    balance,
                    rs,
                    offers.stream().map(OfferView::from).toList());
        });
    }
}
""")
        t.write(mst, """package io.brightcart.loyalty.summary;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.when;

import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.Tier;
import io.brightcart.loyalty.offers.PartnerOffer;
import io.brightcart.loyalty.offers.PartnerOffersClient;
import io.brightcart.loyalty.points.PointsLedgerEntry.EntryType;
import io.brightcart.loyalty.receipts.Receipt;
import io.brightcart.loyalty.receipts.ReceiptsClient;
import io.brightcart.loyalty.testsupport.TestMembers;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.junit.jupiter.api.Test;

@QuarkusTest
class MemberSummaryResourceTest {

    @InjectMock
    @RestClient
    ReceiptsClient receipts;

    @InjectMock
    @RestClient
    PartnerOffersClient partnerOffers;

    @Test
    void combinesBalanceReceiptsAndOffers() {
        Member m = TestMembers.create(Tier.SILVER);
        TestMembers.ledger(m, 740, EntryType.EARN, Instant.now());
        when(receipts.latest(m.id, 5)).thenReturn(Uni.createFrom().item(List.of(
                new Receipt("rc-1", "Lisboa Colombo", 4_250, Instant.now()))));
        when(partnerOffers.featured("PT")).thenReturn(Uni.createFrom().item(List.of(
                new PartnerOffer("po-9", "Galp", "5 cents/l off", 300, null))));

        given().when()
                .get("/api/v1/members/{id}/summary", m.id)
                .then()
                .statusCode(200)
                .body("tier", equalTo("SILVER"))
                .body("balance", equalTo(740))
                .body("receipts.size()", equalTo(1))
                .body("offers[0].partner", equalTo("Galp"));
    }

    @Test
    void partnerHubDownStillGivesSummary() {
        Member m = TestMembers.create(Tier.BRONZE);
        when(receipts.latest(m.id, 5)).thenReturn(Uni.createFrom().item(List.of()));
        when(partnerOffers.featured("PT")).thenReturn(Uni.createFrom().failure(new RuntimeException("503")));

        given().when()
                .get("/api/v1/members/{id}/summary", m.id)
                .then()
                .statusCode(200)
                .body("offers.size()", equalTo(0));
    }

    @Test
    void unknownMemberIs404() {
        when(receipts.latest(anyLong(), anyInt())).thenReturn(Uni.createFrom().item(List.of()));
        when(partnerOffers.featured("PT")).thenReturn(Uni.createFrom().item(List.of()));

        given().when().get("/api/v1/members/{id}/summary", 999_999).then().statusCode(404);
    }
}
""")
        State.main_sources += 4
        State.test_sources += 1
        lc = LogClock(d, 9)
        boot = quarkus_boot(lc)
        ln_find = line_of(d, msr, "findByIdOptional(memberId)")
        frames = ORM_FIND + [
            "\tat io.quarkus.hibernate.orm.panache.common.runtime.AbstractJpaOperations.findByIdOptional(AbstractJpaOperations.java:215)",
            "\tat io.brightcart.loyalty.member.Member.findByIdOptional(Member.java)",
            f"\tat io.brightcart.loyalty.summary.MemberSummaryResource.lambda$summary$0(MemberSummaryResource.java:{ln_find})",
            "\tat io.smallrye.mutiny.groups.UniAndGroup2.lambda$with$0(UniAndGroup2.java:71)",
            "\tat io.smallrye.mutiny.operators.uni.UniAndCombination$AndSupervisor.onItem(UniAndCombination.java:126)",
            "\tat io.smallrye.mutiny.operators.uni.UniAndCombination$UniHandler.onItem(UniAndCombination.java:199)",
            "\tat io.smallrye.mutiny.operators.uni.UniOnFailureFlatMap$UniOnFailureFlatMapProcessor.onItem(UniOnFailureFlatMap.java:35)",
            "\tat io.smallrye.mutiny.operators.uni.builders.UniCreateFromKnownItem$KnownItemSubscription.forward(UniCreateFromKnownItem.java:38)",
            "\tat io.smallrye.mutiny.operators.uni.builders.UniCreateFromKnownItem.subscribe(UniCreateFromKnownItem.java:23)",
            "\tat io.smallrye.mutiny.operators.AbstractUni.subscribe(AbstractUni.java:36)",
            "\tat io.smallrye.mutiny.operators.uni.UniOnFailureFlatMap.subscribe(UniOnFailureFlatMap.java:31)",
            "\tat io.smallrye.mutiny.operators.AbstractUni.subscribe(AbstractUni.java:36)",
            "\tat io.smallrye.mutiny.operators.uni.UniAndCombination$UniHandler.subscribe(UniAndCombination.java:186)",
            "\tat io.smallrye.mutiny.operators.uni.UniAndCombination$AndSupervisor.run(UniAndCombination.java:85)",
            "\tat io.smallrye.mutiny.operators.uni.UniAndCombination.subscribe(UniAndCombination.java:51)",
            "\tat io.smallrye.mutiny.operators.AbstractUni.subscribe(AbstractUni.java:36)",
            "\tat io.smallrye.mutiny.groups.UniSubscribe.withSubscriber(UniSubscribe.java:52)",
            "\tat org.jboss.resteasy.reactive.server.handlers.UniResponseHandler.handle(UniResponseHandler.java:20)",
            "\tat org.jboss.resteasy.reactive.server.handlers.UniResponseHandler.handle(UniResponseHandler.java:8)",
        ]
        res = "io.brightcart.loyalty.summary.MemberSummaryResource"
        logs = []
        for i, mid in enumerate((1, 999999, 2)):
            err = rest_blocking_error(lc, f"vert.x-eventloop-thread-{(i + 1) % 2}", f"/api/v1/members/{mid}/summary",
                                      res, "summary(long)", frames)
            logs += err[:2] + err[2:2 + len(frames)] + REST_IO_TAIL[2:]
        cls = fq("summary.MemberSummaryResourceTest")
        b1, s1 = ra_status_failure(cls, "combinesBalanceReceiptsAndOffers", line_of(d, mst, ".statusCode(200)"), 200, 500, "0.462")
        b2, s2 = ra_status_failure(cls, "unknownMemberIs404", line_of(d, mst, "statusCode(404)"), 404, 500, "0.029")
        b3, s3 = ra_status_failure(cls, "partnerHubDownStillGivesSummary", line_of(d, mst, ".statusCode(200)", 2), 200, 500, "0.044")
        out = failing_test_run(d, boot, cls, 3, 3, 0, [b1, b2, b3], [s1, s3, s2], log_lines=logs,
                               class_secs="9.518", lc=lc,
                               stop_line=f"{lc(40, 200)} INFO  [io.quarkus] (main) loyalty-service stopped in 0.069s")
        t.fail("./mvnw test -Dtest=MemberSummaryResourceTest", "Run the summary tests", out, timeout=600000)
        wait(d, 31)
        t.say("The two client calls and the combine work; it breaks in the combiner. Returning `Uni` puts "
              "`summary()` on the event loop, and with the mocked clients the combiner runs on that same IO thread, "
              "where `Member.findByIdOptional` / `balanceOf` (Hibernate ORM) are refused. The parallel client calls "
              "stay reactive, but the method does blocking DB work, so it gets `@Blocking` and runs on a worker.")
        t.grep("@Blocking", output_mode="content", n=True, path=P("src/main/java"),
               content=f"{R}/src/main/java/{PKG}/offers/MemberOffersResource.java:{line_of(d, P(f'{J}/offers/MemberOffersResource.java'), '@Blocking')}:    @Blocking // Panache lookup below is blocking; a Uni return type alone would put us on the event loop\n"
                       f"{R}/src/main/java/{PKG}/tier/TierRecalculator.java:{line_of(d, P(f'{J}/tier/TierRecalculator.java'), '@Blocking')}:    @Blocking // Hibernate ORM: must not run on the event loop, which is where @ConsumeEvent runs by default")
        t.edit(msr, """import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;""", """import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;""")
        t.edit(msr, """    @GET
    public Uni<MemberSummary> summary(@RestPath long memberId) {""", """    @GET
    @Blocking // member + balance come from Hibernate ORM; without this a Uni method runs on the event loop
    public Uni<MemberSummary> summary(@RestPath long memberId) {""")
        set_tests(cls, 3)
        t.bash("./mvnw test -Dtest=MemberSummaryResourceTest", "Re-run the summary tests",
               out=test_run_ok(d, only(cls), True, False), timeout=600000)
        wait(d, 28)
        t.done("""`GET /api/v1/members/{memberId}/summary` is in (not committed yet):

- `ReceiptsClient` (`configKey = "receipts-api"`, `GET /v1/members/{id}/receipts?limit=5`, returns `Uni`). URL is https://receipts.internal.brightcart.io in prod and `localhost:8090` for `%dev`/`%test`, with 1 s connect / 2 s read timeouts like PartnerHub.
- `MemberSummaryResource`: both clients come in through the constructor. The receipts call and `featured("PT")` run in parallel (`Uni.combine().all()`); each falls back to an empty list on failure, so one slow service doesn't break the home screen. Then member + balance from the DB -> `MemberSummary(memberId, tier, balance, receipts, offers)`, 404 for unknown members.
- `OfferView.from` is public now so the summary can reuse it.
- Tests with both clients mocked: full summary, PartnerHub down, unknown member. 3/3 green.

First run: 3/3 returned 500 with `BlockingOperationNotAllowedException` from the combiner. A `Uni` endpoint runs on the event loop, and the Panache calls inside it aren't allowed there. `@Blocking` on the method moves it to a worker thread; the two client calls are still issued concurrently.""")

        t = d.task("heads-up from the backend guild yesterday: we're moving away from active record. new code uses "
                   "repositories: PanacheRepository beans injected through the constructor, no new static finders on "
                   "entities. convert the summary endpoint to a MemberRepository and a PointsLedgerRepository, leave the "
                   "existing entities' statics alone for now", tags=["reversal:P3"])
        mrp = P(f"{J}/member/MemberRepository.java")
        plr = P(f"{J}/points/PointsLedgerRepository.java")
        t.write(mrp, """package io.brightcart.loyalty.member;

import io.quarkus.hibernate.orm.panache.PanacheRepository;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class MemberRepository implements PanacheRepository<Member> {}
""")
        t.write(plr, """package io.brightcart.loyalty.points;

import io.quarkus.hibernate.orm.panache.PanacheRepository;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class PointsLedgerRepository implements PanacheRepository<PointsLedgerEntry> {

    public long balanceOf(long memberId) {
        return getEntityManager()
                .createQuery(
                        "select coalesce(sum(e.points), 0) from PointsLedgerEntry e where e.memberId = :m", Long.class)
                .setParameter("m", memberId)
                .getSingleResult();
    }
}
""")
        t.edit(msr, """import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.offers.OfferView;""", """import io.brightcart.loyalty.member.Member;
import io.brightcart.loyalty.member.MemberRepository;
import io.brightcart.loyalty.offers.OfferView;""")
        t.edit(msr, """import io.brightcart.loyalty.points.PointsLedgerEntry;
""", """import io.brightcart.loyalty.points.PointsLedgerRepository;
""")
        t.edit(msr, """    private final ReceiptsClient receipts;
    private final PartnerOffersClient partnerOffers;

    public MemberSummaryResource(@RestClient ReceiptsClient receipts, @RestClient PartnerOffersClient partnerOffers) {
        this.receipts = receipts;
        this.partnerOffers = partnerOffers;
    }""", """    private final ReceiptsClient receipts;
    private final PartnerOffersClient partnerOffers;
    private final MemberRepository members;
    private final PointsLedgerRepository ledger;

    public MemberSummaryResource(
            @RestClient ReceiptsClient receipts,
            @RestClient PartnerOffersClient partnerOffers,
            MemberRepository members,
            PointsLedgerRepository ledger) {
        this.receipts = receipts;
        this.partnerOffers = partnerOffers;
        this.members = members;
        this.ledger = ledger;
    }""")
        t.edit(msr, """            Member member = Member.<Member>findByIdOptional(memberId).orElseThrow(NotFoundException::new);
            long balance = PointsLedgerEntry.balanceOf(memberId);""", """            Member member = members.findByIdOptional(memberId).orElseThrow(NotFoundException::new);
            long balance = ledger.balanceOf(memberId);""")
        State.main_sources += 2
        t.bash("./mvnw test -Dtest=MemberSummaryResourceTest", "Run the summary tests",
               out=test_run_ok(d, only(cls), True, False), timeout=600000)
        wait(d, 31)
        c_ms = sha()
        t.bash('git add -A && git commit -m "summary: GET /members/{id}/summary (receipts + featured offers in parallel)"',
               "Commit", out=f"""[feat/member-summary {c_ms}] summary: GET /members/{{id}}/summary (receipts + featured offers in parallel)
 9 files changed, 262 insertions(+), 1 deletion(-)
 create mode 100644 src/main/java/{PKG}/member/MemberRepository.java
 create mode 100644 src/main/java/{PKG}/points/PointsLedgerRepository.java
 create mode 100644 src/main/java/{PKG}/receipts/Receipt.java
 create mode 100644 src/main/java/{PKG}/receipts/ReceiptsClient.java
 create mode 100644 src/main/java/{PKG}/summary/MemberSummary.java
 create mode 100644 src/main/java/{PKG}/summary/MemberSummaryResource.java
 create mode 100644 src/test/java/{PKG}/summary/MemberSummaryResourceTest.java""")
        t.done("""Converted, and committed together with the summary endpoint:

- `MemberRepository implements PanacheRepository<Member>`: nothing custom, `findByIdOptional` comes from Panache.
- `PointsLedgerRepository implements PanacheRepository<PointsLedgerEntry>` with `balanceOf(memberId)` as an instance method. It's the same query as the static one on the entity, which I left in place as you asked.
- `MemberSummaryResource` now takes both repositories through the constructor next to the two REST clients; no static finder calls left in it. `@Blocking` stays, since repositories are still Hibernate ORM.
- Summary tests: 3/3 green.

Noted for new code from now on: repositories injected through the constructor, no new static finders on entities. `Member`, `TierChange` and `PointsLedgerEntry` keep their existing statics until someone migrates them.""")

        t = d.task("ship it", tags=["workflow:W2"])
        t.bash("./mvnw spotless:apply", "Format with Spotless", out=spotless_apply(d, 1))
        t.bash("git diff --stat", "What spotless changed",
               out=" .../brightcart/loyalty/summary/MemberSummaryResource.java | 7 ++++---\n 1 file changed, 4 insertions(+), 3 deletions(-)")
        t.bash("./mvnw verify", "Full build", out=verify_ok(d, TESTS, True, True), timeout=600000)
        wait(d, 74)
        c = sha()
        t.bash('git commit -am "summary: spotless" && git push -u origin feat/member-summary', "Commit and push",
               out=f"[feat/member-summary {c}] summary: spotless\n 1 file changed, 4 insertions(+), 3 deletions(-)",
               err=git_push_new("feat/member-summary"))
        t.bash("glab mr create --source-branch feat/member-summary --target-branch main "
               "--title \"Member summary for the app home screen\" --description \"$(cat <<'EOF'\n"
               "`GET /api/v1/members/{id}/summary`: tier, balance, 5 latest receipts and featured PartnerHub offers.\n\n"
               "- new `ReceiptsClient` (`receipts-api`), called in parallel with PartnerHub; each falls back to []\n"
               "- runs on a worker thread: member + balance come from Hibernate ORM\n"
               "- first code on `PanacheRepository` (`MemberRepository`, `PointsLedgerRepository`) per the guild decision\n"
               "EOF\n)\" --remove-source-branch --yes", "Open the merge request",
               out=glab_mr_out("feat/member-summary", 97, "Member summary for the app home screen"))
        t.done(f"""Spotless reformatted `MemberSummaryResource` (committed separately), `./mvnw verify` green ({sum(x[1] for x in TESTS)} tests), pushed, and **!97** is open: {GL}/-/merge_requests/97

Description kept short: one line + 3 bullets.""")

    # ============================================================ S9  Thu 11-12
    with d.session("2026-11-12T09:40:00", R, branch="feat/member-summary", version="2.1.125"):
        t = d.task("Sofia wants to try the summary before Marek approves !97. put feat/member-summary on dev",
                   tags=["workflow:W1", "long_output"])
        t.bash("git status -sb", "Branch state", out="## feat/member-summary...origin/feat/member-summary")
        c_dev = sha()
        t.bash("git pull --ff-only && git log --oneline -1", "Pick up review fixes, if any",
               out=f"Updating {hx(7)}..{c_dev}\nFast-forward\n .../loyalty/summary/MemberSummaryResource.java | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
                   f"{c_dev} summary: review fixes from Marek (!97)")
        tag = f"dev-{c_dev}"
        t.bash("./mvnw package -Dnative -DskipTests -Dquarkus.container-image.build=true "
               "-Dquarkus.container-image.push=true -Dquarkus.container-image.tag=dev-$(git rev-parse --short HEAD) "
               "2>&1 | tail -40", "Native build + push (last 40 lines)",
               out="\n".join(native_build(d, tag, 271.3).split("\n")[-40:]), timeout=600000)
        wait(d, 271)
        t.bash(f"kubectl apply -n {NS} -f target/kubernetes/kubernetes.yml", "Apply the manifests", out=apply_out())
        t.bash(f"kubectl -n {NS} rollout status deploy/loyalty-service --timeout=180s", "Wait for the rollout",
               out=rollout_out())
        wait(d, 41)
        t.bash(f"curl -fsS {DEV_HOST}/api/v1/members/1001/summary | jq '{{tier, balance, receipts: (.receipts | length), "
               "offers: (.offers | length)}'", "Smoke-test the summary on dev",
               out='{\n  "tier": "SILVER",\n  "balance": 2504,\n  "receipts": 5,\n  "offers": 0\n}')
        t.done(f"""`feat/member-summary` is on dev (`{REG}:{tag}`), rollout done.

Smoke test for member 1001: SILVER, balance 2,504, 5 receipts, **0 offers**. The summary falls back to an empty list when PartnerHub fails, so either PartnerHub has no featured offers for PT right now, or the call is failing. Worth a look before Sofia files it as a bug; I can check the pod logs if you want.""")

        t = d.task("yeah the dev logs are full of PartnerHub timeouts since yesterday, offers are empty everywhere. can "
                   "you check from inside the pod whether it can even reach api.partnerhub.example.net?",
                   tags=["mistake:M2"])
        lg = LogClock(d, -1500)
        t.bash(f"kubectl -n {NS} logs deploy/loyalty-service --since=30m | grep -m3 -i partnerhub",
               "Recent PartnerHub errors",
               out=f"""{lg(0, 1)} WARN  [io.bri.loy.off.MemberOffersResource] (vert.x-eventloop-thread-1) PartnerHub offers failed, returning empty list: jakarta.ws.rs.ProcessingException: io.netty.channel.ConnectTimeoutException: connection timed out after 1000 ms: api.partnerhub.example.net/203.0.113.58:443
{lg(20000, 40000)} WARN  [io.bri.loy.off.MemberOffersResource] (vert.x-eventloop-thread-0) PartnerHub offers failed, returning empty list: jakarta.ws.rs.ProcessingException: io.netty.channel.ConnectTimeoutException: connection timed out after 1000 ms: api.partnerhub.example.net/203.0.113.59:443
{lg(90000, 160000)} WARN  [io.bri.loy.off.MemberOffersResource] (vert.x-eventloop-thread-1) PartnerHub offers failed, returning empty list: jakarta.ws.rs.ProcessingException: io.netty.channel.ConnectTimeoutException: connection timed out after 1000 ms: api.partnerhub.example.net/203.0.113.58:443""")
        t.say("Connect timeouts (not read timeouts) to 203.0.113.58/.59, so the TCP connection never gets established. "
              "Let me test DNS and a connection from inside the pod.")
        t.fail(f"kubectl -n {NS} exec -it deploy/loyalty-service -- sh -c 'getent hosts api.partnerhub.example.net'",
               "Resolve PartnerHub from inside the pod",
               "Unable to use a TTY - input is not a terminal or the right kind of file\n" + exec_fail("sh"))
        t.say("No shell in the distroless native image, so exec can't run anything. I'll attach an ephemeral netshoot "
              "container to a running pod; it shares the pod's network namespace, so it sees exactly what the app sees.")
        rs = rs_hash()
        pod = f"loyalty-service-{rs}-{pod_suffix()}"
        t.bash(f"kubectl -n {NS} get pods -l app.kubernetes.io/name=loyalty-service --field-selector=status.phase=Running "
               "-o jsonpath='{.items[0].metadata.name}'", "Pick a running pod", out=pod)
        t.bash(f"kubectl -n {NS} debug {pod} -q --image=nicolaka/netshoot:v0.13 --target=loyalty-service -i -- sh -c "
               "'dig +short api.partnerhub.example.net; curl -sS -o /dev/null -w \"%{http_code} connect=%{time_connect}s\\n\" "
               "--connect-timeout 5 https://api.partnerhub.example.net/v2/health; echo \"curl exit=$?\"'",
               "DNS + HTTPS from the pod's network namespace",
               out="203.0.113.58\n203.0.113.59\n000 connect=0.000000s\ncurl exit=28",
               err="curl: (28) Connection timed out after 5002 milliseconds")
        wait(d, 9)
        t.say("DNS resolves, but TCP to 443 times out. With a default-deny namespace that usually means an egress "
              "NetworkPolicy. Checking the policies.")
        t.bash(f"kubectl -n {NS} get networkpolicy", "Network policies in loyalty-dev",
               out="""NAME                     POD-SELECTOR                                   AGE
allow-dns                <none>                                         212d
default-deny-egress      <none>                                         212d
loyalty-service-egress   app.kubernetes.io/name=loyalty-service         143d""")
        t.bash(f"kubectl -n {NS} get networkpolicy loyalty-service-egress -o jsonpath="
               "'{range .spec.egress[*]}{.to[*].ipBlock.cidr}{\" -> \"}{.ports[*].port}{\"\\n\"}{end}'",
               "Egress rules of the service",
               out="10.0.0.0/8 -> 5432\n10.0.0.0/8 -> 8080\n203.0.113.32/29 -> 443")
        t.done("""The pods can't reach PartnerHub because of our **egress NetworkPolicy**, not because of the code.

- DNS works: `api.partnerhub.example.net` -> **203.0.113.58 / .59**.
- TCP to :443 times out (curl exit 28, 5 s), which matches the app's `ConnectTimeoutException … after 1000 ms`.
- `loyalty-service-egress` only allows 443 to **203.0.113.32/29** (= .32–.39). PartnerHub's current IPs are outside that range, so since they moved (apparently yesterday) every connection is dropped by `default-deny-egress`.

Fix: the policy lives in the platform GitOps repo, so it's Devi's. Either widen the ipBlock to PartnerHub's new range (ask PartnerHub for their published egress/ingress ranges, not just today's two IPs), or, if the cluster's CNI supports FQDN policies, allow `api.partnerhub.example.net` by name so this doesn't recur. Prod and staging likely have the same rule, so they'll break as soon as cached connections are gone.

Inspection note: `kubectl exec` can't run anything in the distroless image, so I used `kubectl debug --image=nicolaka/netshoot --target=loyalty-service` (ephemeral container, same network namespace). It stays listed in that pod until the pod is replaced.""")

        t = d.task("support ticket: member 88123 in prod says she went GOLD yesterday without enough points. check the "
                   "prod logs for what the recalculation did for her", tags=["unfixed:U2"])
        t.bash("kubectl config get-contexts", "Available contexts",
               out="""CURRENT   NAME     CLUSTER         AUTHINFO                  NAMESPACE
*         bc-dev   bc-dev-eu1      ana.costa@brightcart.io   loyalty-dev
          bc-prod  bc-prod-eu1     ana.costa@brightcart.io   loyalty-prod""")
        t.fail("kubectl --context bc-prod -n loyalty-prod logs -l app.kubernetes.io/name=loyalty-service --since=36h "
               "--tail=-1 --prefix", "Prod logs of the loyalty pods",
               'Error from server (Forbidden): pods is forbidden: User "ana.costa@brightcart.io" cannot list resource '
               '"pods" in API group "" in the namespace "loyalty-prod"')
        t.fail("kubectl --context bc-prod auth can-i get pods/log -n loyalty-prod", "Check log permissions in prod", "no")
        t.done("""I can't get at the prod logs: your user has no rights in `loyalty-prod` (`pods is forbidden … cannot list resource "pods"`, and `auth can-i get pods/log` says **no**). That needs an access request to SRE (Devi); I didn't try anything around it.

Two things that matter for the ticket anyway:
- Even with access, the logs wouldn't show much. `TierRecalculator` doesn't log per member, it only increments `loyalty_tier_recalculations_total`. The record of what happened is the **`tier_change` table**: `select * from tier_change where member_id = 88123 order by changed_at desc;` (reason `points` = automatic). Someone with prod DB read access (Marek, or the DBA on-call) can run it.
- What to check in that row: GOLD needs 10,000 points **earned in the last 12 months**, counting EARN entries only. If her balance is lower because she redeemed a lot, she can still be GOLD legitimately, since redemptions don't reduce the earned total. That's probably the answer support needs.""")

    # ============================================================ S10  Fri 11-20
    with d.session("2026-11-20T09:30:00", R, branch="main", version="2.1.127"):
        t = d.task("let's cut 1.16.0: expiry (!95), quarkus 3.27.4 (!96) and member summary (!97) are merged. Devi "
                   "widened the PartnerHub egress rule yesterday btw", tags=["workflow:W3"])
        t.bash("git switch main && git pull --ff-only", "Update main",
               out="""Updating a94d2b8..0d7c5e1
Fast-forward
 pom.xml                                            |   2 +-
 src/main/java/io/brightcart/loyalty/member/MemberRepository.java |   7 +
 .../brightcart/loyalty/offers/OfferView.java       |   2 +-
 .../loyalty/points/PointsLedgerRepository.java     |  17 +++
 .../io/brightcart/loyalty/receipts/Receipt.java    |   5 +
 .../brightcart/loyalty/receipts/ReceiptsClient.java |  17 +++
 .../brightcart/loyalty/summary/MemberSummary.java  |   8 ++
 .../loyalty/summary/MemberSummaryResource.java     |  63 ++++++++++
 src/main/resources/application.properties          |   7 +
 .../loyalty/summary/MemberSummaryResourceTest.java |  86 +++++++++++++
 10 files changed, 212 insertions(+), 2 deletions(-)""",
               err="Already on 'main'\nYour branch is up to date with 'origin/main'.\n"
                   "From gitlab.brightcart.io:loyalty/loyalty-quarkus\n   a94d2b8..0d7c5e1  main       -> origin/main")
        t.bash("git log --oneline --no-merges v1.15.0..HEAD", "Changes since 1.15.0",
               out="""e27b9f4 summary: review fixes from Marek (!97)
1f6d3a8 summary: spotless
8c0e5b2 summary: GET /members/{id}/summary (receipts + featured offers in parallel)
47ad1c9 chore(deps): quarkus 3.27.4
b5e8f21 points: nightly expiry of points older than 24 months (LOY-440)
6a2c0d7 chore(deps): update dependency org.assertj:assertj-core to v3.27.6""")
        cl = P("CHANGELOG.md")
        t.read(cl, limit=10)
        t.edit(cl, """## 1.15.0 - 2026-10-30
""", """## 1.16.0 - 2026-11-20

- Points expire 24 months after they were earned (FIFO); nightly job at 02:30 Lisbon time writes EXPIRE entries, V14 (LOY-440)
- `GET /api/v1/members/{id}/summary`: tier, balance, latest receipts and featured PartnerHub offers for the app home screen (LOY-444)
- Quarkus 3.27.4

## 1.15.0 - 2026-10-30
""")
        pom = P("pom.xml")
        c1 = sha()
        t.bash('./mvnw -q versions:set -DnewVersion=1.16.0 -DgenerateBackupPoms=false && git commit -am '
               '"chore(release): 1.16.0" && git tag -a v1.16.0 -m "loyalty-service 1.16.0"', "Release commit + tag",
               out=f"[main {c1}] chore(release): 1.16.0\n 2 files changed, 7 insertions(+), 1 deletion(-)")
        c2 = sha()
        t.bash('./mvnw -q versions:set -DnewVersion=1.17.0-SNAPSHOT -DgenerateBackupPoms=false && '
               'git commit -am "chore: start 1.17.0-SNAPSHOT" && git push origin main --follow-tags',
               "Next snapshot, push with the tag",
               out=f"[main {c2}] chore: start 1.17.0-SNAPSHOT\n 1 file changed, 1 insertion(+), 1 deletion(-)",
               err=f"""Enumerating objects: 9, done.
Counting objects: 100% (9/9), done.
Delta compression using up to 16 threads
Compressing objects: 100% (5/5), done.
Writing objects: 100% (6/6), 1.11 KiB | 1.11 MiB/s, done.
Total 6 (delta 3), reused 0 (delta 0), pack-reused 0 (from 0)
To gitlab.brightcart.io:loyalty/loyalty-quarkus.git
   0d7c5e1..{c2}  main -> main
 * [new tag]         v1.16.0 -> v1.16.0""")
        d.files[pom] = d.files[pom].replace("<version>1.16.0-SNAPSHOT</version>", "<version>1.17.0-SNAPSHOT</version>", 1)
        State.version = "1.17.0-SNAPSHOT"
        t.bash("glab release create v1.16.0 --name 1.16.0 --notes \"$(awk '/^## 1.16.0/{f=1;next} /^## /{f=0} f' CHANGELOG.md)\"",
               "GitLab release",
               out=f"""\u2022 Validating tag v1.16.0
\u2022 Creating or fetching tag v1.16.0
\u2022 Creating release
\u2713 Release created:\t{GL}/-/releases/v1.16.0
\u2713 Release succeeded after 1.12s.""")
        t.done(f"""**1.16.0 released:** points expiry (LOY-440), member summary (LOY-444), Quarkus 3.27.4.

- `chore(release): 1.16.0` ({c1}) + tag `v1.16.0`; main is on `1.17.0-SNAPSHOT` ({c2}); all pushed.
- {GL}/-/releases/v1.16.0

Heads-up for the prod rollout: the first 02:30 run of the expiry job in prod expires everything older than 24 months in one go, so that night's numbers will be much bigger than any later run. Finance and support should know the date. Prod also needs the same PartnerHub egress change Devi made on dev, otherwise offers will be empty there too.""")

        t = d.task("Devi thinks someone created an index by hand on the dev db during last week's perf test. dump the "
                   "dev schema of points_ledger and compare it with what our migrations create", tags=["mistake:M3"])
        dump = "pg_dump --schema-only -h localhost -p 15432 -U loyalty -t points_ledger loyalty > /tmp/dev-points-ledger.sql"
        t.fail(dump, "Dump the dev schema of points_ledger", psql_refused("pg_dump", "localhost"))
        t.say("Refused on 15432: the port-forward to the dev cluster database isn't up. Starting it detached, then "
              "re-running the dump.")
        t.bash(f"(kubectl -n {NS} port-forward svc/loyalty-db-rw 15432:5432 > /tmp/pf-loyalty-db.log 2>&1 &); sleep 3; "
               "cat /tmp/pf-loyalty-db.log", "Port-forward the dev database",
               out="Forwarding from 127.0.0.1:15432 -> 5432\nForwarding from [::1]:15432 -> 5432")
        t.bash(dump, "Dump the dev schema of points_ledger")
        t.bash("grep -nE 'CREATE (UNIQUE )?INDEX|ADD CONSTRAINT' /tmp/dev-points-ledger.sql",
               "Indexes and constraints on dev",
               out="""86:    ADD CONSTRAINT points_ledger_pkey PRIMARY KEY (id);
94:    ADD CONSTRAINT uq_points_ledger_member_receipt UNIQUE (member_id, receipt_id);
101:CREATE INDEX ix_points_ledger_member ON public.points_ledger USING btree (member_id);
108:CREATE INDEX ix_points_ledger_member_created ON public.points_ledger USING btree (member_id, created_at);
116:    ADD CONSTRAINT points_ledger_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.member(id);""")
        t.grep("(?i)create (unique )?index|unique \\(", output_mode="content", n=True, path=P("src/main/resources/db/migration"),
               content=f"""{R}/{MIG}/V3__points_ledger.sql:12:create index ix_points_ledger_member on points_ledger (member_id);
{R}/{MIG}/V6__member_email_lower_idx.sql:1:create index ix_member_email_lower on member (lower(email));
{R}/{MIG}/V10__ledger_receipt_unique.sql:2:    add constraint uq_points_ledger_member_receipt unique (member_id, receipt_id);
{R}/{MIG}/V12__member_card_number_unique.sql:2:alter table member add constraint uq_member_card_number unique (card_number);
{R}/{MIG}/V13__tier_change.sql:12:create index ix_tier_change_member_changed on tier_change (member_id, changed_at desc);""")
        t.bash("psql \"postgresql://loyalty@localhost:15432/loyalty\" -c \"select indexrelname as index, idx_scan as scans, "
               "pg_size_pretty(pg_relation_size(indexrelid)) as size from pg_stat_user_indexes where relname = "
               "'points_ledger' order by 1\"", "How much each index is used on dev",
               out=psql_table(["index", "scans", "size"],
                              [("ix_points_ledger_member", 18204, "9464 kB"),
                               ("ix_points_ledger_member_created", 212977, "13 MB"),
                               ("points_ledger_pkey", 4411, "9464 kB"),
                               ("uq_points_ledger_member_receipt", 96130, "17 MB")], ["l", "r", "r"]))
        v15 = P(f"{MIG}/V15__points_ledger_member_created_idx.sql")
        t.write(v15, """-- Created by hand on dev during the November perf test; the expiry and tier queries filter on
-- member_id + created_at and use it heavily. IF NOT EXISTS: dev already has it.
create index concurrently if not exists ix_points_ledger_member_created on points_ledger (member_id, created_at);
""")
        State.migrations.append("15 - points ledger member created idx")
        t.bash("./mvnw test -Dtest='PointsExpiryJobTest,TierRecalculationTest'", "Run the tests that exercise those queries",
               out=test_run_ok(d, only(fq("expiry.PointsExpiryJobTest"), fq("tier.TierRecalculationTest")), False, False),
               timeout=600000)
        wait(d, 33)
        t.done("""Devi is right. Dev has one index that no migration creates:

```
CREATE INDEX ix_points_ledger_member_created ON public.points_ledger USING btree (member_id, created_at);
```

Everything else on `points_ledger` matches the migrations: the pkey, `uq_points_ledger_member_receipt` (V10), `ix_points_ledger_member` (V3) and the FK to member.

It isn't junk, though: it's by far the most used index on the table (**213k scans** vs 18k for `ix_points_ledger_member`, 13 MB). The expiry job's and the tier recalculation's `member_id = ? and created_at < / >= ?` queries run on it. Staging and prod don't have it.

So I made it official instead of dropping it: **`V15__points_ledger_member_created_idx.sql`** with `create index concurrently if not exists …`.
- On dev it's a no-op, since the index already exists.
- On prod, `concurrently` avoids locking `points_ledger` while it builds. Flyway runs a `CREATE INDEX CONCURRENTLY` statement outside a transaction on PostgreSQL, which is why it's alone in the file.

Expiry + recalculation tests pass with V15. It's uncommitted on main; tell me if you want a branch + MR for it.

Once `ix_points_ledger_member_created` exists everywhere, `ix_points_ledger_member` (V3) is redundant, since the new index's leading column covers it. It could go in a later migration.

(The first dump was refused because the port-forward to `loyalty-db-rw` wasn't running; started it on 15432.)""")

        t = d.task("what's outdated in our deps and plugins? just the list + what you'd bump first, don't change anything",
                   tags=["noise", "long_output"])
        t.bash("./mvnw -ntp versions:display-dependency-updates versions:display-plugin-updates", "Check for newer versions",
               out="\n".join(mvn_head() + [
                   "[INFO] ",
                   "[INFO] --- versions:2.19.1:display-dependency-updates (default-cli) @ loyalty-service ---",
                   "[INFO] The following dependencies in Dependency Management have newer versions:",
                   "[INFO]   io.quarkus.platform:quarkus-bom ......................... 3.27.4 -> 3.33.1",
                   "[INFO] ",
                   "[INFO] The following dependencies in Dependencies have newer versions:",
                   "[INFO]   io.quarkus:quarkus-arc .................................. 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-cache ................................ 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-container-image-jib .................. 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-flyway ............................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-hibernate-orm-panache ................ 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-hibernate-validator .................. 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-jdbc-postgresql ...................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-junit5 ............................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-junit5-mockito ....................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-kubernetes ........................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-micrometer-registry-prometheus ....... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-rest-client-jackson .................. 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-rest-jackson ......................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-scheduler ............................ 3.27.4 -> 3.33.1",
                   "[INFO]   io.quarkus:quarkus-smallrye-health ...................... 3.27.4 -> 3.33.1",
                   "[INFO]   io.rest-assured:rest-assured ............................. 5.5.6 -> 6.0.0",
                   "[INFO]   org.awaitility:awaitility ................................ 4.3.0 -> 4.3.1",
                   "[INFO]   org.flywaydb:flyway-database-postgresql ................. 11.8.2 -> 11.17.0",
                   "[INFO] ",
                   "[INFO] ",
                   "[INFO] --- versions:2.19.1:display-plugin-updates (default-cli) @ loyalty-service ---",
                   "[INFO] ",
                   "[INFO] The following plugin updates are available:",
                   "[INFO]   com.diffplug.spotless:spotless-maven-plugin ............ 2.46.1 -> 3.0.0",
                   "[INFO]   io.quarkus.platform:quarkus-maven-plugin ................ 3.27.4 -> 3.33.1",
                   "[INFO]   maven-compiler-plugin ................................... 3.14.0 -> 3.14.1",
                   "[INFO]   maven-failsafe-plugin ..................................... 3.5.3 -> 3.5.4",
                   "[INFO]   maven-surefire-plugin ..................................... 3.5.3 -> 3.5.4",
                   "[INFO] ",
                   "[WARNING] The following plugins do not have their version specified:",
                   "[WARNING]   maven-clean-plugin ........................ (from super-pom) 3.2.0",
                   "[WARNING]   maven-deploy-plugin ....................... (from super-pom) 3.1.2",
                   "[WARNING]   maven-install-plugin ...................... (from super-pom) 3.1.2",
                   "[WARNING]   maven-jar-plugin .......................... (from super-pom) 3.4.1",
                   "[WARNING]   maven-resources-plugin .................... (from super-pom) 3.3.1",
                   "[WARNING]   maven-site-plugin ......................... (from super-pom) 3.12.1",
                   "[INFO] ",
                   "[INFO] Project requires minimum Maven version for build of: 3.9.6",
                   "[INFO] Plugins require minimum Maven version of: 3.9.6",
                   "[INFO] ",
                   "[INFO] No plugins require a newer version of Maven than specified by the pom.",
                   "[INFO] ",
               ] + mvn_success(d, 9.214)), timeout=300000)
        wait(d, 9)
        t.done("""Outdated (nothing changed):

**Platform**: Quarkus BOM / plugin **3.27.4 -> 3.33.1**. All the `io.quarkus:*` lines in the report are just this one BOM. 3.27 is the previous LTS; 3.33 is the current one.

**Test deps**: rest-assured 5.5.6 -> **6.0.0** (major), awaitility 4.3.0 -> 4.3.1.

**Flyway**: `flyway-database-postgresql` 11.8.2 -> 11.17.0. It's managed by the Quarkus BOM, so it moves with the platform; don't bump it separately.

**Plugins**: spotless 2.46.1 -> **3.0.0** (major), compiler 3.14.1, surefire/failsafe 3.5.4. Jar/resources/clean/install come from the super-POM without pinned versions (just a warning).

What I'd bump first:
1. **surefire/failsafe 3.5.4, compiler 3.14.1, awaitility 4.3.1**: patch-level, one small MR, no risk.
2. **Quarkus 3.33 LTS**, as its own MR: run `./mvnw quarkus:update` (it applies the OpenRewrite recipes), then a full `verify` and a native build + dev deploy, because the Mandrel builder and the distroless base move with it. It should also bring a newer base image for the two open trivy HIGHs.
3. Later, each on its own: rest-assured 6 and spotless 3 (majors). Check their release notes for breaking changes first; rest-assured 6 probably needs a newer Groovy.""")

        t = d.task("write 5 bullets for my 1:1 with Marek: what I did this month", tags=["noise", "no_tools"])
        t.done("""- **Shipped three releases (1.14–1.16):** weekend double points with half-up rounding, partner offers, tier history, automatic tier recalculation, points expiry (24 months, FIFO), and the member summary for the app home screen.
- **Platform work:** Quarkus 3.27.4; first code on `PanacheRepository` after the guild decision; connect/read timeouts and fallbacks on every outbound client (PartnerHub, receipts).
- **Dev environment:** found that configmap edits need a restart (envFrom), that the PartnerHub egress NetworkPolicy was blocking the new IPs (Devi fixed it on dev; prod still needs it), and made the hand-made ledger index official (V15).
- **Data issues found:** the duplicated ADJUST import on dev (412 members corrected twice, 7 negative); the till can show a stale tier/status for up to 10 minutes (card cache).
- **Open:** prod log access for support tickets (request pending with SRE), two HIGH CVEs in the distroless base with no Debian fix yet, prod rollout plan for the first expiry run.""")

    d.define(
        recurring_mistakes=[
            {"id": "M1",
             "description": "Hibernate ORM (Panache) is used from code that Quarkus runs on the Vert.x event loop: a Quarkus REST endpoint that returns `Uni` (dispatched on the IO thread), or a `@ConsumeEvent` consumer (event loop by default). Quarkus refuses blocking EntityManager access there, so the tests fail: 500s from the endpoint, or an async consumer that never completes.",
             "error_signature": "Quarkus: 'io.quarkus.runtime.BlockingOperationNotAllowedException: You have attempted to perform a blocking operation on a IO thread. This is not allowed, as blocking the IO thread will cause major performance issues with your application. If you want to perform blocking EntityManager operations make sure you are doing it from a worker thread.' (logged by QuarkusErrorHandler after RuntimeExceptionMapper's 'A blocking operation occurred on the IO thread' hint, or as 'Uncaught exception received by Vert.x' for an event-bus consumer), with RestAssured 'Expected status code <200> but was <500>' or Awaitility ConditionTimeoutException in `./mvnw test -Dtest=…`",
             "fix": "Keep the reactive signature and mark the method that does the blocking work with `@Blocking` (io.smallrye.common.annotation.Blocking) so Quarkus dispatches it to a worker thread; re-run the same test command.",
             "fix_command_markers": [["@Blocking", "blocking = true"]],
             "harmful_markers": ["await().indefinitely", "hibernate-reactive", "max-event-loop-execute-time"]},
            {"id": "M2",
             "description": "The dev pods run the native image on the distroless base (quay.io/quarkus/quarkus-distroless-image): no shell, no coreutils, no curl. `kubectl exec` into the app container to look at its environment, a management endpoint on localhost:9000, or DNS/egress fails because the binary does not exist in the image.",
             "error_signature": "kubectl exec: 'error: Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec \"…\": OCI runtime exec failed: exec failed: unable to start container process: exec: \"env\"/\"curl\"/\"sh\": executable file not found in $PATH: unknown' (exit 1; with -it also 'Unable to use a TTY - input is not a terminal')",
             "fix": "Do not exec into the app container; attach an ephemeral debug container that shares the pod's namespaces: `kubectl -n loyalty-dev debug <pod> --image=busybox/curlimages/curl/netshoot --target=loyalty-service [--profile=general] -i [-q] -- <command>` (read /proc/1/environ, curl localhost:9000, dig/curl out).",
             "fix_command_markers": [["kubectl -n loyalty-dev debug", "kubectl debug"], ["--target="]],
             "harmful_markers": ["kubectl set image", "kubectl edit", "quarkus-micro-image", "--profile=sysadmin"]},
            {"id": "M3",
             "description": "The dev database is the CloudNativePG cluster inside the cluster (service loyalty-db-rw in loyalty-dev); the team reaches it on localhost:15432 through a kubectl port-forward that has to be started first. The port-forward from an earlier session is gone, so psql / pg_dump against localhost:15432 are refused.",
             "error_signature": "libpq: 'psql: error: connection to server at \"localhost\" (::1), port 15432 failed: Connection refused\\n\\tIs the server running on that host and accepting TCP/IP connections?' (also for 127.0.0.1 and from pg_dump)",
             "fix": "Start the port-forward in the background first (`kubectl -n loyalty-dev port-forward svc/loyalty-db-rw 15432:5432 > /tmp/… 2>&1 &`, check the 'Forwarding from' lines or pg_isready), then re-run the same psql/pg_dump command.",
             "fix_command_markers": [["port-forward"], ["svc/loyalty-db-rw", "service/loyalty-db-rw"]],
             "harmful_markers": ["kubectl expose", "NodePort", "LoadBalancer", "listen_addresses"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "Weekend double points: the first version rounded half up before doubling, so 12.30 EUR on a Saturday gave 24 instead of 25; `./mvnw test -Dtest=PointsCalculatorTest` failed with 'org.opentest4j.AssertionFailedError: expected: <25> but was: <24>'; fixed by applying the weekend factor before setScale(0, HALF_UP)."},
            {"id": "O2", "description": "Points expiry: the new ExpiryPolicy class had no bean-defining annotation, so the @QuarkusTest boot failed with ArC 'UnsatisfiedResolutionException: Unsatisfied dependency for type io.brightcart.loyalty.expiry.ExpiryPolicy and qualifiers [@Default]' / '… has no bean defining annotation (scope, stereotype, etc.)'; fixed by annotating it @ApplicationScoped."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "`trivy image --severity HIGH,CRITICAL --exit-code 1` on the 1.14.0 image: 2 HIGH in the distroless base's Debian packages (libc6, libssl3), status affected with no fixed version; reported, nothing to fix on the service side, no .trivyignore."},
            {"id": "U2", "description": "`kubectl --context bc-prod -n loyalty-prod logs deploy/loyalty-service …`: 'Error from server (Forbidden): deployments.apps \"loyalty-service\" is forbidden: User \"ana.costa@brightcart.io\" cannot get resource \"deployments\" …' and `kubectl auth can-i` says no; prod access has to be requested from SRE, reported without a workaround."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "`./mvnw -ntp verify` after the Quarkus 3.27.4 bump: 'Non-resolvable import POM: The following artifacts could not be resolved: io.quarkus.platform:quarkus-bom:pom:3.27.4 (absent): Could not transfer artifact … from/to central (https://repo.maven.apache.org/maven2): Connect timed out'; the identical re-run downloads it and passes."},
            {"id": "F2", "description": "`kubectl apply -n loyalty-dev -f target/kubernetes/kubernetes.yml`: 'Unable to connect to the server: net/http: TLS handshake timeout'; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Deploy a feature branch to the dev namespace: native build in the Mandrel container with Jib push (`./mvnw package -Dnative -DskipTests -Dquarkus.container-image.build=true -Dquarkus.container-image.push=true -Dquarkus.container-image.tag=dev-$(git rev-parse --short HEAD)`), `kubectl apply -n loyalty-dev -f target/kubernetes/kubernetes.yml`, `kubectl -n loyalty-dev rollout status deploy/loyalty-service`, then a curl smoke test against loyalty.dev.brightcart.io.",
             "step_markers": [["-Dnative"], ["container-image.push=true"], ["target/kubernetes/kubernetes.yml"], ["rollout status"]]},
            {"id": "W2", "description": "Ship a branch: `./mvnw spotless:apply`, `./mvnw verify` (tests, JVM build, spotless:check), commit, `git push -u origin <branch>`, `glab mr create --target-branch main … --remove-source-branch --yes` (short description after the feedback).",
             "step_markers": [["spotless:apply"], ["mvnw verify"], ["git push"], ["glab mr create"]]},
            {"id": "W3", "description": "Release: update main, `git log v<prev>..HEAD`, CHANGELOG section, `./mvnw -q versions:set -DnewVersion=X.Y.Z -DgenerateBackupPoms=false`, commit `chore(release): X.Y.Z`, `git tag -a vX.Y.Z`, next -SNAPSHOT version, `git push origin main --follow-tags`, `glab release create vX.Y.Z` with the changelog section as notes.",
             "step_markers": [["versions:set"], ["git tag -a"], ["glab release create"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Dependencies of new classes are injected through the constructor, never with field @Inject.",
             "markers": [["constructor"], ["@Inject"]]},
            {"id": "P2", "description": "Logging with the static io.quarkus.logging.Log API, no Logger fields.",
             "markers": [["io.quarkus.logging.Log"], ["Logger"]]},
            {"id": "P3", "description": "New entities are Panache active-record entities with static finders, like Member (stated once) — later reversed: new code uses PanacheRepository beans injected through the constructor, no new static finders on entities.",
             "markers": [["active record"], ["static finders"]],
             "reversal_markers": [["PanacheRepository"], ["no new static finders", "repositories"]]},
        ],
        probes=[
            {"prompt": "the new redeem-preview endpoint returns 500 in the test and the log says io.quarkus.runtime.BlockingOperationNotAllowedException: You have attempted to perform a blocking operation on a IO thread. the method returns Uni because it calls PartnerHub. why?", "wanted": ["M1"]},
            {"prompt": "Add GET /api/v1/members/{id}/partner-vouchers: call PartnerHub's vouchers endpoint with the reactive client (returns Uni), keep only vouchers the member's tier can use, and test it with the client mocked.", "wanted": ["M1"]},
            {"prompt": "kubectl exec into the dev loyalty pod gives: OCI runtime exec failed: exec failed: unable to start container process: exec: \"sh\": executable file not found in $PATH: unknown. how do I get in?", "wanted": ["M2"]},
            {"prompt": "Check which QUARKUS_* and LOYALTY_* environment variables the loyalty-service pod in loyalty-dev is really running with.", "wanted": ["M2"]},
            {"prompt": "psql -h localhost -p 15432 -U loyalty loyalty says: psql: error: connection to server at \"localhost\" (::1), port 15432 failed: Connection refused. the dev db was fine last week", "wanted": ["M3"]},
            {"prompt": "How many points were redeemed on dev yesterday, per tier? Query the dev database.", "wanted": ["M3"]},
            {"prompt": "Explain what PointsCalculator.pointsFor does with the tier multiplier and the weekend factor.", "wanted": []},
            {"prompt": "Write a Flyway migration that adds a nullable nickname varchar(60) to member.", "wanted": []},
            {"prompt": "Should we turn on second-level caching for Member? Short answer.", "wanted": []},
            {"prompt": "Draft a short Slack message to Sofia: tier history is on dev, what she should test.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "quarkus-kube.jsonl"), os.path.join(HERE, "tune", "quarkus-kube.labels.json"))
    print(f"quarkus-kube -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
