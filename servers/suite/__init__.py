"""The suite: everything that knows more than one server.

The settings with every component's section, the catalogue of servers, ``serve all`` and the calls between
servers in one process, the CLI, the hooks (which feed memory, skills and reflection together), the context
server and the dashboard. The servers themselves (``servers.memory``, ``servers.skills``, …) depend only on
``servers.core`` and never on each other or on this package.
"""
