"""Effect registries: the shared core entries and the registry machinery every game builds on."""
