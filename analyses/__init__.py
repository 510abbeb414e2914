"""Balance analyses over sweep runs."""
