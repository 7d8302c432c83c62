"""Play modes: boosters, sealed, constructed and draft, all reproducible from a seed."""
