"""mrgraph: memory engine for LLM agents."""

__version__ = "0.1.0"
