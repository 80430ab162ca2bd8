"""Accounts and guests: users, signed sessions, ratings, and the guards on logins and table creation."""
