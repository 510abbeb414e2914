"""What every page shares: plots, tables, glossary, templates and atomic file writes."""
