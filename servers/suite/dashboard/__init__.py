"""The dashboard: a local web view to see and correct what the agent learned (issue #37).

Served beside the MCP endpoint by ``cairn serve … --transport http`` under ``/dashboard``, and opened for the
local user by ``cairn dashboard``. It calls the same service methods the MCP tools call, so a change made
here is what a tool reads next, and back.

| page                      | shows                                             | changes                              |
|---------------------------|---------------------------------------------------|--------------------------------------|
| ``/dashboard/memory``     | recall (hybrid, why it matched) or newest entries | edit, archive, restore, delete       |
| ``/dashboard/memory/…``   | MEMORY.md, daily summaries, the archive, export   | MEMORY.md (as a person's file edit)  |
| ``/dashboard/learning``   | rules, contradictions, beliefs, skill suggestions | approve, edit, roll back, deprecate; |
|                           |                                                   | decide; restate, remove; accept,     |
|                           |                                                   | dismiss                              |
| ``/dashboard/activity``   | recent events, jobs with next and last runs,      | pause, resume; approve, reject;      |
|                           | runs waiting for approval, notifications          | acknowledge                          |
| ``/dashboard/pictures``   | memory growth, recalls, rule outcomes, skills     | (read only)                          |

This package sits above the servers: it imports their services, and no server imports it.
"""
