// A cheat: `??=` is `#` where trigraphs are on (not in gnu11: refused anyway).
//body
??=include "@ROOT@/@SOURCE@"
