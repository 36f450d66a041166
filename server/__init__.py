"""Imaginarium party game server: one aiohttp process, a TV page and phones on the LAN."""

__version__ = "0.1.0"
