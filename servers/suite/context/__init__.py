"""The context MCP server: context assembly as a tool and a prompt."""
