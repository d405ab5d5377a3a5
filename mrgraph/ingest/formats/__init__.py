"""One parser per transcript format; `mrgraph.ingest.loaders` picks one and reads the file."""
