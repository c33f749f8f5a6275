"""The memory server: write, recall (hybrid FTS5 + sqlite-vec), lifecycle, MEMORY.md and daily summaries."""
