-- Run once by the postgres image when it creates its cluster (docker-entrypoint-initdb.d), in the
-- database POSTGRES_DB. Scriptorium's search uses both extensions (PostgreSQL's contrib, which
-- the official and Debian images include): unaccent for text search that ignores accents,
-- pg_trgm for the trigram indexes of file names. Both are trusted extensions, so the server's
-- own migrations could create them too; making them here needs no privilege from it.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
