"""The skills server's storage: feedback, usage, sessions and suggestions, on SQLite or PostgreSQL."""
