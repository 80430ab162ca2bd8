"""HTTP hygiene shared by every route: CSRF origin checks, security headers, input limits, the JSON
refusal format, and the server's health metrics. Imports nothing else of the web app."""
