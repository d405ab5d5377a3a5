"""Test doubles that speak real protocols (no mocks): see openai_server.py."""
