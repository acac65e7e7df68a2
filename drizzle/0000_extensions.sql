-- Trigram matching for typo-tolerant product search (ships with PGlite and with PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
