"""Reading games as a person or a test does: readable traces and the public conformance suite."""
