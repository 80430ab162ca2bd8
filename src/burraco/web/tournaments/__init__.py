"""Tournaments on the web app: the director's service, online events whose turns are played at the
web tables, their schemas and views."""
