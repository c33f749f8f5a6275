"""OAuth 2.1: Cairn's own authorization server, resource-server protection for every HTTP/SSE endpoint,
and a client for OAuth-protected remote MCP servers."""
