"""How a run behaves: its seeded random numbers, its progress display, its garbage-collector settings."""
