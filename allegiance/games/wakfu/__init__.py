"""Wakfu TCG (Ankama): the duel engine (in progress; not registered yet)."""
