"""The context MCP server: context assembly (002 §1.1) as a tool and a prompt."""
