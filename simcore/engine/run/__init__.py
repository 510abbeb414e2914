"""The run folder: dataset writer and readers, validation of untrusted parts, lock, fingerprint,
outputs."""
