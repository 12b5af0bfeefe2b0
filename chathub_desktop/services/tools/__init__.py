"""MCP tool servers: sessions with each server, OAuth, per-assistant switches and
approvals, and their tools in the request and the send loop."""
