"""What every Cairn server shares: settings, storage, embeddings, the LLM client, events, serving."""
