"""What travels between the browser and the server: WebSocket messages and their schema, close codes,
refusal codes, the HTTP API's models, and the JSON of a seat's view. Imports no live table."""
