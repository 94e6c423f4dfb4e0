"""Async pipeline stages wrapping the synchronous audio/ and engine/ code."""
