"""Goals, drives, initiatives and gaps through a real in-memory MCP client on the reflection server."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError

from servers.core.embedding import create_embedder
from servers.core.principal import Principal, acting_as
from servers.reflection.models import TaskReport
from servers.reflection.server import create_server
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings


@pytest.fixture
def server(svc: ReflectionService, rsettings: CairnSettings) -> FastMCP:
    return create_server(rsettings, service=svc)


async def test_a_user_sets_sees_uses_and_removes_a_goal(server: FastMCP) -> None:
    async with Client(server) as client:
        tools = {t.name: t for t in await client.list_tools()}
        assert "4,000" in (tools["initiative_evaluate"].description or "")
        set_goal = await client.call_tool(
            "user_signal",
            {
                "dimension": "launch",
                "value": "ship the Cairn 1.0 release by June",
                "kind": "explicit",
                "belief_type": "goal",
                "until": "2099-06-30",
            },
        )
        assert set_goal.structured_content["belief"]["dimension"] == "goal:launch"
        model = (await client.call_tool("user_model_get", {})).structured_content
        assert [(b["dimension"], b["kind"], b["until"]) for b in model["beliefs"]] == [
            ("goal:launch", "goal", "2099-06-30")
        ]
        found = (
            await client.call_tool("initiative_evaluate", {"task": "draft the 1.0 release notes"})
        ).structured_content
        assert [(i["type"], i["source"]) for i in found["initiatives"]] == [("goal_alignment", "goal:launch")]
        recorded = await client.call_tool(
            "initiative_feedback", {"source": "goal:launch", "accepted": True, "task": "draft the 1.0 release notes"}
        )
        assert recorded.structured_content == {"recorded": "initiative_accepted"}
        await client.call_tool("user_belief_remove", {"dimension": "goal:launch"})
        after = (
            await client.call_tool("initiative_evaluate", {"task": "draft the 1.0 release notes"})
        ).structured_content
        assert after["initiatives"] == []


async def test_bad_goal_and_drive_input_gets_a_clear_tool_error(server: FastMCP) -> None:
    async with Client(server) as client:
        with pytest.raises(ToolError, match="belongs to a drive"):
            await client.call_tool(
                "user_signal", {"dimension": "verbosity", "value": "concise", "kind": "explicit", "intensity": 4}
            )
        with pytest.raises(ToolError, match="less than or equal to 5"):
            await client.call_tool(
                "user_signal",
                {"dimension": "learning", "value": "x", "kind": "explicit", "belief_type": "drive", "intensity": 7},
            )
        with pytest.raises(ToolError, match="no belief"):
            await client.call_tool("user_belief_remove", {"dimension": "goal:nothing"})
        with pytest.raises(ToolError, match="no belief"):
            await client.call_tool("initiative_feedback", {"source": "goal:nothing", "accepted": True, "task": "t"})


async def test_gaps_ask_only_what_the_known_facts_do_not_hold(server: FastMCP) -> None:
    async with Client(server) as client:
        unknown = (await client.call_tool("gaps_detect", {"task": "email my manager the report"})).structured_content
        assert [q["need"] for q in unknown["questions"]] == ["reference:manager"]
        known = await client.call_tool(
            "gaps_detect",
            {"task": "email my manager the report", "known": ["My manager is Dana Li, dana@example.com"]},
        )
        assert known.structured_content["questions"] == []
        drafted = await client.call_tool(
            "gaps_detect", {"task": "why is the build slow?", "draft": "It is probably a cold cache, I'm not sure."}
        )
        assert [s["kind"] for s in drafted.structured_content["draft_signals"]] == ["hedging"]
        with pytest.raises(ToolError):
            await client.call_tool("gaps_detect", {"task": "x", "known": ["fact"] * 51})


async def test_another_users_goals_and_gaps_need_the_admin_scope(server: FastMCP) -> None:
    with acting_as(Principal("alice", frozenset({"reflection:read", "reflection:write"}))):
        async with Client(server) as client:
            for tool, args in (
                ("initiative_evaluate", {"task": "draft the release notes"}),
                ("gaps_detect", {"task": "draft the release notes"}),
                ("user_belief_remove", {"dimension": "goal:launch"}),
            ):
                with pytest.raises(ToolError, match="reflection:admin"):
                    await client.call_tool(tool, {**args, "user_id": "bob"})


async def test_gaps_read_days_postponements_and_a_draft_against_the_users_units(
    svc: ReflectionService, server: FastMCP
) -> None:
    svc.users.signal("default", "units", "metric", "explicit")  # the user of a client without a token
    async with Client(server) as client:
        moved = await client.call_tool(
            "gaps_detect", {"task": "reschedule my dentist appt to next week", "known": ["Dentist: Dr. Kim"]}
        )
        assert [q["need"] for q in moved.structured_content["questions"]] == ["action", "date_time"]
        drafted = await client.call_tool(
            "gaps_detect", {"task": "how far is a half marathon", "draft": "A half marathon is 13.1 miles."}
        )
        signals = drafted.structured_content["draft_signals"]
        assert [(s["kind"], s["belief"]) for s in signals] == [("preference_conflict", "units")]


async def test_initiatives_by_use_see_a_routine_in_other_words_and_leave_others_matters_alone(
    make_service: Callable[..., ReflectionService], rsettings: CairnSettings
) -> None:
    use = create_embedder("use")
    use.get()
    svc = make_service(second=use)
    svc.users.signal("default", "mba", "complete the part-time MBA program", "explicit", belief_kind="goal")
    for i, task in enumerate(
        [
            "write up the minutes of today's standup",
            "turn the standup discussion into minutes",
            "summarize this morning's standup as meeting minutes",
        ]
    ):
        svc.reflect(TaskReport(task=task, outcome="success", task_id=f"s{i}"), "default")
    async with Client(create_server(rsettings, service=svc)) as client:
        routine = await client.call_tool("initiative_evaluate", {"task": "make minutes from today's standup"})
        assert [i["type"] for i in routine.structured_content["initiatives"]] == ["pattern_suggestion"]
        cousin = await client.call_tool(
            "initiative_evaluate", {"task": "my cousin is applying to MBA programs, proofread her essay"}
        )
        assert cousin.structured_content["initiatives"] == []
        mine = await client.call_tool("initiative_evaluate", {"task": "summarise my MBA program reading list"})
        assert [i["source"] for i in mine.structured_content["initiatives"]] == ["goal:mba"]
        assert mine.structured_content["method"] == "semantic"


async def test_gaps_and_patterns_as_strangers_put_them(svc: ReflectionService, server: FastMCP) -> None:
    svc.users.signal("default", "emoji", "none", "explicit")
    for i, task in enumerate(["write handover notes for the night shift", "tidy up my handover notes for nights"]):
        svc.reflect(TaskReport(task=task, outcome="success", task_id=f"h{i}"), "default")
    async with Client(server) as client:
        trip = await client.call_tool(
            "gaps_detect", {"task": "plan a weekend away for me and my wife", "known": ["wife: Mia"]}
        )
        assert [q["need"] for q in trip.structured_content["questions"]] == ["destination", "budget"]
        post = await client.call_tool(
            "gaps_detect", {"task": "write a linkedin post about my promotion", "draft": "Promoted! 🚀"}
        )
        assert [s["kind"] for s in post.structured_content["draft_signals"]] == ["preference_conflict"]
        # asked the third time, with its material pasted in: a routine to automate
        routine = await client.call_tool(
            "initiative_evaluate", {"task": "handover notes pls: bed 4 post-op day 1, extubated 0600, pain controlled"}
        )
        assert [i["type"] for i in routine.structured_content["initiatives"]] == ["pattern_suggestion"]
        assert "3 times" in routine.structured_content["initiatives"][0]["message"]


async def test_gaps_and_initiatives_for_a_third_strangers_phrasings(svc: ReflectionService, server: FastMCP) -> None:
    svc.users.signal("default", "会议时间", "九点以后", "explicit")
    svc.users.signal(
        "default", "rest", "protect my sleep after night shifts", "explicit", belief_kind="drive", intensity=5
    )
    for i, task in enumerate(
        ["write this week's specials board", "what should go on the specials board this week", "specials for the board"]
    ):
        svc.reflect(TaskReport(task=task, outcome="success", task_id=f"sp{i}"), "default")
    async with Client(server) as client:
        hotel = await client.call_tool("gaps_detect", {"task": "帮我订周末的酒店"})
        assert "destination" in [q["need"] for q in hotel.structured_content["questions"]]
        colour = await client.call_tool("gaps_detect", {"task": "which color should we paint the nursery"})
        assert [q["need"] for q in colour.structured_content["questions"]] == ["judgement"]
        day = await client.call_tool(
            "gaps_detect", {"task": "帮我安排明天的日程", "draft": "明天安排：7:30 开会，10:00 写周报。"}
        )
        signals = day.structured_content["draft_signals"]
        assert [(s["kind"], s["belief"]) for s in signals] == [("preference_conflict", "会议时间")]
        board = await client.call_tool("initiative_evaluate", {"task": "board ideas for next week, apples are in"})
        assert [i["type"] for i in board.structured_content["initiatives"]] == ["pattern_suggestion"]
        sister = await client.call_tool(
            "initiative_evaluate", {"task": "how much sleep does a toddler need, asking for my sister"}
        )
        assert sister.structured_content["initiatives"] == []
        mine = await client.call_tool("initiative_evaluate", {"task": "how do I sleep after night shifts"})
        assert [i["source"] for i in mine.structured_content["initiatives"]] == ["drive:rest"]


async def test_gaps_and_initiatives_for_a_fourth_strangers_phrasings(svc: ReflectionService, server: FastMCP) -> None:
    svc.users.signal("default", "flights", "no red-eyes", "explicit")
    svc.users.signal("default", "ccrn", "pass the CCRN certification exam", "explicit", belief_kind="goal")
    for i, task in enumerate(
        [
            "write my handover notes for the morning shift",
            "help me write the shift handover for bed 4 and bed 7",
            "draft my end-of-shift handoff notes",
        ]
    ):
        svc.reflect(TaskReport(task=task, outcome="success", task_id=f"ho{i}"), "default")
    async with Client(server) as client:
        resign = await client.call_tool("gaps_detect", {"task": "write my resignation letter to my manager"})
        assert {"reference:manager", "date_time"} <= {q["need"] for q in resign.structured_content["questions"]}
        lease = await client.call_tool(
            "gaps_detect",
            {"task": "reply to my landlord about renewing the lease", "known": ["Landlord: Mr. Okafor, okafor@x.com"]},
        )
        assert [q["need"] for q in lease.structured_content["questions"]] == ["judgement"]
        flight = await client.call_tool(
            "gaps_detect",
            {"task": "find me a flight Boston to Seattle next Thursday", "draft": "Alaska 1121, departs 11:55 pm."},
        )
        signals = flight.structured_content["draft_signals"]
        assert [(s["kind"], s["belief"]) for s in signals] == [("preference_conflict", "flights")]
        handoff = await client.call_tool(
            "initiative_evaluate",
            {"task": "pt in bed 12 got transferred to stepdown, need to write up the handoff for day team"},
        )
        assert [i["type"] for i in handoff.structured_content["initiatives"]] == ["pattern_suggestion"]
        cousin = await client.call_tool(
            "initiative_evaluate", {"task": "my cousin passed her driving exam!! write her a cute congrats text"}
        )
        assert cousin.structured_content["initiatives"] == []
