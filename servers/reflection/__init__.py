"""The reflection MCP server: reflections, rules, mutations, the user model and learned skills."""
