"""Pure, Qt-free analysis of survey text. Imports only the standard library and other core modules."""
