// A cheat: the teacher's file through digraph directives; a `#` filter
// does not see `%:`, clang's lexer reads it as `#`.
//body
%:define static
%:include "@ROOT@/@SOURCE@"
