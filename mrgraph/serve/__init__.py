"""Serving the memory: to agents over MCP (`mcp_server`), to programs and people over HTTP
(`http_api`, with the trace page), and the trace as a picture (`tracegraph`, `page`).

`service.Service` holds the operations both servers share; each server is a thin shell."""
