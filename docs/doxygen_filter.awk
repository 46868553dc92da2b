# Doxygen's input filter for the public headers: their plain `//` comments state each entity's
# contract, so they are read as documentation without marking every header up. A file's leading
# comment documents the file; a comment after a declaration on its line documents that member.
NR == 1 && /^\/\// { print "/// @file" }
/^[ \t]*\/\/\// { print; next }
/^[ \t]*\/\// { sub(/\/\//, "///"); print; next }
/[;,{][ \t]*\/\/ / { sub(/[ \t]*\/\/ /, " ///< "); print; next }
{ print }
