"""Play modes: boosters, sealed, council constructed and draft, all reproducible from a seed."""
